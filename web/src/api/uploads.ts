// The upload routes: a ticket to put a file in storage (one PUT, or presigned parts), renewing parts whose links
// expired, completing and aborting it. Called by the upload's transfer logic, outside React Query.
import type { RequestOf } from '@shared/contract';
import { call } from '@web/lib/api-client';

export const createUpload = (input: RequestOf<'createUpload'>) => call('createUpload', {}, input);
export const completeUpload = (input: RequestOf<'completeUpload'>) => call('completeUpload', {}, input);
export const abortUpload = (input: RequestOf<'abortUpload'>) => call('abortUpload', {}, input);
export const renewUploadParts = (input: RequestOf<'renewUploadParts'>) => call('renewUploadParts', {}, input);
