// What keeps a module draft from being lost or saved twice: leaving the two creation steps with a draft asks first,
// and a draft that was already saved (Back after Finish & Save Module) says so instead of offering to save it again.
import { Link, useNavigate } from 'react-router-dom';
import { UnsavedChangesGuard } from '@web/components/unsaved-changes-guard';
import { discardStoredDraft, isDraftEmpty, savedModuleIdOf, type ModuleDraft } from '../utils/module-draft';

const CREATION_PATHS = ['/create-module', '/add-sections'];
const LEAVE_DRAFT = 'Leave without saving? This module draft, with the sections you added, will be discarded.';

export function DraftGuard({ draft }: { draft: ModuleDraft }) {
  return (
    <UnsavedChangesGuard
      shouldBlock={(next) =>
        !isDraftEmpty(draft) && !savedModuleIdOf(draft.draftId) && !(next && CREATION_PATHS.includes(next.pathname))
      }
      message={LEAVE_DRAFT}
      onDiscard={discardStoredDraft}
    />
  );
}

export function SavedDraftNotice({ moduleId }: { moduleId: string }) {
  const navigate = useNavigate();
  return (
    <div className="module-form-page">
      <h1>Module saved</h1>
      <div className="card">
        <p>This module has already been saved; saving it again would make a copy.</p>
        <div className="form-actions">
          <Link className="button" to={`/teacher-modules/${moduleId}`}>
            Open the module
          </Link>
          <button type="button" className="button button-secondary" onClick={() => navigate('/create-module', { replace: true })}>
            Start a new module
          </button>
        </div>
      </div>
    </div>
  );
}
