// /student-dashboard: a card per enrolled class.
import { Link } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { displayName } from '../../../../shared/people';
import { useCurrentUser } from '../../lib/session';
import { useLogError } from '../../lib/use-log-error';
import { useStudentClasses } from '../classes/api/classes';
import { moduleCount } from '../classes/components/count-label';
import './dashboard.css';

const NOT_ENROLLED = 'You are not currently enrolled in any classes.';

export default function StudentDashboardPage() {
  useDocumentTitle('Student Dashboard');
  const user = useCurrentUser();
  const { userId } = user;
  const classes = useStudentClasses(userId);
  useLogError(classes.error, 'Loading the classes failed');

  return (
    <div className="dashboard">
      <h1>Welcome, {displayName(user)}!</h1>
      <p className="muted">Pick a class to continue where you left off.</p>
      <section aria-labelledby="my-classes-heading">
        <h2 id="my-classes-heading">My Classes</h2>
        {classes.isPending ? (
          <Loading label="Loading classes..." />
        ) : classes.isError ? (
          <Alert tone="error">Could not load classes.</Alert>
        ) : classes.data.length === 0 ? (
          <p className="empty-state">{NOT_ENROLLED}</p>
        ) : (
          <ul className="grid card-list">
            {classes.data.map((each) => (
              <li key={each._id} className="card student-class-card">
                <h3>{each.className}</h3>
                <p className="muted">Teacher: {each.teacherId?.username || 'N/A'}</p>
                <p className="muted">{moduleCount(each.assignedModuleIds.length)}</p>
                <Link to={`/student/class/${each._id}`} className="button">
                  View Class
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
