// /create-module: step 1 of 2, the module's title and description, checked here with the shared schema (so a title
// the API would refuse never gets as far as uploading files); step 2 receives the draft through navigation state.
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { moduleDescriptionSchema, moduleTitleSchema } from '@shared/contract/modules';
import * as z from '@shared/zod';
import { Alert } from '../../components/alert';
import { useDocumentTitle } from '../../components/use-document-title';
import { hasErrors, validateFields, type FieldErrors } from '../../lib/form-errors';
import { ModuleDetailsFields } from './components/module-details-fields';
import { DraftGuard } from './components/draft-guard';
import { discardStoredDraft, isDraftEmpty, isEditDetails, newModuleDraft, storeDraft, unsavedDraft, type ModuleDraft } from './utils/module-draft';
import './modules.css';

const MISSING_DETAILS = 'Please fill out both the title and description.';
const detailsSchema = z.object({ title: moduleTitleSchema, description: moduleDescriptionSchema });

export default function CreateModulePage() {
  useDocumentTitle('Create Module');
  // Coming back from step 2 ("Edit details") keeps what was typed and the sections added there, without the notice;
  // a reload or a later visit finds the stored draft and says so.
  const fromStep2 = isEditDetails(useLocation().state);
  const [initial, setInitial] = useState(() => {
    const stored = unsavedDraft();
    return stored ? { draft: stored, restored: !fromStep2 && !isDraftEmpty(stored) } : { draft: newModuleDraft(), restored: false };
  });
  const startNew = () => {
    discardStoredDraft();
    setInitial({ draft: newModuleDraft(), restored: false });
  };
  return <ModuleDetailsStep key={initial.draft.draftId} initial={initial.draft} restored={initial.restored} onStartNew={startNew} />;
}

function ModuleDetailsStep({ initial, restored, onStartNew }: { initial: ModuleDraft; restored: boolean; onStartNew: () => void }) {
  const navigate = useNavigate();
  const [showRestored, setShowRestored] = useState(restored);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');

  useEffect(() => storeDraft(draft), [draft]);

  function change(field: 'title' | 'description', value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    // A shown message follows the field as it is fixed, rather than waiting for the next submit.
    if (errors[field]) {
      const again = validateFields(detailsSchema, { ...draft, [field]: value })[field];
      setErrors((current) => ({ ...current, [field]: again ?? '' }));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateFields(detailsSchema, draft);
    setErrors(found);
    setMessage(!draft.title.trim() || !draft.description.trim() ? MISSING_DETAILS : '');
    if (hasErrors(found)) return;
    const next: ModuleDraft = { ...draft, title: draft.title.trim(), description: draft.description.trim() };
    storeDraft(next);
    void navigate('/add-sections');
  }

  return (
    <div className="module-form-page">
      <DraftGuard draft={draft} />
      <p className="step-label">Step 1 of 2</p>
      <h1>Create a New Module</h1>
      <p className="muted">Start with a title and a short description. You add the content in the next step.</p>
      {showRestored && (
        <Alert tone="info" onDismiss={() => setShowRestored(false)}>
          Your unsaved module draft was restored
          {draft.sections.length > 0 ? `, with ${draft.sections.length} uploaded section(s)` : ''}.{' '}
          <button
            type="button"
            className="link-button"
            onClick={onStartNew}
          >
            Start a new module instead
          </button>
        </Alert>
      )}
      <form className="card" onSubmit={submit} noValidate>
        {message && (
          <Alert tone="error" onDismiss={() => setMessage('')}>
            {message}
          </Alert>
        )}
        <ModuleDetailsFields
          title={draft.title}
          description={draft.description}
          onTitleChange={(value) => change('title', value)}
          onDescriptionChange={(value) => change('description', value)}
          errors={errors}
        />
        <div className="form-actions">
          <button type="submit" className="button">
            Next: Add Sections
          </button>
        </div>
      </form>
    </div>
  );
}
