// Transfer layer of an upload: one presigned PUT through XMLHttpRequest, because fetch reports no upload progress.

/** The PUT was stopped on purpose (pause or cancel); never a failure to report. */
export class TransferAbortedError extends Error {
  constructor() {
    super('The transfer was stopped.');
    this.name = 'TransferAbortedError';
  }
}

/** The storage answered the PUT with an error status (403: the presigned URL expired or was refused). */
export class StorageRefusalError extends Error {
  constructor(
    readonly status: number,
    statusText: string,
  ) {
    super(`The storage answered ${status} ${statusText}`.trim());
    this.name = 'StorageRefusalError';
  }
}

export interface PutBlobOptions {
  /** Sent as the Content-Type header; a single-PUT URL is signed for exactly the type given when it was issued. */
  contentType?: string;
  /** Further headers the URL was signed with. */
  headers?: Readonly<Record<string, string>>;
  signal: AbortSignal;
  onProgress?: (loadedBytes: number) => void;
}

/** PUTs `body` to a presigned URL and answers the ETag response header (null when the storage hides it). */
export function putBlob(url: string, body: Blob, { contentType, headers = {}, signal, onProgress }: PutBlobOptions) {
  return new Promise<{ etag: string | null }>((resolve, reject) => {
    if (signal.aborted) {
      reject(new TransferAbortedError());
      return;
    }
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    signal.addEventListener('abort', abort, { once: true });
    const settle = () => signal.removeEventListener('abort', abort);

    request.open('PUT', url);
    if (contentType) request.setRequestHeader('Content-Type', contentType);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => onProgress?.(event.loaded);
    request.onload = () => {
      settle();
      if (request.status >= 200 && request.status < 300) resolve({ etag: request.getResponseHeader('ETag') });
      else reject(new StorageRefusalError(request.status, request.statusText));
    };
    request.onerror = () => {
      settle();
      reject(new Error('The connection to the storage failed.'));
    };
    request.onabort = () => {
      settle();
      reject(new TransferAbortedError());
    };
    request.send(body);
  });
}
