// The one rule an archived class adds to every write about it: none. Called by each use case that decides a write
// about a class (classes, rosters, progress, checks, paths, notifications), after it has read the class anyway.
import { ARCHIVED_MESSAGES } from '@shared/school-year';
import type { Caller } from '../kernel/caller';
import { conflict } from '../kernel/errors';
import type { ClassRecord } from '../classes/port';

/** A 409 worded for the caller (a student cannot unarchive, a teacher asks an admin, an admin can). */
export function refuseArchived(caller: Caller, record: Pick<ClassRecord, 'archivedAt'>): void {
  if (!record.archivedAt) return;
  throw archivedConflict(caller);
}

export const archivedConflict = (caller: Caller) =>
  conflict(caller.roles.includes('Admins') ? ARCHIVED_MESSAGES.admin : caller.roles.includes('Teachers') ? ARCHIVED_MESSAGES.teacher : ARCHIVED_MESSAGES.student);
