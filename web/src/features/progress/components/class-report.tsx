// A class's report loaded in pages as the reader scrolls: the table knows the class's size from the first page
// (placeholder rows stand for students not loaded yet, so the scroll height never jumps) and asks for the next page
// when its last loaded rows come near the screen. A class that fits one page is shown by name; a larger one in roster
// order (by student id), which is the order its pages come in.
import type { ClassReportRow } from '@shared/contract/reports';
import type { ModuleRef } from '@shared/contract/classes';
import { QueryView } from '@web/components/query-view';
import { useClassReportPages } from '@web/api/reports';
import { MoreStudentsFailed } from './more-students-failed';
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
  const loadMore = () => {
    if (report.hasNextPage && !report.isFetchingNextPage) void report.fetchNextPage();
  };
  // A failed next page keeps the pages already loaded (and says so below the table).
  return (
    <QueryView
      query={report}
      loading={loadingLabel}
      error={failureText}
      empty={{ when: ({ pages }) => pages.every((page) => page.rows.every((row) => row.modules.length === 0)), show: <p className="empty-state">{emptyText}</p> }}
    >
      {({ pages }) => {
        const loaded = pages.flatMap((page) => page.rows);
        const rows = report.hasNextPage || pages.length > 1 ? loaded : [...loaded].sort(byName);
        return (
          <>
            <ReportTable caption={caption} rows={rows} totalRows={pages[0].studentCount} onNearEnd={loadMore} classModules={classModules} />
            {report.isError && <MoreStudentsFailed onRetry={() => void report.fetchNextPage()} />}
          </>
        );
      }}
    </QueryView>
  );
}
