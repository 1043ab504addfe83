// Use cases for the end of a school year: an admin archives a class (read-only for everyone, off the teacher's and
// students' dashboards) or brings it back until retention has removed its students' data; sets the school's
// retention; rolls classes over into a new year. The retention run itself is started by the schedule, by no person.
// Every change and every run is audited.
import { CLASS_LIMITS } from '@shared/class-admin';
import type { AdminClassSummary } from '@shared/contract/rosters';
import type { Retention, RolledOverClass, RollOverInput } from '@shared/contract/school-year';
import { rolledOverName } from '@shared/school-year';
import { makeChangeRecorder } from '../audit/audit';
import type { AuditLog } from '../audit/port';
import type { ClassRecord, ClassStore } from '../classes/port';
import type { Caller } from '../kernel/caller';
import { conflict, notFound } from '../kernel/errors';
import type { Clock } from '../kernel/ports';
import type { UserDirectory } from '../people/port';
import { CLASS_NOT_FOUND, toSummary } from '../rosters/class-admin';
import type { RosterStore } from '../rosters/port';
import type { ClassArchiveStore, RemovedCounts, RetentionStore } from './port';

export interface SchoolYearDeps {
  classes: ClassStore;
  /** Only the list of every class (the retention run looks for archived ones). */
  rosters: Pick<RosterStore, 'listAllClasses'>;
  archive: ClassArchiveStore;
  retention: RetentionStore;
  directory: UserDirectory;
  audit: AuditLog;
  clock: Clock;
}

export type SchoolYearService = ReturnType<typeof makeSchoolYearService>;

/** Who the audit trail names for the scheduled retention run. */
export const RETENTION_ACTOR = { actorId: 'retention-schedule', actor: 'Scheduled retention' } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionRunResult {
  /** The setting the run applied (null: retention is off, nothing was looked at). */
  days: number | null;
  classes: { classId: string; className: string; removed: RemovedCounts }[];
}

export function makeSchoolYearService({ classes, rosters, archive, retention, directory, audit, clock }: SchoolYearDeps) {
  const record = makeChangeRecorder({ directory, audit, clock });

  async function requireClass(classId: string): Promise<ClassRecord> {
    const found = await classes.getClass(classId);
    if (!found) throw notFound(CLASS_NOT_FOUND);
    return found;
  }

  const summaryOf = async (classId: string): Promise<AdminClassSummary> => toSummary(await requireClass(classId));

  async function archiveClass(caller: Caller, classId: string): Promise<AdminClassSummary> {
    const found = await requireClass(classId);
    const outcome = await archive.archive(classId, clock.now().toISOString());
    if (outcome === 'noClass') throw notFound(CLASS_NOT_FOUND);
    // Archiving an archived class changes nothing (a double click): no second audit entry.
    if (outcome === 'archived') await record(caller, 'archiveClass', found.className, `with ${plural(found.studentCount, 'enrolment')}`);
    return summaryOf(classId);
  }

  async function unarchiveClass(caller: Caller, classId: string): Promise<AdminClassSummary> {
    const found = await requireClass(classId);
    const outcome = await archive.unarchive(classId);
    if (outcome === 'noClass') throw notFound(CLASS_NOT_FOUND);
    if (outcome === 'studentDataRemoved') {
      throw conflict(`Retention has removed the students' data of ${found.className}, so it stays archived; roll it over to teach it again.`);
    }
    if (outcome === 'unarchived') await record(caller, 'unarchiveClass', found.className);
    return summaryOf(classId);
  }

  async function getRetention(): Promise<Retention> {
    const setting = await retention.getSetting();
    return setting ? { days: setting.days, setAt: setting.setAt, setBy: setting.setBy } : { days: null };
  }

  async function setRetention(caller: Caller, days: number | null): Promise<Retention> {
    const before = await retention.getSetting();
    const setting = { days, setAt: clock.now().toISOString(), setBy: caller.name ?? caller.userId };
    await retention.putSetting(setting);
    if ((before?.days ?? null) !== days) await record(caller, 'setRetention', 'the retention of students’ data', `to ${describeDays(days)} (was ${describeDays(before?.days ?? null)})`);
    return setting;
  }

  /**
   * Rolls each chosen class over into a new class of the same name with the year label, the same teacher and modules
   * (and prerequisites), no students; archives the old one when asked. A repeat of the same request (same client ids)
   * answers the classes it made first; an id some other class holds is refused.
   */
  async function rollOver(caller: Caller, input: RollOverInput): Promise<RolledOverClass[]> {
    const now = clock.now().toISOString();
    const results: RolledOverClass[] = [];
    for (const { fromClassId, classId } of input.classes) {
      const from = await requireClass(fromClassId);
      const fresh = {
        classId,
        className: rolledOverName(from.className, from.yearLabel, input.yearLabel, CLASS_LIMITS.classNameMaxLength),
        teacherId: from.teacherId,
        teacherName: from.teacherName,
        assignedModuleIds: from.assignedModuleIds,
        ...(from.prerequisites ? { prerequisites: from.prerequisites } : {}),
        yearLabel: input.yearLabel,
        rolledOverFrom: fromClassId,
        createdBy: caller.userId,
      };
      const created = await archive.insertRolledOver(fresh);
      const made = created ? fresh : await requireClass(classId);
      if (!created && made.rolledOverFrom !== fromClassId) throw conflict('This new class id is already in use; preview the rollover again.');
      if (created) await record(caller, 'rollOverClass', from.className, `into ${fresh.className}`);
      let oldArchived = Boolean(from.archivedAt);
      if (input.archiveOld && !oldArchived) {
        if ((await archive.archive(fromClassId, now)) === 'archived') await record(caller, 'archiveClass', from.className, `with ${plural(from.studentCount, 'enrolment')}`);
        oldArchived = true;
      }
      results.push({ fromClassId, classId, className: made.className, moduleCount: made.assignedModuleIds.length, created, oldArchived });
    }
    return results;
  }

  return { archiveClass, unarchiveClass, getRetention, setRetention, rollOver, runRetention: makeRetentionRun({ rosters, archive, retention, audit, clock }) };
}

/** What the scheduled run needs: no directory (it is named, not looked up) and no person. */
export type RetentionRunDeps = Pick<SchoolYearDeps, 'rosters' | 'archive' | 'retention' | 'audit' | 'clock'>;

/**
 * The scheduled run: every class archived more than the setting's days ago whose students' data is still there
 * loses it (progress with reading, attempts, path overrides and what is counted from them); its class, roster and
 * modules stay. One audit entry per class cleaned and one for the run, with its counts, even when it found nothing.
 * A run that stopped halfway is finished by the next (the removal is idempotent and the class not yet marked done).
 */
export function makeRetentionRun({ rosters, archive, retention, audit, clock }: RetentionRunDeps) {
  const recordRun = (subject: string, detail: string) => audit.record({ at: clock.now().toISOString(), ...RETENTION_ACTOR, action: 'runRetention', subject, detail });

  return async function runRetention(): Promise<RetentionRunResult> {
    const setting = await retention.getSetting();
    const days = setting?.days ?? null;
    const at = clock.now();
    const result: RetentionRunResult = { days, classes: [] };
    if (days !== null) {
      const archivedBefore = new Date(at.getTime() - days * DAY_MS).toISOString();
      const due = (await rosters.listAllClasses()).filter(
        (each) => each.archivedAt !== undefined && each.archivedAt < archivedBefore && each.studentDataRemovedAt === undefined,
      );
      for (const each of due) {
        if (!(await archive.beginStudentDataRemoval(each.classId, archivedBefore, at.toISOString()))) continue;
        const removed = await retention.removeStudentData(each.classId);
        await archive.finishStudentDataRemoval(each.classId, clock.now().toISOString());
        await recordRun(each.className, describeCounts(removed));
        result.classes.push({ classId: each.classId, className: each.className, removed });
      }
    }
    const totals = result.classes.reduce((sum, { removed }) => addCounts(sum, removed), noneRemoved());
    await recordRun(
      'retention',
      days === null
        ? 'with retention off: nothing removed'
        : `after ${describeDays(days)}: ${plural(result.classes.length, 'archived class', 'archived classes')} cleaned; ${describeCounts(totals)}`,
    );
    return result;
  };
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

const describeDays = (days: number | null) => (days === null ? 'keep until deleted' : `${plural(days, 'day')} after archiving`);

const noneRemoved = (): RemovedCounts => ({ progress: 0, attempts: 0, pathOverrides: 0, derived: 0 });

const addCounts = (a: RemovedCounts, b: RemovedCounts): RemovedCounts => ({
  progress: a.progress + b.progress,
  attempts: a.attempts + b.attempts,
  pathOverrides: a.pathOverrides + b.pathOverrides,
  derived: a.derived + b.derived,
});

const describeCounts = ({ progress, attempts, pathOverrides, derived }: RemovedCounts) =>
  `deleted ${plural(progress, 'progress record')} (with reading), ${plural(attempts, 'attempt')}, ${plural(pathOverrides, 'path override')} and ${plural(derived, 'counter or notice', 'counters and notices')}; classes, rosters and modules kept`;
