// The office viewers open a file only once it has passed the shared limits (shared/office-limits.ts), checked in a
// worker that is ended when the viewer goes away or the check takes too long.
import type { OfficeZipVerdict } from '@shared/office-limits';
import { FileTooLargeError } from './fetch-file';

/**
 * The check is bounded by the limits and takes well under a second on a phone; a worker still busy after this long is
 * ended, and the file treated as too large, so the student has an answer within 5 s of the file arriving.
 */
const CHECK_TIMEOUT_MS = 4000;

/** Resolves with the file's bytes when it fits the limits; rejects with FileTooLargeError, or an Error for a malformed archive. */
export function checkOfficeFile(bytes: ArrayBuffer, signal: AbortSignal): Promise<ArrayBuffer> {
  const worker = new Worker(new URL('./office-file-worker.ts', import.meta.url), { type: 'module' });
  return new Promise<ArrayBuffer>((resolve, reject) => {
    const end = (settle: () => void) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      worker.terminate();
      settle();
    };
    const onAbort = () => end(() => reject(signal.reason));
    const timer = setTimeout(() => end(() => reject(new FileTooLargeError('it could not be checked in time'))), CHECK_TIMEOUT_MS);
    signal.addEventListener('abort', onAbort);
    worker.onmessage = ({ data }: MessageEvent<{ verdict: OfficeZipVerdict; bytes: ArrayBuffer }>) =>
      end(() => {
        const { verdict } = data;
        if (verdict.fits) resolve(data.bytes);
        else reject(verdict.reason === 'too-large' ? new FileTooLargeError(verdict.detail) : new Error(`The file is not a readable document: ${verdict.detail}`));
      });
    worker.onerror = (event) => end(() => reject(new Error(`The file could not be checked: ${event.message}`)));
    worker.postMessage(bytes, [bytes]);
  });
}
