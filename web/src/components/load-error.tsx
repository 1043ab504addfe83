// What a screen shows when its data could not be loaded: the server's sentence, and for an administrator without
// two-factor authentication, the way to turn it on instead of a dead end; for one whose session began without it,
// the way to sign in again with it.
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
  if (needsSecondFactor(error)) return <SecondFactorPrompt message={error.message} />;
  if (needsSecondFactorSignIn(error)) return <SecondFactorSignInPrompt message={error.message} />;
  return (
    <Alert tone="error">
      {what}: {error.message}
    </Alert>
  );
}
