// The visible side of an upload: a progress bar, Pause / Resume / Cancel for multipart files, and the outcome.
import { useId } from 'react';
import type { FileUploadControls } from '../hooks/use-file-upload';
import '../uploads.css';

const UPLOAD_FAILED_TEXT = 'File upload failed. Please try again.';

export function UploadProgress({ upload }: { upload: FileUploadControls }) {
  const labelId = useId();
  const { status, fileName, loaded, total, multipart } = upload;
  if (status === 'idle' || status === 'success') return null;
  if (status === 'error') return <p className="upload-failed">{UPLOAD_FAILED_TEXT}</p>;
  if (status === 'canceled') return <p className="upload-note muted">Upload of {fileName} canceled.</p>;

  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  return (
    <div className="upload-progress">
      <p id={labelId} className="upload-label">
        {status === 'paused' ? 'Paused' : 'Uploading'} {fileName}: {percent}%
      </p>
      <progress aria-labelledby={labelId} max={100} value={percent} aria-valuenow={percent} />
      <div className="upload-actions">
        {multipart && status === 'uploading' && (
          <button type="button" className="button button-secondary" onClick={upload.pause}>
            Pause
          </button>
        )}
        {multipart && status === 'paused' && (
          <button type="button" className="button button-secondary" onClick={upload.resume}>
            Resume
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={upload.cancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
