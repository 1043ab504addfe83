// Use cases for classes: teachers see the classes they teach and assign or unassign their modules; students see theirs;
// admins read any class.
import type { ClassDetail, ClassSummary } from '../../../shared/entities';
import type { Caller } from './caller';
import { forbidden, notFound } from './errors';
import { MODULE_NOT_FOUND, requireOwnModule } from './modules';
import type { ClassRecord, ClassStore, Clock, ModuleStore } from './ports';

export const CLASS_NOT_FOUND = 'Class not found.';

export interface ClassServicePorts {
  classes: ClassStore;
  modules: ModuleStore;
  /** When given, assigning records when a module was first assigned (students' bells list new modules). */
  clock?: Clock;
}

export function makeClassService({ classes, modules, clock }: ClassServicePorts) {
  async function listTeacherClasses(caller: Caller, teacherId = caller.userId): Promise<ClassSummary[]> {
    if (teacherId !== caller.userId) throw forbidden('You can only list the classes you teach.');
    const records = await classes.listClassesByTeacher(caller.userId);
    return sortByName(records).map((record) => toSummary(record, Object.keys(record.students)));
  }

  async function listStudentClasses(caller: Caller, studentId: string): Promise<ClassSummary[]> {
    if (studentId !== caller.userId) throw forbidden('You can only list your own classes.');
    const records = await classes.getClasses(await classes.listClassIdsOfStudent(caller.userId));
    // Classmates are not the student's business: the roster shows only the caller.
    return sortByName(records.filter((record) => isEnrolled(caller, record))).map((record) =>
      toSummary(record, [caller.userId]),
    );
  }

  /** Class detail for its teacher or an admin (full roster) or an enrolled student (only themselves on the roster). */
  async function getDetail(caller: Caller, classId: string): Promise<ClassDetail> {
    const record = await classes.getClass(classId);
    if (!record || !(isTeacherOf(caller, record) || isEnrolled(caller, record) || isAdmin(caller))) throw notFound(CLASS_NOT_FOUND);
    return toDetail(caller, record);
  }

  /** Adds one of the teacher's own modules to a class they teach; assigning twice changes nothing. */
  async function assignModule(caller: Caller, classId: string, moduleId: string): Promise<ClassDetail> {
    await requireOwnModule(modules, caller, moduleId);
    const updated = await classes.addAssignedModule(classId, caller.userId, moduleId, clock?.now().toISOString());
    if (!updated) throw notFound(CLASS_NOT_FOUND);
    // A delete between the ownership check and the ADD would not have seen this class: undo the assignment.
    if (!(await modules.getModule(moduleId))) {
      await classes.removeAssignedModule(classId, moduleId);
      throw notFound(MODULE_NOT_FOUND);
    }
    return toDetail(caller, updated);
  }

  /** Takes one of the class's modules off it (its teacher only); the students' progress on it is kept for a re-assign. */
  async function unassignModule(caller: Caller, classId: string, moduleId: string): Promise<ClassDetail> {
    const updated = await classes.removeAssignedModuleOfTeacher(classId, caller.userId, moduleId);
    if (!updated) throw notFound(CLASS_NOT_FOUND);
    return toDetail(caller, updated);
  }

  async function toDetail(caller: Caller, record: ClassRecord): Promise<ClassDetail> {
    const visibleStudents = isTeacherOf(caller, record) || isAdmin(caller) ? Object.keys(record.students) : [caller.userId];
    // Modules deleted while assigned may linger for a moment before clean-up; they are not shown.
    const assigned = await modules.getModules(record.assignedModuleIds);
    return {
      _id: record.classId,
      className: record.className,
      teacherId: { _id: record.teacherId, username: record.teacherName },
      studentIds: visibleStudents
        .map((studentId) => ({ _id: studentId, username: record.students[studentId] ?? 'Unknown student' }))
        .sort((a, b) => a.username.localeCompare(b.username)),
      assignedModuleIds: assigned
        .map(({ moduleId, title, description }) => ({ _id: moduleId, title, description }))
        .sort((a, b) => a.title.localeCompare(b.title)),
    };
  }

  return { listTeacherClasses, listStudentClasses, getDetail, assignModule, unassignModule };
}

/**
 * A class the caller takes part in, as its teacher or as an enrolled student, as the use case requires; 'reader' also
 * admits admins, who read any class (read-only).
 */
export async function requireClass(
  classes: ClassStore,
  caller: Caller,
  classId: string,
  as: 'teacher' | 'student' | 'teacherOrStudent' | 'reader',
): Promise<ClassRecord> {
  const record = await classes.getClass(classId);
  const allowed =
    record &&
    ((as !== 'student' && isTeacherOf(caller, record)) ||
      ((as === 'teacherOrStudent' || as === 'student') && isEnrolled(caller, record)) ||
      (as === 'reader' && isAdmin(caller)));
  if (!allowed) throw notFound(CLASS_NOT_FOUND);
  return record;
}

export const isTeacherOf = (caller: Caller, record: ClassRecord) => record.teacherId === caller.userId;
const isAdmin = (caller: Caller) => caller.roles.includes('Admins');
export const isEnrolled = (caller: Caller, record: ClassRecord) => Object.hasOwn(record.students, caller.userId);

function toSummary(record: ClassRecord, studentIds: string[]): ClassSummary {
  return {
    _id: record.classId,
    className: record.className,
    teacherId: { _id: record.teacherId, username: record.teacherName },
    studentIds,
    assignedModuleIds: record.assignedModuleIds,
  };
}

const sortByName = (records: ClassRecord[]) => [...records].sort((a, b) => a.className.localeCompare(b.className));
