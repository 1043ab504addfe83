// The visible side of an upload: a progress bar, Pause / Resume / Cancel for multipart files, and the outcome.
import { useId } from 'react';
import type { FileUploadControls } from '../hooks/use-file-upload';
import { uploadRefusal } from '../utils/file-upload';
import '../uploads.css';

const UPLOAD_FAILED_TEXT = 'File upload failed. Please try again.';

export function UploadProgress({ upload }: { upload: FileUploadControls }) {
  const labelId = useId();
  const { status, fileName, loaded, total, multipart } = upload;
  if (status === 'idle' || status === 'success') return null;
  // The server's reason for refusing the file itself (say, a renamed file whose content is not its type) says what to do.
  if (status === 'error') {
    const refusal = uploadRefusal(upload.error);
    return (
      <p className="upload-failed">
        {refusal ? `${fileName} was not uploaded. ${refusal}` : UPLOAD_FAILED_TEXT}
      </p>
    );
  }
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
