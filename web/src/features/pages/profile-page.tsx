// The signed-in user's profile: who they are, and a password change through the identity service.
import { updatePassword } from 'aws-amplify/auth';
import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/constants';
import type { Role } from '../../../../shared/roles';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { useCurrentUser } from '../../lib/session';

const ROLE_LABEL: Record<Role, string> = { Teachers: 'Teacher', Students: 'Student', Admins: 'Administrator' };

export const PROFILE_MESSAGES = {
  changed: 'Your password has been changed.',
  tooShort: `The new password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  mismatch: 'The new passwords do not match.',
  failed: 'Failed to change password.',
  currentMissing: 'Enter your current password.',
} as const;

export default function ProfilePage() {
  const user = useCurrentUser();
  return (
    <>
      <h1>Profile</h1>
      <section className="card profile-card" aria-labelledby="account-heading">
        <h2 id="account-heading">Account</h2>
        <dl className="details">
          <div>
            <dt>Email</dt>
            <dd>{user.username}</dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>{user.role ? ROLE_LABEL[user.role] : 'No role assigned'}</dd>
          </div>
        </dl>
      </section>
      <ChangePasswordForm />
    </>
  );
}

type Outcome = { tone: 'success' | 'error'; text: string } | null;

function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current) return setOutcome({ tone: 'error', text: PROFILE_MESSAGES.currentMissing });
    if (next.length < PASSWORD_MIN_LENGTH) return setOutcome({ tone: 'error', text: PROFILE_MESSAGES.tooShort });
    if (next !== confirm) return setOutcome({ tone: 'error', text: PROFILE_MESSAGES.mismatch });
    setBusy(true);
    setOutcome(null);
    try {
      await updatePassword({ oldPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setConfirm('');
      setOutcome({ tone: 'success', text: PROFILE_MESSAGES.changed });
    } catch (error) {
      const text = error instanceof Error && error.message.trim() ? error.message : PROFILE_MESSAGES.failed;
      setOutcome({ tone: 'error', text });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card profile-card" aria-labelledby="password-heading">
      <h2 id="password-heading">Change password</h2>
      {outcome && (
        <Alert tone={outcome.tone} onDismiss={() => setOutcome(null)}>
          {outcome.text}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Field
          id="current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <Field
          id="new-password"
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
        <Field
          id="confirm-password"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Changing password...' : 'Change Password'}
        </button>
      </form>
    </section>
  );
}
