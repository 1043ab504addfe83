// On a module's page: assign it to several of the teacher's classes in one go. Classes that already have it are
// shown checked, each with Unassign (the same question as on the class's page).
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { useCurrentUser } from '@web/lib/auth';
import { useAssignModuleToClasses, useTeacherClasses, useUnassignModuleFromClass } from '@web/api/classes';
import { unassignQuestion } from '../utils/unassign-question';
import { DueDateField, useDueDate } from './due-date-field';
import { QueryView } from '@web/components/query-view';

export function AssignToClasses({ moduleId, moduleTitle }: { moduleId: string; moduleTitle: string }) {
  const id = useId();
  const classes = useTeacherClasses(useCurrentUser().userId);
  const assign = useAssignModuleToClasses();
  const unassign = useUnassignModuleFromClass();
  const [unassigning, setUnassigning] = useState<{ _id: string; className: string } | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  /** One due date for every class chosen (a datetime-local value in the school's zone); '' for none. */
  const due = useDueDate();
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const list = classes.data ?? [];
  const nameOf = (classId: string) => list.find((each) => each._id === classId)?.className ?? classId;
  const open = list.filter((each) => !each.assignedModuleIds.includes(moduleId));

  function toggle(classId: string, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(classId);
      else next.delete(classId);
      return next;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.size === 0) {
      setMessage({ tone: 'error', text: 'Select at least one class.' });
      return;
    }
    if (!due.ready()) return;
    setMessage(null);
    const { assigned, failed } = await assign.mutateAsync({ moduleId, classIds: [...chosen], dueAt: due.dueAt });
    setChosen(new Set(failed));
    setMessage(
      failed.length
        ? { tone: 'error', text: `Failed to assign the module to ${failed.map(nameOf).join(', ')}. Try again.` }
        : { tone: 'success', text: `Assigned to ${assigned.map(nameOf).join(', ')}.` },
    );
  }

  return (
    <>
      <form className="card assign-classes" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>Assign to Classes</h2>
        {message && (
          <Alert tone={message.tone} onDismiss={() => setMessage(null)}>
            {message.text}
          </Alert>
        )}
        <QueryView
          query={classes}
          loading={<p className="muted">Loading classes...</p>}
          error="Could not load classes."
          empty={{ when: () => list.length === 0, show: <p className="muted">You are not assigned to any classes yet.</p> }}
        >
          {() => (
            <fieldset className="class-choices">
              <legend className="visually-hidden">Classes</legend>
              {list.map((schoolClass) => {
                const already = schoolClass.assignedModuleIds.includes(moduleId);
                return (
                  <div key={schoolClass._id} className="class-choice">
                    <label className="checkbox-field">
                      <input
                        type="checkbox"
                        checked={already || chosen.has(schoolClass._id)}
                        disabled={already || assign.isPending}
                        onChange={(event) => toggle(schoolClass._id, event.target.checked)}
                      />
                      {schoolClass.className}
                      {already && <span className="muted"> (assigned)</span>}
                    </label>
                    {already && (
                      <button
                        type="button"
                        className="link-button"
                        aria-label={`Unassign from ${schoolClass.className}`}
                        onClick={() => setUnassigning(schoolClass)}
                        disabled={assign.isPending || unassign.isPending}
                      >
                        Unassign
                      </button>
                    )}
                  </div>
                );
              })}
            </fieldset>
          )}
        </QueryView>
        {list.length > 0 && open.length === 0 && (
          <p className="muted" id={`${id}-all-assigned`}>
            This module is assigned to every one of your classes.
          </p>
        )}
        {list.length > 0 && open.length > 0 && <DueDateField id={`${id}-due`} due={due} disabled={assign.isPending} />}
        {list.length > 0 && (
          <button
            type="submit"
            className="button"
            disabled={assign.isPending || open.length === 0}
            aria-describedby={open.length === 0 ? `${id}-all-assigned` : undefined}
          >
            {assign.isPending ? 'Assigning...' : 'Assign to Selected Classes'}
          </button>
        )}
      </form>
      <ConfirmDialog
        open={unassigning !== null}
        message={unassignQuestion(moduleTitle, unassigning?.className ?? '')}
        confirmLabel="Unassign"
        busy={unassign.isPending}
        onCancel={() => setUnassigning(null)}
        onConfirm={() => {
          const schoolClass = unassigning!;
          unassign.mutate(
            { classId: schoolClass._id, moduleId },
            {
              onSuccess: () => setMessage({ tone: 'success', text: `Unassigned from ${schoolClass.className}.` }),
              onError: () => setMessage({ tone: 'error', text: `Failed to unassign the module from ${schoolClass.className}. Try again.` }),
              onSettled: () => setUnassigning(null),
            },
          );
        }}
      />
    </>
  );
}
