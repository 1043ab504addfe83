// "Forgot password?": the identity service e-mails a code (locally, `npm start` prints it), then the code and a new
// password set it. Whether an account exists for the e-mail is never revealed: an unknown address gets the same
// answer as a known one.
import { useState, type FormEvent } from 'react';
import { Alert } from '@web/components/alert';
import { Field } from '@web/components/field';
import { loadAmplifyAuth } from '@web/lib/auth';
import { errorMessage } from '../login-messages';
import { checkNewPassword, NewPasswordFields, type NewPasswordErrors } from './new-password-fields';

const RESET_FAILED = 'Could not reset the password. Please try again.';
const CODE_SENT = 'If an account exists for this e-mail, a code is on its way. Enter it below with your new password.';

interface ForgotPasswordProps {
  initialEmail: string;
  /** Back to sign in; with the e-mail and a message when the password was changed. */
  onDone: (result: { email: string; changed: boolean }) => void;
}

export function ForgotPassword({ initialEmail, onDone }: ForgotPasswordProps) {
  const [step, setStep] = useState<'request' | 'confirm'>('request');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<NewPasswordErrors & { email?: string; code?: string }>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setError('');
    setBusy(true);
    try {
      await action();
    } catch (caught) {
      setError(errorMessage(caught, RESET_FAILED));
    } finally {
      setBusy(false);
    }
  }

  function requestCode(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setErrors({ email: 'Enter the e-mail you sign in with.' });
      return;
    }
    setErrors({});
    void run(async () => {
      try {
        await (await loadAmplifyAuth()).resetPassword({ username: address });
      } catch (caught) {
        // The same answer as for an existing account (the cloud pool does this itself).
        if (!(caught instanceof Error && caught.name === 'UserNotFoundException')) throw caught;
      }
      setStep('confirm');
    });
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    const found = { ...checkNewPassword(password), ...(code.trim() ? {} : { code: 'Enter the code from the e-mail.' }) };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(async () => {
      await (await loadAmplifyAuth()).confirmResetPassword({ username: email.trim(), confirmationCode: code.trim(), newPassword: password.password });
      onDone({ email: email.trim(), changed: true });
    });
  }

  const actions = (submitLabel: string) => (
    <div className="actions">
      <button type="submit" className="button" disabled={busy}>
        {submitLabel}
      </button>
      <button type="button" className="button button-secondary" onClick={() => onDone({ email, changed: false })}>
        Back to sign in
      </button>
    </div>
  );

  return (
    <div>
      <h2>Reset your password</h2>
      {error && <Alert tone="error">{error}</Alert>}
      {step === 'request' ? (
        <form onSubmit={requestCode} aria-label="Request a reset code" noValidate>
          <p className="muted">We will e-mail you a code to set a new password.</p>
          <Field
            id="reset-email"
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.target.value)}
          />
          {actions(busy ? 'Sending...' : 'Send Code')}
        </form>
      ) : (
        <form onSubmit={confirm} aria-label="Set a new password with the code" noValidate>
          <Alert tone="info">{CODE_SENT}</Alert>
          <Field
            id="reset-code"
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={code}
            error={errors.code}
            onChange={(event) => setCode(event.target.value)}
          />
          <NewPasswordFields idPrefix="reset" value={password} errors={errors} onChange={setPassword} />
          {actions(busy ? 'Saving...' : 'Set New Password')}
        </form>
      )}
    </div>
  );
}
