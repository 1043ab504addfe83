// Adds one section: a title and a file, uploaded at once through the upload state machine; the parent receives the
// stored file and lists the section. Used by both the add-sections step and the edit screen.
import { useEffect, useId, useImperativeHandle, useState, type FormEvent, type Ref } from 'react';
import { TEXT_LIMITS } from '@shared/constants';
import { ALLOWED_FILE_TYPES_MESSAGE, contentTypeFromMediaType, SECTION_FILE_ACCEPT } from '@shared/content-type';
import { Alert } from '@web/components/alert';
import { Field } from '@web/components/field';
import { validateFields, type FieldErrors } from '@web/lib/form-errors';
import type { DraftSection } from '../utils/draft-section';
import { sectionFileError, sectionFormSchema } from '../utils/section-rules';
import {
  InterruptedUploadOffer,
  UploadProgress,
  isUploadBusy,
  useFileUpload,
  forgetInterruptedUpload,
  rememberInterruptedUpload,
  uploadRefusal,
} from '../../uploads';
import type { UploadCheckpoint } from '../../uploads';

/** The alert names what is missing: the spec's sentence when both are, else the one field. */
function missingSectionInput(title: string, file: File | null): string {
  if (!title.trim() && !file) return 'Please provide a section title and select a file.';
  if (!file) return 'Please select a file for this section.';
  return title.trim() ? '' : 'Please provide a section title.';
}
const ALLOWED_FILE_TYPES_HINT = 'PDF, PowerPoint (.ppt, .pptx) or Word (.doc, .docx), up to 5 GB.';
const UPLOAD_FAILED_ALERT = 'File upload failed. Please check the console for details.';

interface AddSectionFormProps {
  heading: string;
  submitLabel: string;
  onAdd: (section: DraftSection) => void;
  /** Told when an upload starts or stops, so the parent can hold its save button meanwhile. */
  onBusyChange?: (busy: boolean) => void;
  /** How many sections the module has, to stop at the limit before uploading anything. */
  sectionCount: number;
  /** Where an upload cut short by a reload is remembered, to be offered again (one per draft or module). */
  resumeSlot: string;
  /** For the page: files dropped onto it are added through this form, one section each. */
  ref?: Ref<AddSectionFormHandle>;
}

export interface AddSectionFormHandle {
  addFiles: (files: File[]) => void;
}

/** A section title from a file name: "cell-division_notes.pdf" → "cell division notes". */
export function titleFromFileName(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, '').replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
  return (base || fileName).slice(0, TEXT_LIMITS.titleMaxLength);
}

// Unique per page load too: sections carried in history state across a reload keep the keys they were given.
const localIdPrefix = `new-${Date.now().toString(36)}-`;
let localIds = 0;

export const newSectionKey = () => `${localIdPrefix}${++localIds}`;

export function AddSectionForm({ heading, submitLabel, onAdd, onBusyChange, sectionCount, resumeSlot, ref }: AddSectionFormProps) {
  const id = useId();
  const upload = useFileUpload();
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [validationMessage, setValidationMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [showFailureAlert, setShowFailureAlert] = useState(false);
  /** Set while several files go up one after the other. */
  const [batch, setBatch] = useState<{ done: number; total: number } | null>(null);
  const [batchMessage, setBatchMessage] = useState('');
  const busy = isUploadBusy(upload.status) || batch !== null;
  const full = sectionCount >= TEXT_LIMITS.sectionsPerModuleMax;

  function chooseFile(chosen: File | null) {
    // A file of the wrong kind is refused at once, before the teacher goes on typing.
    const fileError = chosen ? sectionFileError(chosen) : undefined;
    setErrors((current) => ({ ...current, file: fileError ?? '' }));
    if (fileError) setFileInputKey((key) => key + 1);
    setFile(fileError ? null : chosen);
  }

  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || full) return;
    const found = validateFields(sectionFormSchema, { title, file });
    setErrors(found);
    setValidationMessage(missingSectionInput(title, file));
    if (!file || Object.keys(found).length > 0) return;
    setValidationMessage('');
    await uploadSection(title.trim(), file);
  }

  useImperativeHandle(ref, () => ({ addFiles: (files) => void addFiles(files) }));

  /** Several files at once (dropped or chosen together): one section each, titled from its name, uploaded in turn. */
  async function addFiles(files: File[]) {
    if (busy || full || files.length === 0) return;
    const refused = files.filter((each) => sectionFileError(each));
    const room = TEXT_LIMITS.sectionsPerModuleMax - sectionCount;
    const accepted = files.filter((each) => !sectionFileError(each));
    const notes = [
      refused.length ? `Not added: ${refused.map((each) => each.name).join(', ')}. ${ALLOWED_FILE_TYPES_MESSAGE}` : '',
      accepted.length > room ? `Only ${room} more sections fit in this module; the other files were not added.` : '',
    ];
    setBatchMessage(notes.filter(Boolean).join(' '));
    const queue = accepted.slice(0, room);
    for (const [index, each] of queue.entries()) {
      setBatch({ done: index, total: queue.length });
      if (!(await uploadSection(titleFromFileName(each.name), each))) break;
    }
    setBatch(null);
  }

  /** Uploads (or, from a checkpoint, continues uploading) the file, then hands the section to the parent. */
  async function uploadSection(sectionTitle: string, chosen: File, resumeFrom?: UploadCheckpoint): Promise<boolean> {
    setShowFailureAlert(false);
    const stored = await upload.start(chosen, {
      resumeFrom,
      onCheckpoint: (checkpoint) =>
        checkpoint
          ? rememberInterruptedUpload(resumeSlot, { title: sectionTitle, checkpoint })
          : forgetInterruptedUpload(resumeSlot),
    });
    if (!stored) {
      // Canceled (nothing to say beyond the progress area) or failed (the state machine logged the cause).
      setShowFailureAlert(true);
      return false;
    }
    onAdd({
      key: newSectionKey(),
      title: sectionTitle,
      contentUrl: stored.contentUrl,
      originalFileName: stored.originalFileName,
      contentType: contentTypeFromMediaType(stored.mediaType),
    });
    setTitle('');
    setFile(null);
    setFileInputKey((key) => key + 1);
    upload.reset();
    return true;
  }

  return (
    <form className="card section-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {validationMessage && (
        <Alert tone="error" onDismiss={() => setValidationMessage('')}>
          {validationMessage}
        </Alert>
      )}
      {showFailureAlert && upload.status === 'error' && (
        <Alert tone="error" onDismiss={() => setShowFailureAlert(false)}>
          {uploadRefusal(upload.error) ?? UPLOAD_FAILED_ALERT}
        </Alert>
      )}
      {full && (
        <p className="muted" id={`${id}-full`}>
          This module has the most sections a module can have ({TEXT_LIMITS.sectionsPerModuleMax}); remove one to add another.
        </p>
      )}
      <Field
        id={`${id}-title`}
        label="Section Title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        required
        disabled={busy || full}
        autoComplete="off"
        maxLength={TEXT_LIMITS.titleMaxLength}
        error={errors.title}
      />
      <Field
        key={fileInputKey}
        id={`${id}-file`}
        label="Upload File (PDF, PPT, or Word)"
        type="file"
        accept={SECTION_FILE_ACCEPT}
        required
        disabled={busy || full}
        hint={ALLOWED_FILE_TYPES_HINT}
        error={errors.file}
        onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
      />
      <div className="field">
        <label htmlFor={`${id}-files`}>Or add several files at once</label>
        <input
          key={`files-${fileInputKey}`}
          id={`${id}-files`}
          type="file"
          multiple
          accept={SECTION_FILE_ACCEPT}
          disabled={busy || full}
          aria-describedby={`${id}-files-hint`}
          onChange={(event) => void addFiles([...(event.target.files ?? [])])}
        />
        <span id={`${id}-files-hint`} className="field-hint">
          Each file becomes a section named after it (you can rename it). You can also drop files anywhere on this page.
        </span>
      </div>
      {batchMessage && (
        <Alert tone="error" onDismiss={() => setBatchMessage('')}>
          {batchMessage}
        </Alert>
      )}
      {batch && (
        <p className="muted" role="status">
          Adding file {batch.done + 1} of {batch.total}...
        </p>
      )}
      {!busy && (
        <InterruptedUploadOffer
          slot={resumeSlot}
          onResume={(saved, chosen) => {
            setTitle(saved.title);
            void uploadSection(saved.title, chosen, saved.checkpoint);
          }}
        />
      )}
      <UploadProgress upload={upload} />
      <button type="submit" className="button button-secondary" disabled={busy || full}>
        {busy ? 'Uploading...' : submitLabel}
      </button>
    </form>
  );
}
