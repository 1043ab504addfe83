// What the end of a school year stores: the archive state of a class (attributes of the class item), the school's
// retention setting, rolled-over classes, and the removal of an archived class's students' data.
import type { ClassRecord } from '../classes/port';

export type ArchiveOutcome = 'archived' | 'alreadyArchived' | 'noClass';
export type UnarchiveOutcome = 'unarchived' | 'notArchived' | 'studentDataRemoved' | 'noClass';

/** A class made by a rollover: last year's name, teacher and modules (with their prerequisites), no students. */
export type RolledOverClassRecord = Pick<ClassRecord, 'classId' | 'className' | 'teacherId' | 'teacherName' | 'assignedModuleIds' | 'prerequisites'> & {
  yearLabel: string;
  rolledOverFrom: string;
  createdBy: string;
};

/** The archive flag and rollovers, on the class item (classes/adapters/class-repository.ts). */
export interface ClassArchiveStore {
  /** Sets `archivedAt` if the class exists and is not archived (one conditional update). */
  archive(classId: string, at: string): Promise<ArchiveOutcome>;
  /** Removes `archivedAt` if the class is archived and retention has not begun removing its students' data. */
  unarchive(classId: string): Promise<UnarchiveOutcome>;
  /** Creates the class (with its catalogue entry) if no class has this id; false otherwise. */
  insertRolledOver(record: RolledOverClassRecord): Promise<boolean>;
  /**
   * Marks that retention begins removing the class's students' data: only if it was archived before
   * `archivedBefore` (an unarchive in between wins, and the class is left alone). From then on it cannot be unarchived.
   */
  beginStudentDataRemoval(classId: string, archivedBefore: string, at: string): Promise<boolean>;
  /** Marks the removal done (the class is then left out of later runs). */
  finishStudentDataRemoval(classId: string, at: string): Promise<void>;
}

/** How many items a removal deleted, by kind: what the audit trail reports of each run. */
export interface RemovedCounts {
  /** Progress items (completions, check standings and reading of one student in one module). */
  progress: number;
  attempts: number;
  pathOverrides: number;
  /** What was counted from them: completion counters, active days, score totals and check statistics. */
  derived: number;
}

export interface RetentionSetting {
  /** null: keep students' data in archived classes until someone deletes it. */
  days: number | null;
  setAt: string;
  setBy: string;
}

/** The school's retention setting and the removal of one class's students' data. */
export interface RetentionStore {
  getSetting(): Promise<RetentionSetting | undefined>;
  putSetting(setting: RetentionSetting): Promise<void>;
  /**
   * Deletes the students' progress (with their reading), attempts and path overrides in the class, with what is
   * counted from them (counters, active days, score totals, check statistics, finish notices), and gives the attempts
   * back to the students' used-attempts counters. Idempotent: a second call finds nothing more and counts zero.
   */
  removeStudentData(classId: string): Promise<RemovedCounts>;
}
