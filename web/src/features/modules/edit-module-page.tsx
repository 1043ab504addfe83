// /teacher-modules/:moduleId/edit: title, description, reorder, remove or add sections, then Save All Changes
// (Saving... → Saved! for SAVED_CONFIRMATION_MS → back to the module).
import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Module } from '../../../../shared/entities';
import { Alert } from '../../components/alert';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/api-client';
import { useLogError } from '../../lib/use-log-error';
import { useModule, useUpdateModule } from './api/modules';
import { AddSectionForm, type DraftSection } from './components/add-section-form';
import { DraftSectionList } from './components/draft-section-list';
import { ModuleLoadError } from './components/module-load-error';
import { ModuleDetailsFields } from './components/module-details-fields';
import { useSaveStatus } from './hooks/use-save-status';
import './modules.css';

export default function EditModulePage() {
  const { moduleId = '' } = useParams();
  const module = useModule(moduleId);
  useDocumentTitle(module.data ? `Editing ${module.data.title}` : 'Edit Module');
  useLogError(module.error, 'Loading the module for editing failed');

  if (module.isPending) return <Loading label="Loading module..." />;
  // Only a failed first read: a failed background refresh keeps the data, and the form with the teacher's changes.
  if (module.data === undefined) return <ModuleLoadError heading="Editing Module" error={module.error} />;
  // Keyed by the module id (not its version): the form starts from the first version read and is not reset by
  // background refetches. A refetch may still hand it a newer `module`; the form saves against the version it
  // started from (see `baseVersion`), so the server refuses the save (409) rather than drop the newer changes.
  return <EditModuleForm key={module.data._id} module={module.data} />;
}

function saveErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) {
    return `${error.message} Reload the page to get the latest version, then make your changes again.`;
  }
  const detail = error instanceof Error && error.message ? ` ${error.message}` : '';
  return `Failed to save changes.${detail}`;
}

function EditModuleForm({ module }: { module: Module }) {
  const id = useId();
  const navigate = useNavigate();
  const updateModule = useUpdateModule(module._id);
  // The version the title, description and sections below were read from: what the optimistic-concurrency check
  // must compare, whatever newer version a refetch has put in `module` since.
  const [baseVersion] = useState(module.updatedAt);
  const [title, setTitle] = useState(module.title);
  const [description, setDescription] = useState(module.description);
  const [sections, setSections] = useState<DraftSection[]>(() =>
    [...module.sections]
      .sort((a, b) => a.order - b.order)
      .map((section) => ({ ...section, key: section._id })),
  );
  const [uploading, setUploading] = useState(false);
  const [saveError, setSaveError] = useState<{ message: string; conflict: boolean } | null>(null);
  const { status, label, save } = useSaveStatus(() => navigate(`/teacher-modules/${module._id}`));

  const addSection = useCallback((section: DraftSection) => setSections((current) => [...current, section]), []);
  const removeSection = (key: string) => setSections((current) => current.filter((section) => section.key !== key));
  const moveSection = (from: number, to: number) =>
    setSections((current) => {
      const next = [...current];
      next.splice(to, 0, ...next.splice(from, 1));
      return next;
    });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status !== 'idle' || uploading) return;
    setSaveError(null);
    await save(async () => {
      try {
        await updateModule.mutateAsync({
          title,
          description,
          updatedAt: baseVersion,
          // Kept sections keep their _id (and the students' progress on them); the server derives content types.
          sections: sections.map((section, index) => ({
            ...(section._id ? { _id: section._id } : {}),
            title: section.title,
            order: index + 1,
            contentUrl: section.contentUrl,
            ...(section.originalFileName ? { originalFileName: section.originalFileName } : {}),
          })),
        });
      } catch (error) {
        console.error('Saving the module failed:', error);
        setSaveError({ message: saveErrorMessage(error), conflict: error instanceof ApiError && error.status === 409 });
        throw error;
      }
    });
  }

  return (
    <div className="module-form-page">
      <Link to={`/teacher-modules/${module._id}`} className="back-link">
        ← Back to module
      </Link>
      <h1>Editing Module</h1>
      <form id={`${id}-form`} className="card" onSubmit={submit} noValidate>
        <ModuleDetailsFields
          title={title}
          description={description}
          onTitleChange={setTitle}
          onDescriptionChange={setDescription}
        />
      </form>

      <section className="card" aria-labelledby={`${id}-sections`}>
        <h2 id={`${id}-sections`}>Sections ({sections.length})</h2>
        {sections.length === 0 ? (
          <p className="muted">This module has no sections. Add one below.</p>
        ) : (
          <DraftSectionList
            sections={sections}
            renderExtra={(section, index) => (
              <div className="section-actions">
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => moveSection(index, index - 1)}
                  aria-label={`Move section ${section.title} up`}
                  disabled={status !== 'idle' || index === 0}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => moveSection(index, index + 1)}
                  aria-label={`Move section ${section.title} down`}
                  disabled={status !== 'idle' || index === sections.length - 1}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => removeSection(section.key)}
                  aria-label={`Remove section ${section.title}`}
                  disabled={status !== 'idle'}
                >
                  Remove
                </button>
              </div>
            )}
          />
        )}
      </section>

      <AddSectionForm heading="Add New Section" submitLabel="Add Section" onAdd={addSection} onBusyChange={setUploading} />

      {saveError && (
        <Alert tone="error" onDismiss={() => setSaveError(null)}>
          {saveError.message}{' '}
          {saveError.conflict && (
            <button type="button" className="link-button" onClick={() => window.location.reload()}>
              Reload now
            </button>
          )}
        </Alert>
      )}
      <div className="form-actions">
        <button
          type="submit"
          form={`${id}-form`}
          className="button"
          disabled={status !== 'idle' || uploading}
        >
          {label}
        </button>
        <span className="visually-hidden" role="status">
          {status === 'idle' ? '' : label}
        </span>
      </div>
    </div>
  );
}
