// One admin change as a sentence ("Alex Admin disabled Sam Student (sam@…) 23 Nov 2026 10:04"), on the dashboard and
// the audit trail.
import { AUDIT_ACTIONS, type AuditAction } from '@shared/people';
import type { AuditEntry } from '@shared/contract/audit';
import { formatDate } from '@web/lib/dates';

export const ACTION_LABEL: Record<AuditAction, string> = {
  invite: 'invited',
  resendInvitation: 'resent the invitation of',
  rename: 'renamed',
  changeRole: 'changed the role of',
  disable: 'disabled',
  enable: 'enabled',
  erase: 'erased',
  createClass: 'created the class',
  renameClass: 'renamed the class',
  deleteClass: 'deleted the class',
  changeTeacher: 'changed the teacher of',
  releaseSection: 'opened a section for',
  excuseSection: 'excused a section for',
  unlockModule: 'unlocked a module for',
  grantAttempts: 'granted more attempts to',
  removeOverride: 'removed an override for',
  enrol: 'enrolled',
  unenrol: 'unenrolled',
  exportData: 'exported the data of',
  registerLtiPlatform: 'registered the LMS',
  editLtiPlatform: 'edited the LMS',
  removeLtiPlatform: 'removed the LMS',
  importOneRoster: 'imported',
  setSchoolSignInDomain: 'set school sign-in for',
  joinAsStudent: 'let in as a student',
  archiveClass: 'archived the class',
  unarchiveClass: 'unarchived the class',
  setRetention: 'set',
  runRetention: 'ran',
  rollOverClass: 'rolled over the class',
};

/** When a change was made, as the audit trail shows it and its CSV writes it. */
export const auditTime = (at: string) =>
  `${formatDate(at)} ${new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}`;

export function AuditLine({ entry }: { entry: AuditEntry }) {
  const label = AUDIT_ACTIONS.includes(entry.action) ? ACTION_LABEL[entry.action] : entry.action;
  return (
    <li>
      <strong>{entry.actor}</strong> {label} <strong>{entry.subject}</strong>
      {entry.detail ? ` ${entry.detail}` : ''}{' '}
      <time className="muted" dateTime={entry.at}>
        {auditTime(entry.at)}
      </time>
    </li>
  );
}
