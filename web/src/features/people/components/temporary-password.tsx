import { useEffect } from 'react';
import { Alert } from '@web/components/alert';
import { rememberTemporaryPassword } from '../utils/temporary-passwords';

/**
 * Locally no e-mail leaves the machine: the admin sees the temporary password once and passes it on (the class's
 * login slips print it too while this tab is open).
 */
export function TemporaryPassword({ email, password, onDismiss }: { email: string; password: string; onDismiss: () => void }) {
  useEffect(() => rememberTemporaryPassword(email, password), [email, password]);
  return (
    <Alert tone="success" onDismiss={onDismiss}>
      Invitation ready for {email}. Temporary password (shown only now): <code className="temporary-password">{password}</code>. They
      choose their own password at first sign-in.
    </Alert>
  );
}
