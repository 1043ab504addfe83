// /create-module: step 1 of 2, the module's title and description; step 2 receives them through navigation state
// (with the sections it already had, when the teacher came back from it to edit the details).
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { useDocumentTitle } from '../../components/use-document-title';
import { ModuleDetailsFields } from './components/module-details-fields';
import { readModuleDraft, type ModuleDraft } from './components/module-draft';
import './modules.css';

const MISSING_DETAILS = 'Please fill out both the title and description.';

export default function CreateModulePage() {
  useDocumentTitle('Create Module');
  const navigate = useNavigate();
  // Coming back from step 2 keeps what was typed, and the sections added there for the way back.
  const previous = readModuleDraft(useLocation().state);
  const [title, setTitle] = useState(previous?.title ?? '');
  const [description, setDescription] = useState(previous?.description ?? '');
  const [message, setMessage] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim() || !description.trim()) {
      setMessage(MISSING_DETAILS);
      return;
    }
    const draft: ModuleDraft = { title: title.trim(), description: description.trim(), sections: previous?.sections ?? [] };
    navigate('/add-sections', { state: draft });
  }

  return (
    <div className="module-form-page">
      <p className="step-label">Step 1 of 2</p>
      <h1>Create a New Module</h1>
      <p className="muted">Start with a title and a short description. You add the content in the next step.</p>
      <form className="card" onSubmit={submit} noValidate>
        {message && (
          <Alert tone="error" onDismiss={() => setMessage('')}>
            {message}
          </Alert>
        )}
        <ModuleDetailsFields
          title={title}
          description={description}
          onTitleChange={setTitle}
          onDescriptionChange={setDescription}
          required
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
