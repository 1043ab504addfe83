// /teacher-classes: the classes the signed-in teacher is assigned to.
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/use-document-title';
import { moduleCount, studentCount } from '@web/lib/count-label';
import { TeacherClassGrid } from './components/teacher-class-grid';
import './classes.css';

const NO_CLASSES = 'You have not been assigned to any classes yet.';

export default function TeacherClassesPage() {
  useDocumentTitle('My Classes');

  return (
    <div>
      <h1>My Classes</h1>
      <TeacherClassGrid
        emptyMessage={NO_CLASSES}
        renderCard={(each) => (
          <li className="card class-card">
            <h2 className="class-card-title">{each.className}</h2>
            <p className="class-card-meta muted">
              <span>{studentCount(each.studentIds.length)}</span>
              <span>{moduleCount(each.assignedModuleIds.length)} Assigned</span>
            </p>
            <Link to={`/teacher-classes/${each._id}`} className="button button-secondary">
              Manage Class
            </Link>
          </li>
        )}
      />
    </div>
  );
}
