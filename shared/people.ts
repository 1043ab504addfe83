// People and administration, the rules apart from the routes (shared/contract/people.ts, shared/contract/audit.ts):
// the statuses, the audit trail's actions and the limits.
import { readableTextMessages } from './readable-text';

/** invited: has not signed in yet (temporary password); active: signed in at least once; disabled: offboarded. */
export const PERSON_STATUSES = ['invited', 'active', 'disabled'] as const;
export type PersonStatus = (typeof PERSON_STATUSES)[number];

export const AUDIT_ACTIONS = [
  'invite',
  'resendInvitation',
  'rename',
  'changeRole',
  'disable',
  'enable',
  // A person erased for good; the entry names them by their pseudonym only.
  'erase',
  'createClass',
  'renameClass',
  'deleteClass',
  'changeTeacher',
  'enrol',
  'unenrol',
  // A teacher's override of one student's path.
  'releaseSection',
  'excuseSection',
  'unlockModule',
  'grantAttempts',
  'removeOverride',
  // An administrator downloaded a person's data (data-export).
  'exportData',
  // An LMS (LTI 1.3 platform) the tool trusts.
  'registerLtiPlatform',
  'editLtiPlatform',
  'removeLtiPlatform',
  // One run of a OneRoster package (an admin's, or the nightly sync's); the run's counts are its detail.
  'importOneRoster',
  // School sign-in: an administrator's choice for a domain, and a newcomer of an open domain let in as a student.
  'setSchoolSignInDomain',
  'joinAsStudent',
  // The end of a school year (school-year); runRetention is the scheduled run's, by no person.
  'archiveClass',
  'unarchiveClass',
  'setRetention',
  'runRetention',
  'rollOverClass',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_LIMITS = {
  pageSize: 50,
  /** Entries a CSV export reads at most (the filters narrow a longer trail). */
  exportMax: 5000,
} as const;

export const PEOPLE_LIMITS = {
  nameMaxLength: 100,
  emailMaxLength: 254,
  /** Rows per invite-many request; the web sends a longer list in chunks of this size, with a progress bar. */
  invitationBatchMax: 25,
  /** Addresses per look-up request (bulk previews send chunks of this size). */
  lookupMax: 100,
  /** What Cognito's ListUsers returns at most per page. */
  pageSize: 60,
  searchMaxLength: 100,
  /** People per bulk disable or enable request; the web sends a longer selection in parts. */
  accessBatchMax: 25,
  /** Rows a pasted list or CSV may hold. */
  previewRowsMax: 2000,
} as const;

export const PERSON_NAME_MESSAGES = readableTextMessages('Name');
