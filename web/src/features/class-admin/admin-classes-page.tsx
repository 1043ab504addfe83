// /admin/classes: every current class of the school with its teacher and numbers, creating a new one, the archived
// classes, the school's retention and starting a new school year.
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CLASS_LIMITS } from '@shared/class-admin';
import { createClassSchema } from '@shared/contract/rosters';
import { Alert } from '../../components/alert';
import { LoadError } from '../../components/load-error';
import { Field } from '../../components/field';
import { useDocumentTitle } from '../../components/use-document-title';
import { useLogError } from '../../lib/use-log-error';
import { moduleCount, studentCount } from '@web/lib/count-label';
import { useAdminClasses, useCreateClass } from '@web/api/rosters';
import { TeacherSelect } from './components/teacher-select';
import { ArchivedClasses, NewSchoolYear, RetentionForm } from './school-year';
import '../people/people.css';
import { QueryView } from '@web/components/query-view';

export default function AdminClassesPage() {
  useDocumentTitle('Classes');
  const classes = useAdminClasses();
  useLogError(classes.error, 'Loading the classes failed');
  return (
    <>
      <h1>Classes</h1>
      <p className="muted">Create classes, give them a teacher and enrol students.</p>
      <CreateClassForm />
      <section aria-labelledby="all-classes-heading">
        <h2 id="all-classes-heading">All classes</h2>
        <QueryView
          query={classes}
          loading="Loading classes..."
          error={(error) => <LoadError what="Could not load the classes" error={error} />}
          empty={{ when: (data) => data.length === 0, show: <p className="empty-state">No classes yet: create the first one above.</p> }}
        >
          {(data) => (
            <ul className="people-list" aria-label="Classes">
              {data.filter((each) => !each.archivedAt).map((each) => (
                <li key={each.classId} className="card person-card">
                  <div className="person-who">
                    <Link to={`/admin/classes/${each.classId}`} className="person-name">
                      {each.className}
                    </Link>
                    <span className="muted">{each.teacher ? `Teacher: ${each.teacher.name}` : 'No teacher yet'}</span>
                  </div>
                  <p className="person-facts">
                    <span>{studentCount(each.studentCount)}</span>
                    <span>{moduleCount(each.moduleCount)}</span>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </section>
      {classes.data && (
        <>
          <ArchivedClasses classes={classes.data} />
          <NewSchoolYear classes={classes.data.filter((each) => !each.archivedAt)} />
        </>
      )}
      <RetentionForm />
    </>
  );
}

function CreateClassForm() {
  const create = useCreateClass();
  const [className, setClassName] = useState('');
  const [teacherId, setTeacherId] = useState('');
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string; classId?: string } | null>(null);
  // The new class's id, chosen once per form draft: a second submit of the same form (a retry after a timeout, a
  // double click) answers the class the first one made instead of creating another.
  const draftClassId = useRef(crypto.randomUUID());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const input = createClassSchema.safeParse({ classId: draftClassId.current, className, ...(teacherId ? { teacherId } : {}) });
    if (!input.success) return setMessage({ tone: 'error', text: input.error.issues[0].message });
    create.mutate(input.data, {
      onSuccess: (created) => {
        setMessage({ tone: 'success', text: `Class "${created.className}" created.`, classId: created.classId });
        draftClassId.current = crypto.randomUUID();
        setClassName('');
        setTeacherId('');
      },
      onError: (failure) => setMessage({ tone: 'error', text: failure.message }),
    });
  };

  return (
    <section className="card admin-panel create-class" aria-labelledby="create-class-heading">
      <h2 id="create-class-heading">Create a class</h2>
      {message && (
        <Alert tone={message.tone} onDismiss={() => setMessage(null)}>
          {message.text} {message.classId && <Link to={`/admin/classes/${message.classId}`}>Enrol its students</Link>}
        </Alert>
      )}
      <form className="admin-form" onSubmit={submit} noValidate>
        <Field
          id="class-name"
          label="Class name"
          required
          maxLength={CLASS_LIMITS.classNameMaxLength}
          value={className}
          onChange={(event) => setClassName(event.target.value)}
        />
        <TeacherSelect id="class-teacher" value={teacherId} onChange={setTeacherId} />
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Class'}
        </button>
      </form>
    </section>
  );
}
