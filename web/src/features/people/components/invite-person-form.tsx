// Invite one person: e-mail, full name, role. In the cloud Cognito e-mails the temporary password; locally it is shown.
import { useState, type FormEvent } from 'react';
import { invitePersonSchema } from '@shared/contract/people';
import { PEOPLE_LIMITS } from '@shared/people';
import type { Role } from '@shared/roles';
import { Alert } from '@web/components/alert';
import { Field, SelectField } from '@web/components/field';
import { useInvitePerson } from '@web/api/people';
import { ROLE_CHOICES } from '@web/lib/people-labels';
import { TemporaryPassword } from './temporary-password';

export function InvitePersonForm() {
  const invite = useInvitePerson();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('Students');
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? invite.error?.message;
  const done = invite.data && { email: invite.data.person.email, temporaryPassword: invite.data.temporaryPassword };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = invitePersonSchema.safeParse({ email, name, role });
    if (!checked.success) {
      invite.reset();
      return setProblem(checked.error.issues[0].message);
    }
    setProblem(null);
    invite.mutate(checked.data, {
      onSuccess: () => {
        setEmail('');
        setName('');
      },
    });
  };

  return (
    <section className="card admin-panel" aria-labelledby="invite-one-heading">
      <h2 id="invite-one-heading">Invite a person</h2>
      {error && <Alert tone="error">{error}</Alert>}
      {done &&
        (done.temporaryPassword ? (
          <TemporaryPassword email={done.email} password={done.temporaryPassword} onDismiss={() => invite.reset()} />
        ) : (
          <Alert tone="success" onDismiss={() => invite.reset()}>
            Invitation sent to {done.email}. They will get an e-mail with a temporary password.
          </Alert>
        ))}
      <form onSubmit={submit} noValidate className="admin-form">
        <Field id="invite-email" label="E-mail" type="email" autoComplete="off" required value={email} onChange={(event) => setEmail(event.target.value)} />
        <Field
          id="invite-name"
          label="Full name"
          autoComplete="off"
          required
          maxLength={PEOPLE_LIMITS.nameMaxLength}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <SelectField id="invite-role" label="Role" value={role} options={ROLE_CHOICES} onChange={setRole} />
        <button type="submit" className="button" disabled={invite.isPending}>
          {invite.isPending ? 'Inviting...' : 'Send Invitation'}
        </button>
      </form>
    </section>
  );
}
