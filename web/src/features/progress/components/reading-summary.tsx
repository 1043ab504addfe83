// The student drill-down's reading: for each section of the class's modules (one table per module), how often the
// student opened its file and for how many minutes (whole minutes with the reader visible), or that they never did.
import type { SectionReading } from '@shared/contract/progress';
import { useStudentReading } from '@web/api/reports';
import { QueryView } from '@web/components/query-view';

interface ReadingSummaryProps {
  classId: string;
  studentId: string;
  studentName: string;
}

/** "Opened 3 times · 12 min", or "Not opened". */
export const readingText = ({ opened, minutes }: Pick<SectionReading, 'opened' | 'minutes'>) =>
  opened === 0 && minutes === 0 ? 'Not opened' : `Opened ${opened} ${opened === 1 ? 'time' : 'times'} · ${minutes} min`;

export function ReadingSummary({ classId, studentId, studentName }: ReadingSummaryProps) {
  const reading = useStudentReading(classId, studentId);
  return (
    <section className="reading-summary" aria-labelledby="reading-summary-heading">
      <h3 id="reading-summary-heading">Reading</h3>
      <QueryView
        query={reading}
        loading="Loading reading..."
        error="Could not load the reading of this student."
      >
        {(data) => (
          data.modules.map((module) => (
            <div key={module.moduleId} className="report-scroll drill-down-scroll" role="region" aria-label={`Reading of ${studentName}: ${module.moduleTitle}`} tabIndex={0}>
              <table className="drill-down-table reading-table">
                <caption>{module.moduleTitle}</caption>
                <thead>
                  <tr>
                    <th scope="col">Section</th>
                    <th scope="col">Reading</th>
                  </tr>
                </thead>
                <tbody>
                  {module.sections.map((section) => (
                    <tr key={section.sectionId}>
                      <th scope="row">{section.sectionTitle}</th>
                      <td>{readingText(section)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))
        )}
      </QueryView>
    </section>
  );
}
