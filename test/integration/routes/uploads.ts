// The uploads routes' fixtures (test/integration/routes/context.ts says what a fixture holds).
import type { uploadsRoutes } from '@shared/contract/uploads';
import { sampleFiles, zipFiles } from '@functions/src/rosters/oneroster/samples/zip-sample';
import { fileBytes, MEDIA, type Person, type World } from '../support/world';
import type { ResourceFixtures, RouteContext } from './context';

/** Two parts' worth: S3 refuses to complete with a part below 5 MiB but the last. */
const MULTIPART_BYTES = fileBytes('pdf', 6 * 1024 * 1024);

interface MultipartTicket {
  contentUrl: string;
  uploadId: string;
  partSize: number;
  parts: { partNumber: number; uploadUrl: string }[];
}

/** A multipart upload of a teacher's PDF, or of an admin's zip (a OneRoster package). */
const startMultipart = ({ world, unique }: RouteContext, as: Person = world.teacher): Promise<MultipartTicket> =>
  as === world.admin
    ? world.ok('createUpload', { as, body: { fileName: `${unique('big')}.zip`, contentType: 'application/zip', size: MULTIPART_BYTES.length } })
    : world.ok('createUpload', { as, body: { fileName: `${unique('big')}.pdf`, contentType: MEDIA.pdf, size: MULTIPART_BYTES.length } });

/** Puts the ticket's first `count` parts, of the size it names; their numbers and ETags, to complete with. */
const putParts = (ticket: MultipartTicket, count = ticket.parts.length) =>
  Promise.all(
    ticket.parts.slice(0, count).map(async ({ partNumber, uploadUrl }) => {
      const put = await fetch(uploadUrl, { method: 'PUT', body: MULTIPART_BYTES.subarray((partNumber - 1) * ticket.partSize, partNumber * ticket.partSize) });
      return { partNumber, etag: put.headers.get('etag')! };
    }),
  );

/** An admin's OneRoster package, through the upload routes. */
const adminPackage = (world: World) => world.upload(world.admin, 'package.zip', 'application/zip', zipFiles(sampleFiles('bulk-1.2')));

export const uploadsFixtures: ResourceFixtures<typeof uploadsRoutes> = {
  createUpload: {
    request: async () => ({ body: { fileName: 'notes.pdf', contentType: MEDIA.pdf, size: 1024 } }),
    // An administrator uploads OneRoster packages only.
    statuses: { teacher: 201, otherTeacher: 201, admin: 400 },
    // A single upload, a multipart one, and an admin's package.
    drive: async (context) => {
      await context.teacherFile();
      await startMultipart(context);
      await adminPackage(context.world);
    },
  },
  completeUpload: {
    request: async (context) => {
      const ticket = await startMultipart(context);
      return { body: { contentUrl: ticket.contentUrl, uploadId: ticket.uploadId, parts: await putParts(ticket) } };
    },
    statuses: { teacher: 200, otherTeacher: 403, admin: 403 },
    // Every part: the file is assembled. Only the first part: smaller than declared, so it is deleted. And an admin's package.
    drive: async (context) => {
      const { world } = context;
      for (const count of [2, 1]) {
        const ticket = await startMultipart(context);
        const parts = await putParts(ticket, count);
        await world.ok('completeUpload', { as: world.teacher, body: { contentUrl: ticket.contentUrl, uploadId: ticket.uploadId, parts } }, count === 2 ? 200 : 400);
      }
      await world.ok('completeUpload', { as: world.admin, body: { contentUrl: await adminPackage(world) } });
    },
  },
  abortUpload: {
    request: async (context) => {
      const { contentUrl, uploadId } = await startMultipart(context);
      return { body: { contentUrl, uploadId } };
    },
    statuses: { teacher: 204, otherTeacher: 403, admin: 403 },
    // An admin's own upload too.
    drive: async (context) => {
      for (const as of [context.world.teacher, context.world.admin]) {
        const { contentUrl, uploadId } = await startMultipart(context, as);
        await context.world.ok('abortUpload', { as, body: { contentUrl, uploadId } }, 204);
      }
    },
  },
  renewUploadParts: {
    request: async (context) => {
      const { contentUrl, uploadId, parts } = await startMultipart(context);
      return { body: { contentUrl, uploadId, partNumbers: parts.map((part) => part.partNumber) } };
    },
    statuses: { teacher: 200, otherTeacher: 403, admin: 403 },
    // An admin's own upload too.
    drive: async (context) => {
      for (const as of [context.world.teacher, context.world.admin]) {
        const { contentUrl, uploadId } = await startMultipart(context, as);
        await context.world.ok('renewUploadParts', { as, body: { contentUrl, uploadId, partNumbers: [1, 2] } });
        await context.world.ok('abortUpload', { as, body: { contentUrl, uploadId } }, 204);
      }
    },
  },
};
