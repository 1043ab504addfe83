// What a screen shows when its data could not be loaded: the server's sentence, and for an administrator without
// two-factor authentication, the way to turn it on instead of a dead end; for one whose session began without it,
// the way to sign in again with it. Every section of a page is refused for that same reason: the way out shows once.
import { useEffect, useId, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { needsSecondFactor, needsSecondFactorSignIn } from '../lib/api-client';
import { useSession } from '../lib/auth';
import { Alert } from './alert';

/** The API's refusal of administration to an admin without two-factor authentication, with the way to turn it on. */
export function SecondFactorPrompt({ message }: { message: string }) {
  return (
    <Alert tone="info">
      {message} <Link to="/profile">Set up two-factor authentication</Link>
    </Alert>
  );
}

/** The API's refusal of a session that began with the password alone (before two-factor was on): sign in again. */
export function SecondFactorSignInPrompt({ message }: { message: string }) {
  const { signOut } = useSession();
  return (
    <Alert tone="info">
      {message}{' '}
      <button type="button" className="button button-secondary" onClick={() => void signOut()}>
        Sign Out
      </button>
    </Alert>
  );
}

export function LoadError({ what, error }: { what: string; error: Error }) {
  const kind = needsSecondFactor(error) ? 'setUp' : needsSecondFactorSignIn(error) ? 'signIn' : undefined;
  const first = useFirstOfKind(kind);
  if (kind) {
    if (!first) return null;
    return kind === 'setUp' ? <SecondFactorPrompt message={error.message} /> : <SecondFactorSignInPrompt message={error.message} />;
  }
  return (
    <Alert tone="error">
      {what}: {error.message}
    </Alert>
  );
}

/** The prompts on screen, by kind, in the order they appeared: only the first of each kind is shown. */
const promptsShown = new Map<string, string[]>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const changed = () => listeners.forEach((listener) => listener());

function useFirstOfKind(kind: string | undefined): boolean {
  const id = useId();
  useEffect(() => {
    if (!kind) return;
    promptsShown.set(kind, [...(promptsShown.get(kind) ?? []), id]);
    changed();
    return () => {
      promptsShown.set(kind, (promptsShown.get(kind) ?? []).filter((each) => each !== id));
      changed();
    };
  }, [kind, id]);
  const firstId = useSyncExternalStore(subscribe, () => (kind ? promptsShown.get(kind)?.[0] : undefined));
  return firstId === id;
}
