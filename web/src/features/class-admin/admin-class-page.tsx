// /admin/classes/:classId: one class for an admin: its name, teacher, students (enrol one by search or many from a
// list, unenrol), its progress report (read-only), and deleting it.
import { useDeferredValue, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CLASS_LIMITS, renameClassSchema, type AdminClassDetail } from '../../../../shared/class-admin';
import { displayName } from '../../../../shared/people';
import { Alert } from '../../components/alert';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Field } from '../../components/field';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { isNotFound } from '../../lib/api-client';
import { useClass } from '../classes/api/classes';
import { usePeople } from '../people/api/people';
import { useClassReport } from '../progress/api/progress';
import { ReportTable } from '../progress';
import { useAdminClass, useDeleteClass, useEnrolStudents, useRenameClass, useSetClassTeacher, useUnenrolStudent } from './api/class-admin';
import { EnrolFromList } from './components/enrol-from-list';
import { TeacherSelect } from './components/teacher-select';
import '../people/people.css';
import '../progress/progress.css';

export default function AdminClassPage() {
  const { classId = '' } = useParams();
  const schoolClass = useAdminClass(classId);
  useDocumentTitle(schoolClass.data?.className ?? 'Class');
  if (schoolClass.isPending) return <Loading label="Loading the class..." />;
  if (schoolClass.isError) {
    return (
      <>
        <h1>Class</h1>
        <Alert tone="error">{isNotFound(schoolClass.error) ? 'Class not found.' : `Could not load the class: ${schoolClass.error.message}`}</Alert>
        <Link to="/admin/classes">Back to Classes</Link>
      </>
    );
  }
  return <AdminClass schoolClass={schoolClass.data} />;
}

function AdminClass({ schoolClass }: { schoolClass: AdminClassDetail }) {
  const { classId } = schoolClass;
  const enrolledIds = new Set(schoolClass.students.map((student) => student.userId));
  return (
    <div className="admin-class">
      <Link to="/admin/classes" className="back-link">
        ← Back to Classes
      </Link>
      <h1>{schoolClass.className}</h1>
      <div className="admin-panels">
        <ClassSettings schoolClass={schoolClass} />
        <Roster schoolClass={schoolClass} />
        <EnrolOne classId={classId} enrolledIds={enrolledIds} full={schoolClass.studentCount >= CLASS_LIMITS.studentsMax} />
        <EnrolFromList classId={classId} enrolledIds={enrolledIds} />
      </div>
      <ClassReport classId={classId} />
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

function Roster({ schoolClass }: { schoolClass: AdminClassDetail }) {
  const unenrol = useUnenrolStudent(schoolClass.classId);
  const [leaving, setLeaving] = useState<{ userId: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="card admin-panel" aria-labelledby="roster-heading">
      <h2 id="roster-heading">
        Students ({schoolClass.studentCount} of {CLASS_LIMITS.studentsMax})
      </h2>
      {error && <Alert tone="error">{error}</Alert>}
      {schoolClass.students.length === 0 ? (
        <p className="muted">No students are enrolled in this class yet.</p>
      ) : (
        <ul className="plain-list">
          {schoolClass.students.map((student) => (
            <li key={student.userId} className="list-item-with-action">
              <span>{student.name}</span>
              <button type="button" className="link-button" aria-label={`Unenrol ${student.name}`} onClick={() => setLeaving(student)}>
                Unenrol
              </button>
            </li>
          ))}
        </ul>
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

function EnrolOne({ classId, enrolledIds, full }: { classId: string; enrolledIds: ReadonlySet<string>; full: boolean }) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const students = usePeople({ role: 'Students', search: deferred || undefined });
  const enrol = useEnrolStudents(classId);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const candidates = (students.data?.pages.flatMap((page) => page.people) ?? []).filter((person) => !enrolledIds.has(person.userId)).slice(0, 8);
  return (
    <section className="card admin-panel" aria-labelledby="enrol-one-heading">
      <h2 id="enrol-one-heading">Enrol a student</h2>
      {full && <Alert tone="info">The class is full: a class holds at most {CLASS_LIMITS.studentsMax} students.</Alert>}
      {message && (
        <Alert tone={message.tone} onDismiss={() => setMessage(null)}>
          {message.text}
        </Alert>
      )}
      <div className="field">
        <label htmlFor="enrol-search">Search students by name or e-mail</label>
        <input id="enrol-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      {students.isPending ? (
        <Loading label="Loading students..." />
      ) : candidates.length === 0 ? (
        <p className="muted">No student to enrol matches.</p>
      ) : (
        <ul className="plain-list">
          {candidates.map((student) => (
            <li key={student.userId} className="list-item-with-action">
              <span>
                {displayName(student)} <span className="muted">{student.email}</span>
              </span>
              <button
                type="button"
                className="link-button"
                disabled={enrol.isPending || full}
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
    </section>
  );
}

/** The class's progress report, as its teacher sees it, read-only. */
function ClassReport({ classId }: { classId: string }) {
  const report = useClassReport(classId);
  const detail = useClass(classId);
  return (
    <section aria-labelledby="report-heading">
      <h2 id="report-heading">Progress (read-only)</h2>
      {report.isPending ? (
        <Loading label="Loading the report..." />
      ) : report.isError ? (
        <Alert tone="error">Could not load the report: {report.error.message}</Alert>
      ) : report.data.length === 0 ? (
        <p className="empty-state">No progress to show: the class needs students and at least one assigned module.</p>
      ) : (
        <ReportTable caption="Progress per student and module" rows={report.data} classModules={detail.data?.assignedModuleIds} />
      )}
    </section>
  );
}
