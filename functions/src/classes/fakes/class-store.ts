// In-memory classes and their rosters, keeping the DynamoDB adapters' promises: conditional writes refuse (another
// teacher's class, an archived one, a changed prerequisites version), set additions are atomic and idempotent, and
// records are copies. `put` and `patch` arrange a state behind the use case's back.
import { copy } from '../../kernel/fakes/copy';
import type { PageRequest } from '../../kernel/ports';
import type { InMemoryProgressStore } from '../../progress/fakes/progress-store';
import type { EnrolOutcome, RosterStore } from '../../rosters/port';
import type { ClassRecord, ClassStore, EnrolledStudent, Enrolment } from '../port';

/** A class as tests arrange it: the record with its roster (student id → name) instead of a count. */
export type ClassSetup = Omit<ClassRecord, 'studentCount'> & { students: Record<string, string> };

/** The classes and their rosters, one object for both ports (the administration writes what the class reads show). */
export class InMemoryClassStore implements ClassStore, RosterStore {
  private readonly records = new Map<string, Omit<ClassRecord, 'studentCount'>>();
  /** classId → studentId → enrolment, like the enrolment items in the class's partition. */
  private readonly rosters = new Map<string, Map<string, Enrolment>>();
  /** studentId → classIds, like the membership items (written last on enrolment, removed first on unenrolment). */
  private readonly memberships = new Map<string, Set<string>>();
  /** studentId → the classes they were unenrolled from, like the former-class items (written before the unenrolment). */
  private readonly formerClasses = new Map<string, Set<string>>();

  /** `progress`: the store whose items a class's deletion removes, as they share the class's partition in the table. */
  constructor(private readonly options: { progress?: InMemoryProgressStore } = {}) {}

  clear(): void {
    this.records.clear();
    this.rosters.clear();
    this.memberships.clear();
    this.formerClasses.clear();
  }

  /** Stores a class with its roster and exactly its roster's memberships, unconditionally (test set-up). */
  put(...records: ClassSetup[]): void {
    for (const { students, ...record } of records) {
      for (const classIds of this.memberships.values()) classIds.delete(record.classId);
      this.records.set(record.classId, copy({ ...record, assignedModuleIds: [...new Set(record.assignedModuleIds)].sort() }));
      this.rosters.set(record.classId, new Map(Object.entries(students).map(([studentId, name]) => [studentId, { studentId, name }])));
      for (const studentId of Object.keys(students)) this.addMembership(studentId, record.classId);
    }
  }

  /** Sets or removes (undefined) attributes of a stored class, as an UpdateItem would; false when there is no class. */
  patch(classId: string, fields: Partial<Omit<ClassRecord, 'classId' | 'studentCount'>>): boolean {
    const record = this.records.get(classId);
    if (!record) return false;
    for (const [name, value] of Object.entries(fields)) {
      if (value === undefined) delete record[name as keyof typeof record];
      else Object.assign(record, { [name]: copy(value) });
    }
    return true;
  }

  all(): ClassRecord[] {
    return [...this.records.keys()].map((classId) => this.toRecord(classId)!);
  }

  private toRecord(classId: string): ClassRecord | undefined {
    const record = this.records.get(classId);
    return record && { ...copy(record), studentCount: this.rosters.get(classId)?.size ?? 0 };
  }

  private addMembership(studentId: string, classId: string) {
    if (!this.memberships.has(studentId)) this.memberships.set(studentId, new Set());
    this.memberships.get(studentId)!.add(classId);
  }

  private sortedRoster(classId: string): Enrolment[] {
    return [...(this.rosters.get(classId)?.values() ?? [])].map(copy).sort((a, b) => (a.studentId < b.studentId ? -1 : 1));
  }

  async getClass(classId: string) {
    return this.toRecord(classId);
  }

  async getClasses(classIds: string[]) {
    return [...new Set(classIds)].flatMap((id) => (this.records.has(id) ? [this.toRecord(id)!] : []));
  }

  /** BatchGet of the class item and the membership */
  async getClassOfStudent(classId: string, studentId: string) {
    return (await this.isEnrolled(classId, studentId)) ? this.toRecord(classId) : undefined;
  }

  async listClassesByTeacher(teacherId: string) {
    return this.all().filter((record) => record.teacherId === teacherId);
  }

  async listClassIdsOfStudent(studentId: string) {
    return [...(this.memberships.get(studentId) ?? [])];
  }

  async listFormerClassIdsOfStudent(studentId: string) {
    return [...(this.formerClasses.get(studentId) ?? [])];
  }

  /** GetItem on the membership */
  async isEnrolled(classId: string, studentId: string) {
    return this.memberships.get(studentId)?.has(classId) ?? false;
  }

  async getEnrolment(classId: string, studentId: string) {
    const enrolment = this.rosters.get(classId)?.get(studentId);
    return enrolment && copy(enrolment);
  }

  /** Query with Limit and ExclusiveStartKey, in student-id order */
  async listStudents(classId: string, { limit, after }: PageRequest) {
    const rest = this.sortedRoster(classId).filter((each) => after === undefined || each.studentId > after);
    const students = rest.slice(0, limit);
    return { students, ...(rest.length > limit ? { next: students.at(-1)!.studentId } : {}) };
  }

  async listAllStudents(classId: string) {
    return this.sortedRoster(classId);
  }

  async insertClass(record: Pick<ClassRecord, 'classId' | 'className' | 'teacherId' | 'teacherName' | 'createdBy'>) {
    if (this.records.has(record.classId)) return false;
    this.records.set(record.classId, { ...copy(record), assignedModuleIds: [] });
    this.rosters.set(record.classId, new Map());
    return true;
  }

  /** Put enrolment (attribute_not_exists), ADD studentCount (attribute_exists(pk)), then the membership */
  async enrollStudent(classId: string, student: EnrolledStudent, enrolledAt = '2026-01-01T00:00:00.000Z'): Promise<EnrolOutcome> {
    const { studentId } = student;
    const roster = this.rosters.get(classId);
    if (!roster) return 'noClass';
    const wasEnrolled = roster.has(studentId);
    if (!wasEnrolled) roster.set(studentId, { ...copy(student), enrolledAt });
    this.addMembership(studentId, classId);
    return wasEnrolled ? 'alreadyEnrolled' : 'enrolled';
  }

  /** ADD assignedModuleIds :module (SET assignedAt#module if_not_exists, SET or REMOVE dueAt#module), condition teacherId = :teacher */
  async addAssignedModule(classId: string, teacherId: string, moduleId: string, assignedAt?: string, dueAt?: string) {
    const record = this.records.get(classId);
    if (!record || record.teacherId !== teacherId || record.archivedAt) return undefined;
    record.assignedModuleIds = [...new Set([...record.assignedModuleIds, moduleId])].sort();
    if (assignedAt) record.assignedAt = { [moduleId]: assignedAt, ...record.assignedAt };
    setOrRemove(record, 'dueAt', moduleId, dueAt);
    return this.toRecord(classId);
  }

  /** SET or REMOVE prerequisite#module ADD prerequisitesVersion, condition teacherId = :teacher AND both modules assigned AND the version as read */
  async setPrerequisite(classId: string, teacherId: string, moduleId: string, prerequisiteModuleId: string | null, expectedVersion: number | undefined) {
    const record = this.records.get(classId);
    const holds = (id: string) => record?.assignedModuleIds.includes(id);
    if (!record || record.teacherId !== teacherId || record.archivedAt || !holds(moduleId) || (prerequisiteModuleId !== null && !holds(prerequisiteModuleId))) return undefined;
    if (record.prerequisitesVersion !== expectedVersion) return undefined;
    setOrRemove(record, 'prerequisites', moduleId, prerequisiteModuleId);
    record.prerequisitesVersion = (record.prerequisitesVersion ?? 0) + 1;
    return this.toRecord(classId);
  }

  /** DELETE assignedModuleIds :module, condition attribute_exists(pk) */
  async removeAssignedModule(classId: string, moduleId: string) {
    const record = this.records.get(classId);
    // What the DynamoDB adapter lets through: ConditionalCheckFailedException on attribute_exists(pk).
    if (!record) throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
    record.assignedModuleIds = record.assignedModuleIds.filter((id) => id !== moduleId);
    setOrRemove(record, 'dueAt', moduleId, undefined);
    setOrRemove(record, 'prerequisites', moduleId, null);
  }

  /** DELETE assignedModuleIds :module, REMOVE its prerequisite and those naming it, condition teacherId = :teacher */
  async removeAssignedModuleOfTeacher(classId: string, teacherId: string, moduleId: string): Promise<ClassRecord | undefined | 'changed'> {
    const record = this.records.get(classId);
    if (!record || record.teacherId !== teacherId || record.archivedAt) return undefined;
    record.assignedModuleIds = record.assignedModuleIds.filter((id) => id !== moduleId);
    setOrRemove(record, 'dueAt', moduleId, undefined);
    for (const [dependent, required] of Object.entries(record.prerequisites ?? {})) {
      if (dependent === moduleId || required === moduleId) setOrRemove(record, 'prerequisites', dependent, null);
    }
    return this.toRecord(classId);
  }

  async listAllClasses() {
    return this.all();
  }

  /** attribute_exists(pk), like every change below that answers a boolean */
  async renameClass(classId: string, className: string) {
    const record = this.records.get(classId);
    if (!record) return false;
    record.className = className;
    return true;
  }

  async setClassTeacher(classId: string, teacher: { id: string; name: string } | null) {
    const record = this.records.get(classId);
    if (!record) return false;
    record.teacherId = teacher?.id ?? '';
    record.teacherName = teacher?.name ?? '';
    return true;
  }

  /** The enrolment item, read in the same step as a write conditioned on it. */
  hasEnrolment(classId: string, studentId: string): boolean {
    return this.rosters.get(classId)?.has(studentId) ?? false;
  }

  async unenrollStudent(classId: string, studentId: string) {
    this.formerClasses.set(studentId, new Set([...(this.formerClasses.get(studentId) ?? []), classId]));
    this.memberships.get(studentId)?.delete(classId);
    return this.rosters.get(classId)?.delete(studentId) ?? false;
  }

  async deleteClassAndItsData(classId: string) {
    for (const { studentId } of this.sortedRoster(classId)) this.memberships.get(studentId)?.delete(classId);
    this.options.progress?.deleteProgressOfClass(classId);
    this.rosters.delete(classId);
    this.records.delete(classId);
  }

  /** Conditional on teacherId = :teacher, one class at a time. */
  async renameTeacherInClasses(teacherId: string, name: string) {
    for (const record of this.records.values()) if (record.teacherId === teacherId) record.teacherName = name;
  }

  /** Conditional on the enrolment item existing, one class at a time. */
  async renameStudentInClasses({ studentId, name, email }: EnrolledStudent) {
    for (const classId of this.memberships.get(studentId) ?? []) {
      const enrolment = this.rosters.get(classId)?.get(studentId);
      if (enrolment) Object.assign(enrolment, { name, email });
    }
  }
}

/**
 * Sets `key` of the record's per-module map `field` to `value`, or removes it without a value; a map left empty goes,
 * as the table REMOVEs the attribute.
 */
function setOrRemove<F extends 'dueAt' | 'prerequisites'>(record: Pick<ClassRecord, F>, field: F, key: string, value: string | null | undefined) {
  const { [key]: _previous, ...others } = (record[field] ?? {}) as Record<string, string>;
  const next = value ? { ...others, [key]: value } : others;
  if (Object.keys(next).length > 0) (record as Record<F, Record<string, string>>)[field] = next;
  else delete record[field];
}
