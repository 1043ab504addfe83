// /add-sections: step 2 of 2. Sections are added one at a time (each file uploaded first); the module is created on
// the server only by Finish & Save Module, under the draft's id, so saving the same draft twice makes one module.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { TEXT_LIMITS } from '@shared/constants';
import { DEFAULT_SECTION_ROLE } from '@shared/paths';
import { createModuleSchema, type CreateModuleInput } from '@shared/contract/modules';
import { Alert } from '../../components/alert';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/api-client';
import { FIX_FIELDS, fieldErrorsOf, hasErrors, validateFields, type FieldErrors } from '../../lib/form-errors';
import type { FlashState } from '../../lib/flash-message';
import { useCreateModule } from '@web/api/modules';
import { useOneAtATime } from '@web/lib/use-one-at-a-time';
import { AddSectionForm, type AddSectionFormHandle } from './components/add-section-form';
import type { DraftSection } from './utils/draft-section';
import { FileDropZone } from './components/file-drop-zone';
import { DraftGuard, SavedDraftNotice } from './components/draft-guard';
import { SectionEditor } from './components/section-editor';
import { OrderModeField } from './components/path-rules-fields';
import { EDIT_DETAILS_STATE, markDraftSaved, readModuleDraft, savedModuleIdOf, storeDraft, type ModuleDraft } from './utils/module-draft';
import './modules.css';

const SAVE_FAILED = 'Failed to save the complete module. Please try again.';
const MODULE_SAVED = 'Module saved successfully.';

export default function AddSectionsPage() {
  useDocumentTitle('Add Content');
  const [draft] = useState(readModuleDraft);
  if (!draft) return <Navigate to="/create-module" replace />;
  const savedModuleId = savedModuleIdOf(draft.draftId);
  if (savedModuleId) return <SavedDraftNotice moduleId={savedModuleId} />;
  return <AddSections key={draft.draftId} draft={draft} />;
}

/** What a failed save tells the teacher: the API's reason when it is one they can act on (a 4xx), else the spec's sentence. */
function saveFailure(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? `${SAVE_FAILED} ${error.message}` : SAVE_FAILED;
}

/** After Finish & Save Module: give the module to a class (its page), or try its path as a student would meet it. */
const savedModuleNextSteps = (moduleId: string) => [
  { to: `/teacher-modules/${moduleId}#assign`, label: 'assign it to a class' },
  { to: `/teacher-modules/${moduleId}/edit#preview-path`, label: 'preview its path as a student' },
];

function AddSections({ draft }: { draft: ModuleDraft }) {
  const { draftId, title, description } = draft;
  const navigate = useNavigate();
  const createModule = useCreateModule();
  // Sections added before a visit to step 1 (Edit details) come back with the draft; each change is stored at once.
  const [sections, setSections] = useState<DraftSection[]>(draft.sections);
  const [sequential, setSequential] = useState(draft.sequential ?? false);
  useEffect(() => {
    if (!savedModuleIdOf(draftId)) storeDraft({ draftId, title, description, sections, sequential });
  }, [draftId, title, description, sections, sequential]);
  const [uploading, setUploading] = useState(false);
  const [saveError, setSaveError] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const oneAtATime = useOneAtATime();
  const sectionForm = useRef<AddSectionFormHandle>(null);
  const saving = createModule.isPending || createModule.isSuccess;

  const addSection = useCallback((section: DraftSection) => setSections((current) => [...current, section]), []);

  const finish = () => oneAtATime((settled) => void save(settled));

  // Once saved, the page stays spent: it moves to the dashboard.
  async function save(allowAgain: () => void) {
    setSaveError('');
    const input: CreateModuleInput = {
      _id: draftId,
      title,
      description,
      sequential,
      sections: sections.map((section, index) => ({
        title: section.title.trim(),
        order: index + 1,
        contentType: section.contentType,
        contentUrl: section.contentUrl,
        originalFileName: section.originalFileName,
        role: section.role ?? DEFAULT_SECTION_ROLE,
      })),
    };
    const found = validateFields(createModuleSchema, input);
    setErrors(found);
    if (hasErrors(found)) {
      setSaveError(FIX_FIELDS);
      allowAgain();
      return;
    }
    let moduleId: string;
    try {
      moduleId = (await createModule.mutateAsync(input))._id;
      markDraftSaved(draftId, moduleId);
    } catch (error) {
      console.error('Saving the module failed:', error);
      setErrors(fieldErrorsOf(error));
      setSaveError(saveFailure(error));
      allowAgain();
      return;
    }
    // The spec's destination and sentence, with what a new module needs before students meet it.
    const state: FlashState = { flash: MODULE_SAVED, next: savedModuleNextSteps(moduleId) };
    void navigate('/teacher-dashboard', { state });
  }

  const current: ModuleDraft = { draftId, title, description, sections, sequential };
  return (
    <FileDropZone onFiles={(files) => sectionForm.current?.addFiles(files)}>
      <DraftGuard draft={current} />
      <p className="step-label">Step 2 of 2</p>
      <h1>Add Content</h1>
      <div className="card draft-summary">
        <p className="draft-summary-title">{title}</p>
        <p className="muted">{description}</p>
        <Link to="/create-module" state={EDIT_DETAILS_STATE}>
          Edit details
        </Link>
      </div>

      <AddSectionForm
        heading="Add a Section"
        submitLabel="Add Section"
        onAdd={addSection}
        onBusyChange={setUploading}
        sectionCount={sections.length}
        ref={sectionForm}
        resumeSlot={`draft:${draftId}`}
      />

      <section className="card" aria-labelledby="added-sections-heading">
        <h2 id="added-sections-heading">Added Sections ({sections.length})</h2>
        <p className="muted section-limit">
          {sections.length} of at most {TEXT_LIMITS.sectionsPerModuleMax} sections
        </p>
        {sections.length === 0 ? (
          <p className="muted">No sections yet. Add at least one to save the module.</p>
        ) : (
          <>
            <OrderModeField sequential={sequential} onChange={setSequential} disabled={saving} />
            <SectionEditor
              sections={sections}
              onChange={setSections}
              errors={errors}
              disabled={saving}
              renderExtra={() => <span className="uploaded-marker">Content Uploaded</span>}
            />
          </>
        )}
      </section>

      {saveError && (
        <Alert tone="error" onDismiss={() => setSaveError('')}>
          {saveError}
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
    </FileDropZone>
  );
}
