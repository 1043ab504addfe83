// Above the report: class average completion, students not started, stalled and complete, and completions per day.
// Its size is fixed whether the report is loading or not, so nothing below moves when the numbers arrive.
import type { ClassReportRow } from '@shared/contract/reports';
import { completionsPerDay, summarizeReport } from '@shared/report-insight';
import { CompletionsChart } from './completions-chart';

interface ReportSummaryProps {
  rows: ClassReportRow[] | undefined;
  now: Date;
  stalledDays: number;
}

export function ReportSummary({ rows, now, stalledDays }: ReportSummaryProps) {
  const summary = rows && summarizeReport(rows, now, stalledDays);
  const value = (figure: number | null | undefined, suffix = '') => (figure === undefined ? '…' : figure === null ? '—' : `${figure}${suffix}`);
  return (
    <section className="report-summary" aria-label="Class summary">
      <dl className="report-figures">
        <div>
          <dt>Class average</dt>
          <dd>{value(summary?.averageCompletion, '%')}</dd>
        </div>
        <div>
          <dt>Not started</dt>
          <dd>{value(summary?.notStarted)}</dd>
        </div>
        <div>
          <dt>Stalled</dt>
          <dd title={`No section completed for ${stalledDays} days or more`}>{value(summary?.stalled)}</dd>
        </div>
        <div>
          <dt>Complete</dt>
          <dd>{value(summary?.complete)}</dd>
        </div>
      </dl>
      <CompletionsChart days={completionsPerDay(rows ?? [], now)} />
    </section>
  );
}
