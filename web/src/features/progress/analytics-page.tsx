// /analytics: pick one of the teacher's classes to see its progress report.
import { Link } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { useCurrentUser } from '../../lib/session';
import { useTeacherClasses } from '../classes/api/classes';
import { moduleCount, studentCount } from '../classes/components/count-label';
import '../modules/page-parts.css';
import './progress.css';

export const NO_CLASSES = 'You are not assigned to any classes yet.';

export default function AnalyticsPage() {
  useDocumentTitle('Class Analytics');
  const { userId } = useCurrentUser();
  const classes = useTeacherClasses(userId);

  return (
    <div>
      <h1>Class Analytics</h1>
      <p className="muted">Choose a class to see each student&apos;s progress through its modules.</p>
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
            <li key={each._id}>
              <Link to={`/analytics/${each._id}`} className="card analytics-card">
                <span className="analytics-card-title">{each.className}</span>
                <span className="muted">{studentCount(each.studentIds.length)}</span>
                <span className="muted">{moduleCount(each.assignedModuleIds.length)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
