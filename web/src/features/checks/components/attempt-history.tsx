// A student's attempts in a class, newest first, each with its check, date, score and pass or not (the student
// drill-down). Section titles come from the teacher's module list, already loaded for the library and dashboard.
import type { AttemptHistoryEntry } from '@shared/contract/checks';
import { formatShortDate } from '@web/lib/dates';
import { useModules } from '@web/api/modules';
import { useStudentAttempts } from '@web/api/checks';
import '../checks.css';
import { QueryView } from '@web/components/query-view';

const pad = (value: number) => String(value).padStart(2, '0');
/** Two attempts on one day are told apart by their time. */
const dateAndTime = (iso: string) => {
  const date = new Date(iso);
  return `${formatShortDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

export function AttemptHistory({ classId, studentId, studentName }: { classId: string; studentId: string; studentName: string }) {
  const attempts = useStudentAttempts(classId, studentId);
  const modules = useModules();
  const titleOf = (attempt: AttemptHistoryEntry) => {
    const module = modules.data?.find((each) => each._id === attempt.moduleId);
    const section = module?.sections.find((each) => each._id === attempt.sectionId);
    return section ? `${module!.title}: ${section.title}` : (module?.title ?? 'A removed check');
  };
  return (
    <section className="attempt-history" aria-label={`Attempts of ${studentName}`}>
      <h3>Check attempts</h3>
      <QueryView
        query={attempts}
        loading="Loading attempts..."
        error="Could not load the attempts of this student."
        empty={{ when: (data) => data.attempts.length === 0, show: <p className="muted">No attempts at checks yet.</p> }}
      >
        {(data) => (
          <ol className="attempt-list">
            {data.attempts.map((attempt) => (
              <li key={attempt.attemptId}>
                <span className="attempt-check">{titleOf(attempt)}</span>
                <time dateTime={attempt.submittedAt}>{dateAndTime(attempt.submittedAt)}</time>
                <span className={attempt.passed ? 'attempt-passed' : 'attempt-failed'}>
                  {`${attempt.percent}% · ${attempt.passed ? 'passed' : 'not passed'}`}
                </span>
              </li>
            ))}
          </ol>
        )}
      </QueryView>
    </section>
  );
}
