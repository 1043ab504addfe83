// /analytics/:classId: the Student Progress Report of one class, with its summary, sort and filters, drill-downs,
// CSV export and how fresh it is.
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ClassReportRow } from '../../../../shared/entities';
import { DEFAULT_STALLED_DAYS } from '../../../../shared/report-insight';
import { Alert } from '../../components/alert';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { useClass } from '../classes/api/classes';
import { useClassReport } from './api/progress';
import { ModuleDrillDown } from './components/module-drill-down';
import { ReportControls } from './components/report-controls';
import { ReportFreshness } from './components/report-freshness';
import { StatusLegend } from './components/report-status';
import { ReportSummary } from './components/report-summary';
import { reportColumns, ReportTable } from './components/report-table';
import { StudentDrillDown } from './components/student-drill-down';
import { csvFileName } from './utils/csv';
import { downloadCsv } from './utils/download-csv';
import { matrixCsv, type ReportColumn } from './utils/report-csv';
import { viewRows, type ReportFilter, type ReportSort } from './utils/report-view';
import './insight.css';
import './progress.css';

const NO_PROGRESS = 'No progress data found for this class yet.';
const REPORT_FAILED = 'Could not load progress report for this class.';
const NO_MATCH = 'No students match this filter.';

export default function ClassReportPage() {
  const { classId = '' } = useParams();
  const klass = useClass(classId);
  const report = useClassReport(classId);
  const className = klass.data?.className;
  const heading = className ? `Student Progress Report: ${className}` : 'Student Progress Report';
  useDocumentTitle(heading);

  const [sort, setSort] = useState<ReportSort>('name');
  const [filter, setFilter] = useState<ReportFilter>('all');
  const [stalledDays, setStalledDays] = useState(DEFAULT_STALLED_DAYS);
  const [openModule, setOpenModule] = useState<ReportColumn | null>(null);
  const [openStudent, setOpenStudent] = useState<ClassReportRow | null>(null);

  // "Now" for the rules is when the report was fetched, so the summary and filters agree with the data and do not
  // change under the teacher's eyes between refreshes.
  const fetchedAt = report.dataUpdatedAt;
  const shownRows = useMemo(
    () => report.data && viewRows(report.data, { sort, filter, stalledDays, now: new Date(fetchedAt) }),
    [report.data, sort, filter, stalledDays, fetchedAt],
  );
  const columns = useMemo(() => reportColumns(report.data ?? [], klass.data?.assignedModuleIds), [report.data, klass.data]);
  const empty = report.data?.every((row) => row.modules.length === 0);

  // The heading names the class, so it waits for the class (a small answer) and never changes length once shown;
  // below it, everything keeps its size while the report loads and the loading line is replaced by the table.
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
      <div className="report-heading">
        <h1>{heading}</h1>
        <ReportFreshness updatedAt={fetchedAt} fetching={report.isFetching} onRefresh={() => void report.refetch()} />
      </div>
      <ReportSummary rows={report.data} now={new Date(fetchedAt)} stalledDays={stalledDays} />
      <ReportControls
        sort={sort}
        filter={filter}
        stalledDays={stalledDays}
        shown={shownRows?.length}
        total={report.data?.length}
        onSort={setSort}
        onFilter={setFilter}
        onStalledDays={setStalledDays}
        onExport={shownRows && !empty ? () => downloadCsv(csvFileName(className ?? 'class', 'progress'), matrixCsv(shownRows, columns)) : undefined}
      />
      <StatusLegend />
      {report.isPending ? (
        <Loading label="Loading progress report..." />
      ) : report.isError ? (
        <Alert tone="error">{REPORT_FAILED}</Alert>
      ) : empty ? (
        <p className="empty-state">{NO_PROGRESS}</p>
      ) : shownRows!.length === 0 ? (
        <p className="empty-state">{NO_MATCH}</p>
      ) : (
        <ReportTable
          caption={`Progress of each student in each module of ${className ?? 'this class'}`}
          rows={shownRows!}
          classModules={klass.data?.assignedModuleIds}
          onOpenModule={setOpenModule}
          onOpenStudent={setOpenStudent}
        />
      )}
      {openModule && (
        <ModuleDrillDown
          classId={classId}
          className={className ?? ''}
          moduleId={openModule.moduleId}
          moduleTitle={openModule.title}
          onClose={() => setOpenModule(null)}
        />
      )}
      {openStudent && <StudentDrillDown row={openStudent} className={className ?? ''} onClose={() => setOpenStudent(null)} />}
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
