// A module's drill-down: each student × the module's sections, with the date each section was completed.
import { useState } from 'react';
import type { ModuleReport } from '@shared/entities';
import { Alert } from '@web/components/alert';
import { Loading } from '@web/components/loading';
import { useModuleReport } from '../api/progress';
import { csvFileName } from '../utils/csv';
import { downloadCsv } from '../utils/download-csv';
import { CheckAnalysisView } from '../../checks';
import { checkColumns, moduleDrillDownCsv, standingText } from '../utils/report-csv';
import { DrillDownDialog } from './drill-down-dialog';
import { formatShortDate } from '@web/lib/dates';

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
      {report.isPending ? (
        <Loading label="Loading sections..." />
      ) : report.isError ? (
        <Alert tone="error">Could not load this module&apos;s sections.</Alert>
      ) : (
        <>
          <SectionTable report={report.data} />
          <CheckScores report={report.data} classId={classId} />
        </>
      )}
    </DrillDownDialog>
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
      <div className="report-scroll drill-down-scroll" role="region" aria-label={`Check scores in ${report.moduleTitle}`} tabIndex={0}>
        <table className="drill-down-table">
          <caption className="visually-hidden">Each student&apos;s best score and attempts on each check of {report.moduleTitle}</caption>
          <thead>
            <tr>
              <th scope="col">Student</th>
              {checks.map((check) => (
                <th scope="col" key={check.sectionId}>
                  {check.title} <span className="muted">(pass {check.passMark}%)</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.rows.map((row) => (
              <tr key={row.studentId}>
                <th scope="row">{row.studentName}</th>
                {checks.map((check) => (
                  <td key={check.sectionId}>{standingText(row.scores?.[check.sectionId]) || 'No attempt'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
    <div className="report-scroll drill-down-scroll" role="region" aria-label={`Sections of ${report.moduleTitle}`} tabIndex={0}>
      <table className="drill-down-table">
        <caption className="visually-hidden">Each student and the date they completed each section of {report.moduleTitle}</caption>
        <thead>
          <tr>
            <th scope="col">Student</th>
            {report.sections.map((section) => (
              <th scope="col" key={section._id}>
                {section.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr key={row.studentId}>
              <th scope="row">{row.studentName}</th>
              {report.sections.map((section) => (
                <td key={section._id}>
                  <CompletedOn completedAt={row.completedAt} sectionId={section._id} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CompletedOn({ completedAt, sectionId }: { completedAt: Record<string, string | null>; sectionId: string }) {
  if (!Object.hasOwn(completedAt, sectionId)) {
    return (
      <>
        <span className="status-icon status-not-started" aria-hidden="true">
          ○
        </span>{' '}
        Not done
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
