// After a reload cut an upload short: Resume (the teacher picks the same file again; a browser cannot keep access
// to a file across a reload) or Discard (the stored parts are deleted on the server).
import { useId, useRef, useState } from 'react';
import { abortUpload } from '@web/api/uploads';
import { isSameFile } from '../utils/file-upload';
import { forgetInterruptedUpload, loadInterruptedUpload, type InterruptedUpload } from '../utils/interrupted-upload';

interface InterruptedUploadOfferProps {
  slot: string;
  onResume: (saved: InterruptedUpload, file: File) => void;
}

export function InterruptedUploadOffer({ slot, onResume }: InterruptedUploadOfferProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [saved, setSaved] = useState(() => loadInterruptedUpload(slot));
  const [error, setError] = useState('');
  if (!saved) return null;
  const { fileName, size, partSize, finishedParts, contentUrl, uploadId } = saved.checkpoint;
  const stored = Math.min(size, finishedParts.length * partSize);
  const percent = Math.floor((stored / size) * 100);

  function choose(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file || !saved) return;
    if (!isSameFile(file, saved.checkpoint)) {
      setError(`That is not the file that was being uploaded. Choose ${fileName} to resume.`);
      return;
    }
    setSaved(undefined);
    onResume(saved, file);
  }

  function discard() {
    forgetInterruptedUpload(slot);
    setSaved(undefined);
    abortUpload({ contentUrl, uploadId }).catch((abortError: unknown) => {
      console.error('Could not abort the interrupted upload on the server:', abortError);
    });
  }

  return (
    <div className="interrupted-upload" role="group" aria-labelledby={`${id}-text`}>
      <p id={`${id}-text`}>
        The upload of <strong>{fileName}</strong> for “{saved.title}” was interrupted with {percent}% stored. Resume it
        by choosing the same file again, or discard it.
      </p>
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <div className="upload-actions">
        <button type="button" className="button" onClick={() => input.current?.click()} aria-describedby={error ? `${id}-error` : undefined}>
          Resume upload
        </button>
        <button type="button" className="button button-secondary" onClick={discard}>
          Discard
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
