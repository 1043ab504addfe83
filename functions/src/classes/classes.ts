// Use cases for classes: teachers see the classes they teach and assign or unassign their modules; students see theirs;
// admins read any class.
import type { ClassDetail, ClassSummary } from '@shared/contract/classes';
import { PAGE_LIMITS } from '@shared/constants';
import { encodeCursor } from '@shared/contract/blocks';
import type { RosterPageAnswer } from '@shared/contract/rosters';
import { isStudent, type Caller } from '../kernel/caller';
import { conflict, forbidden, invalid, notFound } from '../kernel/errors';
import { MODULE_NOT_FOUND, requireOwnModule } from '../modules/modules';
import type { Clock } from '../kernel/ports';
import type { ModuleStore } from '../modules/port';
import { archivedConflict, refuseArchived } from '../school-year/archive-guard';
import type { ClassRecord, ClassStore, Enrolment } from './port';

export const CLASS_NOT_FOUND = 'Class not found.';

export interface ClassServicePorts {
  classes: ClassStore;
  modules: ModuleStore;
  /** When given, assigning records when a module was first assigned (students' bells list new modules). */
  clock?: Clock;
}

export type ClassService = ReturnType<typeof makeClassService>;

export function makeClassService({ classes, modules, clock }: ClassServicePorts) {
  async function listTeacherClasses(caller: Caller, teacherId = caller.userId): Promise<ClassSummary[]> {
    if (teacherId !== caller.userId) throw forbidden('You can only list the classes you teach.');
    // An archived class is off the teacher's dashboard (admins list it among the archived classes).
    const records = sortByName((await classes.listClassesByTeacher(caller.userId)).filter(isCurrent));
    // The spec lists each class's student ids: one roster read per class, all at once.
    const rosters = await Promise.all(records.map((record) => classes.listAllStudents(record.classId)));
    return records.map((record, index) => toSummary(record, rosters[index].map((student) => student.studentId)));
  }

  async function listStudentClasses(caller: Caller, studentId: string): Promise<ClassSummary[]> {
    requireOwnClassList(caller, studentId);
    // A membership is written last when enrolling and removed first when unenrolling: it is the enrolment.
    const records = (await classes.getClasses(await classes.listClassIdsOfStudent(caller.userId))).filter(isCurrent);
    // Classmates are not the student's business: the roster shows only the caller.
    return sortByName(records).map((record) => toSummary(record, [caller.userId]));
  }

  /**
   * Class detail for its teacher or an admin (full roster, with e-mails) or an enrolled student (only themselves on the
   * roster, by name: a student's answers carry no roster e-mail).
   */
  async function getDetail(caller: Caller, classId: string): Promise<ClassDetail> {
    const record = await requireClass(classes, caller, classId, 'any');
    if (isTeacherOf(caller, record) || isAdmin(caller)) return toDetail(record, await classes.listAllStudents(classId));
    const own = await classes.getEnrolment(classId, caller.userId);
    return toDetail(record, [{ studentId: caller.userId, name: own?.name ?? 'Unknown student' }]);
  }

  /** One page of the roster, for the class's teacher or an admin. */
  async function roster(caller: Caller, classId: string, page: { limit?: number; after?: string }): Promise<RosterPageAnswer> {
    const record = await requireClass(classes, caller, classId, 'reader');
    const { students, next } = await classes.listStudents(classId, { limit: page.limit ?? PAGE_LIMITS.studentsMax, after: page.after });
    return {
      students: students.map(({ studentId, name, email, enrolledAt }) => ({
        userId: studentId,
        name,
        ...(email ? { email } : {}),
        ...(enrolledAt ? { enrolledAt } : {}),
      })),
      studentCount: record.studentCount,
      ...(next ? { next: encodeCursor(next) } : {}),
    };
  }

  /**
   * Adds one of the teacher's own modules to a class they teach, due at `dueAt` (an instant, kept in UTC) or with no
   * due date; assigning again changes only the due date.
   */
  async function assignModule(caller: Caller, classId: string, moduleId: string, dueAt?: string): Promise<ClassDetail> {
    await requireOwnModule(modules, caller, moduleId);
    const dueInstant = dueAt === undefined ? undefined : new Date(dueAt).toISOString();
    const updated = await classes.addAssignedModule(classId, caller.userId, moduleId, clock?.now().toISOString(), dueInstant);
    if (!updated) throw await refusalOf(caller, classId);
    // A delete between the ownership check and the ADD would not have seen this class: undo the assignment.
    if (!(await modules.getModule(moduleId))) {
      await classes.removeAssignedModule(classId, moduleId);
      throw notFound(MODULE_NOT_FOUND);
    }
    return toDetail(updated, await classes.listAllStudents(classId));
  }

  /**
   * Makes a module of the class wait for another (its teacher only): a student opens it once they completed the
   * prerequisite or passed its checks. null removes it. One prerequisite per module; a chain that comes back to the
   * module is refused, naming it. One UpdateItem of the class item, conditional on its prerequisites being as judged
   * (their version) and both modules still assigned: a save that lost a race with another reads the class again and
   * judges again, so two saves at once never make a loop (the second is a 409 naming it).
   */
  async function setPrerequisite(caller: Caller, classId: string, moduleId: string, prerequisiteModuleId: string | null): Promise<ClassDetail> {
    for (let tries = 0; tries < PREREQUISITE_TRIES; tries += 1) {
      const record = await requireWritableClass(classes, caller, classId, 'teacher');
      if (!record.assignedModuleIds.includes(moduleId)) throw notFound(NOT_ASSIGNED_HERE);
      if (prerequisiteModuleId !== null) {
        if (!record.assignedModuleIds.includes(prerequisiteModuleId)) {
          throw invalid('The module to complete first is not assigned to this class.', { prerequisiteModuleId: 'Choose another module of this class.' });
        }
        const loop = loopThrough(record, moduleId, prerequisiteModuleId);
        if (loop) {
          const message = await describeLoop(loop);
          // A loop in what was read first is the teacher's choice; one that a concurrent save made is a conflict.
          throw tries === 0 ? invalid(message, { prerequisiteModuleId: 'Choose another module of this class.' }) : conflict(message);
        }
      }
      const updated = await classes.setPrerequisite(classId, caller.userId, moduleId, prerequisiteModuleId, record.prerequisitesVersion);
      if (updated) return toDetail(updated, await classes.listAllStudents(classId));
      // Archived since it was read: the condition refused it, and no try will pass.
      await requireWritableClass(classes, caller, classId, 'teacher');
    }
    throw conflict(MODULES_CHANGED);
  }

  /** The loop named by module titles: “Cells” would wait for “Atoms”, which waits for “Cells”. */
  async function describeLoop(loop: string[]): Promise<string> {
    const titles = new Map((await modules.getModules(loop)).map((module) => [module.moduleId, module.title]));
    const [first, second, ...rest] = loop.map((id) => `“${titles.get(id) ?? id}”`);
    const chain = `${first} would wait for ${second}${rest.map((title) => `, which waits for ${title}`).join('')}`;
    return `A module cannot wait for itself, directly or through the modules it waits for: ${chain}.`;
  }

  /**
   * Takes one of the class's modules off it (its teacher only), with the prerequisites naming it; the students' progress
   * on it is kept for a re-assign.
   */
  async function unassignModule(caller: Caller, classId: string, moduleId: string): Promise<ClassDetail> {
    const updated = await classes.removeAssignedModuleOfTeacher(classId, caller.userId, moduleId);
    if (!updated) throw await refusalOf(caller, classId);
    if (updated === 'changed') throw conflict(MODULES_CHANGED);
    return toDetail(updated, await classes.listAllStudents(classId));
  }

  async function toDetail(record: ClassRecord, roster: Enrolment[]): Promise<ClassDetail> {
    // Modules deleted while assigned may linger for a moment before clean-up; they are not shown.
    const assigned = await modules.getModules(record.assignedModuleIds);
    return {
      _id: record.classId,
      className: record.className,
      teacherId: { _id: record.teacherId, username: record.teacherName },
      studentIds: roster
        .map(({ studentId, name, email }) => ({ _id: studentId, username: name, ...(email ? { email } : {}) }))
        .sort((a, b) => a.username.localeCompare(b.username)),
      assignedModuleIds: assigned
        .map(({ moduleId, title, description }) => ({ _id: moduleId, title, description, ...dueDateOf(record, moduleId), ...prerequisiteOf(record, moduleId) }))
        .sort((a, b) => a.title.localeCompare(b.title)),
    };
  }

  /** Why a teacher's conditional change of the class was refused: it is archived (409), or not theirs (404). */
  async function refusalOf(caller: Caller, classId: string) {
    const record = await classes.getClass(classId);
    return record?.archivedAt && isTeacherOf(caller, record) ? archivedConflict(caller) : notFound(CLASS_NOT_FOUND);
  }

  return { listTeacherClasses, listStudentClasses, getDetail, roster, assignModule, unassignModule, setPrerequisite };
}

/** A class the caller takes part in, as requireClass admits them, and one that can change: not archived (409). */
export async function requireWritableClass(classes: ClassStore, caller: Caller, classId: string, as: Parameters<typeof requireClass>[3]): Promise<ClassRecord> {
  const record = await requireClass(classes, caller, classId, as);
  refuseArchived(caller, record);
  return record;
}

const isCurrent = (record: ClassRecord) => !record.archivedAt;

/**
 * A class the caller takes part in, as its teacher or as an enrolled student, as the use case requires; 'reader' also
 * admits admins, who read any class (read-only), and 'any' admits all three. A student's enrolment is one GetItem on
 * their membership, read beside the (small) class item: the same cost in a class of 5 or 5,000.
 */
export async function requireClass(
  classes: ClassStore,
  caller: Caller,
  classId: string,
  as: 'teacher' | 'student' | 'teacherOrStudent' | 'reader' | 'any',
): Promise<ClassRecord> {
  const asStudent = as !== 'teacher' && as !== 'reader' && isStudent(caller);
  const [record, enrolled] = await Promise.all([
    classes.getClass(classId),
    asStudent ? classes.isEnrolled(classId, caller.userId) : false,
  ]);
  const allowed =
    record &&
    ((as !== 'student' && isTeacherOf(caller, record)) ||
      enrolled ||
      ((as === 'reader' || as === 'any') && isAdmin(caller)));
  if (!allowed) throw notFound(CLASS_NOT_FOUND);
  return record;
}

/** A student lists only their own classes: the token alone settles it (the handler asks before reading anything). */
export function requireOwnClassList(caller: Caller, studentId: string): void {
  if (studentId !== caller.userId) throw forbidden('You can only list your own classes.');
}

/**
 * The caller teaches the class: its teacher by id, and a teacher by their token's role (a person moved out of Teachers
 * whom a class still names, by a race or by hand, reads nothing of it as its teacher).
 */
export const isTeacherOf = (caller: Caller, record: ClassRecord) => caller.roles.includes('Teachers') && record.teacherId === caller.userId;

/** Saves of a prerequisite that lost the race with another change of the class's prerequisites, before giving up. */
const PREREQUISITE_TRIES = 3;

/**
 * The loop that making `moduleId` wait for `prerequisiteModuleId` would close, from the module back to itself (module
 * ids), or undefined when the chain of prerequisites ends. Bounded by the class's modules, should a loop be stored.
 */
function loopThrough(record: ClassRecord, moduleId: string, prerequisiteModuleId: string): string[] | undefined {
  const loop = [moduleId, prerequisiteModuleId];
  for (let step: string | undefined = prerequisiteModuleId; step !== moduleId; loop.push(step)) {
    step = record.prerequisites?.[step];
    if (step === undefined || loop.length > record.assignedModuleIds.length + 1) return undefined;
  }
  return loop;
}
const isAdmin = (caller: Caller) => caller.roles.includes('Admins');

function toSummary(record: ClassRecord, studentIds: string[]): ClassSummary {
  return {
    _id: record.classId,
    className: record.className,
    teacherId: { _id: record.teacherId, username: record.teacherName },
    studentIds,
    assignedModuleIds: record.assignedModuleIds,
  };
}

const NOT_ASSIGNED_HERE = 'This module is not assigned to this class.';

/** A module's prerequisite in a class, as the class detail carries it (one no longer assigned is not shown). */
const MODULES_CHANGED = 'The modules of this class changed meanwhile; reload the class and try again.';

const prerequisiteOf = (record: ClassRecord, moduleId: string): { prerequisiteModuleId?: string } => {
  const prerequisiteModuleId = record.prerequisites?.[moduleId];
  return prerequisiteModuleId && record.assignedModuleIds.includes(prerequisiteModuleId) ? { prerequisiteModuleId } : {};
};

/** A module's due date in a class, as answers carry it: `{ dueAt }`, or nothing when it has none. */
export const dueDateOf = (record: ClassRecord, moduleId: string): { dueAt?: string } => {
  const dueAt = record.dueAt?.[moduleId];
  return dueAt ? { dueAt } : {};
};

const sortByName = (records: ClassRecord[]) => [...records].sort((a, b) => a.className.localeCompare(b.className));
