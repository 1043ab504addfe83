// /lms/start: where an LMS launch hands the browser over (docs/decisions/lti/launch-sign-in.md). The fragment holds
// the person, a one-time code and the page to land on; it leaves the address bar at once. The page signs in with the
// code through the pool's custom challenge, then opens the landing page. Where the browser keeps the app from storing
// a session (a blocked frame), it offers a new tab instead, with the code still unused.
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LTI_APP_PATHS, LTI_FRAMED_LAUNCH, ltiStartFragment } from '@shared/lti';
import { Alert } from '../../components/alert';
import { useDocumentTitle } from '../../components/use-document-title';
import { loadAmplifyAuth, useSession } from '../../lib/auth';
import { readHandoff, storageWorks, type LaunchHandoff } from './lti-start';

export const LTI_START_MESSAGES = {
  signingIn: 'Signing you in from your LMS…',
  failed: 'This link from your LMS has been used already or has expired. Open it in your LMS again.',
} as const;

type Step = { kind: 'signingIn' } | { kind: 'blocked'; handoff: LaunchHandoff } | { kind: 'failed' };

export default function LtiStartPage() {
  useDocumentTitle('Opening from your LMS');
  const location = useLocation();
  const navigate = useNavigate();
  const { refresh } = useSession();
  // Read once: the code is used once (React's development double effects included).
  const handoff = useRef(readHandoff(location.hash));
  const started = useRef(false);
  const [step, setStep] = useState<Step>(handoff.current ? { kind: 'signingIn' } : { kind: 'failed' });

  useEffect(() => {
    const given = handoff.current;
    if (!given || started.current) return;
    started.current = true;
    // The code leaves the address bar and the history entry.
    void navigate({ pathname: LTI_APP_PATHS.start, hash: '' }, { replace: true });
    if (!storageWorks()) {
      setStep({ kind: 'blocked', handoff: given });
      return;
    }
    void (async () => {
      try {
        const { signIn, confirmSignIn, signOut } = await loadAmplifyAuth();
        // Whoever was signed in on this browser before (another person at a shared computer) is signed out first.
        await signOut().catch(() => undefined);
        const challenge = await signIn({ username: given.username, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
        if (challenge.nextStep.signInStep !== 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE') throw new Error(`Unexpected step ${challenge.nextStep.signInStep}`);
        const done = await confirmSignIn({ challengeResponse: given.code });
        if (!done.isSignedIn) throw new Error(`Unexpected step ${done.nextStep.signInStep}`);
        await refresh();
        void navigate(given.to, { replace: true });
      } catch (caught) {
        console.error('Signing in from the LMS failed', caught);
        setStep({ kind: 'failed' });
      }
    })();
  }, [navigate, refresh]);

  return (
    <div className="page" aria-busy={step.kind === 'signingIn'}>
      <h1>Learning Paths</h1>
      {step.kind === 'signingIn' && <p role="status">{LTI_START_MESSAGES.signingIn}</p>}
      {step.kind === 'failed' && <Alert tone="error">{LTI_START_MESSAGES.failed}</Alert>}
      {step.kind === 'blocked' && (
        <>
          <p>{LTI_FRAMED_LAUNCH.blocked}</p>
          <p>
            <a href={`${LTI_APP_PATHS.start}#${ltiStartFragment({ username: step.handoff.username, code: step.handoff.code, path: step.handoff.to })}`} target="_blank" rel="noopener">
              {LTI_FRAMED_LAUNCH.link}
            </a>
          </p>
        </>
      )}
    </div>
  );
}
