// /analytics/:classId: the Student Progress Report of one class.
import { Link, useParams } from 'react-router-dom';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { useClass } from '../classes/api/classes';
import { ClassReport } from './components/class-report';
import './progress.css';

const NO_PROGRESS = 'No progress data found for this class yet.';
const REPORT_FAILED = 'Could not load progress report for this class.';

export default function ClassReportPage() {
  const { classId = '' } = useParams();
  const klass = useClass(classId);
  const className = klass.data?.className;
  const heading = className ? `Student Progress Report: ${className}` : 'Student Progress Report';
  useDocumentTitle(heading);

  // The heading names the class, so it waits for the class (a small answer) and never changes length once shown;
  // below it, the loading line is replaced by the table. Neither moves anything on screen.
  if (klass.isPending) {
    return (
      <div>
        <BackLink />
        <Loading label="Loading progress report..." />
      </div>
    );
  }
  return (
    <div>
      <BackLink />
      <h1>{heading}</h1>
      <ClassReport
        classId={classId}
        caption={`Progress of each student in each module of ${className ?? 'this class'}`}
        classModules={klass.data?.assignedModuleIds}
        emptyText={NO_PROGRESS}
        loadingLabel="Loading progress report..."
        failureText={REPORT_FAILED}
      />
    </div>
  );
}

function BackLink() {
  return (
    <Link to="/analytics" className="back-link">
      ← Back to Class Selection
    </Link>
  );
}
