// /add-sections: step 2 of 2. Sections are added one at a time (each file uploaded first); the module is created on
// the server only by Finish & Save Module.
import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { useDocumentTitle } from '../../components/use-document-title';
import type { FlashState } from '../../lib/flash-message';
import { useCreateModule } from './api/modules';
import { AddSectionForm, type DraftSection } from './components/add-section-form';
import { DraftSectionList } from './components/draft-section-list';
import { readModuleDraft, type ModuleDraft } from './components/module-draft';
import './modules.css';

const SAVE_FAILED = 'Failed to save the complete module. Please try again.';
const MODULE_SAVED = 'Module saved successfully.';

export default function AddSectionsPage() {
  useDocumentTitle('Add Content');
  const draft = readModuleDraft(useLocation().state);
  if (!draft) return <Navigate to="/create-module" replace />;
  return <AddSections draft={draft} />;
}

function AddSections({ draft: { title, description, sections: carried } }: { draft: ModuleDraft }) {
  const navigate = useNavigate();
  const createModule = useCreateModule();
  // Sections added before a visit to step 1 (Edit details) come back with the draft.
  const [sections, setSections] = useState<DraftSection[]>(carried);
  const { pathname } = useLocation();
  // And this history entry keeps them too, for the browser's Back from step 1 and for a reload.
  useEffect(() => {
    navigate(pathname, { replace: true, state: { title, description, sections } satisfies ModuleDraft });
  }, [navigate, pathname, title, description, sections]);
  const [uploading, setUploading] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const saving = createModule.isPending || createModule.isSuccess;

  const addSection = useCallback((section: DraftSection) => setSections((current) => [...current, section]), []);

  async function finish() {
    setSaveFailed(false);
    try {
      await createModule.mutateAsync({
        title,
        description,
        sections: sections.map((section, index) => ({
          title: section.title,
          order: index + 1,
          contentType: section.contentType,
          contentUrl: section.contentUrl,
          originalFileName: section.originalFileName,
        })),
      });
    } catch (error) {
      console.error('Saving the module failed:', error);
      setSaveFailed(true);
      return;
    }
    const state: FlashState = { flash: MODULE_SAVED };
    navigate('/teacher-dashboard', { state });
  }

  return (
    <div className="module-form-page">
      <p className="step-label">Step 2 of 2</p>
      <h1>Add Content</h1>
      <div className="card draft-summary">
        <p className="draft-summary-title">{title}</p>
        <p className="muted">{description}</p>
        <Link to="/create-module" state={{ title, description, sections } satisfies ModuleDraft}>
          Edit details
        </Link>
      </div>

      <AddSectionForm heading="Add a Section" submitLabel="Add Section" onAdd={addSection} onBusyChange={setUploading} />

      <section className="card" aria-labelledby="added-sections-heading">
        <h2 id="added-sections-heading">Added Sections ({sections.length})</h2>
        {sections.length === 0 ? (
          <p className="muted">No sections yet. Add at least one to save the module.</p>
        ) : (
          <DraftSectionList
            sections={sections}
            renderExtra={() => <span className="uploaded-marker">Content Uploaded</span>}
          />
        )}
      </section>

      {saveFailed && (
        <Alert tone="error" onDismiss={() => setSaveFailed(false)}>
          {SAVE_FAILED}
        </Alert>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="button"
          onClick={finish}
          disabled={saving || uploading || sections.length === 0}
        >
          {saving ? 'Saving...' : 'Finish & Save Module'}
        </button>
      </div>
    </div>
  );
}
