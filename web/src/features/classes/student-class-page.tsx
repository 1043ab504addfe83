// /student/class/:classId: the class's syllabus, one link per assigned module with the student's completion and
// its state (not started, in progress, complete), all from one progress request; ordered by due date (undated last,
// by title), each due date in the student's own time zone, and overdue work marked.
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { QueryView } from '@web/components/query-view';
import { useDocumentTitle } from '../../components/use-document-title';
import { useCurrentUser } from '../../lib/auth';
import { useLogError } from '../../lib/use-log-error';
import { useStudentClassProgress } from '@web/api/progress';
import { CompletionBar, moduleState } from '@web/components/completion-bar';
import { moduleScoreText } from '../../lib/score-text';
import { byDueDate, isOverdue } from '../../lib/due-dates';
import { DueDate } from '../../components/due-date';
import { useClass } from '@web/api/classes';
import './classes.css';

const NO_MODULES = 'The teacher has not assigned any modules to this class yet.';

export default function StudentClassPage() {
  const { classId = '' } = useParams();
  const { userId } = useCurrentUser();
  const klass = useClass(classId);
  const progress = useStudentClassProgress(classId, userId);
  useDocumentTitle(klass.data?.className ?? 'Class');
  useLogError(klass.error ?? progress.error, 'Loading the class failed');
  const progressOf = new Map((progress.data?.modules ?? []).map((module) => [module.moduleId, module]));

  return (
    <QueryView
      query={klass}
      loading="Loading class..."
      error={
        <div>
          <h1>Class</h1>
          <Alert tone="error">Could not load class details.</Alert>
          <Link to="/student-dashboard">Back to Dashboard</Link>
        </div>
      }
    >
      {({ className, assignedModuleIds }) => {
        const modules = [...assignedModuleIds].sort(byDueDate);
        return (
        <div>
          <Link to="/student-dashboard" className="back-link">
            ← Back to Dashboard
          </Link>
          <h1>{className}</h1>
          <p className="muted">Modules assigned to this class.</p>
          <section aria-labelledby="syllabus-heading">
            <h2 id="syllabus-heading">Syllabus</h2>
            {modules.length === 0 ? (
              <p className="empty-state">{NO_MODULES}</p>
            ) : (
              <ol className="syllabus">
                {modules.map((module, index) => {
                  const moduleProgress = progressOf.get(module._id);
                  const state = moduleProgress && moduleState(moduleProgress.completed, moduleProgress.total);
                  // Unknown until the progress is in: nothing is called overdue before then.
                  const overdue = moduleProgress !== undefined && isOverdue(module.dueAt, moduleProgress.completed >= moduleProgress.total);
                  return (
                    <li key={module._id} className="card syllabus-item">
                      <span className="syllabus-number" aria-hidden="true">
                        {index + 1}
                      </span>
                      <div className="syllabus-text">
                        <h3 className="syllabus-title">
                          <Link to={`/student/class/${classId}/module/${module._id}`}>{module.title}</Link>
                        </h3>
                        <p className="muted">{module.description}</p>
                        {module.dueAt && <DueDate dueAt={module.dueAt} overdue={overdue} />}
                        {moduleProgress && (
                          <div className="syllabus-progress">
                            <span className={`module-state module-state-${state!.toLowerCase().replace(' ', '-')}`}>{state}</span>
                            <CompletionBar completed={moduleProgress.completed} total={moduleProgress.total} />
                          </div>
                        )}
                        {moduleProgress?.lockedReason && (
                          <p className="syllabus-locked">
                            <strong>Locked.</strong> {moduleProgress.lockedReason}
                          </p>
                        )}
                        {moduleProgress?.scores && <p className="syllabus-score">Your score: {moduleScoreText(moduleProgress.scores)}</p>}
                      </div>
                    </li>
                  );
                })}
              </ol>
            )}
          </section>
        </div>
        );
      }}
    </QueryView>
  );
}
