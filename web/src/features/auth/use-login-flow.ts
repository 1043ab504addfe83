// The sign-in flow of spec section 4: credentials → (new password) → session and group check → where to go.
import type { SignInOutput } from 'aws-amplify/auth';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getAuthFlowType, loadAmplifyAuth, useSession } from '../../lib/auth';
import { credentialsErrorMessage, isCodeMismatch, LOGIN_MESSAGES, newPasswordErrorMessage, totpCodeErrorMessage, WRONG_SCREEN_MESSAGE } from './login-messages';
import { dashboardPathFor, LOGIN_PATH, type LoginLocationState, type LoginRole } from './role-paths';
import { useSignInHold } from './sign-in-hold';

export type LoginStep = 'credentials' | 'newPassword' | 'totpCode';

export function useLoginFlow(role: LoginRole, returnTo: string | undefined) {
  const navigate = useNavigate();
  const { refresh } = useSession();
  const holdRedirect = useSignInHold();
  const [step, setStep] = useState<LoginStep>('credentials');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState('');
  // Set once this screen navigates away: from then on it must not touch the redirect hold or its own state, or the
  // public-only wrapper could redirect before the (transition-priority) navigation lands.
  const leaving = useRef(false);

  function leave(to: string, options?: { replace?: boolean; state?: LoginLocationState }) {
    leaving.current = true;
    void navigate(to, options);
  }

  /** Runs one step with the busy flag and the public-only redirect held, so this screen decides where to go. */
  async function run(action: () => Promise<void>, describeFailure: (caught: unknown) => string) {
    setError(null);
    setBusy(true);
    holdRedirect(true);
    try {
      await action();
    } catch (caught) {
      setError(describeFailure(caught));
    } finally {
      if (!leaving.current) {
        setBusy(false);
        holdRedirect(false);
      }
    }
  }

  async function continueWith(result: SignInOutput, signedInEmail: string, fallbackMessage: string) {
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') {
      setStep('newPassword');
      return;
    }
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') {
      setStep('totpCode');
      return;
    }
    if (!result.isSignedIn) {
      // A step this product does not support (SMS or e-mail codes, reset, confirmation): leave nothing half signed in.
      await quietSignOut();
      setStep('credentials');
      setError(fallbackMessage);
      return;
    }
    await checkGroupAndGo(signedInEmail);
  }

  async function checkGroupAndGo(signedInEmail: string) {
    const user = await refresh();
    if (!user) {
      await quietSignOut();
      setStep('credentials');
      setError(LOGIN_MESSAGES.sessionCheckFailed);
      return;
    }
    if (user.role === role) {
      leave(returnTo ?? dashboardPathFor(role), { replace: true });
      return;
    }
    await quietSignOut();
    setStep('credentials');
    // Someone with another role of ours is sent to their own login screen, told why, with their e-mail filled in.
    if (user.role) {
      const state: LoginLocationState = { message: WRONG_SCREEN_MESSAGE[user.role], messageTone: 'info', email: signedInEmail };
      leave(LOGIN_PATH[user.role], { state });
      return;
    }
    setError(LOGIN_MESSAGES.accessDenied);
  }

  const submitCredentials = (username: string, password: string) =>
    run(async () => {
      setEmail(username);
      const result = await signInFresh(username, password);
      await continueWith(result, username, LOGIN_MESSAGES.unknownError);
    }, credentialsErrorMessage);

  const submitNewPassword = (newPassword: string) =>
    run(async () => {
      const { confirmSignIn } = await loadAmplifyAuth();
      const result = await confirmSignIn({ challengeResponse: newPassword });
      await continueWith(result, email, LOGIN_MESSAGES.newPasswordFailed);
    }, newPasswordErrorMessage);

  /** The code from the authenticator app of someone with two-factor authentication on. */
  const submitTotpCode = (code: string) =>
    run(async () => {
      const { confirmSignIn } = await loadAmplifyAuth();
      try {
        const result = await confirmSignIn({ challengeResponse: code });
        await continueWith(result, email, LOGIN_MESSAGES.unknownError);
      } catch (caught) {
        // A session that ran out (Cognito gives three minutes) cannot take another code: start again.
        if (!isCodeMismatch(caught)) setStep('credentials');
        throw caught;
      }
    }, totpCodeErrorMessage);

  const backToCredentials = () => {
    setError(null);
    setStep('credentials');
  };

  return { step, error, busy, email, submitCredentials, submitNewPassword, submitTotpCode, backToCredentials };
}

/** Signs in; if an earlier user is still signed in on this browser, signs them out first. */
async function signInFresh(username: string, password: string): Promise<SignInOutput> {
  const { signIn, signOut } = await loadAmplifyAuth();
  const input = { username, password, options: { authFlowType: getAuthFlowType() } };
  try {
    return await signIn(input);
  } catch (caught) {
    if (!(caught instanceof Error) || caught.name !== 'UserAlreadyAuthenticatedException') throw caught;
    await signOut();
    return signIn(input);
  }
}

async function quietSignOut() {
  try {
    const { signOut } = await loadAmplifyAuth();
    await signOut();
  } catch (caught) {
    console.error('Sign-out failed', caught);
  }
}
