// The login screen of one role (spec section 4). Teacher and student screens differ only in role and wording.
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { Loading } from '../../components/loading';
import { useMinWidth } from '../../components/use-media-query';
import { prepareAmplifyAuth, useSession } from '../../lib/auth';
import { QuotePanel } from './components/quote-panel';
import { LOGIN_PATH, readLoginState, type LoginRole } from './role-paths';
import { useLoginFlow } from './use-login-flow';
import './login.css';

// The steps after e-mail and password, and the password reset, are not in the screen's first download: they load
// when someone starts signing in (focus in the form), well before a step or the reset can show.
const loadSignInSteps = () => import('./components/sign-in-steps');
const loadForgotPassword = () => import('./components/forgot-password');
const NewPasswordForm = lazy(() => loadSignInSteps().then((steps) => ({ default: steps.NewPasswordForm })));
const TotpCodeForm = lazy(() => loadSignInSteps().then((steps) => ({ default: steps.TotpCodeForm })));
const ForgotPassword = lazy(() => loadForgotPassword().then((reset) => ({ default: reset.ForgotPassword })));
// The school's sign-in buttons arrive with /config.json, after the screen is drawn: their code comes beside it.
const SchoolSignIn = lazy(() => import('./components/school-sign-in').then((school) => ({ default: school.SchoolSignIn })));

function prepareSignIn() {
  prepareAmplifyAuth();
  // A failed download shows when the step renders (the page's error boundary).
  loadSignInSteps().catch(() => undefined);
  loadForgotPassword().catch(() => undefined);
}

/** Below this width the quote panel would squeeze the form, so it is left out. */
const QUOTE_PANEL_MIN_WIDTH_PX = 900;

const COPY: Record<LoginRole, { heading: string; intro: string; otherPrompt: string; otherLink: string; otherRole: LoginRole }> = {
  Teachers: {
    heading: 'Teacher Login',
    intro: 'Sign in to build modules, manage your classes and follow their progress.',
    otherPrompt: 'Are you a student?',
    otherLink: 'Go to the student login',
    otherRole: 'Students',
  },
  Students: {
    heading: 'Student Login',
    intro: 'Sign in to see your classes and continue your learning path.',
    otherPrompt: 'Are you a teacher?',
    otherLink: 'Go to the teacher login',
    otherRole: 'Teachers',
  },
  Admins: {
    heading: 'Administrator Login',
    intro: 'Sign in to manage your school: people, classes and enrolments.',
    otherPrompt: 'Are you a teacher?',
    otherLink: 'Go to the teacher login',
    otherRole: 'Teachers',
  },
};

export function LoginPage({ role }: { role: LoginRole }) {
  const location = useLocation();
  const incoming = readLoginState(location.state);
  const flow = useLoginFlow(role, incoming.from);
  // The screen paints before the session check ends; signing in needs the services that check waits for.
  const sessionChecked = useSession().state.status !== 'loading';
  const wide = useMinWidth(QUOTE_PANEL_MIN_WIDTH_PX);
  const [noticeDismissed, setNoticeDismissed] = useState(false);
  // "Forgot password?" replaces the sign-in form until the teacher or student is done with it.
  const [resetFor, setResetFor] = useState<string | null>(null);
  const [afterReset, setAfterReset] = useState<{ email: string; changed: boolean } | null>(null);
  const copy = COPY[role];

  return (
    <div className="login-layout">
      <section className="login-card card" aria-labelledby="login-heading">
        <h1 id="login-heading">{copy.heading}</h1>
        <p className="muted">{copy.intro}</p>

        {incoming.message && !noticeDismissed && (
          <Alert tone={incoming.messageTone ?? 'info'} onDismiss={() => setNoticeDismissed(true)}>
            {incoming.message}
          </Alert>
        )}
        {flow.error && resetFor === null && <Alert tone="error">{flow.error}</Alert>}

        {afterReset?.changed && resetFor === null && (
          <Alert tone="success" onDismiss={() => setAfterReset(null)}>
            Your password was changed. Sign in with your new password.
          </Alert>
        )}
        <Suspense fallback={<Loading />}>
          {resetFor !== null ? (
            <ForgotPassword
              initialEmail={resetFor}
              onDone={(result) => {
                setAfterReset(result);
                setResetFor(null);
              }}
            />
          ) : flow.step === 'credentials' ? (
            <>
              <CredentialsForm
                key={`${location.key}-${afterReset?.email ?? ''}`}
                initialEmail={afterReset?.email ?? incoming.email ?? flow.email}
                busy={flow.busy}
                ready={sessionChecked}
                onSubmit={flow.submitCredentials}
                onForgotPassword={setResetFor}
              />
              {/* Below the password form: the providers arrive with config.json, after the page is drawn, and must not move it. */}
              <Suspense fallback={null}>
                <SchoolSignIn disabled={!sessionChecked} />
              </Suspense>
            </>
          ) : flow.step === 'newPassword' ? (
            <NewPasswordForm busy={flow.busy} onSubmit={flow.submitNewPassword} onBack={flow.backToCredentials} />
          ) : (
            <TotpCodeForm busy={flow.busy} onSubmit={flow.submitTotpCode} onBack={flow.backToCredentials} />
          )}
        </Suspense>

        <p className="login-switch">
          {copy.otherPrompt} <Link to={LOGIN_PATH[copy.otherRole]}>{copy.otherLink}</Link>
        </p>
      </section>
      {wide && <QuotePanel />}
    </div>
  );
}

interface CredentialsFormProps {
  initialEmail: string;
  busy: boolean;
  /**
   * False until the session check has ended: Sign In and Forgot password? stay disabled (in the prerendered page they
   * are drawn before the script runs, and a click there would be lost).
   */
  ready: boolean;
  onSubmit: (email: string, password: string) => void;
  /** Opens the password reset, with the e-mail typed so far. */
  onForgotPassword: (email: string) => void;
}

function CredentialsForm({ initialEmail, busy, ready, onSubmit, onForgotPassword }: CredentialsFormProps) {
  // Uncontrolled: the screen is in the page before its script runs (prerendered), so what was typed before the
  // script took over stays in the inputs and is read from them.
  const form = useRef<HTMLFormElement>(null);
  const typed = (name: 'email' | 'password') => (form.current?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onSubmit(typed('email').trim(), typed('password'));
  };
  return (
    // Focus in the form (someone is about to sign in) starts loading Amplify, which a first visit has not loaded, and
    // the later steps.
    <form ref={form} onSubmit={submit} onFocus={prepareSignIn} aria-label="Sign in">
      <Field id="login-email" name="email" label="Email" type="email" autoComplete="username" required defaultValue={initialEmail} />
      <Field id="login-password" name="password" label="Password" type="password" autoComplete="current-password" required />
      <button type="submit" className="button button-block" disabled={busy || !ready}>
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
      <p className="forgot-password">
        <button type="button" className="link-button" onClick={() => onForgotPassword(typed('email').trim())} disabled={busy || !ready}>
          Forgot password?
        </button>
      </p>
    </form>
  );
}
