// Uploads: a teacher's file (an admin's OneRoster package) goes straight to storage (presigned URLs, multipart for large files); the API starts,
// completes, renews and aborts the upload.
import * as z from '../zod';
import { ALLOWED_FILE_TYPES_MESSAGE, ROSTER_PACKAGE_TOO_LARGE_MESSAGE, rosterPackageMediaType, sectionFileMediaType } from '../content-type';
import { readableText } from '../readable-text';
import { TEXT_LIMITS, UPLOAD_LIMITS } from '../constants';
import { TEACHERS_AND_ADMINS } from './route';
import { noContent, positiveWhole, storageKey, typeError, wellFormed, type RouteContract } from './blocks';

// ---- What the routes take ----

export const createUploadSchema = /* @__PURE__ */ z.lazy(() =>
  z.pipe(
    z.strictObject({
      fileName: readableText('fileName', TEXT_LIMITS.fileNameMaxLength),
      // The browser's file.type; empty when it does not know the type.
      contentType: z.pipe(
        z.transform((value: unknown) => (value === undefined || value === '' ? 'application/octet-stream' : value)),
        z.string({ error: 'contentType must be text.' }).check(
          z.maxLength(255, { error: 'contentType is too long.' }),
          z.regex(/^[\w.+-]+\/[\w.+-]+$/, { error: 'contentType must be a media type such as application/pdf.' }),
        ),
      ),
      size: z.number({ error: 'size must be the file size in bytes.' }).check(
        z.int({ error: 'size must be a whole number of bytes.' }),
        z.minimum(1, { error: 'The file is empty.' }),
        z.maximum(UPLOAD_LIMITS.maxFileBytes, { error: 'The file is larger than the 5 GB limit; split it or compress it.' }),
      ),
    }),
    // Sections hold PDF, PowerPoint and Word files only, and admins upload OneRoster zips (who may upload which is
    // the use case's to say): checked by extension and declared media type, which is also what the file is stored
    // (and later served) as.
    z.transform((input, context) => {
      const sectionFile = sectionFileMediaType(input.fileName, input.contentType);
      if (sectionFile) return { ...input, contentType: sectionFile };
      const rosterPackage = rosterPackageMediaType(input.fileName, input.contentType);
      if (rosterPackage && input.size <= UPLOAD_LIMITS.rosterPackageMaxBytes) return { ...input, contentType: rosterPackage };
      if (rosterPackage) {
        context.issues.push({ code: 'custom', path: ['size'], message: ROSTER_PACKAGE_TOO_LARGE_MESSAGE, input: input.size });
      } else {
        context.issues.push({ code: 'custom', path: ['fileName'], message: ALLOWED_FILE_TYPES_MESSAGE, input: input.fileName });
      }
      return z.NEVER;
    }),
  ),
);

const uploadId = /* @__PURE__ */ z.lazy(() =>
  z.string({ error: typeError('uploadId', 'text') }).check(
    z.minLength(1, { error: 'uploadId is required.' }),
    z.maxLength(1024, { error: 'uploadId is too long.' }),
    z.refine(...wellFormed('uploadId')),
  ),
);

const partRange = `partNumber must be a whole number from 1 to ${UPLOAD_LIMITS.maxParts}.`;

const partNumber = /* @__PURE__ */ z.lazy(() =>
  z
    .number({ error: typeError('partNumber', 'a number') })
    .check(z.int({ error: partRange }), z.minimum(1, { error: partRange }), z.maximum(UPLOAD_LIMITS.maxParts, { error: partRange })),
);

/**
 * Ends an upload: a multipart one with its id and parts, a single one with its key alone. Either way the server then
 * checks the stored file's first bytes against its type.
 */
export const completeUploadSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .strictObject({
      contentUrl: storageKey,
      uploadId: z.optional(uploadId),
      parts: z.optional(
        z
          .array(
            z.strictObject({
              partNumber,
              etag: z.string({ error: typeError('etag', 'text') }).check(
                z.minLength(1, { error: 'etag is required: send the ETag each part upload answered with.' }),
                z.maxLength(200, { error: 'etag is too long.' }),
                z.refine(...wellFormed('etag')),
              ),
            }),
            { error: 'parts must be a list of { partNumber, etag }.' },
          )
          .check(
            z.minLength(1, { error: 'parts must list every uploaded part.' }),
            z.maxLength(UPLOAD_LIMITS.maxParts, { error: `An upload has at most ${UPLOAD_LIMITS.maxParts} parts.` }),
          ),
      ),
    })
    .check(
      z.refine((input) => (input.uploadId === undefined) === (input.parts === undefined), {
        error: 'Send uploadId and parts together to finish a multipart upload, or neither for a single upload.',
        path: ['uploadId'],
      }),
    ),
);

export const abortUploadSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    contentUrl: storageKey,
    uploadId,
  }),
);

/** Fresh URLs for the parts still to upload, when the first ones expired (a long pause, a slow connection). */
export const renewUploadPartsSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    contentUrl: storageKey,
    uploadId,
    partNumbers: z
      .array(partNumber, { error: 'partNumbers must be a list of part numbers.' })
      .check(
        z.minLength(1, { error: 'partNumbers must list at least one part to upload.' }),
        z.maxLength(UPLOAD_LIMITS.maxParts, { error: `An upload has at most ${UPLOAD_LIMITS.maxParts} parts.` }),
        z.refine((numbers) => new Set(numbers).size === numbers.length, { error: 'partNumbers must list each part only once.' }),
      ),
  }),
);

export type CreateUploadInput = z.infer<typeof createUploadSchema>;
export type CompleteUploadInput = z.infer<typeof completeUploadSchema>;
export type AbortUploadInput = z.infer<typeof abortUploadSchema>;
export type RenewUploadPartsInput = z.infer<typeof renewUploadPartsSchema>;

// ---- What they answer ----

/** A presigned PUT for one part of a multipart upload. */
const partUrlSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ partNumber: positiveWhole, uploadUrl: z.url() }));

const singleUploadTicketSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ contentUrl: z.string(), uploadUrl: z.url() }));
const multipartUploadTicketSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ contentUrl: z.string(), uploadId: z.string(), partSize: positiveWhole, parts: z.array(partUrlSchema) }),
);

export const uploadTicketSchema = /* @__PURE__ */ z.lazy(() => z.union([singleUploadTicketSchema, multipartUploadTicketSchema]));

/** Fresh part URLs for an upload whose first ones expired (or are about to), in the order they were asked for. */
export const renewedUploadPartsSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ parts: z.array(partUrlSchema) }));

export type UploadPartUrl = z.infer<typeof partUrlSchema>;
export type SingleUploadTicket = z.infer<typeof singleUploadTicketSchema>;
export type MultipartUploadTicket = z.infer<typeof multipartUploadTicketSchema>;
export type UploadTicket = z.infer<typeof uploadTicketSchema>;
export type RenewedUploadParts = z.infer<typeof renewedUploadPartsSchema>;

export const uploadsRoutes = {
  createUpload: { method: 'POST', path: '/api/uploads', roles: TEACHERS_AND_ADMINS, body: createUploadSchema, response: uploadTicketSchema },
  completeUpload: {
    method: 'POST',
    path: '/api/uploads/complete',
    roles: TEACHERS_AND_ADMINS,
    body: completeUploadSchema,
    response: /* @__PURE__ */ z.strictObject({ contentUrl: z.string() }),
  },
  abortUpload: { method: 'POST', path: '/api/uploads/abort', roles: TEACHERS_AND_ADMINS, body: abortUploadSchema, response: noContent },
  renewUploadParts: { method: 'POST', path: '/api/uploads/parts', roles: TEACHERS_AND_ADMINS, body: renewUploadPartsSchema, response: renewedUploadPartsSchema },
} as const satisfies Record<string, RouteContract>;
