// /analytics: pick one of the teacher's classes to see its progress report.
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/use-document-title';
import { moduleCount, studentCount } from '@web/lib/count-label';
import { TeacherClassGrid } from '../classes';
import './progress.css';

const NO_CLASSES = 'You are not assigned to any classes yet.';

export default function AnalyticsPage() {
  useDocumentTitle('Class Analytics');

  return (
    <div>
      <h1>Class Analytics</h1>
      <p className="muted">Choose a class to see each student&apos;s progress through its modules.</p>
      <TeacherClassGrid
        emptyMessage={NO_CLASSES}
        renderCard={(each) => (
          <li>
            <Link to={`/analytics/${each._id}`} className="card analytics-card">
              <span className="analytics-card-title">{each.className}</span>
              <span className="muted">{studentCount(each.studentIds.length)}</span>
              <span className="muted">{moduleCount(each.assignedModuleIds.length)}</span>
            </Link>
          </li>
        )}
      />
    </div>
  );
}
