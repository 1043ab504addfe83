// The sign-in steps after e-mail and password: a new password for a temporary one, and the authenticator code. A
// chunk apart from the login screen (login-page.tsx loads it when someone starts signing in).
import { useState, type FormEvent } from 'react';
import { checkNewPassword, NewPasswordFields, type NewPasswordErrors } from './new-password-fields';
import { TotpCodeField, useTotpCode } from './totp-code-field';

interface NewPasswordFormProps {
  busy: boolean;
  onSubmit: (newPassword: string) => void;
  onBack: () => void;
}

export function NewPasswordForm({ busy, onSubmit, onBack }: NewPasswordFormProps) {
  const [value, setValue] = useState({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkNewPassword(value);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(value.password);
  };
  return (
    <form onSubmit={submit} aria-labelledby="new-password-heading" noValidate>
      <h2 id="new-password-heading">Set a new password</h2>
      <p className="muted">Your account has a temporary password. Choose a new one to continue.</p>
      <NewPasswordFields idPrefix="new" value={value} errors={errors} onChange={setValue} />
      <StepActions busy={busy} label="Set New Password" busyLabel="Setting password..." onBack={onBack} />
    </form>
  );
}

interface TotpCodeFormProps {
  busy: boolean;
  onSubmit: (code: string) => void;
  onBack: () => void;
}

/** The second step for someone with two-factor authentication on. */
export function TotpCodeForm({ busy, onSubmit, onBack }: TotpCodeFormProps) {
  const code = useTotpCode();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = code.check();
    if (checked) onSubmit(checked);
  };
  return (
    <form onSubmit={submit} aria-labelledby="totp-heading" noValidate>
      <h2 id="totp-heading">Two-factor authentication</h2>
      <TotpCodeField id="login-totp" code={code} autoFocus />
      <StepActions busy={busy} label="Verify" busyLabel="Checking..." onBack={onBack} />
    </form>
  );
}

/** A sign-in step's submit button and the way back to e-mail and password. */
function StepActions({ busy, label, busyLabel, onBack }: { busy: boolean; label: string; busyLabel: string; onBack: () => void }) {
  return (
    <div className="actions">
      <button type="submit" className="button" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      <button type="button" className="button button-secondary" onClick={onBack} disabled={busy}>
        Back to sign in
      </button>
    </div>
  );
}
