import { Alert } from '@web/components/alert';

/** Locally no e-mail leaves the machine: the admin sees the temporary password once and passes it on. */
export function TemporaryPassword({ email, password, onDismiss }: { email: string; password: string; onDismiss: () => void }) {
  return (
    <Alert tone="success" onDismiss={onDismiss}>
      Invitation ready for {email}. Temporary password (shown only now): <code className="temporary-password">{password}</code>. They
      choose their own password at first sign-in.
    </Alert>
  );
}
