/** The bucket refused or lost the file; `status` 403 usually means the signed link expired. */
export class FileResponseError extends Error {
  constructor(readonly status: number) {
    super(`The file could not be downloaded (HTTP ${status}).`);
    this.name = 'FileResponseError';
  }
}

/** The whole file, for the office renderers (they need every byte before they can draw anything). */
export async function fetchFileBytes(url: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  const response = await fetch(url, { signal, credentials: 'omit', referrerPolicy: 'no-referrer' });
  if (!response.ok) throw new FileResponseError(response.status);
  return response.arrayBuffer();
}

/** Whether a failure is the link's (expired or refused), which a freshly signed link may cure. */
export function isRefusedLink(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 403 || status === 401;
}

/** The file is within the upload limits but too large, inflated, to render in the page. */
export class FileTooLargeError extends Error {
  constructor(detail: string) {
    super(`The file is too large to show: ${detail}`);
    this.name = 'FileTooLargeError';
  }
}

/** Whether a failure is the file's size: the reader says so and offers the download. */
export const isTooLarge = (error: unknown) => error instanceof FileTooLargeError;
