// A module's drill-down: each student × the module's sections, with the date each section was completed.
import { useState, type ReactNode } from 'react';
import type { ModuleReport } from '@shared/contract/reports';
import { useModuleReport } from '@web/api/reports';
import { csvFileName } from '@web/lib/csv';
import { downloadCsv } from '@web/lib/download-csv';
import { CheckAnalysisView } from '../../checks';
import { checkColumns, moduleDrillDownCsv, standingText } from '../utils/report-csv';
import { DrillDownDialog } from './drill-down-dialog';
import { formatShortDate } from '@web/lib/dates';
import { QueryView } from '@web/components/query-view';

interface ModuleDrillDownProps {
  classId: string;
  className: string;
  moduleId: string;
  moduleTitle: string;
  onClose: () => void;
}

export function ModuleDrillDown({ classId, className, moduleId, moduleTitle, onClose }: ModuleDrillDownProps) {
  const report = useModuleReport(classId, moduleId);
  const data = report.data;
  return (
    <DrillDownDialog
      title={`${moduleTitle}: sections completed`}
      onClose={onClose}
      onExport={data ? () => downloadCsv(csvFileName(className, moduleTitle), moduleDrillDownCsv(data)) : undefined}
    >
      <QueryView
        query={report}
        loading="Loading sections..."
        error="Could not load this module's sections."
      >
        {(data) => (
          <>
            <Branches report={data} />
            <SectionTable report={data} />
            <CheckScores report={data} classId={classId} />
          </>
        )}
      </QueryView>
    </DrillDownDialog>
  );
}

const BRANCH_HEADINGS = [
  ['review', 'Review'],
  ['core', 'Core'],
  ['extension', 'Extension'],
] as const;

/** Who is on which branch of a module with review or extension sections: the students under each, by name. */
function Branches({ report }: { report: ModuleReport }) {
  if (!report.rows.some((row) => row.branch)) return null;
  return (
    <section className="branch-view" aria-label={`Branches of ${report.moduleTitle}`}>
      <h3 className="drill-down-subheading">Who is on which branch</h3>
      <dl className="branch-list">
        {BRANCH_HEADINGS.map(([branch, heading]) => {
          const names = report.rows.filter((row) => row.branch === branch).map((row) => row.studentName);
          return (
            <div key={branch}>
              <dt>
                {heading} ({names.length})
              </dt>
              <dd>{names.length > 0 ? names.join(', ') : '—'}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** Per student × check the best score and attempts, and each check's item analysis on request. */
function CheckScores({ report, classId }: { report: ModuleReport; classId: string }) {
  const checks = checkColumns(report);
  const [analysed, setAnalysed] = useState<string | null>(null);
  if (checks.length === 0) return null;
  const open = checks.find((check) => check.sectionId === analysed);
  return (
    <>
      <h3 className="drill-down-subheading">Checks</h3>
      <StudentGrid
        rows={report.rows}
        label={`Check scores in ${report.moduleTitle}`}
        caption={`Each student's best score and attempts on each check of ${report.moduleTitle}`}
        columns={checks.map((check) => ({
          key: check.sectionId,
          heading: (
            <>
              {check.title} <span className="muted">(pass {check.passMark}%)</span>
            </>
          ),
        }))}
        cell={(row, sectionId) => standingText(row.scores?.[sectionId]) || 'No attempt'}
      />
      <div className="analysis-buttons">
        {checks.map((check) => (
          <button
            key={check.sectionId}
            type="button"
            className={check.sectionId === analysed ? 'button' : 'button button-secondary'}
            aria-pressed={check.sectionId === analysed}
            onClick={() => setAnalysed(check.sectionId === analysed ? null : check.sectionId)}
          >
            Item analysis: {check.title}
          </button>
        ))}
      </div>
      {open && <CheckAnalysisView classId={classId} moduleId={report.moduleId} sectionId={open.sectionId} sectionTitle={open.title} />}
    </>
  );
}

function SectionTable({ report }: { report: ModuleReport }) {
  return (
    <StudentGrid
      rows={report.rows}
      label={`Sections of ${report.moduleTitle}`}
      caption={`Each student and the date they completed each section of ${report.moduleTitle}`}
      columns={report.sections.map((section) => ({ key: section._id, heading: section.title }))}
      cell={(row, sectionId) => <CompletedOn completedAt={row.completedAt} closed={row.closed?.[sectionId]} sectionId={sectionId} />}
    />
  );
}

interface StudentGridProps {
  rows: ModuleReport['rows'];
  /** The scrolling region's name, and the table's caption for screen readers. */
  label: string;
  caption: string;
  columns: { key: string; heading: ReactNode }[];
  cell: (row: ModuleReport['rows'][number], key: string) => ReactNode;
}

/** Student × column (sections, or checks), scrolling sideways in its own box on a narrow screen. */
function StudentGrid({ rows, label, caption, columns, cell }: StudentGridProps) {
  return (
    <div className="report-scroll drill-down-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="drill-down-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Student</th>
            {columns.map((column) => (
              <th scope="col" key={column.key}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.studentId}>
              <th scope="row">{row.studentName}</th>
              {columns.map((column) => (
                <td key={column.key}>{cell(row, column.key)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How a section not done stands on the student's path: closed to them (locked), not needed (skipped, excused), or not done. */
const CLOSED = {
  locked: ['🔒', 'Locked'],
  skipped: ['–', 'Skipped'],
  excused: ['–', 'Excused'],
} as const;

interface CompletedOnProps {
  completedAt: Record<string, string | null>;
  closed: keyof typeof CLOSED | undefined;
  sectionId: string;
}

function CompletedOn({ completedAt, closed, sectionId }: CompletedOnProps) {
  if (!Object.hasOwn(completedAt, sectionId)) {
    const [icon, word] = closed ? CLOSED[closed] : ['○', 'Not done'];
    return (
      <>
        <span className="status-icon status-not-started" aria-hidden="true">
          {icon}
        </span>{' '}
        {word}
      </>
    );
  }
  const at = completedAt[sectionId];
  return (
    <>
      <span className="status-icon status-complete" aria-hidden="true">
        ✓
      </span>{' '}
      {at ? <time dateTime={at}>{formatShortDate(new Date(at))}</time> : 'Done (date not recorded)'}
    </>
  );
}
