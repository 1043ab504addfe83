// A module's drill-down: each student × the module's sections, with the date each section was completed.
import type { ModuleReport } from '@shared/entities';
import { Alert } from '@web/components/alert';
import { Loading } from '@web/components/loading';
import { useModuleReport } from '../api/progress';
import { csvFileName } from '../utils/csv';
import { downloadCsv } from '../utils/download-csv';
import { moduleDrillDownCsv } from '../utils/report-csv';
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
        <SectionTable report={report.data} />
      )}
    </DrillDownDialog>
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
