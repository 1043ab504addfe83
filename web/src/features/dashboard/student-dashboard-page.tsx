// /student-dashboard: a card per enrolled class with the student's completion and Continue, which opens the first
// section not yet complete (modules in syllabus order), and the work still to do that has a due date, earliest
// first, overdue work marked; one progress request per class.
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/use-document-title';
import { displayName } from '@shared/person-name';
import { useCurrentUser } from '../../lib/auth';
import { useLogError } from '../../lib/use-log-error';
import type { ClassSummary } from '@shared/contract/classes';
import type { StudentClassProgress } from '@shared/contract/progress';
import { useStudentClasses } from '@web/api/classes';
import { moduleCount } from '@web/lib/count-label';
import { useStudentClassesProgress } from '@web/api/progress';
import { CompletionBar } from '@web/components/completion-bar';
import { ownAverageScore } from '../../lib/score-text';
import { readerPath } from '@web/lib/reader-paths';
import { byDueDate, isOverdue } from '../../lib/due-dates';
import { DueDate } from '../../components/due-date';
import './dashboard.css';
import { QueryView } from '@web/components/query-view';

const NOT_ENROLLED = 'You are not currently enrolled in any classes.';

export default function StudentDashboardPage() {
  useDocumentTitle('Student Dashboard');
  const user = useCurrentUser();
  const { userId } = user;
  const classes = useStudentClasses(userId);
  const progress = useStudentClassesProgress((classes.data ?? []).map((each) => each._id), userId);
  useLogError(classes.error ?? progress.find((each) => each.error)?.error, 'Loading the classes failed');

  return (
    <div className="dashboard">
      <h1>Welcome, {displayName(user)}!</h1>
      <p className="muted">Pick a class to continue where you left off.</p>
      <section aria-labelledby="my-classes-heading">
        <h2 id="my-classes-heading">My Classes</h2>
        <QueryView
          query={classes}
          loading="Loading classes..."
          error="Could not load classes."
          empty={{ when: (data) => data.length === 0, show: <p className="empty-state">{NOT_ENROLLED}</p> }}
        >
          {(data) => (
            <ul className="grid card-list">
              {data.map((each, index) => (
                <ClassCard key={each._id} summary={each} progress={progress[index]?.data} />
              ))}
            </ul>
          )}
        </QueryView>
      </section>
    </div>
  );
}

function ClassCard({ summary, progress }: { summary: ClassSummary; progress?: StudentClassProgress }) {
  const modules = progress?.modules ?? [];
  const completed = modules.reduce((sum, module) => sum + module.completed, 0);
  const total = modules.reduce((sum, module) => sum + module.total, 0);
  const next = modules.find((module) => module.nextSectionId);
  const score = ownAverageScore(modules);
  // A locked module is listed once, under Locked with its due date, not also among the due dates.
  const locked = modules.filter((module) => module.lockedReason);
  const dueWork = modules.filter((module) => module.dueAt && module.completed < module.total && !module.lockedReason).sort(byDueDate);
  return (
    <li className="card student-class-card">
      <h3>{summary.className}</h3>
      <p className="muted">Teacher: {summary.teacherId?.username || 'N/A'}</p>
      <p className="muted">{moduleCount(summary.assignedModuleIds.length)}</p>
      {progress && total > 0 && <CompletionBar completed={completed} total={total} />}
      {score && <p className="student-score">{`Average score ${score.percent}% · ${score.passed}/${score.checks} checks passed`}</p>}
      {dueWork.length > 0 && (
        <ul className="due-work" aria-label={`Due dates in ${summary.className}`}>
          {dueWork.map((module) => (
            <li key={module.moduleId}>
              <span className="due-work-title">{module.moduleTitle}</span> <DueDate dueAt={module.dueAt!} overdue={isOverdue(module.dueAt, false)} />
            </li>
          ))}
        </ul>
      )}
      {locked.length > 0 && (
        <ul className="due-work" aria-label={`Locked modules in ${summary.className}`}>
          {locked.map((module) => (
            <li key={module.moduleId}>
              <strong>{module.moduleTitle}: locked.</strong> {module.lockedReason}
              {module.dueAt && (
                <>
                  {' '}
                  <DueDate dueAt={module.dueAt} overdue={isOverdue(module.dueAt, false)} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="student-class-actions">
        {next && (
          <Link to={readerPath(next.moduleId, next.nextSectionId!, summary._id)} className="button" aria-label={`Continue ${summary.className}: ${next.moduleTitle}`}>
            Continue
          </Link>
        )}
        <Link to={`/student/class/${summary._id}`} className={next ? 'button button-secondary' : 'button'}>
          View Class
        </Link>
      </div>
    </li>
  );
}
