// Erasing a person for good: the admin types their e-mail to confirm, and for a teacher chooses who takes their
// modules and classes over, or that their modules are deleted with them (the server refuses an erase that needs the
// choice, with the counts, which this dialog shows).
import { useState } from 'react';
import type { Person } from '@shared/contract/people';
import { displayName } from '@shared/person-name';
import { Alert } from '@web/components/alert';
import { Field, SelectField } from '@web/components/field';
import { FormDialog } from '@web/components/form-dialog';
import { useErasePerson } from '@web/api/erasure';
import { usePeople } from '@web/api/people';

const DELETE_MODULES = 'delete';

export function EraseDialog({ person, onClose }: { person: Person; onClose: () => void }) {
  const erase = useErasePerson();
  const [confirm, setConfirm] = useState('');
  const [modules, setModules] = useState('');
  const [unconfirmed, setUnconfirmed] = useState(false);
  const isTeacher = person.role === 'Teachers';
  const teachers = usePeople({ role: 'Teachers', status: 'active' });
  const otherTeachers = (teachers.data?.pages ?? []).flatMap((page) => page.people).filter((teacher) => teacher.userId !== person.userId);
  const shown = displayName(person);
  const matches = confirm.trim().toLowerCase() === person.email.toLowerCase();

  const submit = () => {
    setUnconfirmed(!matches);
    if (!matches) return;
    const choice = modules === DELETE_MODULES ? { deleteModules: true as const } : modules ? { transferModulesTo: modules } : {};
    erase.mutate({ userId: person.userId, confirm, ...choice }, { onSuccess: onClose });
  };

  return (
    <FormDialog title={`Erase ${shown}?`} submitLabel="Erase for Good" danger busy={erase.isPending} onSubmit={submit} onCancel={onClose}>
      {erase.error && <Alert tone="error">{erase.error.message}</Alert>}
      <p>
        Everything stored about them is deleted for good: their account, classes, progress, attempts, reading, notices and files. The audit
        trail keeps only that they were erased, under a code instead of their name. This cannot be undone.
      </p>
      <Field
        id={`erase-confirm-${person.userId}`}
        label={`Type ${person.email} to confirm`}
        autoComplete="off"
        spellCheck={false}
        required
        value={confirm}
        error={unconfirmed ? 'This is not their e-mail address; type it exactly.' : undefined}
        onChange={(event) => setConfirm(event.target.value)}
      />
      {isTeacher && (
        <SelectField
          id={`erase-modules-${person.userId}`}
          label="Their modules and classes"
          hint="Moved with their files to the teacher you choose, or deleted with them: deleting also deletes the students' progress in those modules and leaves their classes without a teacher."
          value={modules}
          options={[
            ['', 'Choose what happens to them'],
            ...otherTeachers.map((teacher): [string, string] => [teacher.userId, `Move to ${displayName(teacher)}`]),
            [DELETE_MODULES, 'Delete them with this person'],
          ]}
          onChange={setModules}
        />
      )}
    </FormDialog>
  );
}
