// A class's report loaded in pages as the reader scrolls: the table knows the class's size from the first page
// (placeholder rows stand for students not loaded yet, so the scroll height never jumps) and asks for the next page
// when its last loaded rows come near the screen. A class that fits one page is shown by name; a larger one in roster
// order (by student id), which is the order its pages come in.
import type { ClassReportRow } from '@shared/contract/reports';
import type { ModuleRef } from '@shared/contract/classes';
import { Alert } from '@web/components/alert';
import { Loading } from '@web/components/loading';
import { useClassReportPages } from '../api/progress';
import { ReportTable } from './report-table';

interface ClassReportProps {
  classId: string;
  caption: string;
  classModules?: Pick<ModuleRef, '_id' | 'title'>[];
  emptyText: string;
  loadingLabel: string;
  failureText: string;
}

const byName = (a: ClassReportRow, b: ClassReportRow) => a.studentName.localeCompare(b.studentName);

export function ClassReport({ classId, caption, classModules, emptyText, loadingLabel, failureText }: ClassReportProps) {
  const report = useClassReportPages(classId);
  if (report.isPending) return <Loading label={loadingLabel} />;
  // A failed next page keeps the pages already loaded (and says so below the table).
  if (!report.data) return <Alert tone="error">{failureText}</Alert>;
  const { pages } = report.data;
  const loaded = pages.flatMap((page) => page.rows);
  if (loaded.every((row) => row.modules.length === 0)) return <p className="empty-state">{emptyText}</p>;
  const rows = report.hasNextPage || pages.length > 1 ? loaded : [...loaded].sort(byName);
  const loadMore = () => {
    if (report.hasNextPage && !report.isFetchingNextPage) void report.fetchNextPage();
  };
  return (
    <>
      <ReportTable caption={caption} rows={rows} totalRows={pages[0].studentCount} onNearEnd={loadMore} classModules={classModules} />
      {report.isError && (
        <Alert tone="error">
          Could not load more students.{' '}
          <button type="button" className="link-button" onClick={() => void report.fetchNextPage()}>
            Try again
          </button>
        </Alert>
      )}
    </>
  );
}
