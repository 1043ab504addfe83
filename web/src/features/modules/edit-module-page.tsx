// /teacher-modules/:moduleId/edit: title, description, the order mode, rename, reorder, remove, replace or add
// sections and set their roles, then Save
// All Changes (Saving... → Saved! for SAVED_CONFIRMATION_MS → back to the module). Unsaved changes survive a reload
// and leaving with them asks first.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { contentTypeFromMediaType } from '@shared/content-type';
import { type Module, updateModuleSchema, type UpdateModuleInput } from '@shared/contract/modules';
import { DEFAULT_SECTION_ROLE } from '@shared/paths';
import { Alert } from '../../components/alert';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/api-client';
import { FIX_FIELDS, fieldErrorsOf, hasErrors, validateFields, type FieldErrors } from '../../lib/form-errors';
import { useLogError } from '../../lib/use-log-error';
import type { UploadedFile } from '../uploads';
import { CheckEditor, type CheckEditorHandle } from '../checks';
import { useModule, useUpdateModule } from '@web/api/modules';
import { AddSectionForm, type AddSectionFormHandle } from './components/add-section-form';
import type { DraftSection } from './utils/draft-section';
import { FileDropZone } from './components/file-drop-zone';
import { ModuleDetailsFields } from './components/module-details-fields';
import { discardStoredEdits, editsOf, hasChanges, loadStoredEdits, storeEdits, type ModuleEdits } from './utils/module-edits';
import { ModuleLoadError } from './components/module-load-error';
import { RemoveSectionDialog } from './components/remove-section-dialog';
import { ReplaceFileButton } from './components/replace-file-button';
import { SectionEditor } from './components/section-editor';
import { OrderModeField } from './components/path-rules-fields';
import { BandFitNote, PathChangeNote } from './components/path-change-note';
import { PathExplainPanel } from './components/path-explain-panel';
import { useSaveStatus } from './hooks/use-save-status';
import './modules.css';
import { QueryView } from '@web/components/query-view';

export default function EditModulePage() {
  const { moduleId = '' } = useParams();
  const module = useModule(moduleId);
  useDocumentTitle(module.data ? `Editing ${module.data.title}` : 'Edit Module');
  useLogError(module.error, 'Loading the module for editing failed');

  // A failed background refresh keeps the data, and the form with the teacher's changes. Keyed by the module id (not
  // its version): the form starts from the first version read and is not reset by background refetches. A refetch may
  // still hand it a newer `module`; the form saves against the version it started from (`baseVersion`), so the
  // server refuses the save (409) rather than drop the newer changes.
  return (
    <QueryView query={module} loading="Loading module..." error={(error) => <ModuleLoadError heading="Editing Module" error={error} />}>
      {(data) => <EditModuleForm key={data._id} module={data} />}
    </QueryView>
  );
}

const LEAVE_EDITS = 'Leave without saving? Your changes to this module will be discarded.';
const EMPTY_MODULE =
  'Save this module with no sections? Students it is assigned to will see an empty module.';

function saveErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) {
    return `${error.message} Reload the page to get the latest version, then make your changes again.`;
  }
  if (hasErrors(fieldErrorsOf(error))) return FIX_FIELDS;
  const detail = error instanceof ApiError && error.status < 500 ? ` ${error.message}` : '';
  return `Failed to save changes.${detail}`;
}

interface PendingReplacement {
  key: string;
  title: string;
  file: UploadedFile;
}

function EditModuleForm({ module }: { module: Module }) {
  const id = useId();
  const navigate = useNavigate();
  const updateModule = useUpdateModule(module._id);
  const [start] = useState(() => editsOf(module));
  // Unsaved changes from before a reload come back, with the version they were made against.
  const [restored] = useState(() => loadStoredEdits(module._id));
  const [edits, setEdits] = useState<ModuleEdits>(restored ?? start);
  const { baseVersion, title, description, sections } = edits;
  const sequential = edits.sequential ?? start.sequential ?? false;
  const [showRestored, setShowRestored] = useState(Boolean(restored));
  const [busySections, setBusySections] = useState<ReadonlySet<string>>(new Set());
  const [addingSection, setAddingSection] = useState(false);
  const uploading = addingSection || busySections.size > 0;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saveError, setSaveError] = useState<{ message: string; conflict: boolean } | null>(null);
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const [replacement, setReplacement] = useState<PendingReplacement | null>(null);
  const [checkSection, setCheckSection] = useState<{ _id: string; title: string } | null>(null);
  const [removal, setRemoval] = useState<{ section: DraftSection; remove: () => void } | null>(null);
  const checks = new Map((module.checks ?? []).map((check) => [check.sectionId, check]));
  // A check's bands name sections by the roles the server has (saved), not the ones being edited.
  const savedSections = [...module.sections].sort((a, b) => a.order - b.order);
  const saved = useRef(false);
  const checkEditor = useRef<CheckEditorHandle>(null);
  const sectionForm = useRef<AddSectionFormHandle>(null);
  const { status, label, save } = useSaveStatus(() => navigate(`/teacher-modules/${module._id}`));
  const changed = hasChanges(start, edits);

  useEffect(() => {
    if (changed) storeEdits(module._id, edits);
    else discardStoredEdits(module._id);
  }, [changed, edits, module._id]);

  const update = (change: Partial<ModuleEdits>) => setEdits((current) => ({ ...current, ...change }));
  const setSections = (next: DraftSection[]) => update({ sections: next });
  const addSection = useCallback(
    (section: DraftSection) => setEdits((current) => ({ ...current, sections: [...current.sections, section] })),
    [],
  );
  const sectionBusy = useCallback(
    (key: string) => (busy: boolean) =>
      setBusySections((current) => {
        if (busy === current.has(key)) return current;
        const next = new Set(current);
        if (busy) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );

  /** Puts the new file in the section; `resetCompletion` drops its id, so students' earlier completion stops counting. */
  function applyReplacement(resetCompletion: boolean) {
    if (!replacement) return;
    const { key, file } = replacement;
    setEdits((current) => ({
      ...current,
      sections: current.sections.map((section) => {
        if (section.key !== key) return section;
        const { _id, ...rest } = section;
        return {
          ...rest,
          ...(resetCompletion ? {} : { _id }),
          contentUrl: file.contentUrl,
          originalFileName: file.originalFileName,
          contentType: contentTypeFromMediaType(file.mediaType),
        };
      }),
    }));
    setReplacement(null);
  }

  function discardRestored() {
    discardStoredEdits(module._id);
    setEdits(start);
    setErrors({});
    setShowRestored(false);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (status !== 'idle' || uploading) return;
    if (sections.length === 0) setConfirmEmpty(true);
    else void saveChanges();
  }

  async function saveChanges() {
    setConfirmEmpty(false);
    setSaveError(null);
    const input: UpdateModuleInput = {
      title,
      description,
      updatedAt: baseVersion,
      sequential,
      // Kept sections keep their _id (and the students' progress on them); the server derives content types.
      sections: sections.map((section, index) => ({
        ...(section._id ? { _id: section._id } : {}),
        title: section.title.trim(),
        order: index + 1,
        contentUrl: section.contentUrl,
        role: section.role ?? DEFAULT_SECTION_ROLE,
        ...(section.originalFileName ? { originalFileName: section.originalFileName } : {}),
      })),
    };
    const found = validateFields(updateModuleSchema, input);
    setErrors(found);
    if (hasErrors(found)) {
      setSaveError({ message: FIX_FIELDS, conflict: false });
      return;
    }
    await save(async () => {
      // One save covers the open check too, first: its bands are judged by the roles saved now, then the module's
      // save makes every check's bands fit the new ones.
      if (checkEditor.current && !(await checkEditor.current.save())) {
        setSaveError({ message: `The check of "${checkSection?.title ?? ''}" could not be saved; nothing was saved. Correct it (see the check below), then save again.`, conflict: false });
        throw new Error('The open check could not be saved.');
      }
      try {
        await updateModule.mutateAsync(input);
        saved.current = true;
        discardStoredEdits(module._id);
      } catch (error) {
        console.error('Saving the module failed:', error);
        setErrors(fieldErrorsOf(error));
        setSaveError({ message: saveErrorMessage(error), conflict: error instanceof ApiError && error.status === 409 });
        throw error;
      }
    });
  }

  return (
    <FileDropZone onFiles={(files) => sectionForm.current?.addFiles(files)}>
      <UnsavedChangesGuard
        shouldBlock={() => !saved.current && (hasChanges(start, edits) || checkEditor.current?.hasChanges() === true)}
        message={LEAVE_EDITS}
        onDiscard={() => discardStoredEdits(module._id)}
      />
      <Link to={`/teacher-modules/${module._id}`} className="back-link">
        ← Back to module
      </Link>
      <h1>Editing Module</h1>
      {showRestored && (
        <Alert tone="info" onDismiss={() => setShowRestored(false)}>
          Your unsaved changes to this module were restored.{' '}
          <button type="button" className="link-button" onClick={discardRestored}>
            Discard them
          </button>
        </Alert>
      )}
      <form id={`${id}-form`} className="card" onSubmit={submit} noValidate>
        <ModuleDetailsFields
          title={title}
          description={description}
          onTitleChange={(value) => update({ title: value })}
          onDescriptionChange={(value) => update({ description: value })}
          errors={errors}
        />
      </form>

      <section className="card" aria-labelledby={`${id}-sections`}>
        <h2 id={`${id}-sections`}>Sections ({sections.length})</h2>
        <OrderModeField sequential={sequential} onChange={(value) => update({ sequential: value })} disabled={status !== 'idle'} />
        {sections.length === 0 ? (
          <p className="muted">This module has no sections. Add one below.</p>
        ) : (
          <SectionEditor
            sections={sections}
            onChange={setSections}
            errors={errors}
            disabled={status !== 'idle'}
            renderExtra={(section) =>
              section._id && (
                <>
                  <CheckButton
                    title={section.title}
                    questionCount={checks.get(section._id)?.questionCount}
                    open={checkSection?._id === section._id}
                    onClick={() => setCheckSection({ _id: section._id!, title: section.title })}
                  />
                  <ReplaceFileButton
                    sectionTitle={section.title}
                    disabled={status !== 'idle'}
                    onBusyChange={sectionBusy(section.key)}
                    onReplaced={(file) => setReplacement({ key: section.key, title: section.title, file })}
                  />
                </>
              )
            }
            confirmRemove={(section, remove) => (section._id && checks.has(section._id) ? setRemoval({ section, remove }) : remove())}
          />
        )}
      </section>

      {checkSection && (
        <CheckEditor
          key={checkSection._id}
          moduleId={module._id}
          sectionId={checkSection._id}
          sectionTitle={checkSection.title}
          hasCheck={checks.has(checkSection._id)}
          sections={savedSections}
          fileType={savedSections.find((section) => section._id === checkSection._id)?.contentType}
          onClose={() => setCheckSection(null)}
          ref={checkEditor}
        />
      )}

      <AddSectionForm
        heading="Add New Section"
        submitLabel="Add Section"
        onAdd={addSection}
        onBusyChange={setAddingSection}
        sectionCount={sections.length}
        ref={sectionForm}
        resumeSlot={`module:${module._id}`}
      />

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
        <button type="submit" form={`${id}-form`} className="button" disabled={status !== 'idle' || uploading}>
          {label}
        </button>
        <span className="visually-hidden" role="status">
          {status === 'idle' ? '' : label}
        </span>
      </div>
      <PathChangeNote module={module} sequential={sequential} sections={sections} />
      <BandFitNote module={module} sections={sections} />
      <PathExplainPanel module={module} />
      <ConfirmDialog
        open={confirmEmpty}
        message={EMPTY_MODULE}
        confirmLabel="Save without sections"
        onConfirm={() => void saveChanges()}
        onCancel={() => setConfirmEmpty(false)}
      />
      {removal && (
        <RemoveSectionDialog
          moduleId={module._id}
          sectionTitle={removal.section.title}
          check={checks.get(removal.section._id!)!}
          onConfirm={() => {
            removal.remove();
            if (checkSection?._id === removal.section._id) setCheckSection(null);
            setRemoval(null);
          }}
          onCancel={() => setRemoval(null)}
        />
      )}
      <ConfirmDialog
        open={replacement !== null}
        message={`The file of "${replacement?.title ?? ''}" was replaced. Students who completed this section keep it completed unless you reset it. Reset their completion, since the content changed?`}
        confirmLabel="Reset completion"
        cancelLabel="Keep completion"
        onConfirm={() => applyReplacement(true)}
        onCancel={() => applyReplacement(false)}
      />
    </FileDropZone>
  );
}

/** Opens the section's check in the editor below the sections: "Add check", or the check's size when it has one. */
function CheckButton({ title, questionCount, open, onClick }: { title: string; questionCount?: number; open: boolean; onClick: () => void }) {
  const label = questionCount === undefined ? 'Add check' : `Check (${questionCount} ${questionCount === 1 ? 'question' : 'questions'})`;
  return (
    <button
      type="button"
      className="button button-secondary"
      onClick={onClick}
      aria-pressed={open}
      aria-label={`${label} ${questionCount === undefined ? 'to' : 'of'} section ${title}`}
    >
      {label}
    </button>
  );
}
