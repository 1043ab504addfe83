// The signed-in user's profile: who they are, their name (shown to everyone they work with), a password change
// through the identity service, and two-factor authentication.
import { useMutation } from '@tanstack/react-query';
import { updatePassword } from 'aws-amplify/auth';
import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import type { Role } from '@shared/roles';
import { renameSelf } from '@web/api/people';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { PEOPLE_LIMITS } from '@shared/people';
import { personNameSchema } from '@shared/contract/people';
import { useCurrentUser, useSession } from '../../lib/auth';
import { errorMessage, TwoFactorSettings } from '../auth';
import { DataDownload } from './components/data-download';
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
      <DataDownload />
    </>
  );
}

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/**
 * A profile form's submission: the mutation's pending, failure and success states, plus a problem found before
 * sending (which sends nothing). Returns what the form's alert shows and how to dismiss it.
 */
function useProfileSubmission(send: () => Promise<unknown>, messages: { done: string; failed: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: send });
  const outcome: Outcome = problem
    ? { tone: 'error', text: problem }
    : mutation.isError
      ? { tone: 'error', text: errorMessage(mutation.error, messages.failed) }
      : mutation.isSuccess
        ? { tone: 'success', text: messages.done }
        : null;
  const submit = (check: () => string | null, onSuccess?: () => void) => {
    const found = check();
    setProblem(found);
    if (found) return mutation.reset();
    mutation.mutate(undefined, { onSuccess });
  };
  const dismiss = () => {
    setProblem(null);
    mutation.reset();
  };
  return { outcome, busy: mutation.isPending, submit, dismiss };
}

/** The person's own name; classes store names, so the API updates their rosters too. */
function NameForm({ currentName }: { currentName: string }) {
  const { refresh } = useSession();
  const [name, setName] = useState(currentName);
  const { outcome, busy, submit, dismiss } = useProfileSubmission(
    async () => {
      await renameSelf(personNameSchema.parse(name));
      await refresh();
    },
    { done: PROFILE_MESSAGES.nameSaved, failed: PROFILE_MESSAGES.nameFailed },
  );

  const save = (event: FormEvent) => {
    event.preventDefault();
    submit(() => {
      const checked = personNameSchema.safeParse(name);
      return checked.success ? null : checked.error.issues[0].message;
    });
  };

  return (
    <section className="card profile-card" aria-labelledby="name-heading">
      <h2 id="name-heading">Your name</h2>
      {outcome && (
        <Alert tone={outcome.tone} onDismiss={dismiss}>
          {outcome.text}
        </Alert>
      )}
      <form onSubmit={save} noValidate>
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
  const { outcome, busy, submit, dismiss } = useProfileSubmission(() => updatePassword({ oldPassword: current, newPassword: next }), {
    done: PROFILE_MESSAGES.changed,
    failed: PROFILE_MESSAGES.failed,
  });

  const change = (event: FormEvent) => {
    event.preventDefault();
    submit(
      () => {
        if (!current) return PROFILE_MESSAGES.currentMissing;
        if (next.length < PASSWORD_MIN_LENGTH) return PROFILE_MESSAGES.tooShort;
        return next !== confirm ? PROFILE_MESSAGES.mismatch : null;
      },
      () => {
        setCurrent('');
        setNext('');
        setConfirm('');
      },
    );
  };

  return (
    <section className="card profile-card" aria-labelledby="password-heading">
      <h2 id="password-heading">Change password</h2>
      {outcome && (
        <Alert tone={outcome.tone} onDismiss={dismiss}>
          {outcome.text}
        </Alert>
      )}
      <form onSubmit={change} noValidate>
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
