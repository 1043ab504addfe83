// /student/class/:classId/module/:moduleId: a module's sections for a student, each with its file (type, name, size),
// View Content (the reader) and Mark as Complete (which becomes a disabled Completed; the reader offers Undo), and where it
// stands on the student's path: a locked section says what unlocks it and offers neither.
import { Link, useParams } from 'react-router-dom';
import type { Module } from '@shared/contract/modules';
import { Alert } from '../../components/alert';
import { DueDate } from '../../components/due-date';
import { isOverdue } from '../../lib/due-dates';
import { bothQueries, QueryView } from '@web/components/query-view';
import { useDocumentTitle } from '../../components/use-document-title';
import { useCurrentUser } from '../../lib/auth';
import { useLogError } from '../../lib/use-log-error';
import { useModule } from '@web/api/modules';
import { SectionContentLink } from '../modules';
import { FileFacts } from '@web/components/file-facts';
import { isOpenable, isRequired } from '@web/lib/section-path';
import { EXCUSED_CHECK, PathReason, PathTag } from '@web/components/path-note';
import { readerPath } from '@web/lib/reader-paths';
import { useStudentClassProgress, useStudentProgress } from '@web/api/progress';
import { useMarkSection } from './hooks/use-mark-section';
import './progress.css';

const MISSING_INFO = 'Missing module or class information.';
const LOAD_FAILED = 'Failed to load module content.';

export default function StudentModulePage() {
  const { classId, moduleId } = useParams();
  const { userId } = useCurrentUser();
  const module = useModule(moduleId, classId);
  const progress = useStudentProgress(userId, moduleId, classId);
  useDocumentTitle(module.data?.title ?? 'Module');
  useLogError(module.error ?? progress.error, 'Loading the module failed');

  if (!classId || !moduleId) return <ErrorScreen message={MISSING_INFO} />;
  return (
    <QueryView query={bothQueries(module, progress)} loading="Loading module..." error={<ErrorScreen message={LOAD_FAILED} classId={classId} />}>
      {([loaded, studentProgress]) => (
        <StudentModule module={loaded} classId={classId} studentId={userId} completed={new Set(studentProgress?.completedSections ?? [])} />
      )}
    </QueryView>
  );
}

function ErrorScreen({ message, classId }: { message: string; classId?: string }) {
  return (
    <div>
      <h1>Module</h1>
      <Alert tone="error">{message}</Alert>
      <Link to={classId ? `/student/class/${classId}` : '/student-dashboard'}>
        {classId ? 'Back to class' : 'Back to Dashboard'}
      </Link>
    </div>
  );
}

interface StudentModuleProps {
  module: Module;
  classId: string;
  studentId: string;
  completed: Set<string>;
}

function StudentModule({ module, classId, studentId, completed }: StudentModuleProps) {
  const { mark, failure, dismissFailure, isPending, pendingSectionId } = useMarkSection(studentId, module._id, classId);
  // The module in the class: its due date, and the student's own scores on its checks (a section with a check is
  // completed by passing it).
  const classProgress = useStudentClassProgress(classId, studentId);
  const inClass = classProgress.data?.modules.find((each) => each.moduleId === module._id);
  const scores = inClass?.scores;
  const checks = new Map((module.checks ?? []).map((check) => [check.sectionId, check]));
  const sections = [...module.sections].sort((a, b) => a.order - b.order);
  const isDone = (section: Module['sections'][number]) => completed.has(section._id) || section.state === 'complete';
  // The student's own required sections: not optional, skipped, excused or review/extension not released to them.
  const required = sections.filter(isRequired);
  const done = required.filter(isDone).length;

  return (
    <div className="student-module">
      <Link to={`/student/class/${classId}`} className="back-link">
        ← Back to class
      </Link>
      <h1>{module.title}</h1>
      {inClass?.dueAt && (
        <p className="module-due">
          <DueDate dueAt={inClass.dueAt} overdue={isOverdue(inClass.dueAt, required.length > 0 && done === required.length)} />
        </p>
      )}
      <p className="module-description">{module.description}</p>

      {required.length > 0 && (
        <div className="overall-progress">
          <p id="overall-progress-label">
            {done} of {required.length} sections complete
          </p>
          <progress aria-labelledby="overall-progress-label" max={required.length} value={done} />
        </div>
      )}

      {failure && (
        <Alert tone="error" onDismiss={dismissFailure}>
          {failure}
        </Alert>
      )}

      <section aria-labelledby="student-sections-heading">
        <h2 id="student-sections-heading">Sections ({sections.length})</h2>
        {sections.length === 0 ? (
          <p className="empty-state">This module has no sections yet.</p>
        ) : (
          <ol className="section-list">
            {sections.map((section, index) => {
              const sectionDone = isDone(section);
              const isMarking = pendingSectionId === section._id;
              return (
                <li key={section._id} className={`card section-item${sectionDone ? ' is-done' : ''}${isOpenable(section) ? '' : ' is-locked'}`}>
                  <div className="section-item-text">
                    <h3 className="section-title">
                      {index + 1}. {section.title}
                      <PathTag section={section} />
                    </h3>
                    <p className="section-meta">
                      <FileFacts section={section} />
                    </p>
                    <PathReason section={section} />
                  </div>
                  {isOpenable(section) && (
                    <div className="student-section-actions">
                      <SectionContentLink section={section} moduleId={module._id} classId={classId} />
                      {checks.has(section._id) && section.state === 'excused' ? (
                        <span className="muted">{EXCUSED_CHECK}</span>
                      ) : checks.has(section._id) ? (
                        <CheckLink
                          to={readerPath(module._id, section._id, classId)}
                          title={section.title}
                          done={sectionDone}
                          bestPercent={scores?.bySection[section._id]?.bestPercent ?? null}
                        />
                      ) : (
                        <button
                          type="button"
                          className={sectionDone ? 'button completed-button' : 'button'}
                          disabled={sectionDone || isPending}
                          onClick={() => mark(section._id)}
                        >
                          {sectionDone ? 'Completed' : isMarking ? 'Saving...' : 'Mark as Complete'}
                        </button>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </div>
  );
}

/** A section with a check: its best score so far, and the way to the check (under the section's file in the reader). */
function CheckLink({ to, title, done, bestPercent }: { to: string; title: string; done: boolean; bestPercent: number | null }) {
  const action = done ? 'Review check' : bestPercent === null ? 'Take the check' : 'Try the check again';
  return (
    <span className="section-check-state">
      {bestPercent !== null && <span className="muted">{`Best score ${bestPercent}%${done ? ' · passed' : ''}`}</span>}
      <Link className={done ? 'button button-secondary' : 'button'} to={to} aria-label={`${action}: ${title}`}>
        {action}
      </Link>
    </span>
  );
}
