// Uploads a file the way the web app does: ask the API for presigned URLs, PUT the bytes (in parts above the
// single-upload limit), complete the upload (the API checks the stored bytes against the type). Used by the seed and
// by tests that need real files behind a module.
import { SINGLE_UPLOAD_HEADERS } from '../shared/constants';
import { routes } from '../shared/contract';

/** Calls an API route as someone and answers the parsed JSON body (throws on a non-2xx answer). */
export type ApiCall = (route: { method: string; path: string }, body?: unknown) => Promise<unknown>;

interface Ticket {
  contentUrl: string;
  uploadUrl?: string;
  uploadId?: string;
  partSize?: number;
  parts?: { partNumber: number; uploadUrl: string }[];
}

/** Answers the stored file's key (the section's contentUrl). */
export async function uploadFile(call: ApiCall, fileName: string, contentType: string, bytes: Uint8Array): Promise<string> {
  const ticket = (await call(routes.createUpload, { fileName, contentType, size: bytes.length })) as Ticket;
  if (ticket.uploadUrl) {
    await put(ticket.uploadUrl, bytes, { 'content-type': contentType, ...SINGLE_UPLOAD_HEADERS }, fileName);
    await call(routes.completeUpload, { contentUrl: ticket.contentUrl });
    return ticket.contentUrl;
  }
  const { uploadId, partSize, parts = [] } = ticket;
  const uploaded = [];
  for (const { partNumber, uploadUrl } of parts) {
    const start = (partNumber - 1) * partSize!;
    const etag = await put(uploadUrl, bytes.subarray(start, start + partSize!), {}, `${fileName} part ${partNumber}`);
    uploaded.push({ partNumber, etag });
  }
  await call(routes.completeUpload, { contentUrl: ticket.contentUrl, uploadId, parts: uploaded });
  return ticket.contentUrl;
}

async function put(url: string, body: Uint8Array, headers: Record<string, string>, what: string): Promise<string> {
  const response = await fetch(url, { method: 'PUT', headers, body });
  if (!response.ok) throw new Error(`uploading ${what} answered ${response.status}: ${await response.text()}`);
  return response.headers.get('etag') ?? '';
}
