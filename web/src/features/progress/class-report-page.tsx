// /analytics/:classId: the Student Progress Report of one class, with its summary, sort and filters, drill-downs,
// CSV export, the scores export for the school's information system (OneRoster), the list of every path override
// and how fresh it is. The rows come
// in pages of up to 100 students as the teacher scrolls (a class of one page is shown by name, a larger one in page
// order); the summary, a sort or filter other than the default, and the
// export need every row, so asking for one loads the remaining pages first (with a visible loading line). The Overdue
// filter (a module past its due date, from the class detail, and not complete) lists that work with Nudge.
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ClassReportRow } from '@shared/contract/reports';
import { DEFAULT_STALLED_DAYS } from '@shared/report-insight';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { askClassEarly, useClass } from '@web/api/classes';
import { askClassReportEarly, useClassDownload, useClassReportPages } from '@web/api/reports';
import { Alert } from '@web/components/alert';
import { QueryView } from '@web/components/query-view';
import { ClassOverrides } from './components/class-overrides';
import { ModuleDrillDown } from './components/module-drill-down';
import { MoreStudentsFailed } from './components/more-students-failed';
import { OneRosterScoresExport } from './components/oneroster-scores-export';
import { OverdueWork } from './components/overdue-work';
import { ReportControls } from './components/report-controls';
import { ReportFreshness } from './components/report-freshness';
import { StatusLegend } from './components/report-status';
import { ReportSummary } from './components/report-summary';
import { reportColumns, ReportTable, type ReportView } from './components/report-table';
import { StudentDrillDown } from './components/student-drill-down';
import { csvFileName } from '@web/lib/csv';
import { downloadCsv } from '@web/lib/download-csv';
import { useOneAtATime } from '@web/lib/use-one-at-a-time';
import { downloadedRows, matrixCsv, type MatrixRow, type ReportColumn } from './utils/report-csv';
import { viewRows, type ReportFilter, type ReportSort } from './utils/report-view';
import './insight.css';
import './progress.css';

const NO_PROGRESS = 'No progress data found for this class yet.';
const REPORT_FAILED = 'Could not load progress report for this class.';
const NO_MATCH = 'No students match this filter.';
const DOWNLOAD_FAILED = 'Could not download the report. Try again.';

const hasNoProgress = (rows: ClassReportRow[]) => rows.every((row) => row.modules.length === 0);

/** Opened as the first page of a visit: the class and the report's first page are asked for while the app renders. */
export function preloadData({ classId }: Record<string, string | undefined>) {
  if (!classId) return;
  askClassEarly(classId);
  askClassReportEarly(classId);
}

export default function ClassReportPage() {
  const { classId = '' } = useParams();
  const klass = useClass(classId);
  const report = useClassReportPages(classId);
  const className = klass.data?.className;
  const heading = className ? `Student Progress Report: ${className}` : 'Student Progress Report';
  useDocumentTitle(heading);

  const [sort, setSort] = useState<ReportSort>('name');
  const [filter, setFilter] = useState<ReportFilter>('all');
  const [stalledDays, setStalledDays] = useState(DEFAULT_STALLED_DAYS);
  const [view, setView] = useState<ReportView>('completion');
  const [openModule, setOpenModule] = useState<ReportColumn | null>(null);
  const [openStudent, setOpenStudent] = useState<ClassReportRow | null>(null);
  const [summaryWanted, setSummaryWanted] = useState(false);
  const [exportWanted, setExportWanted] = useState(false);

  // The rows render after the heading has painted, in a render React can interrupt (yielding to the browser), rather
  // than in the same long task as the answer's arrival: on a slow phone the heading shows at once and input stays live.
  const pages = useDeferredValue(report.data?.pages);
  const loaded = useMemo(() => pages?.flatMap((page) => page.rows), [pages]);
  const studentCount = pages?.[0]?.studentCount ?? 0;
  // From the pages shown (which lag the query's while the rows render), so the rows and what they count agree.
  const allLoaded = pages !== undefined && pages.at(-1)?.next === undefined;
  const needsAll = sort !== 'name' || filter !== 'all' || summaryWanted || exportWanted;
  const loadingAll = needsAll && !allLoaded;
  const rows = allLoaded ? loaded : undefined;

  // "Now" for the rules is when the report was fetched, so the summary and filters agree with the data and do not
  // change under the teacher's eyes between refreshes.
  const fetchedAt = report.dataUpdatedAt;
  // A class of several pages keeps the order its pages come in (by student id) in the default view, so rows never
  // reorder as the last page arrives; choosing a sort or filter orders them as chosen.
  const pageOrder = (pages?.length ?? 0) > 1 && sort === 'name' && filter === 'all';
  const dueDates = useMemo(
    () => new Map((klass.data?.assignedModuleIds ?? []).flatMap((module) => (module.dueAt ? [[module._id, module.dueAt] as const] : []))),
    [klass.data],
  );
  const shownRows = useMemo(
    () => rows && (pageOrder ? rows : viewRows(rows, { sort, filter, stalledDays, now: new Date(fetchedAt), dueDates })),
    [rows, pageOrder, sort, filter, stalledDays, fetchedAt, dueDates],
  );
  const columns = useMemo(() => reportColumns(loaded ?? [], klass.data?.assignedModuleIds), [loaded, klass.data]);
  const empty = loaded && hasNoProgress(loaded);
  const exportRows = useCallback(
    (list: MatrixRow[]) => downloadCsv(csvFileName(className ?? 'class', 'progress'), matrixCsv(list, columns)),
    [className, columns],
  );
  // The default view of a class not all loaded exports the whole class from one answer (any size), not page by page.
  const wholeDownload = useClassDownload();
  const oneAtATime = useOneAtATime();
  const downloadWhole = () =>
    oneAtATime((settled) => wholeDownload.mutate(classId, { onSuccess: (answer) => exportRows(downloadedRows(answer)), onSettled: settled }));
  const exportView = () => {
    if (shownRows) exportRows(shownRows);
    else if (sort === 'name' && filter === 'all') downloadWhole();
    else setExportWanted(true);
  };

  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = report;
  useEffect(() => {
    if (needsAll && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [needsAll, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  useEffect(() => {
    if (exportWanted && shownRows) {
      setExportWanted(false);
      exportRows(shownRows);
    }
  }, [exportWanted, shownRows, exportRows]);

  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  // The heading names the class, so the report waits for the class (a small answer) and its heading never changes
  // length once shown; a class that could not be read leaves the plain heading. Below it, everything keeps its size
  // while the report loads and the loading line is replaced by the table.
  const reportScreen = (
    <>
      <div className="report-heading">
        <h1>{heading}</h1>
        <ReportFreshness updatedAt={fetchedAt} fetching={report.isFetching} onRefresh={() => void report.refetch()} />
      </div>
      {/* Until every page is in, the summary keeps its loading size and offers to load them (nothing moves). */}
      <div className="report-summary-slot">
        <ReportSummary rows={rows} now={new Date(fetchedAt)} stalledDays={stalledDays} />
        {pages && !allLoaded && (
          <p className="report-summary-overlay">
            {summaryWanted ? (
              `Loading all ${studentCount} students for the summary...`
            ) : (
              <button type="button" className="link-button" onClick={() => setSummaryWanted(true)}>
                Show the summary of all {studentCount} students
              </button>
            )}
          </p>
        )}
      </div>
      <ReportControls
        sort={sort}
        filter={filter}
        stalledDays={stalledDays}
        shown={shownRows?.length ?? loaded?.length}
        total={studentCount || loaded?.length}
        onSort={setSort}
        onFilter={setFilter}
        onStalledDays={setStalledDays}
        onExport={loaded && !empty && !exportWanted && !wholeDownload.isPending ? exportView : undefined}
      />
      {wholeDownload.isPending && (
        <p className="muted" role="status">
          Preparing the CSV of all {studentCount} students...
        </p>
      )}
      {wholeDownload.isError && (
        <Alert tone="error" onDismiss={() => wholeDownload.reset()}>
          {DOWNLOAD_FAILED}
        </Alert>
      )}
      <OneRosterScoresExport classId={classId} />
      <ClassOverrides classId={classId} />
      <ViewSwitch view={view} onChange={setView} />
      {view === 'completion' ? (
        <StatusLegend />
      ) : (
        <p className="muted report-legend">Each cell: the student&apos;s mean best score on the module&apos;s checks, and how many of them they passed.</p>
      )}
      <QueryView
        query={{ data: loaded, error: report.error }}
        loading="Loading progress report..."
        error={REPORT_FAILED}
        empty={{ when: hasNoProgress, show: <p className="empty-state">{NO_PROGRESS}</p> }}
      >
        {(loadedRows) =>
          // A sort or filter of a class of several pages waits for the rest of them (a failed page shows the rows in).
          loadingAll && !isError ? (
            <Loading label={`Loading all ${studentCount} students...`} />
          ) : shownRows?.length === 0 ? (
            <p className="empty-state">{NO_MATCH}</p>
          ) : (
            <ReportTable
              caption={`Progress of each student in each module of ${className ?? 'this class'}`}
              rows={shownRows ?? loadedRows}
              totalRows={shownRows ? 0 : studentCount}
              onNearEnd={loadMore}
              classModules={klass.data?.assignedModuleIds}
              onOpenModule={setOpenModule}
              onOpenStudent={setOpenStudent}
              view={view}
            />
          )
        }
      </QueryView>
      {filter === 'overdue' && shownRows && shownRows.length > 0 && (
        <OverdueWork classId={classId} rows={shownRows} dueDates={dueDates} now={new Date(fetchedAt)} />
      )}
      {loaded && isError && <MoreStudentsFailed onRetry={() => void fetchNextPage()} />}
      {openModule && (
        <ModuleDrillDown
          classId={classId}
          className={className ?? ''}
          moduleId={openModule.moduleId}
          moduleTitle={openModule.title}
          onClose={() => setOpenModule(null)}
        />
      )}
      {openStudent && <StudentDrillDown row={openStudent} classId={classId} className={className ?? ''} onClose={() => setOpenStudent(null)} />}
    </>
  );
  return (
    <div>
      <BackLink />
      <QueryView query={klass} loading="Loading progress report..." error={() => reportScreen}>
        {() => reportScreen}
      </QueryView>
    </div>
  );
}

const VIEW_LABELS: Record<ReportView, string> = { completion: 'Completion', scores: 'Scores' };

/** Completion or Scores: the same rows and columns, each cell telling one or the other. */
function ViewSwitch({ view, onChange }: { view: ReportView; onChange: (view: ReportView) => void }) {
  return (
    <div className="report-view-switch" role="group" aria-label="Report view">
      {(Object.keys(VIEW_LABELS) as ReportView[]).map((each) => (
        <button key={each} type="button" className={each === view ? 'button' : 'button button-secondary'} aria-pressed={each === view} onClick={() => onChange(each)}>
          {VIEW_LABELS[each]}
        </button>
      ))}
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
