// What an admin can do to one person: edit their name, change their role (confirmed), disable or enable them, and
// resend an invitation they have not used yet, and export their data (a parent's or the person's request).
import { useState } from 'react';
import { personNameSchema, type Person } from '@shared/contract/people';
import { PEOPLE_LIMITS } from '@shared/people';
import { displayName } from '@shared/person-name';
import type { Role } from '@shared/roles';
import { Alert } from '@web/components/alert';
import { Field, SelectField } from '@web/components/field';
import { FormDialog } from '@web/components/form-dialog';
import { useChangeRole, useDisablePerson, useEnablePerson, useRenamePerson, useResendInvitation } from '@web/api/people';
import { useExportPersonData } from '@web/api/data-export';
import { ROLE_CHOICES, ROLE_LABEL } from '@web/lib/people-labels';
import { TemporaryPassword } from './temporary-password';

type Open = 'name' | 'role' | 'disable' | null;

export function PersonActions({ person, isSelf }: { person: Person; isSelf: boolean }) {
  const [open, setOpen] = useState<Open>(null);
  const enable = useEnablePerson();
  const resend = useResendInvitation();
  const changeRole = useChangeRole();
  const disable = useDisablePerson();
  const exportData = useExportPersonData();
  // The dialogs close on a failure, which this row then shows.
  const failed = [enable, resend, changeRole, disable, exportData].find((mutation) => mutation.isError);
  const exported = exportData.data;
  const password = resend.data?.temporaryPassword;
  const shown = displayName(person);
  const close = () => setOpen(null);

  return (
    <div className="person-actions">
      {failed && (
        <Alert tone="error" onDismiss={() => failed.reset()}>
          {failed.error?.message}
        </Alert>
      )}
      {password && <TemporaryPassword email={person.email} password={password} onDismiss={() => resend.reset()} />}
      {exported && (
        <Alert tone="success" onDismiss={() => exportData.reset()}>
          Their data is ready (the link works for 15 minutes):{' '}
          <a href={exported.url} download={exported.fileName}>
            Save {exported.fileName}
          </a>
        </Alert>
      )}
      <div className="actions">
        <button type="button" className="link-button" onClick={() => setOpen('name')} aria-label={`Edit name of ${shown}`}>
          Edit name
        </button>
        {!isSelf && (
          <button type="button" className="link-button" onClick={() => setOpen('role')} aria-label={`Change role of ${shown}`}>
            Change role
          </button>
        )}
        {person.status === 'invited' && (
          <button
            type="button"
            className="link-button"
            disabled={resend.isPending}
            aria-label={`Resend invitation to ${shown}`}
            onClick={() => resend.mutate(person.userId)}
          >
            Resend invitation
          </button>
        )}
        <button
          type="button"
          className="link-button"
          disabled={exportData.isPending}
          aria-label={`Export data of ${shown}`}
          onClick={() => exportData.mutate(person.userId)}
        >
          {exportData.isPending ? 'Exporting...' : 'Export data'}
        </button>
        {person.status === 'disabled' ? (
          <button
            type="button"
            className="link-button"
            disabled={enable.isPending}
            aria-label={`Enable ${shown}`}
            onClick={() => enable.mutate(person.userId)}
          >
            Enable
          </button>
        ) : (
          !isSelf && (
            <button type="button" className="link-button link-button-danger" onClick={() => setOpen('disable')} aria-label={`Disable ${shown}`}>
              Disable
            </button>
          )
        )}
      </div>
      {open === 'name' && <RenameDialog person={person} onClose={close} />}
      {open === 'role' && <RoleDialog person={person} changeRole={changeRole} onClose={close} />}
      {open === 'disable' && <DisableDialog person={person} disable={disable} onClose={close} />}
    </div>
  );
}

interface DialogProps {
  person: Person;
  onClose: () => void;
}

function RenameDialog({ person, onClose }: DialogProps) {
  const rename = useRenamePerson();
  const [name, setName] = useState(person.name);
  const [invalid, setInvalid] = useState<string | null>(null);
  const problem = invalid ?? rename.error?.message;
  const submit = () => {
    const checked = personNameSchema.safeParse(name);
    setInvalid(checked.success ? null : checked.error.issues[0].message);
    if (checked.success) rename.mutate({ userId: person.userId, name: checked.data }, { onSuccess: onClose });
  };
  return (
    <FormDialog title={`Edit name of ${person.email}`} submitLabel="Save Name" busy={rename.isPending} onSubmit={submit} onCancel={onClose}>
      {problem && <Alert tone="error">{problem}</Alert>}
      <Field
        id={`rename-${person.userId}`}
        label="Full name"
        hint="Also changes the name on their class rosters and reports."
        required
        maxLength={PEOPLE_LIMITS.nameMaxLength}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
    </FormDialog>
  );
}

function RoleDialog({ person, changeRole, onClose }: DialogProps & { changeRole: ReturnType<typeof useChangeRole> }) {
  const [role, setRole] = useState<Role>(person.role ?? 'Students');
  const shown = displayName(person);
  const submit = () => changeRole.mutate({ userId: person.userId, role }, { onSettled: onClose });
  return (
    <FormDialog title={`Change role of ${shown}`} submitLabel="Change Role" busy={changeRole.isPending} onSubmit={submit} onCancel={onClose}>
      <SelectField id={`role-${person.userId}`} label="New role" value={role} options={ROLE_CHOICES} onChange={setRole} />
      <p className="muted">
        {shown} is now {person.role ? `a ${ROLE_LABEL[person.role].toLowerCase()}` : 'without a role'}. The new role applies from their next
        sign-in (within 15 minutes for a session already open).
      </p>
    </FormDialog>
  );
}

function DisableDialog({ person, disable, onClose }: DialogProps & { disable: ReturnType<typeof useDisablePerson> }) {
  const shown = displayName(person);
  const submit = () => disable.mutate(person.userId, { onSettled: onClose });
  return (
    <FormDialog title={`Disable ${shown}?`} submitLabel="Disable" danger busy={disable.isPending} onSubmit={submit} onCancel={onClose}>
      <p>
        They are signed out everywhere at once and cannot sign in until you enable them again. Their classes, progress and modules
        are kept.
      </p>
    </FormDialog>
  );
}
