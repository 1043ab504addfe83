// Replace file, for a section already saved: the new file is uploaded at once (same checks as adding one) and
// handed to the parent, which keeps the section's id.
import { useEffect, useId, useRef, useState } from 'react';
import { SECTION_FILE_ACCEPT } from '@shared/content-type';
import { UploadProgress, isUploadBusy, useFileUpload } from '../../uploads';
import type { UploadedFile } from '../../uploads';
import { sectionFileError } from '../utils/section-rules';

interface ReplaceFileButtonProps {
  sectionTitle: string;
  disabled: boolean;
  onReplaced: (file: UploadedFile) => void;
  onBusyChange: (busy: boolean) => void;
}

export function ReplaceFileButton({ sectionTitle, disabled, onReplaced, onBusyChange }: ReplaceFileButtonProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useFileUpload();
  const [error, setError] = useState('');
  const busy = isUploadBusy(upload.status);

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  async function replaceWith(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    const refused = sectionFileError(file);
    setError(refused ?? '');
    if (refused) return;
    const stored = await upload.start(file);
    if (stored) {
      onReplaced(stored);
      upload.reset();
    }
  }

  return (
    <div className="replace-file">
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={SECTION_FILE_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void replaceWith(event.target.files?.[0])}
      />
      <button
        type="button"
        className="button button-secondary"
        onClick={() => input.current?.click()}
        disabled={disabled || busy}
        aria-label={`Replace the file of section ${sectionTitle}`}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        Replace file
      </button>
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
      <UploadProgress upload={upload} />
    </div>
  );
}
