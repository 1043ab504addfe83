// React face of the upload state machine: one upload at a time, canceled when the component goes away.
import { useCallback, useEffect, useRef, useState } from 'react';
import { FileUpload, IDLE_UPLOAD, type FileUploadOptions, type UploadedFile, type UploadSnapshot } from '../utils/file-upload';

export interface FileUploadControls extends UploadSnapshot {
  /** Uploads the file; settles with the stored file, or null when it was canceled or failed (see `status`). */
  start: (file: File, options?: FileUploadOptions) => Promise<UploadedFile | null>;
  pause: () => void;
  resume: () => void;
  cancel: () => void;
  /** Back to idle, e.g. after the result was used. */
  reset: () => void;
}

export function useFileUpload(): FileUploadControls {
  const [snapshot, setSnapshot] = useState<UploadSnapshot>(IDLE_UPLOAD);
  const current = useRef<FileUpload | null>(null);

  useEffect(() => () => current.current?.cancel(), []);

  const start = useCallback((file: File, options?: FileUploadOptions) => {
    current.current?.cancel();
    const upload = new FileUpload(
      file,
      (next) => {
        if (current.current === upload) setSnapshot(next);
      },
      options,
    );
    current.current = upload;
    return upload.start();
  }, []);

  const pause = useCallback(() => current.current?.pause(), []);
  const resume = useCallback(() => current.current?.resume(), []);
  const cancel = useCallback(() => current.current?.cancel(), []);
  const reset = useCallback(() => {
    current.current?.cancel();
    current.current = null;
    setSnapshot(IDLE_UPLOAD);
  }, []);

  return { ...snapshot, start, pause, resume, cancel, reset };
}

export const isUploadBusy = (status: UploadSnapshot['status']) => status === 'uploading' || status === 'paused';
