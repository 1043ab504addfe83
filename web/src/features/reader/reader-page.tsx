// The reader: one section's file inside the app, with the module's sections beside it, Previous / Next, Download
// original and, for a student, Mark as Complete. A student's module read says where each section stands on their path:
// a locked one shows why instead of its file, and Previous / Next step over locked sections. Students reach it at /student/class/:classId/module/:moduleId/
// section/:sectionId; teachers preview the same at /teacher-modules/:moduleId/section/:sectionId (nothing to mark).
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { Module, Section } from '@shared/contract/modules';
import { Alert } from '../../components/alert';
import { bothQueries, QueryView } from '@web/components/query-view';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMinWidth } from '../../components/use-media-query';
import { useCurrentUser } from '../../lib/auth';
import { useLogError } from '../../lib/use-log-error';
import { useModule } from '@web/api/modules';
import { FileSearch } from '../search';
import { useStudentClassProgress, useStudentProgress } from '@web/api/progress';
import { useMarkSection } from '../progress';
import { SectionCheck } from '../checks';
import { FileFacts } from '@web/components/file-facts';
import { SectionNav } from './components/section-nav';
import { SectionTextView, SectionViewSwitch, useSectionView } from './components/section-text';
import { SectionViewer } from './components/section-viewer';
import { useReadingReport } from './hooks/use-reading-report';
import { EXCUSED_CHECK, PathReason, PathTag } from '@web/components/path-note';
import { isOnPath, isOpenable, isRequired } from '@web/lib/section-path';
import { readerPath } from '@web/lib/reader-paths';
import './reader.css';

/** In place of the progress query on a teacher's preview: answered, with nothing. */
const NO_PROGRESS_READ = { data: null, error: null };

/** Up to this width the file comes first (`reader.css` uses the same width). */
const PHONE_MAX_WIDTH_PX = 600;

export default function ReaderPage() {
  const { classId, moduleId = '', sectionId = '' } = useParams();
  const { userId } = useCurrentUser();
  const studentId = classId ? userId : '';
  const module = useModule(moduleId, classId);
  const progress = useStudentProgress(studentId, moduleId, classId);
  useLogError(module.error ?? progress.error, 'Loading the section failed');

  const sections = [...(module.data?.sections ?? [])].sort((a, b) => a.order - b.order);
  const section = sections.find((each) => each._id === sectionId);
  useDocumentTitle(section?.title ?? module.data?.title ?? 'Section');

  const backPath = classId ? `/student/class/${classId}/module/${moduleId}` : `/teacher-modules/${moduleId}`;
  // A teacher's preview reads no progress; a failed background refresh (the links are renewed) keeps the page.
  return (
    <QueryView
      query={bothQueries(module, classId ? progress : NO_PROGRESS_READ)}
      loading="Loading section..."
      error={<ReaderError message="Failed to load module content." backPath={classId ? `/student/class/${classId}` : '/teacher-modules'} />}
    >
      {([loaded, studentProgress]) => {
        if (!section) return <ReaderError message="Section not found." backPath={backPath} />;
        const completed = classId
          ? new Set([...(studentProgress?.completedSections ?? []), ...sections.filter((each) => each.state === 'complete').map((each) => each._id)])
          : undefined;
        return (
          <Reader
            module={loaded}
            sections={sections}
            section={section}
            classId={classId}
            studentId={studentId}
            completed={completed}
            backPath={backPath}
            renewLink={async () => (await module.refetch()).data?.sections.find((each) => each._id === sectionId)?.downloadUrl}
          />
        );
      }}
    </QueryView>
  );
}

function ReaderError({ message, backPath }: { message: string; backPath: string }) {
  return (
    <div>
      <h1>Section</h1>
      <Alert tone="error">{message}</Alert>
      <Link to={backPath}>Back</Link>
    </div>
  );
}

interface ReaderProps {
  module: Module;
  sections: Section[];
  section: Section;
  classId?: string;
  studentId: string;
  completed?: Set<string>;
  backPath: string;
  renewLink: () => Promise<string | undefined>;
}

function Reader({ module, sections, section, classId, studentId, completed, backPath, renewLink }: ReaderProps) {
  // A search result opens a page of the file (`?page=`): a new page asked for opens the viewer there.
  const [params] = useSearchParams();
  const index = sections.indexOf(section);
  // Previous and Next follow the student's own path: past what is closed to them, skipped or excused.
  const previous = sections.slice(0, index).reverse().find(isOnPath);
  const next = sections.slice(index + 1).find(isOnPath);
  const moduleComplete = completed !== undefined && sections.filter(isRequired).every((each) => completed.has(each._id));
  const locked = !isOpenable(section);
  // A section with a check is completed by passing it, not by Mark as Complete; one the student is excused from does
  // not ask for its check.
  const check = module.checks?.find((each) => each.sectionId === section._id);
  const excused = section.state === 'excused';
  // A student's reading of an open section is reported (page, opens, minutes); a teacher's preview is not.
  const reportPage = useReadingReport(classId && !locked ? { classId, moduleId: module._id, sectionId: section._id, initialPage: section.lastPage } : undefined);

  // On a phone the file comes first, right under the title: its actions, the sections and the module's search follow it.
  const phone = !useMinWidth(PHONE_MAX_WIDTH_PX + 1);
  const view = useSectionView();
  const search = classId && <FileSearch modules={[module]} moduleId={module._id} classId={classId} label="Search this module" />;
  const nav = <SectionNav moduleId={module._id} classId={classId} sections={sections} currentId={section._id} completed={completed} />;
  const actions = (
    <div className="reader-actions">
      <FileFacts section={section} />
      <div className="reader-buttons">
        <SectionViewSwitch view={view} />
        {section.downloadUrl && (
          <a className="button button-secondary" href={section.downloadUrl} download={section.originalFileName} rel="noopener noreferrer">
            Download original
          </a>
        )}
        {classId && completed && check && excused && <span className="reader-check-state is-done">{EXCUSED_CHECK}</span>}
        {classId && completed && check && !excused && (
          <span className={completed.has(section._id) ? 'reader-check-state is-done' : 'reader-check-state'}>
            {completed.has(section._id) ? 'Completed: check passed' : `Pass the check below (${check.passMark}%) to complete this section`}
          </span>
        )}
        {classId && completed && !check && (
          <MarkCompleteButton studentId={studentId} moduleId={module._id} classId={classId} sectionId={section._id} done={completed.has(section._id)} />
        )}
      </div>
    </div>
  );
  const content =
    view === 'text' ? (
      <SectionTextView moduleId={module._id} section={section} />
    ) : (
      <SectionViewer key={`${section._id}#${params.get('page') ?? ''}`} section={section} renewLink={renewLink} onPageChange={classId ? reportPage : undefined} />
    );

  return (
    <div className="reader">
      <Link to={backPath} className="back-link">
        ← Back to module
      </Link>
      <p className="reader-module-title muted">{module.title}</p>
      <h1>
        {index + 1}. {section.title}
        <PathTag section={section} />
      </h1>
      {!locked && <PathReason section={section} />}
      {!phone && search}
      <div className="reader-layout">
        {!phone && nav}
        <div className="reader-main">
          {locked ? (
            <div className="card reader-locked">
              <PathReason section={section} />
            </div>
          ) : (
            <>
              {!phone && actions}
              {content}
              {phone && actions}
              {classId && check && !excused && <SectionCheck key={`check-${section._id}`} moduleId={module._id} sectionId={section._id} classId={classId} studentId={studentId} />}
              {!classId && check && <p className="muted reader-check-preview">{`Students answer a check of ${check.questionCount} questions here (pass mark ${check.passMark}%).`}</p>}
            </>
          )}
          <nav className="reader-pager" aria-label="Previous and next section">
            {previous ? (
              <Link className="button button-secondary" to={readerPath(module._id, previous._id, classId)}>
                <span aria-hidden="true">←</span> Previous: {previous.title}
              </Link>
            ) : (
              <span />
            )}
            {next && (
              <Link className="button" to={readerPath(module._id, next._id, classId)}>
                Next: {next.title} <span aria-hidden="true">→</span>
              </Link>
            )}
          </nav>
          {classId && !next && completed && (
            <ModuleEnd classId={classId} studentId={studentId} module={module} sections={sections} current={section} completed={completed} complete={moduleComplete} />
          )}
          {phone && nav}
          {phone && search}
        </div>
      </div>
    </div>
  );
}

function MarkCompleteButton({ studentId, moduleId, classId, sectionId, done }: { studentId: string; moduleId: string; classId: string; sectionId: string; done: boolean }) {
  const { mark, failure, dismissFailure, isPending } = useMarkSection(studentId, moduleId, classId);
  return (
    <>
      <button type="button" className={done ? 'button completed-button' : 'button'} disabled={done || isPending} onClick={() => mark(sectionId)}>
        {done ? 'Completed' : isPending ? 'Saving...' : 'Mark as Complete'}
      </button>
      {done && (
        <button type="button" className="button button-secondary" aria-label="Undo marking complete" disabled={isPending} onClick={() => mark(sectionId, false)}>
          {isPending ? 'Saving...' : 'Undo'}
        </button>
      )}
      {failure && (
        <Alert tone="error" onDismiss={dismissFailure}>
          {failure}
        </Alert>
      )}
    </>
  );
}

interface ModuleEndProps {
  classId: string;
  studentId: string;
  module: Module;
  sections: Section[];
  current: Section;
  completed: Set<string>;
  complete: boolean;
}

/** At the last section: the module is complete and what comes next in the class, or what is still left here. */
function ModuleEnd({ classId, studentId, module, sections, current, completed, complete }: ModuleEndProps) {
  const classProgress = useStudentClassProgress(complete ? classId : undefined, studentId);
  if (!complete) {
    // This section's own Mark as Complete is right above; the card points only to the others on the student's path.
    const left = sections.filter((each) => isRequired(each) && !completed.has(each._id) && each !== current);
    if (left.length === 0) return null;
    const openable = left.find(isOpenable);
    return (
      <div className="card reader-end">
        <p>{`${left.length === 1 ? '1 other section' : `${left.length} other sections`} of this module still to complete.`}</p>
        {openable && <Link to={readerPath(module._id, openable._id, classId)}>Go to {openable.title}</Link>}
      </div>
    );
  }
  const nextModule = classProgress.data?.modules.find((each) => each.moduleId !== module._id && each.nextSectionId);
  return (
    <div className="card reader-end is-complete">
      <h2>Module complete</h2>
      <p>You have completed every section of {module.title}.</p>
      <div className="reader-end-links">
        {nextModule && (
          <Link className="button" to={readerPath(nextModule.moduleId, nextModule.nextSectionId!, classId)}>
            Continue with {nextModule.moduleTitle}
          </Link>
        )}
        <Link className={nextModule ? 'button button-secondary' : 'button'} to={`/student/class/${classId}`}>
          Back to class
        </Link>
      </div>
    </div>
  );
}
