// What a screen shows when its data could not be loaded: the server's sentence, and for an administrator without
// two-factor authentication, the way to turn it on instead of a dead end.
import { Link } from 'react-router-dom';
import { needsSecondFactor } from '../lib/api-client';
import { Alert } from './alert';

/** The API's refusal of administration to an admin without two-factor authentication, with the way to turn it on. */
export function SecondFactorPrompt({ message }: { message: string }) {
  return (
    <Alert tone="info">
      {message} <Link to="/profile">Set up two-factor authentication</Link>
    </Alert>
  );
}

export function LoadError({ what, error }: { what: string; error: Error }) {
  if (needsSecondFactor(error)) return <SecondFactorPrompt message={error.message} />;
  return (
    <Alert tone="error">
      {what}: {error.message}
    </Alert>
  );
}
