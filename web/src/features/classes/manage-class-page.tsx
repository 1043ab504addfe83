// /teacher-classes/:classId: roster, assigned modules (each can be unassigned), and assigning one more of the
// teacher's modules.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ClassDetail, ModuleRef } from '@shared/contract/classes';
import { Alert } from '../../components/alert';
import { QueryView } from '@web/components/query-view';
import { PersonLabel } from '../../components/person-label';
import { useDocumentTitle } from '../../components/use-document-title';
import { isNotFound } from '../../lib/api-client';
import { wallClockOf } from '../../lib/due-dates';
import { schoolTimeZone } from '../../lib/school-time-zone';
import { DueDate } from '../../components/due-date';
import { useModules } from '@web/api/modules';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormDialog } from '../../components/form-dialog';
import { SelectField } from '../../components/field';
import { useAssignModule, useClass, useUnassignModule } from '@web/api/classes';
import { useSetPrerequisite } from '@web/api/paths';
import { unassignQuestion } from './utils/unassign-question';
import { DueDateField, useDueDate } from './components/due-date-field';
import './classes.css';

const SELECT_MODULE = 'Please select a module to assign.';
const ASSIGN_FAILED = 'Failed to assign the module.';

export default function ManageClassPage() {
  const { classId = '' } = useParams();
  const klass = useClass(classId);
  useDocumentTitle(klass.data?.className ?? 'Manage Class');

  return (
    <QueryView
      query={klass}
      loading="Loading class details..."
      error={(error) => (
        <div>
          <h1>Manage Class</h1>
          <Alert tone="error">{isNotFound(error) ? 'Class not found.' : 'Failed to load class details.'}</Alert>
          <Link to="/teacher-classes">Back to My Classes</Link>
        </div>
      )}
    >
      {(data) => <ManageClass klass={data} />}
    </QueryView>
  );
}

function ManageClass({ klass }: { klass: ClassDetail }) {
  const id = useId();
  const modules = useModules();
  const assign = useAssignModule(klass._id);
  const unassign = useUnassignModule(klass._id);
  const [unassigning, setUnassigning] = useState<{ _id: string; title: string } | null>(null);
  const [dating, setDating] = useState<ModuleRef | null>(null);
  const [ordering, setOrdering] = useState<ModuleRef | null>(null);
  const setPrerequisite = useSetPrerequisite(klass._id);
  const titleOf = (moduleId: string) => klass.assignedModuleIds.find((module) => module._id === moduleId)?.title ?? '';
  const [selected, setSelected] = useState('');
  /** The due date and time as typed (a datetime-local value, in the school's zone); '' for none. */
  const due = useDueDate();
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const assignedIds = new Set(klass.assignedModuleIds.map((module) => module._id));
  const assignable = (modules.data ?? []).filter((module) => !assignedIds.has(module._id));
  // Nothing to pick: say why next to the dropdown, and keep the button from promising an assignment.
  const nothingToAssign = modules.isSuccess && assignable.length === 0;
  const hintId = `${id}-module-hint`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!selected) {
      setMessage({ tone: 'error', text: SELECT_MODULE });
      return;
    }
    if (!due.ready()) return;
    setMessage(null);
    const title = assignable.find((module) => module._id === selected)?.title ?? 'The module';
    try {
      await assign.mutateAsync({ moduleId: selected, dueAt: due.dueAt });
    } catch (error) {
      console.error('Assigning the module failed:', error);
      setMessage({ tone: 'error', text: ASSIGN_FAILED });
      return;
    }
    setSelected('');
    due.reset();
    setMessage({ tone: 'success', text: `${title} was assigned to this class.` });
  }

  return (
    <div className="manage-class">
      <Link to="/teacher-classes" className="back-link">
        ← Back to My Classes
      </Link>
      <h1>{klass.className}</h1>
      <div className="class-panels">
        <ListPanel
          heading="Students"
          emptyText="No students are enrolled in this class yet."
          items={klass.studentIds.map((student) => ({ key: student._id, label: <PersonLabel name={student.username} email={student.email} /> }))}
        />
        <ListPanel
          heading="Assigned Modules"
          emptyText="No modules are assigned to this class yet."
          items={klass.assignedModuleIds.map((module) => ({
            key: module._id,
            label: (
              <span>
                {module.title} {module.dueAt && <DueDate dueAt={module.dueAt} />}
                {module.prerequisiteModuleId && <span className="muted prerequisite-note">Opens after {titleOf(module.prerequisiteModuleId)}</span>}
              </span>
            ),
            action: (
              <span className="list-item-actions">
                <button type="button" className="link-button" aria-label={`Due date of ${module.title}`} onClick={() => setDating(module)}>
                  Due date
                </button>
                {klass.assignedModuleIds.length > 1 && (
                  <button type="button" className="link-button" aria-label={`Prerequisite of ${module.title}`} onClick={() => setOrdering(module)}>
                    Prerequisite
                  </button>
                )}
                <button type="button" className="link-button" aria-label={`Unassign ${module.title}`} onClick={() => setUnassigning(module)}>
                  Unassign
                </button>
              </span>
            ),
          }))}
        />
      </div>
      <ConfirmDialog
        open={unassigning !== null}
        message={unassignQuestion(unassigning?.title ?? '', klass.className)}
        confirmLabel="Unassign"
        busy={unassign.isPending}
        onCancel={() => setUnassigning(null)}
        onConfirm={() => {
          const module = unassigning!;
          unassign.mutate(module._id, {
            onSuccess: () => setMessage({ tone: 'success', text: `${module.title} was unassigned from this class.` }),
            onError: () => setMessage({ tone: 'error', text: 'Failed to unassign the module.' }),
            onSettled: () => setUnassigning(null),
          });
        }}
      />

      {ordering && (
        <PrerequisiteDialog
          module={ordering}
          others={klass.assignedModuleIds.filter((module) => module._id !== ordering._id)}
          busy={setPrerequisite.isPending}
          onCancel={() => setOrdering(null)}
          onSave={(prerequisiteModuleId) =>
            setPrerequisite.mutate(
              { moduleId: ordering._id, prerequisiteModuleId },
              {
                onSuccess: () =>
                  setMessage({
                    tone: 'success',
                    text: prerequisiteModuleId ? `${ordering.title} now opens after ${titleOf(prerequisiteModuleId)}.` : `${ordering.title} opens at once now.`,
                  }),
                onError: (error) => setMessage({ tone: 'error', text: error.message || 'Failed to change the prerequisite.' }),
                onSettled: () => setOrdering(null),
              },
            )
          }
        />
      )}

      {dating && (
        <DueDateDialog
          module={dating}
          busy={assign.isPending}
          onCancel={() => setDating(null)}
          onSave={(moduleDueAt) =>
            assign.mutate(
              { moduleId: dating._id, dueAt: moduleDueAt },
              {
                onSuccess: () => setMessage({ tone: 'success', text: moduleDueAt ? `${dating.title}: due date saved.` : `${dating.title} has no due date now.` }),
                onError: () => setMessage({ tone: 'error', text: 'Failed to change the due date.' }),
                onSettled: () => setDating(null),
              },
            )
          }
        />
      )}

      <form className="card assign-form" onSubmit={submit} noValidate aria-labelledby={`${id}-assign`}>
        <h2 id={`${id}-assign`}>Assign a New Module</h2>
        {message && (
          <Alert tone={message.tone} onDismiss={() => setMessage(null)}>
            {message.text}
          </Alert>
        )}
        {modules.isError && <Alert tone="error">Could not load modules.</Alert>}
        <div className="assign-row">
          <div className="field">
            <label htmlFor={`${id}-module`}>Module</label>
            <select
              id={`${id}-module`}
              value={selected}
              onChange={(event) => setSelected(event.target.value)}
              disabled={assign.isPending || nothingToAssign}
              aria-describedby={nothingToAssign || modules.isPending ? hintId : undefined}
            >
              <option value="">-- Select a module --</option>
              {assignable.map((module) => (
                <option key={module._id} value={module._id}>
                  {module.title}
                </option>
              ))}
            </select>
            {modules.isPending && (
              <span id={hintId} className="field-hint">
                Loading modules...
              </span>
            )}
            {nothingToAssign && (
              <span id={hintId} className="field-hint">
                {modules.data.length === 0 ? (
                  <>
                    You have no modules yet. <Link to="/create-module">Create a module</Link> to assign it here.
                  </>
                ) : (
                  'Every one of your modules is already assigned to this class.'
                )}
              </span>
            )}
          </div>
          <DueDateField id={`${id}-due`} due={due} disabled={assign.isPending || nothingToAssign} />
          <button type="submit" className="button" disabled={assign.isPending || nothingToAssign}>
            {assign.isPending ? 'Assigning...' : 'Assign Module'}
          </button>
        </div>
      </form>
    </div>
  );
}

/** Sets, changes or (left empty) removes an assigned module's due date: assigning it again with the new one. */
function DueDateDialog({ module, busy, onSave, onCancel }: { module: ModuleRef; busy: boolean; onSave: (dueAt: string | undefined) => void; onCancel: () => void }) {
  const id = useId();
  const due = useDueDate(module.dueAt ? wallClockOf(module.dueAt, schoolTimeZone()) : '');
  return (
    <FormDialog title={`Due date of ${module.title}`} submitLabel="Save Due Date" busy={busy} onSubmit={() => due.ready() && onSave(due.dueAt)} onCancel={onCancel}>
      <DueDateField id={`${id}-due`} due={due} disabled={busy} />
      <p className="muted">Leave it empty for no due date.</p>
    </FormDialog>
  );
}

/** Chooses the module a student completes (or passes the checks of) before this one opens, or none. */
function PrerequisiteDialog({
  module,
  others,
  busy,
  onSave,
  onCancel,
}: {
  module: ModuleRef;
  others: ModuleRef[];
  busy: boolean;
  onSave: (prerequisiteModuleId: string | null) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState(module.prerequisiteModuleId ?? '');
  const options = [['', 'None: opens at once'] as const, ...others.map((other) => [other._id, other.title] as const)];
  return (
    <FormDialog title={`Prerequisite of ${module.title}`} submitLabel="Save Prerequisite" busy={busy} onSubmit={() => onSave(value || null)} onCancel={onCancel}>
      <SelectField
        id={`${id}-prerequisite`}
        label="Complete first"
        hint="Students open this module once they complete that one or pass its checks."
        value={value}
        options={options}
        onChange={setValue}
        disabled={busy}
      />
    </FormDialog>
  );
}

interface ListPanelProps {
  heading: string;
  emptyText: string;
  items: { key: string; label: ReactNode; action?: ReactNode }[];
}

/** A card listing the class's students or modules, with the count in its heading. */
function ListPanel({ heading, emptyText, items }: ListPanelProps) {
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading} ({items.length})</h2>
      {items.length === 0 ? (
        <p className="muted">{emptyText}</p>
      ) : (
        <ul className="plain-list">
          {items.map((item) => (
            <li key={item.key} className={item.action ? 'list-item-with-action' : undefined}>
              {item.label}
              {item.action}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
