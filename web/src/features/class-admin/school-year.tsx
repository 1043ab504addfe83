// The end of a school year on the admin's class screens: archiving a class (or bringing it back), the list of
// archived classes, the school's retention setting, and starting a new school year (pick classes, a year label, a
// preview, then confirm).
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { AdminClassSummary } from '@shared/contract/rosters';
import { rollOverSchema, setRetentionSchema } from '@shared/contract/school-year';
import { CLASS_LIMITS } from '@shared/class-admin';
import { RETENTION_LIMITS, ROLLOVER_LIMITS, rolledOverName } from '@shared/school-year';
import { Alert } from '../../components/alert';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Field } from '../../components/field';
import { LoadError } from '../../components/load-error';
import { QueryView } from '@web/components/query-view';
import { formatDate } from '@web/lib/dates';
import { useArchiveClass, useRetention, useRollOver, useSetRetention, useUnarchiveClass } from '@web/api/school-year';

type Message = { tone: 'error' | 'success'; text: string } | null;

function Notice({ message, onDismiss }: { message: Message; onDismiss: () => void }) {
  return message ? (
    <Alert tone={message.tone} onDismiss={onDismiss}>
      {message.text}
    </Alert>
  ) : null;
}

/** "Archive class" on a current class; "Unarchive" on an archived one whose students' data is still there. */
export function ArchiveControl({ schoolClass }: { schoolClass: AdminClassSummary }) {
  const archive = useArchiveClass();
  const unarchive = useUnarchiveClass();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const fail = (failure: Error) => setMessage({ tone: 'error', text: failure.message });
  const { classId, archivedAt, studentDataRemovedAt } = schoolClass;
  return (
    <section className="card admin-panel" aria-labelledby="archive-heading">
      <h2 id="archive-heading">End of the year</h2>
      <Notice message={message} onDismiss={() => setMessage(null)} />
      {archivedAt ? (
        <>
          <p>
            Archived on {formatDate(archivedAt)}: read-only, off the teacher’s and students’ dashboards.
            {studentDataRemovedAt ? ` Its students’ data was removed on ${formatDate(studentDataRemovedAt)}, so it stays archived.` : ''}
          </p>
          {!studentDataRemovedAt && (
            <button type="button" className="button" disabled={unarchive.isPending} onClick={() => unarchive.mutate(classId, { onSuccess: () => setMessage({ tone: 'success', text: 'Unarchived.' }), onError: fail })}>
              Unarchive
            </button>
          )}
        </>
      ) : (
        <button type="button" className="button" onClick={() => setConfirming(true)}>
          Archive class
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        message={`Archive "${schoolClass.className}"? Nobody can change it any more, and it leaves the teacher's and students' dashboards. You can unarchive it until retention removes its students' data.`}
        confirmLabel="Archive class"
        busy={archive.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          archive.mutate(classId, {
            onSuccess: () => {
              setConfirming(false);
              setMessage({ tone: 'success', text: 'Archived.' });
            },
            onError: (failure) => {
              setConfirming(false);
              fail(failure);
            },
          })
        }
      />
    </section>
  );
}

/** The school's retention: days after archiving, or keep. */
export function RetentionForm() {
  const retention = useRetention();
  return (
    <section className="card admin-panel" aria-labelledby="retention-heading">
      <h2 id="retention-heading">Retention of students’ data</h2>
      <QueryView query={retention} loading="Loading the retention..." error={(error) => <LoadError what="Could not load the retention" error={error} />}>
        {(data) => <RetentionFields days={data.days} />}
      </QueryView>
    </section>
  );
}

function RetentionFields({ days }: { days: number | null }) {
  const save = useSetRetention();
  const [value, setValue] = useState(days === null ? '' : String(days));
  const [message, setMessage] = useState<Message>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = setRetentionSchema.safeParse({ days: value.trim() === '' ? null : Number(value) });
    if (!checked.success) return setMessage({ tone: 'error', text: checked.error.issues[0].message });
    save.mutate(checked.data.days, {
      onSuccess: (saved) => setMessage({ tone: 'success', text: saved.days === null ? 'Saved: students’ data is kept until someone deletes it.' : `Saved: deleted ${saved.days} days after a class is archived.` }),
      onError: (failure) => setMessage({ tone: 'error', text: failure.message }),
    });
  };
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <Notice message={message} onDismiss={() => setMessage(null)} />
      <p className="muted">Delete students’ progress, attempts and reading this many days after their class is archived. Leave it empty to keep them.</p>
      <Field id="retention-days" label="Days after archiving" type="number" inputMode="numeric" min={RETENTION_LIMITS.daysMin} max={RETENTION_LIMITS.daysMax} value={value} onChange={(event) => setValue(event.target.value)} />
      <button type="submit" className="button" disabled={save.isPending}>
        Save Retention
      </button>
    </form>
  );
}

/** "Start a new school year": the current classes to roll over, a year label, a preview, then confirm. */
export function NewSchoolYear({ classes }: { classes: AdminClassSummary[] }) {
  const rollOver = useRollOver();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [yearLabel, setYearLabel] = useState('');
  const [archiveOld, setArchiveOld] = useState(true);
  const [previewing, setPreviewing] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  // One new id per class and preview: a confirm sent twice answers the classes made the first time.
  const newIds = useRef(new Map<string, string>());
  const picked = classes.filter((each) => chosen.has(each.classId));
  const input = rollOverSchema.safeParse({
    yearLabel,
    archiveOld,
    classes: picked.map(({ classId }) => ({ fromClassId: classId, classId: newIds.current.get(classId) ?? '' })),
  });

  const preview = (event: FormEvent) => {
    event.preventDefault();
    newIds.current = new Map(picked.map(({ classId }) => [classId, crypto.randomUUID()]));
    const checked = rollOverSchema.safeParse({ yearLabel, archiveOld, classes: picked.map(({ classId }) => ({ fromClassId: classId, classId: newIds.current.get(classId)! })) });
    if (!checked.success) return setMessage({ tone: 'error', text: checked.error.issues[0].message });
    setMessage(null);
    setPreviewing(true);
  };
  const confirm = () => {
    if (!input.success) return;
    rollOver.mutate(input.data, {
      onSuccess: ({ classes: made }) => {
        setPreviewing(false);
        setChosen(new Set());
        setMessage({ tone: 'success', text: `New school year started: ${made.map((each) => each.className).join(', ')}.` });
      },
      onError: (failure) => setMessage({ tone: 'error', text: failure.message }),
    });
  };
  const toggle = (classId: string) => {
    setPreviewing(false);
    setChosen((before) => {
      const next = new Set(before);
      if (!next.delete(classId)) next.add(classId);
      return next;
    });
  };

  return (
    <section className="card admin-panel" aria-labelledby="new-year-heading">
      <h2 id="new-year-heading">Start a new school year</h2>
      <Notice message={message} onDismiss={() => setMessage(null)} />
      <form className="admin-form" onSubmit={preview} noValidate>
        <fieldset>
          <legend>Classes to roll over (same teacher and modules, no students)</legend>
          {classes.length === 0 && <p className="muted">No current classes.</p>}
          {classes.map((each) => (
            <label key={each.classId} className="checkbox">
              <input type="checkbox" checked={chosen.has(each.classId)} onChange={() => toggle(each.classId)} /> {each.className}
            </label>
          ))}
        </fieldset>
        <Field id="year-label" label="Year label" required maxLength={ROLLOVER_LIMITS.yearLabelMaxLength} value={yearLabel} onChange={(event) => { setPreviewing(false); setYearLabel(event.target.value); }} />
        <label className="checkbox">
          <input type="checkbox" checked={archiveOld} onChange={(event) => setArchiveOld(event.target.checked)} /> Archive the old classes
        </label>
        <button type="submit" className="button">
          Preview
        </button>
      </form>
      {previewing && input.success && (
        <div aria-label="Preview">
          <ul>
            {picked.map((each) => (
              <li key={each.classId}>
                {each.className} → <strong>{rolledOverName(each.className, undefined, input.data.yearLabel, CLASS_LIMITS.classNameMaxLength)}</strong>
                {each.teacher ? `, ${each.teacher.name}` : ', no teacher'}, {each.moduleCount} module{each.moduleCount === 1 ? '' : 's'}
                {archiveOld ? '; the old class is archived' : ''}
              </li>
            ))}
          </ul>
          <button type="button" className="button" disabled={rollOver.isPending} onClick={confirm}>
            {rollOver.isPending ? 'Starting...' : 'Confirm New School Year'}
          </button>
        </div>
      )}
    </section>
  );
}

/** The archived classes, newest archive first, each linking to its page. */
export function ArchivedClasses({ classes }: { classes: AdminClassSummary[] }) {
  const archived = classes.filter((each) => each.archivedAt).sort((a, b) => b.archivedAt!.localeCompare(a.archivedAt!));
  return (
    <section aria-labelledby="archived-classes-heading">
      <h2 id="archived-classes-heading">Archived classes</h2>
      {archived.length === 0 ? (
        <p className="empty-state">No archived classes.</p>
      ) : (
        <ul className="people-list" aria-label="Archived classes">
          {archived.map((each) => (
            <li key={each.classId} className="card person-card">
              <div className="person-who">
                <Link to={`/admin/classes/${each.classId}`} className="person-name">
                  {each.className}
                </Link>
                <span className="muted">
                  Archived {formatDate(each.archivedAt!)}
                  {each.studentDataRemovedAt ? `; students’ data removed ${formatDate(each.studentDataRemovedAt)}` : ''}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
