// /teacher-modules/:moduleId: a module with its order mode and its sections in order (type, file name and size, role
// and check), View Content (the reader, as students see it), Edit, Duplicate, Delete and Assign to Classes.
import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { CheckSummary } from '@shared/contract/checks';
import { DEFAULT_SECTION_ROLE, SECTION_ROLE_NAMES, type SectionRole } from '@shared/paths';
import { Alert } from '../../components/alert';
import { FileFacts } from '@web/components/file-facts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { QueryView } from '@web/components/query-view';
import { useDocumentTitle } from '../../components/use-document-title';
import { useFlashMessage, type FlashState } from '../../lib/flash-message';
import { AssignToClasses } from '../classes';
import { useDeleteModule, useModule, useModuleUsage } from '@web/api/modules';
import { DuplicateModuleButton } from './components/duplicate-module-button';
import type { LibraryReturnState } from './components/module-card';
import { ModuleLoadError } from './components/module-load-error';
import { SectionContentLink } from './components/section-content-link';
import { deleteConsequences } from './utils/delete-consequences';
import './modules.css';

const DELETE_QUESTION = 'Are you sure you want to delete this module?';
const DELETED = 'Module deleted successfully.';
const USAGE_LOADING = 'Checking the classes and progress it has…';
const USAGE_UNKNOWN = 'Its classes and progress could not be checked; deleting it also deletes the progress on it in every class.';

/** A section's role and check, in words: "Core · Check: 5 questions, pass mark 70 %, 3 attempts". */
function sectionRules(role: SectionRole | undefined, check: CheckSummary | undefined): string {
  const roleName = `${SECTION_ROLE_NAMES[role ?? DEFAULT_SECTION_ROLE]} section`;
  if (!check) return `${roleName} · No check`;
  const attempts = check.maxAttempts === null ? 'unlimited attempts' : `${check.maxAttempts} ${check.maxAttempts === 1 ? 'attempt' : 'attempts'}`;
  return `${roleName} · Check: ${check.questionCount} ${check.questionCount === 1 ? 'question' : 'questions'}, pass mark ${check.passMark}\u00a0%, ${attempts}`;
}

export default function ModuleDetailPage() {
  const { moduleId } = useParams();
  const navigate = useNavigate();
  const module = useModule(moduleId);
  const deleteModule = useDeleteModule();
  const [confirming, setConfirming] = useState(false);
  const usage = useModuleUsage(moduleId, confirming);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const [duplicateFailed, setDuplicateFailed] = useState(false);
  const [flash, clearFlash] = useFlashMessage();
  // Reached from the library: its back link returns to the library as it was left (search, sort, filter).
  const librarySearch = (useLocation().state as Partial<LibraryReturnState> | null)?.librarySearch;
  const cancelDelete = useCallback(() => setConfirming(false), []);
  useDocumentTitle(module.data?.title ?? 'Module');

  async function confirmDelete() {
    if (!moduleId) return;
    setDeleteFailed(false);
    try {
      await deleteModule.mutateAsync(moduleId);
    } catch (error) {
      console.error('Deleting the module failed:', error);
      setConfirming(false);
      setDeleteFailed(true);
      return;
    }
    const state: FlashState = { flash: DELETED };
    void navigate('/teacher-modules', { state });
  }

  // A failed background refresh keeps showing the module.
  return (
    <QueryView query={module} loading="Loading module..." error={(error) => <ModuleLoadError heading="Module" error={error} />}>
      {(loaded) => {
        const { title, description, sections, sequential } = loaded;
        const checkOf = new Map((loaded.checks ?? []).map((check) => [check.sectionId, check]));
        return (
          <div className="module-detail">
            <Link to={`/teacher-modules${librarySearch ? `?${librarySearch}` : ''}`} className="back-link">
              ← Back to My Modules
            </Link>
            <div className="page-heading">
              <h1>{title}</h1>
              <div className="heading-actions">
                <Link to={`/teacher-modules/${moduleId}/edit`} className="button button-secondary">
                  Edit
                </Link>
                {sections.length > 0 && <DuplicateModuleButton module={loaded} onFailure={() => setDuplicateFailed(true)} />}
                <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
                  Delete
                </button>
              </div>
            </div>
            {flash && (
              <Alert tone="success" onDismiss={clearFlash}>
                {flash}
              </Alert>
            )}
            {duplicateFailed && (
              <Alert tone="error" onDismiss={() => setDuplicateFailed(false)}>
                Failed to duplicate the module. Please try again.
              </Alert>
            )}
            {deleteFailed && (
              <Alert tone="error" onDismiss={() => setDeleteFailed(false)}>
                Failed to delete module.
              </Alert>
            )}
            <p className="module-description">{description}</p>

            <section aria-labelledby="sections-heading">
              <h2 id="sections-heading">Sections ({sections.length})</h2>
              {sections.length > 0 && (
                <p className="muted">{sequential ? 'In order: each section opens once the one before it is complete.' : 'Any order: students may open the sections in any order.'}</p>
              )}
              {sections.length === 0 ? (
                <p className="muted">This module has no sections yet.</p>
              ) : (
                <ol className="section-list">
                  {[...sections]
                    .sort((a, b) => a.order - b.order)
                    .map((section) => (
                      <li key={section._id} className="card section-item">
                        <div className="section-item-text">
                          <h3 className="section-title">{section.title}</h3>
                          <p className="section-meta">
                            <FileFacts section={section} />
                          </p>
                          <p className="section-meta">{sectionRules(section.role, checkOf.get(section._id))}</p>
                        </div>
                        <SectionContentLink section={section} moduleId={loaded._id} />
                      </li>
                    ))}
                </ol>
              )}
            </section>

            <AssignToClasses moduleId={loaded._id} moduleTitle={loaded.title} />

            <ConfirmDialog
              open={confirming}
              message={DELETE_QUESTION}
              details={usage.data ? deleteConsequences(usage.data) : usage.isError ? USAGE_UNKNOWN : USAGE_LOADING}
              confirmLabel="Delete"
              busy={deleteModule.isPending}
              onConfirm={confirmDelete}
              onCancel={cancelDelete}
            />
          </div>
        );
      }}
    </QueryView>
  );
}
