// A person's data, exported: their own ("Download my data" on the profile page) or anyone's, by an administrator
// (audited). Both answer a short-lived link to a zip the API wrote to storage (docs/decisions/privacy/export-through-storage.md).
import * as z from '../zod';
import { ADMINS, EVERYONE } from './route';
import { isoDate, wholeCount, type RouteContract } from './blocks';

/** The zip to download: its link (good until `expiresAt`), the name to save it under, and its size in bytes. */
export const dataExportSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ url: z.string(), fileName: z.string(), expiresAt: isoDate, bytes: wholeCount }),
);
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportRoutes = {
  /** The caller's own data. */
  exportOwnData: { method: 'GET', path: '/api/me/export', roles: EVERYONE, response: dataExportSchema },
  /** Anyone's data, for an administrator answering a request for it (written to the audit trail). */
  exportPersonData: { method: 'POST', path: '/api/admin/people/{userId}/export', roles: ADMINS, response: dataExportSchema },
} as const satisfies Record<string, RouteContract>;
