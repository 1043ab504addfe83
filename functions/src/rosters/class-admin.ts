// Use cases for administering classes: create, rename, delete; assign or change the teacher (only Teachers); enrol and
// unenrol students (only Students; a class has no size limit, its roster is one item per enrolment). Every change is
// audited.
import type { AdminClassDetail, AdminClassSummary, CreateClassInput, EnrolmentOutcome } from '@shared/contract/rosters';
import type { Person } from '@shared/contract/people';
import { displayName } from '@shared/person-name';
import { makeChangeRecorder } from '../audit/audit';
import type { Caller } from '../kernel/caller';
import { mapWithConcurrency } from '../kernel/concurrency';
import { conflict, invalid, notFound } from '../kernel/errors';
import type { AuditLog } from '../audit/port';
import type { ClassRecord, ClassStore } from '../classes/port';
import type { Clock, IdGenerator } from '../kernel/ports';
import type { PersonAccessStore, UserDirectory } from '../people/port';
import type { ProgressStore } from '../progress/port';
import { refuseArchived } from '../school-year/archive-guard';
import type { RosterStore } from './port';

export const CLASS_NOT_FOUND = 'Class not found; reload the list.';
const LOOKUP_CONCURRENCY = 10;

export interface ClassAdminDeps {
  classes: ClassStore;
  /** The administration's writes (and the list of every class). */
  rosters: RosterStore;
  /** Only the completion counters: a student's completions count while they are enrolled. */
  progress: Pick<ProgressStore, 'countProgressOfStudent'>;
  directory: UserDirectory;
  /** The teachers' role versions, which an assignment holds to (a role change in between refuses it). */
  access: Pick<PersonAccessStore, 'read'>;
  audit: AuditLog;
  clock: Clock;
  ids: IdGenerator;
}

export type ClassAdminService = ReturnType<typeof makeClassAdminService>;

async function requireClassOf(classes: ClassStore, classId: string): Promise<ClassRecord> {
  const found = await classes.getClass(classId);
  if (!found) throw notFound(CLASS_NOT_FOUND);
  return found;
}

export type ClassAdminQueries = ReturnType<typeof makeClassAdminQueries>;

/** The read-only use cases, which need the class store only (their routes call no directory). */
export function makeClassAdminQueries({ classes, rosters }: Pick<ClassAdminDeps, 'classes' | 'rosters'>) {
  return {
    async list(): Promise<AdminClassSummary[]> {
      return (await rosters.listAllClasses()).map(toSummary).sort((a, b) => a.className.localeCompare(b.className));
    },

    /** The class and its counts; its roster is read in pages (`classes.roster`). */
    async detail(classId: string): Promise<AdminClassDetail> {
      return toSummary(await requireClassOf(classes, classId));
    },
  };
}

export function makeClassAdminService({ classes, rosters, progress, directory, access, audit, clock, ids }: ClassAdminDeps) {
  const record = makeChangeRecorder({ directory, audit, clock });

  const requireClass = (classId: string) => requireClassOf(classes, classId);

  async function requireTeacher(teacherId: string): Promise<Person> {
    const teacher = await directory.get(teacherId);
    if (!teacher) throw notFound('There is no such teacher; reload the list.');
    if (teacher.role !== 'Teachers') throw invalid(`${displayName(teacher)} is not a teacher; only teachers can teach a class.`);
    return teacher;
  }

  const queries = makeClassAdminQueries({ classes, rosters });
  const { detail } = queries;

  return {
    ...queries,

    /**
     * Creates a class, once: a client-chosen `classId` (one per form draft) that is already a class this admin created
     * answers that class (`created: false`) instead of making a second one, so a double submit, a retry after a timeout
     * or Back and submit again stores one class.
     */
    async create(caller: Caller, input: CreateClassInput): Promise<{ detail: AdminClassDetail; created: boolean }> {
      const repeated = input.classId === undefined ? undefined : await classes.getClass(input.classId);
      if (repeated) return { detail: toSummary(requireCreatedBy(caller, repeated)), created: false };
      const teacher = input.teacherId ? await requireTeacher(input.teacherId) : undefined;
      const classId = input.classId ?? ids.newId();
      const inserted = await rosters.insertClass({
        classId,
        className: input.className,
        teacherId: teacher?.userId ?? '',
        teacherName: teacher ? displayName(teacher) : '',
        createdBy: caller.userId,
      });
      if (!inserted) {
        if (input.classId === undefined) throw conflict('A class with this id exists already; try again.');
        // A concurrent submit of the same form stored it first.
        const winner = await requireClass(classId);
        return { detail: toSummary(requireCreatedBy(caller, winner)), created: false };
      }
      await record(caller, 'createClass', input.className, teacher ? `taught by ${displayName(teacher)}` : 'without a teacher');
      return { detail: await detail(classId), created: true };
    },

    async rename(caller: Caller, classId: string, className: string): Promise<AdminClassDetail> {
      const before = await requireClass(classId);
      refuseArchived(caller, before);
      if (!(await rosters.renameClass(classId, className))) throw notFound(CLASS_NOT_FOUND);
      if (before.className !== className) await record(caller, 'renameClass', className, `was "${before.className}"`);
      return detail(classId);
    },

    async setTeacher(caller: Caller, classId: string, teacherId: string | null): Promise<AdminClassDetail> {
      const before = await requireClass(classId);
      refuseArchived(caller, before);
      // The role's version is read before the role itself: the write holds to it, so a role change after this read
      // (which would make the directory's answer stale) refuses the assignment instead of leaving a student teaching.
      const roleAsRead = teacherId ? { roleVersion: (await access.read(teacherId)).roleVersion, at: clock.now().getTime() } : undefined;
      const teacher = teacherId ? await requireTeacher(teacherId) : null;
      const assignment = teacher && { id: teacher.userId, name: displayName(teacher), ...roleAsRead! };
      if (!(await rosters.setClassTeacher(classId, assignment))) throw notFound(CLASS_NOT_FOUND);
      if (before.teacherId !== (teacher?.userId ?? '')) {
        await record(caller, 'changeTeacher', before.className, teacher ? `now taught by ${displayName(teacher)}` : 'now without a teacher');
      }
      return detail(classId);
    },

    async remove(caller: Caller, classId: string): Promise<void> {
      const found = await requireClass(classId);
      await rosters.deleteClassAndItsData(classId);
      const enrolments = found.studentCount;
      await record(caller, 'deleteClass', found.className, `with ${enrolments} enrolment${enrolments === 1 ? '' : 's'}`);
    },

    /** Enrols each student on their own; each answers what happened (a full class stops nobody else's answer). */
    async enrol(caller: Caller, classId: string, studentIds: string[]): Promise<EnrolmentOutcome[]> {
      const found = await requireClass(classId);
      refuseArchived(caller, found);
      const unique = [...new Set(studentIds)];
      const people = await mapWithConcurrency(unique, LOOKUP_CONCURRENCY, (studentId) => directory.get(studentId));
      const outcomes: EnrolmentOutcome[] = [];
      // One at a time, in the order given, so the audit trail reads in that order.
      for (const [index, studentId] of unique.entries()) {
        const person = people[index];
        if (!person) {
          outcomes.push({ studentId, outcome: 'notFound', message: 'There is no such person.' });
          continue;
        }
        const student = { userId: person.userId, email: person.email, name: person.name };
        if (person.role !== 'Students') {
          outcomes.push({ studentId, outcome: 'notStudent', message: `${displayName(person)} is not a student.`, student });
          continue;
        }
        const result = await rosters.enrollStudent(classId, { studentId, name: displayName(person), email: person.email }, clock.now().toISOString());
        if (result === 'noClass') throw notFound(CLASS_NOT_FOUND);
        if (result === 'enrolled') {
          // Someone enrolled again still has their progress: it counts again.
          await progress.countProgressOfStudent(classId, found.assignedModuleIds, studentId, 1);
          await record(caller, 'enrol', { text: `${displayName(person)} (${person.email})`, personId: studentId }, `in ${found.className}`);
        }
        outcomes.push({ studentId, outcome: result, message: result === 'enrolled' ? 'Enrolled.' : 'Already enrolled.', student });
      }
      return outcomes;
    },

    async unenrol(caller: Caller, classId: string, studentId: string): Promise<AdminClassDetail> {
      const [found, enrolment] = await Promise.all([requireClass(classId), classes.getEnrolment(classId, studentId)]);
      refuseArchived(caller, found);
      if (!enrolment) throw notFound('This student is not enrolled in this class.');
      // Only the call that removed the enrolment takes their completions out of the counters (their progress stays).
      if (await rosters.unenrollStudent(classId, studentId)) {
        await progress.countProgressOfStudent(classId, found.assignedModuleIds, studentId, -1);
      }
      await record(caller, 'unenrol', { text: enrolment.name, personId: studentId }, `from ${found.className}`);
      return detail(classId);
    },
  };
}

/** A client-chosen id taken by a class someone else created: refused without saying anything about that class. */
function requireCreatedBy(caller: Caller, found: ClassRecord): ClassRecord {
  if (found.createdBy !== caller.userId) throw conflict('This class id is already in use; start a new class.');
  return found;
}

export function toSummary(found: ClassRecord): AdminClassSummary {
  return {
    classId: found.classId,
    className: found.className,
    ...(found.teacherId ? { teacher: { userId: found.teacherId, name: found.teacherName } } : {}),
    studentCount: found.studentCount,
    moduleCount: found.assignedModuleIds.length,
    ...(found.archivedAt ? { archivedAt: found.archivedAt } : {}),
    ...(found.studentDataRemovedAt ? { studentDataRemovedAt: found.studentDataRemovedAt } : {}),
  };
}
