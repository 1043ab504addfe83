// /teacher-classes: the classes the signed-in teacher is assigned to.
import { Link } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { useCurrentUser } from '../../lib/session';
import { useTeacherClasses } from './api/classes';
import { moduleCount, studentCount } from './components/count-label';
import '../modules/page-parts.css';
import './classes.css';

export const NO_CLASSES = 'You have not been assigned to any classes yet.';

export default function TeacherClassesPage() {
  useDocumentTitle('My Classes');
  const { userId } = useCurrentUser();
  const classes = useTeacherClasses(userId);

  return (
    <div>
      <h1>My Classes</h1>
      {!userId ? (
        <Alert tone="error">Could not verify teacher ID.</Alert>
      ) : classes.isPending ? (
        <Loading label="Loading classes..." />
      ) : classes.isError ? (
        <Alert tone="error">Could not load classes.</Alert>
      ) : classes.data.length === 0 ? (
        <p className="empty-state">{NO_CLASSES}</p>
      ) : (
        <ul className="grid card-list">
          {classes.data.map((each) => (
            <li key={each._id} className="card class-card">
              <h2 className="class-card-title">{each.className}</h2>
              <p className="class-card-meta muted">
                <span>{studentCount(each.studentIds.length)}</span>
                <span>{moduleCount(each.assignedModuleIds.length)} Assigned</span>
              </p>
              <Link
                to={`/teacher-classes/${each._id}`}
                className="button button-secondary"
              >
                Manage Class
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
