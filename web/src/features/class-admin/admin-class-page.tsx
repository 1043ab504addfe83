// /admin/classes/:classId: one class for an admin: its name, teacher, students (enrol one by search or many from a
// list, unenrol), its progress report (read-only), and deleting it.
import { useDeferredValue, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CLASS_LIMITS } from '@shared/class-admin';
import { renameClassSchema, type AdminClassDetail, type RosterPageAnswer } from '@shared/contract/rosters';
import { displayName } from '@shared/person-name';
import { Alert } from '../../components/alert';
import { LoadError } from '../../components/load-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Field } from '../../components/field';
import { PersonLabel } from '../../components/person-label';
import { useDocumentTitle } from '../../components/use-document-title';
import { isNotFound } from '../../lib/api-client';
import { useClass } from '@web/api/classes';
import { useClassRoster, useAdminClass, useDeleteClass, useEnrolStudents, useRenameClass, useSetClassTeacher, useUnenrolStudent } from '@web/api/rosters';
import { usePeople } from '@web/api/people';
import { ClassReport } from '../progress';
import { EnrolFromList } from './components/enrol-from-list';
import { TeacherSelect } from './components/teacher-select';
import { ArchiveControl } from './school-year';
import '../people/people.css';
import '../progress/progress.css';
import { QueryView } from '@web/components/query-view';

export default function AdminClassPage() {
  const { classId = '' } = useParams();
  const schoolClass = useAdminClass(classId);
  useDocumentTitle(schoolClass.data?.className ?? 'Class');
  return (
    <QueryView
      query={schoolClass}
      loading="Loading the class..."
      error={(error) => (
        <>
          <h1>Class</h1>
          {isNotFound(error) ? <Alert tone="error">Class not found.</Alert> : <LoadError what="Could not load the class" error={error} />}
          <Link to="/admin/classes">Back to Classes</Link>
        </>
      )}
    >
      {(data) => <AdminClass schoolClass={data} />}
    </QueryView>
  );
}

function AdminClass({ schoolClass }: { schoolClass: AdminClassDetail }) {
  const { classId } = schoolClass;
  const roster = useClassRoster(classId);
  // The students on the pages loaded so far; an enrolment of anyone else already enrolled answers so itself.
  const students = roster.data?.pages.flatMap((page) => page.students) ?? [];
  const enrolledIds = new Set(students.map((student) => student.userId));
  return (
    <div className="admin-class">
      <Link to="/admin/classes" className="back-link">
        ← Back to Classes
      </Link>
      <h1>{schoolClass.className}</h1>
      <div className="admin-panels">
        <ClassSettings schoolClass={schoolClass} />
        <ArchiveControl schoolClass={schoolClass} />
        <Roster schoolClass={schoolClass} roster={roster} students={students} />
        <EnrolOne classId={classId} enrolledIds={enrolledIds} />
        <EnrolFromList classId={classId} enrolledIds={enrolledIds} />
      </div>
      <AdminClassReport classId={classId} />
    </div>
  );
}

function ClassSettings({ schoolClass }: { schoolClass: AdminClassDetail }) {
  const navigate = useNavigate();
  const rename = useRenameClass(schoolClass.classId);
  const setTeacher = useSetClassTeacher(schoolClass.classId);
  const remove = useDeleteClass();
  const [className, setClassName] = useState(schoolClass.className);
  const [teacherId, setTeacherId] = useState(schoolClass.teacher?.userId ?? '');
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const fail = (failure: Error) => setMessage({ tone: 'error', text: failure.message });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = renameClassSchema.safeParse({ className });
    if (!checked.success) return setMessage({ tone: 'error', text: checked.error.issues[0].message });
    const currentTeacher = schoolClass.teacher?.userId ?? '';
    if (checked.data.className !== schoolClass.className) {
      rename.mutate(checked.data.className, { onSuccess: () => setMessage({ tone: 'success', text: 'Saved.' }), onError: fail });
    }
    if (teacherId !== currentTeacher) {
      setTeacher.mutate(teacherId || null, { onSuccess: () => setMessage({ tone: 'success', text: 'Saved.' }), onError: fail });
    }
  };

  return (
    <section className="card admin-panel" aria-labelledby="class-settings-heading">
      <h2 id="class-settings-heading">Name and teacher</h2>
      {message && (
        <Alert tone={message.tone} onDismiss={() => setMessage(null)}>
          {message.text}
        </Alert>
      )}
      <form className="admin-form" onSubmit={submit} noValidate>
        <Field id="admin-class-name" label="Class name" required maxLength={CLASS_LIMITS.classNameMaxLength} value={className} onChange={(event) => setClassName(event.target.value)} />
        <TeacherSelect id="admin-class-teacher" value={teacherId} onChange={setTeacherId} />
        <div className="actions">
          <button type="submit" className="button" disabled={rename.isPending || setTeacher.isPending}>
            Save Changes
          </button>
          <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
            Delete Class
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        message={`Delete "${schoolClass.className}"? Its ${schoolClass.studentCount} enrolments and all progress recorded in it are removed. Modules stay with their teachers.`}
        confirmLabel="Delete Class"
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(schoolClass.classId, {
            onSuccess: () => navigate('/admin/classes', { replace: true }),
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

interface RosterProps {
  schoolClass: AdminClassDetail;
  roster: ReturnType<typeof useClassRoster>;
  students: RosterPageAnswer['students'];
}

function Roster({ schoolClass, roster, students }: RosterProps) {
  const unenrol = useUnenrolStudent(schoolClass.classId);
  const [leaving, setLeaving] = useState<{ userId: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="card admin-panel" aria-labelledby="roster-heading">
      <h2 id="roster-heading">Students ({schoolClass.studentCount})</h2>
      {error && <Alert tone="error">{error}</Alert>}
      {schoolClass.studentCount > 0 && <Link to={`/admin/classes/${schoolClass.classId}/login-slips`}>Print login slips</Link>}
      <QueryView
        query={roster}
        loading="Loading students..."
        error={(error) => (
          <Alert tone="error">Could not load the students: {error.message}</Alert>
        )}
        empty={{ when: () => students.length === 0, show: <p className="muted">No students are enrolled in this class yet.</p> }}
      >
        {() => (
          <ul className="plain-list">
            {students.map((student) => (
              <li key={student.userId} className="list-item-with-action">
                <PersonLabel name={student.name} email={student.email} />
                <button type="button" className="link-button" aria-label={`Unenrol ${student.name}`} onClick={() => setLeaving(student)}>
                  Unenrol
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {roster.hasNextPage && (
        <button type="button" className="button button-secondary" disabled={roster.isFetchingNextPage} onClick={() => void roster.fetchNextPage()}>
          {roster.isFetchingNextPage ? 'Loading...' : `Show More Students (${students.length} of ${schoolClass.studentCount} shown)`}
        </button>
      )}
      <ConfirmDialog
        open={leaving !== null}
        message={`Unenrol ${leaving?.name} from ${schoolClass.className}? Their progress is kept if they are enrolled again.`}
        confirmLabel="Unenrol"
        busy={unenrol.isPending}
        onCancel={() => setLeaving(null)}
        onConfirm={() =>
          unenrol.mutate(leaving!.userId, { onError: (failure) => setError(failure.message), onSettled: () => setLeaving(null) })
        }
      />
    </section>
  );
}

/** Students listed at first, and added by each Show More: enough to pick from, short enough to scan. */
const ENROL_CANDIDATES_STEP = 8;

function EnrolOne({ classId, enrolledIds }: { classId: string; enrolledIds: ReadonlySet<string> }) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const students = usePeople({ role: 'Students', search: deferred || undefined });
  const enrol = useEnrolStudents(classId);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [shown, setShown] = useState({ search: deferred, count: ENROL_CANDIDATES_STEP });
  // A new search starts from the first few again.
  const count = shown.search === deferred ? shown.count : ENROL_CANDIDATES_STEP;
  const matching = (students.data?.pages.flatMap((page) => page.people) ?? []).filter((person) => !enrolledIds.has(person.userId));
  const candidates = matching.slice(0, count);
  const more = matching.length > count || students.hasNextPage;
  const showMore = () => {
    const next = count + ENROL_CANDIDATES_STEP * 2;
    setShown({ search: deferred, count: next });
    if (matching.length < next && students.hasNextPage) void students.fetchNextPage();
  };
  return (
    <section className="card admin-panel" aria-labelledby="enrol-one-heading">
      <h2 id="enrol-one-heading">Enrol a student</h2>
      {message && (
        <Alert tone={message.tone} onDismiss={() => setMessage(null)}>
          {message.text}
        </Alert>
      )}
      <div className="field">
        <label htmlFor="enrol-search">Search students by name or e-mail</label>
        <input id="enrol-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      <QueryView
        query={students}
        loading="Loading students..."
        error={(error) => <LoadError what="Could not load the students to enrol" error={error} />}
        empty={{ when: () => candidates.length === 0, show: <p className="muted">No student to enrol matches.</p> }}
      >
        {() => (
          <ul className="plain-list">
            {candidates.map((student) => (
              <li key={student.userId} className="list-item-with-action">
                <PersonLabel name={displayName(student)} email={student.email} />
                <button
                  type="button"
                  className="link-button"
                  disabled={enrol.isPending}
                  aria-label={`Enrol ${displayName(student)}`}
                  onClick={() =>
                    enrol.mutate([student.userId], {
                      onSuccess: ({ results }) => setMessage({ tone: results[0].outcome === 'enrolled' ? 'success' : 'error', text: `${displayName(student)}: ${results[0].message}` }),
                      onError: (failure) => setMessage({ tone: 'error', text: failure.message }),
                    })
                  }
                >
                  Enrol
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {more && (
        <button type="button" className="button button-secondary" disabled={students.isFetchingNextPage} onClick={showMore}>
          {students.isFetchingNextPage
            ? 'Loading...'
            : students.hasNextPage
              ? `Show More Students (${candidates.length} shown; more match)`
              : `Show More Students (${candidates.length} of ${matching.length} shown)`}
        </button>
      )}
    </section>
  );
}

/** The class's progress report, as its teacher sees it, read-only. */
function AdminClassReport({ classId }: { classId: string }) {
  const detail = useClass(classId);
  return (
    <section aria-labelledby="report-heading">
      <h2 id="report-heading">Progress (read-only)</h2>
      <ClassReport
        classId={classId}
        caption="Progress per student and module"
        classModules={detail.data?.assignedModuleIds}
        emptyText="No progress to show: the class needs students and at least one assigned module."
        loadingLabel="Loading the report..."
        failureText="Could not load the report."
      />
    </section>
  );
}
