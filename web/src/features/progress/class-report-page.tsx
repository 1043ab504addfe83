// /analytics/:classId: the Student Progress Report of one class.
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { useClass } from '../classes/api/classes';
import { useClassReport } from './api/progress';
import { ReportTable } from './components/report-table';
import './progress.css';

const NO_PROGRESS = 'No progress data found for this class yet.';
const REPORT_FAILED = 'Could not load progress report for this class.';

export default function ClassReportPage() {
  const { classId = '' } = useParams();
  const klass = useClass(classId);
  const report = useClassReport(classId);
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
      {report.isPending ? (
        <Loading label="Loading progress report..." />
      ) : report.isError ? (
        <Alert tone="error">{REPORT_FAILED}</Alert>
      ) : report.data.every((row) => row.modules.length === 0) ? (
        <p className="empty-state">{NO_PROGRESS}</p>
      ) : (
        <ReportTable
          caption={`Progress of each student in each module of ${className ?? 'this class'}`}
          rows={report.data}
          classModules={klass.data?.assignedModuleIds}
        />
      )}
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
