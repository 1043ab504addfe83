// A student's drill-down: their progress in each of the class's modules, with first and latest completion dates.
// Computed from the report row already on screen, so it opens at once and costs no request.
import { lazy, Suspense } from 'react';
import type { ClassReportRow } from '@shared/contract/reports';
import { Loading } from '@web/components/loading';
import { formatShortDate } from '@web/lib/dates';
import { csvFileName } from '@web/lib/csv';
import { downloadCsv } from '@web/lib/download-csv';
import { studentDrillDownCsv, studentModuleLines } from '../utils/report-csv';
import { AttemptHistory } from '../../checks';
import { DrillDownDialog } from './drill-down-dialog';
import { StatusIcon } from './report-status';

// The overrides and their form load with the first drill-down opened, not with the report.
const PathOverrides = lazy(async () => ({ default: (await import('./path-overrides')).PathOverrides }));
const ReadingSummary = lazy(async () => ({ default: (await import('./reading-summary')).ReadingSummary }));

const dateOrDash = (iso: string | null) => (iso ? <time dateTime={iso}>{formatShortDate(new Date(iso))}</time> : '—');

interface StudentDrillDownProps {
  row: ClassReportRow;
  classId: string;
  className: string;
  onClose: () => void;
}

export function StudentDrillDown({ row, classId, className, onClose }: StudentDrillDownProps) {
  const lines = studentModuleLines(row);
  const scored = lines.some((line) => line.score);
  return (
    <DrillDownDialog
      title={`${row.studentName}: progress in ${className}`}
      onClose={onClose}
      onExport={() => downloadCsv(csvFileName(className, row.studentName), studentDrillDownCsv(row))}
    >
      <div className="report-scroll drill-down-scroll" role="region" aria-label={`Modules of ${row.studentName}`} tabIndex={0}>
        <table className="drill-down-table">
          <caption className="visually-hidden">Progress of {row.studentName} in each module, with dates</caption>
          <thead>
            <tr>
              <th scope="col">Module</th>
              <th scope="col">Progress</th>
              <th scope="col">First completion</th>
              <th scope="col">Latest completion</th>
              {scored && <th scope="col">Score</th>}
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={line.moduleId}>
                <th scope="row">{line.title}</th>
                <td>
                  <StatusIcon cell={row.modules[index]!} /> {line.progress}
                </td>
                <td>{dateOrDash(line.first)}</td>
                <td>{dateOrDash(line.latest)}</td>
                {scored && <td>{line.score || '—'}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {scored && <AttemptHistory classId={classId} studentId={row.studentId} studentName={row.studentName} />}
      <Suspense fallback={<Loading label="Loading reading..." />}>
        <ReadingSummary classId={classId} studentId={row.studentId} studentName={row.studentName} />
      </Suspense>
      <Suspense fallback={<Loading label="Loading overrides..." />}>
        <PathOverrides classId={classId} studentId={row.studentId} studentName={row.studentName} modules={row.modules} />
      </Suspense>
    </DrillDownDialog>
  );
}
