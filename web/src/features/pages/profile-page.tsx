// The signed-in user's profile: who they are, their name (shown to everyone they work with), a password change
// through the identity service, and two-factor authentication.
import { updatePassword } from 'aws-amplify/auth';
import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import type { Role } from '@shared/roles';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { PEOPLE_LIMITS, personNameSchema } from '@shared/people';
import { api } from '../../lib/api-client';
import { useCurrentUser, useSession } from '../../lib/session';
import { errorMessage, TwoFactorSettings } from '../auth';
import './pages.css';

const ROLE_LABEL: Record<Role, string> = { Teachers: 'Teacher', Students: 'Student', Admins: 'Administrator' };

export const PROFILE_MESSAGES = {
  changed: 'Your password has been changed.',
  tooShort: `The new password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  mismatch: 'The new passwords do not match.',
  failed: 'Failed to change password.',
  currentMissing: 'Enter your current password.',
  nameSaved: 'Your name has been saved.',
  nameFailed: 'Failed to save your name.',
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
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>{user.role ? ROLE_LABEL[user.role] : 'No role assigned'}</dd>
          </div>
        </dl>
      </section>
      <NameForm key={user.name} currentName={user.name} />
      <ChangePasswordForm />
      <TwoFactorSettings />
    </>
  );
}

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** The person's own name; classes store names, so the API updates their rosters too. */
function NameForm({ currentName }: { currentName: string }) {
  const { refresh } = useSession();
  const [name, setName] = useState(currentName);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = personNameSchema.safeParse(name);
    if (!checked.success) return setOutcome({ tone: 'error', text: checked.error.issues[0].message });
    setBusy(true);
    setOutcome(null);
    try {
      await api.renameSelf(checked.data);
      await refresh();
      setOutcome({ tone: 'success', text: PROFILE_MESSAGES.nameSaved });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, PROFILE_MESSAGES.nameFailed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card profile-card" aria-labelledby="name-heading">
      <h2 id="name-heading">Your name</h2>
      {outcome && (
        <Alert tone={outcome.tone} onDismiss={() => setOutcome(null)}>
          {outcome.text}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Field
          id="profile-name"
          label="Full name"
          hint="Shown to your teachers, students and classmates instead of your e-mail address."
          autoComplete="name"
          required
          maxLength={PEOPLE_LIMITS.nameMaxLength}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving...' : 'Save Name'}
        </button>
      </form>
    </section>
  );
}

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
      setOutcome({ tone: 'error', text: errorMessage(error, PROFILE_MESSAGES.failed) });
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
