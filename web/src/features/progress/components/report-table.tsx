// The class report: one row per student, one column per module, each cell "percentage% (completed/total)".
import type { ClassReportRow, ModuleRef } from '../../../../../shared/entities';

interface ReportColumn {
  moduleId: string;
  title: string;
}

/** Columns follow the class's module order; modules only the report knows (none, normally) come last. */
function reportColumns(rows: ClassReportRow[], classModules: Pick<ModuleRef, '_id' | 'title'>[] = []): ReportColumn[] {
  const columns = new Map<string, ReportColumn>();
  for (const module of classModules) columns.set(module._id, { moduleId: module._id, title: module.title });
  for (const row of rows) {
    for (const module of row.modules) {
      if (!columns.has(module.moduleId)) columns.set(module.moduleId, { moduleId: module.moduleId, title: module.moduleTitle });
    }
  }
  return [...columns.values()];
}

const formatPercentage = (value: number) => `${Math.round(value)}%`;

interface ReportTableProps {
  caption: string;
  rows: ClassReportRow[];
  classModules?: Pick<ModuleRef, '_id' | 'title'>[];
}

export function ReportTable({ caption, rows, classModules }: ReportTableProps) {
  const columns = reportColumns(rows, classModules);
  return (
    <div className="report-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="report-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Student</th>
            {columns.map((column) => (
              <th scope="col" key={column.moduleId}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const byModule = new Map(row.modules.map((module) => [module.moduleId, module]));
            return (
              <tr key={row.studentId}>
                <th scope="row">{row.studentName}</th>
                {columns.map((column) => {
                  const cell = byModule.get(column.moduleId);
                  if (!cell) {
                    return (
                      <td key={column.moduleId}>
                        <span aria-hidden="true">—</span>
                        <span className="visually-hidden">No data</span>
                      </td>
                    );
                  }
                  return (
                    <td key={column.moduleId}>
                      <span className="report-cell">
                        <span className="report-meter" aria-hidden="true">
                          <span style={{ width: `${Math.max(0, Math.min(100, cell.percentage))}%` }} />
                        </span>
                        {formatPercentage(cell.percentage)} ({cell.completed}/{cell.total})
                      </span>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
