// In-memory adapters for the domain's ports, for unit tests of the use cases. They keep the promises the DynamoDB
// and S3 adapters keep (conditional writes refuse, set additions are atomic and idempotent, records are copies, never
// shared), so a use case tested here behaves the same over the real stores. Each store also lets a test reach in
// behind the use case's back (`put`, `all`) to arrange a race or to check what was stored.
import { utcDay } from '@shared/report-insight';
import { noLongerEnrolled } from '../../src/kernel/errors';
import { reportBudget } from '../../src/platform/report-budget';
import { InMemoryAttemptStore, InMemoryCheckStore } from '../../src/checks/fakes/check-stores';
import { sampleContent } from '../../src/uploads/fakes/file-samples';
import { InMemoryAuditLog, InMemoryPeopleIndex } from '../../src/people/fakes/people';
import { InMemoryPathOverrideStore } from '../../src/paths/fakes/path-override-store';
import { RecordingScoreReporter } from '../../src/lti/fakes/score-reporting';
import type { ClassRecord, ClassStore, EnrolledStudent, Enrolment } from '../../src/classes/port';
import type { Clock, IdGenerator, Log, PageRequest } from '../../src/kernel/ports';
import type { FileReferenceStore, ModuleRecord, ModuleStore } from '../../src/modules/port';
import type { ActivityRecord, FinishedModuleRecord, NoticeStore, NudgeRecord } from '../../src/notifications/port';
import type { CompletionCounter, ActivityContext, ProgressKey, ProgressRecord, ModuleReadPlan, ProgressWithStandings, ReportedProgress, ProgressStore, ReadingReport, ReadingTally } from '../../src/progress/port';
import type { EnrolOutcome, RosterStore } from '../../src/rosters/port';
import type { FileLinks, FileStore, StoredFile, UploadRecord, UploadStore } from '../../src/uploads/port';

const copy = <T>(value: T): T => structuredClone(value);

export class InMemoryModuleStore implements ModuleStore {
  private readonly records = new Map<string, ModuleRecord>();

  clear(): void {
    this.records.clear();
  }

  /** Stores a module as it is, unconditionally (test set-up). */
  put(...records: ModuleRecord[]): void {
    for (const record of records) this.records.set(record.moduleId, copy(record));
  }

  all(): ModuleRecord[] {
    return [...this.records.values()].map(copy);
  }

  async transferModule(moduleId: string, fromOwnerId: string, toOwnerId: string, sections?: ModuleRecord['sections']) {
    const record = this.records.get(moduleId);
    if (record?.ownerId !== fromOwnerId) return false;
    record.ownerId = toOwnerId;
    if (sections) record.sections = copy(sections);
    return true;
  }

  async getModule(moduleId: string) {
    const record = this.records.get(moduleId);
    return record && copy(record);
  }

  async getModules(moduleIds: string[]) {
    return [...new Set(moduleIds)].flatMap((id) => (this.records.has(id) ? [copy(this.records.get(id)!)] : []));
  }

  async listModulesByOwner(ownerId: string) {
    return this.all().filter((record) => record.ownerId === ownerId);
  }

  /** attribute_not_exists(pk) */
  async insertModule(record: ModuleRecord) {
    if (this.records.has(record.moduleId)) return false;
    this.records.set(record.moduleId, copy(record));
    return true;
  }

  async listModuleVersionsByOwner(ownerId: string) {
    return (await this.listModulesByOwner(ownerId)).map(({ moduleId, updatedAt }) => ({ moduleId, updatedAt }));
  }

  async countModulesOfOwner(ownerId: string) {
    return this.all().filter((record) => record.ownerId === ownerId).length;
  }

  /** ownerId = :owner AND updatedAt = :expected (false for a missing module, as DynamoDB's condition fails then) */
  async replaceModule(record: ModuleRecord, expectedUpdatedAt: string) {
    const current = this.records.get(record.moduleId);
    if (!current || current.ownerId !== record.ownerId || current.updatedAt !== expectedUpdatedAt) return false;
    this.records.set(record.moduleId, copy(record));
    return true;
  }

  /** ownerId = :owner, answering the old item */
  async deleteOwnedModule(moduleId: string, ownerId: string) {
    const current = this.records.get(moduleId);
    if (!current || current.ownerId !== ownerId) return undefined;
    this.records.delete(moduleId);
    return copy(current);
  }
}

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
    this.setDueAt(record, moduleId, dueAt);
    return this.toRecord(classId);
  }

  private setDueAt(record: Pick<ClassRecord, 'dueAt'>, moduleId: string, dueAt: string | undefined) {
    const { [moduleId]: _previous, ...others } = record.dueAt ?? {};
    const next = dueAt ? { ...others, [moduleId]: dueAt } : others;
    if (Object.keys(next).length > 0) record.dueAt = next;
    else delete record.dueAt;
  }

  /** SET or REMOVE prerequisite#module ADD prerequisitesVersion, condition teacherId = :teacher AND both modules assigned AND the version as read */
  async setPrerequisite(classId: string, teacherId: string, moduleId: string, prerequisiteModuleId: string | null, expectedVersion: number | undefined) {
    const record = this.records.get(classId);
    const holds = (id: string) => record?.assignedModuleIds.includes(id);
    if (!record || record.teacherId !== teacherId || record.archivedAt || !holds(moduleId) || (prerequisiteModuleId !== null && !holds(prerequisiteModuleId))) return undefined;
    if (record.prerequisitesVersion !== expectedVersion) return undefined;
    this.setPrerequisiteOf(record, moduleId, prerequisiteModuleId);
    record.prerequisitesVersion = (record.prerequisitesVersion ?? 0) + 1;
    return this.toRecord(classId);
  }

  private setPrerequisiteOf(record: Pick<ClassRecord, 'prerequisites'>, moduleId: string, prerequisiteModuleId: string | null) {
    const { [moduleId]: _previous, ...others } = record.prerequisites ?? {};
    const next = prerequisiteModuleId ? { ...others, [moduleId]: prerequisiteModuleId } : others;
    if (Object.keys(next).length > 0) record.prerequisites = next;
    else delete record.prerequisites;
  }

  /** DELETE assignedModuleIds :module, condition attribute_exists(pk) */
  async removeAssignedModule(classId: string, moduleId: string) {
    const record = this.records.get(classId);
    // What the DynamoDB adapter lets through: ConditionalCheckFailedException on attribute_exists(pk).
    if (!record) throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
    record.assignedModuleIds = record.assignedModuleIds.filter((id) => id !== moduleId);
    this.setDueAt(record, moduleId, undefined);
    this.setPrerequisiteOf(record, moduleId, null);
  }

  /** DELETE assignedModuleIds :module, REMOVE its prerequisite and those naming it, condition teacherId = :teacher */
  async removeAssignedModuleOfTeacher(classId: string, teacherId: string, moduleId: string): Promise<ClassRecord | undefined | 'changed'> {
    const record = this.records.get(classId);
    if (!record || record.teacherId !== teacherId || record.archivedAt) return undefined;
    record.assignedModuleIds = record.assignedModuleIds.filter((id) => id !== moduleId);
    this.setDueAt(record, moduleId, undefined);
    for (const [dependent, required] of Object.entries(record.prerequisites ?? {})) {
      if (dependent === moduleId || required === moduleId) this.setPrerequisiteOf(record, dependent, null);
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

export class InMemoryProgressStore implements ProgressStore {
  private readonly records = new Map<string, ProgressRecord>();
  private static id = ({ classId, moduleId, studentId }: ProgressKey) => `${classId}|${moduleId}|${studentId}`;

  /** The attempt store whose scores stand for the score attributes of these progress items. */
  constructor(private readonly attempts?: InMemoryAttemptStore) {}

  /** Whether the student is on the class's roster now (the enrolment condition of the table's transactions); unset: always. */
  enrolledNow?: (classId: string, studentId: string) => boolean;

  requireEnrolled({ classId, studentId }: ProgressKey): void {
    if (this.enrolledNow && !this.enrolledNow(classId, studentId)) throw noLongerEnrolled();
  }

  clear(): void {
    this.records.clear();
    this.counters.clear();
    this.activity.clear();
    this.finished.clear();
    this.activeDays.clear();
  }

  put(...records: ProgressRecord[]): void {
    for (const record of records) this.records.set(InMemoryProgressStore.id(record), copy(record));
  }

  all(): ProgressRecord[] {
    return [...this.records.values()].map(copy);
  }

  /** Like the item: completions and standings (an item holding only scores has no completions). */
  async getProgress(key: ProgressKey): Promise<ProgressWithStandings | undefined> {
    const record = this.records.get(InMemoryProgressStore.id(key));
    const [scores] = (await this.attempts?.listScoresOfStudents(key.classId, [key.moduleId], [key.studentId])) ?? [];
    if (!record && !scores) return undefined;
    const checks = Object.fromEntries(Object.entries(scores?.bySection ?? {}).map(([sectionId, { bestPercent, passed }]) => [sectionId, { bestPercent, passed }]));
    // Like an item the table holds only scores on: no updatedAt (none was written).
    return { ...key, completedSections: [], ...(record && copy(record)), checks } as ProgressWithStandings;
  }

  /** (class, module) → completions, like the counter items: one more per first completion of a section, in the total and the section's count. */
  readonly counters = new Map<string, CompletionCounter>();

  private addToCounter(classId: string, moduleId: string, sectionIds: string[], count: number, students: number) {
    const key = `${classId}|${moduleId}`;
    const counter = this.counters.get(key) ?? { moduleId, completions: 0, bySection: {}, startedStudents: 0 };
    counter.completions += count * sectionIds.length;
    counter.startedStudents += students;
    for (const sectionId of sectionIds) counter.bySection[sectionId] = (counter.bySection[sectionId] ?? 0) + count;
    this.counters.set(key, counter);
  }

  /** (class, UTC day) → the students who completed a section that day, like the day items. */
  readonly activeDays = new Map<string, Set<string>>();

  /** The activity index (gsi1 ACTIVITY#teacher) of records marked with an activity context. */
  readonly activity = new Map<string, ActivityContext & { at: string }>();

  /** The students' finished modules (USER#s / FINISHED#c#m), by progress key: the first finish's time stays. */
  readonly finished = new Map<string, FinishedModuleRecord>();

  /**
   * The transaction of a first completion: the record (created if need be, never losing or repeating a section), the
   * counter and the day change in one synchronous step, so no failure or interleaving can separate them; a section
   * already complete is answered as stored and changes nothing.
   */
  async addCompletedSection(key: ProgressKey, sectionId: string, updatedAt: string, activityOf?: (before: ProgressWithStandings | undefined) => ActivityContext) {
    const current = this.records.get(InMemoryProgressStore.id(key));
    if (current?.completedSections.includes(sectionId)) return copy(current);
    this.requireEnrolled(key);
    // Decided from the record as this write finds it, in the same synchronous step.
    const activity = activityOf?.(current && { ...copy(current), checks: this.attempts?.standingsOf(key) ?? {} });
    if (activity) this.activity.set(InMemoryProgressStore.id(key), { ...activity, at: updatedAt });
    if (activity?.finishesModule && !this.finished.has(InMemoryProgressStore.id(key))) {
      this.finished.set(InMemoryProgressStore.id(key), { ...key, className: activity.className, moduleTitle: activity.moduleTitle, finishedAt: updatedAt });
    }
    this.addToCounter(key.classId, key.moduleId, [sectionId], 1, current?.completedSections.length ? 0 : 1);
    const day = `${key.classId}|${utcDay(updatedAt)}`;
    this.activeDays.set(day, new Set([...(this.activeDays.get(day) ?? []), key.studentId]));
    const record: ProgressRecord = {
      ...key,
      completedSections: [...new Set([...(current?.completedSections ?? []), sectionId])],
      // if_not_exists: the first completion time stays.
      completedAt: { [sectionId]: updatedAt, ...current?.completedAt },
      updatedAt,
    };
    this.records.set(InMemoryProgressStore.id(key), record);
    return copy(record);
  }

  async removeCompletedSection(key: ProgressKey, sectionId: string, updatedAt: string) {
    const current = this.records.get(InMemoryProgressStore.id(key));
    if (!current?.completedSections.includes(sectionId)) return current && copy(current);
    this.requireEnrolled(key);
    const completedSections = current.completedSections.filter((each) => each !== sectionId);
    this.addToCounter(key.classId, key.moduleId, [sectionId], -1, completedSections.length ? 0 : -1);
    const { [sectionId]: _undone, ...completedAt } = current.completedAt ?? {};
    const record: ProgressRecord = { ...current, completedSections, completedAt, updatedAt };
    this.records.set(InMemoryProgressStore.id(key), record);
    return copy(record);
  }

  /**
   * Like the one UpdateItem: the item is created if need be, opens and minutes added, the page replaced, the counted
   * time moved on if it is still the one the minutes were counted from, in one step.
   */
  async recordReading(key: ProgressKey, sectionId: string, { opened, minutes, page, countedAt }: ReadingReport): Promise<ReadingTally | 'stale'> {
    const current = this.records.get(InMemoryProgressStore.id(key)) ?? { ...key, completedSections: [] };
    if (countedAt && current.readingCountedAt !== countedAt.from) return 'stale';
    if (countedAt) current.readingCountedAt = countedAt.to;
    const before = current.reading?.[sectionId] ?? { opened: 0, minutes: 0 };
    const after = { opened: before.opened + (opened ? 1 : 0), minutes: before.minutes + minutes, ...((page ?? before.page) !== undefined && { page: page ?? before.page }) };
    this.records.set(InMemoryProgressStore.id(key), { ...current, reading: { ...current.reading, [sectionId]: after } });
    return copy(after);
  }

  /** BatchGet by exact keys: only this student's records, a missing one is simply absent. */
  async listProgressOfStudent(classId: string, moduleIds: string[], studentId: string) {
    return [...new Set(moduleIds)].flatMap((moduleId) => {
      const record = this.records.get(InMemoryProgressStore.id({ classId, moduleId, studentId }));
      return record ? [copy(record)] : [];
    });
  }

  /** As the table reads it: only the plan's sections' completion times, and the standings on its checks. */
  async listProgressOfStudents(classId: string, modules: ModuleReadPlan[], studentIds: string[]): Promise<ReportedProgress[]> {
    const scores = await this.attempts?.listScoresOfStudents(classId, modules.map((plan) => plan.moduleId), studentIds);
    return studentIds.flatMap((studentId) =>
      modules.flatMap(({ moduleId, sectionIds, checkedSectionIds }) => {
        const record = this.records.get(InMemoryProgressStore.id({ classId, moduleId, studentId }));
        const scored = scores?.find((score) => score.studentId === studentId && score.moduleId === moduleId);
        const standings = scored?.bySection ?? {};
        const checks = Object.fromEntries(
          checkedSectionIds.flatMap((sectionId) => {
            const standing = standings[sectionId];
            return standing ? [[sectionId, { ...standing }]] : [];
          }),
        );
        if (!record && Object.keys(checks).length === 0) return [];
        const { completedSections = [], completedAt = {}, updatedAt } = record ?? {};
        const kept = Object.fromEntries(sectionIds.flatMap((sectionId) => (completedAt[sectionId] ? [[sectionId, completedAt[sectionId]]] : [])));
        const attempted = scored?.lastAttemptAt;
        return [{ classId, moduleId, studentId, completedSections: [...completedSections], completedAt: kept, ...(updatedAt && { updatedAt }), ...(attempted && { lastAttemptAt: attempted }), checks }];
      }),
    );
  }

  async listCompletionCounters(classId: string): Promise<CompletionCounter[]> {
    return [...this.counters].flatMap(([key, counter]) => (key.startsWith(`${classId}|`) ? [structuredClone(counter)] : []));
  }

  /** BatchGet of the student's records, then ADD to each module's counter */
  async countProgressOfStudent(classId: string, moduleIds: string[], studentId: string, direction: 1 | -1) {
    for (const record of await this.listProgressOfStudent(classId, moduleIds, studentId)) {
      if (record.completedSections.length > 0) this.addToCounter(classId, record.moduleId, record.completedSections, direction, direction);
    }
    this.attempts?.countScoresOfStudent(classId, moduleIds, studentId, direction);
  }

  async listActiveStudents(classId: string, days: string[]) {
    return [...new Set(days.flatMap((day) => [...(this.activeDays.get(`${classId}|${day}`) ?? [])]))];
  }

  async listProgressOfStudentInClass(classId: string, studentId: string) {
    return this.all().filter((record) => record.classId === classId && record.studentId === studentId);
  }

  async listActiveDaysOfStudent(classId: string, studentId: string) {
    return [...this.activeDays].filter(([key, students]) => key.startsWith(`${classId}|`) && students.has(studentId)).map(([key]) => key.slice(classId.length + 1));
  }

  async listProgressOfClass(classId: string, moduleId?: string) {
    return this.all().filter((record) => record.classId === classId && (!moduleId || record.moduleId === moduleId));
  }

  async deleteProgressOfModule(classId: string, moduleId: string) {
    for (const [id, record] of this.records) {
      if (record.classId === classId && record.moduleId === moduleId) this.records.delete(id);
    }
    this.counters.delete(`${classId}|${moduleId}`);
    this.attempts?.forgetScoresOfModule(classId, moduleId);
  }

  /** What deleting a class removes from its partition (test-side: the class store calls it). */
  deleteProgressOfClass(classId: string): void {
    for (const [id, record] of this.records) if (record.classId === classId) this.records.delete(id);
    for (const key of this.counters.keys()) if (key.startsWith(`${classId}|`)) this.counters.delete(key);
    for (const key of this.activeDays.keys()) if (key.startsWith(`${classId}|`)) this.activeDays.delete(key);
  }
}

interface MultipartUpload {
  key: string;
  mediaType: string;
  /** partNumber → etag and length of the bytes a client PUT. */
  parts: Map<number, { etag: string; size: number }>;
}

/** Files by key; signed URLs are readable `memory://` strings that say what they grant. */
export class InMemoryFileStore implements FileStore, FileLinks {
  private readonly files = new Map<string, StoredFile>();
  /** Bytes given by a test; any other file reads as a real file of its media type (sampleContent). */
  private readonly contents = new Map<string, Uint8Array>();
  private readonly uploads = new Map<string, MultipartUpload>();
  private nextUploadId = 1;

  clear(): void {
    this.files.clear();
    this.contents.clear();
    this.uploads.clear();
    this.nextUploadId = 1;
  }

  /** A file as if a client had uploaded it (test set-up). */
  put(key: string, mediaType: string | undefined, size = 1024): void {
    this.files.set(key, { mediaType, size });
  }

  /** The bytes the file at `key` has (or will have once its upload completes). */
  giveContent(key: string, content: Uint8Array): void {
    this.contents.set(key, content);
  }

  keys(): string[] {
    return [...this.files.keys()].sort();
  }

  /** What a client's PUT of one part (5 MiB unless told) to its presigned URL does: answers the part's etag. */
  uploadPart(uploadId: string, partNumber: number, size = 5 * 1024 * 1024): string {
    const upload = this.uploads.get(uploadId);
    if (!upload) throw new Error(`No multipart upload ${uploadId}`);
    const etag = `"etag-${uploadId}-${partNumber}"`;
    upload.parts.set(partNumber, { etag, size });
    return etag;
  }

  openUploads(): string[] {
    return [...this.uploads.keys()];
  }

  async describeFile(key: string) {
    const file = this.files.get(key);
    return file && { ...file };
  }

  async readFileStart(key: string, bytes: number) {
    const file = this.files.get(key);
    if (!file) return undefined;
    return (this.contents.get(key) ?? sampleContent(file.mediaType)).slice(0, bytes);
  }

  /** The file links (FileLinks) too: a readable string of what the link serves. */
  async link(key: string, fileName: string, mediaType?: string) {
    return `memory://get/${key}?name=${encodeURIComponent(fileName)}${mediaType ? `&type=${encodeURIComponent(mediaType)}` : ''}`;
  }

  async singleUploadUrl(key: string, mediaType: string, size: number) {
    return `memory://put/${key}?type=${encodeURIComponent(mediaType)}&size=${size}`;
  }

  async startMultipartUpload(key: string, mediaType: string) {
    const uploadId = `upload-${this.nextUploadId++}`;
    this.uploads.set(uploadId, { key, mediaType, parts: new Map() });
    return uploadId;
  }

  async partUploadUrl(key: string, uploadId: string, partNumber: number, size: number) {
    return `memory://put/${key}?uploadId=${uploadId}&partNumber=${partNumber}&size=${size}`;
  }

  /** As S3: an unknown upload (or one for another key) is NoSuchUpload; parts must be the uploaded ones. */
  async completeMultipartUpload(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]) {
    const upload = this.uploads.get(uploadId);
    if (!upload || upload.key !== key) return 'noSuchUpload' as const;
    if (parts.length === 0 || parts.some((part) => upload.parts.get(part.partNumber)?.etag !== part.etag)) {
      return 'partsMismatch' as const;
    }
    this.uploads.delete(uploadId);
    const size = parts.reduce((total, part) => total + upload.parts.get(part.partNumber)!.size, 0);
    this.files.set(key, { mediaType: upload.mediaType, size });
    return 'done' as const;
  }

  async abortMultipartUpload(key: string, uploadId: string) {
    const upload = this.uploads.get(uploadId);
    if (!upload || upload.key !== key) return 'noSuchUpload' as const;
    this.uploads.delete(uploadId);
    return 'done' as const;
  }

  async deleteFiles(keys: string[]) {
    for (const key of keys) {
      this.files.delete(key);
      this.contents.delete(key);
    }
  }

  async copyFile(fromKey: string, toKey: string) {
    const file = this.files.get(fromKey);
    if (!file) return false;
    this.files.set(toKey, { ...file });
    const content = this.contents.get(fromKey);
    if (content) this.contents.set(toKey, content);
    return true;
  }

  async deleteFolder(prefix: string) {
    const keys = [...this.files.keys()].filter((key) => key.startsWith(prefix));
    await this.deleteFiles(keys);
    return keys.length;
  }
}

/** The multipart uploads the API started, by id. */
export class InMemoryUploadStore implements UploadStore {
  private readonly records = new Map<string, UploadRecord & { renewals?: number }>();
  /** Owner → their open uploads' keys → expiry (ms). */
  private readonly slots = new Map<string, Map<string, number>>();

  clear(): void {
    this.records.clear();
    this.slots.clear();
  }

  /** The keys whose slots the owner holds (expired ones included until a new hold drops them). */
  heldBy(ownerId: string): string[] {
    return [...(this.slots.get(ownerId)?.keys() ?? [])];
  }

  async holdUploadSlot(ownerId: string, contentUrl: string, expiresAt: string, now: Date, max: number) {
    const held = this.slots.get(ownerId) ?? new Map<string, number>();
    for (const [key, expiry] of held) if (expiry <= now.getTime()) held.delete(key);
    if (held.size >= max) return false;
    held.set(contentUrl, Date.parse(expiresAt));
    this.slots.set(ownerId, held);
    return true;
  }

  async releaseUploadSlot(ownerId: string, contentUrl: string) {
    this.slots.get(ownerId)?.delete(contentUrl);
  }

  async countRenewal(uploadId: string, max: number) {
    const record = this.records.get(uploadId);
    if (!record || (record.renewals ?? 0) >= max) return false;
    record.renewals = (record.renewals ?? 0) + 1;
    return true;
  }

  all(): UploadRecord[] {
    return [...this.records.values()].map(({ renewals: _renewals, ...record }) => copy(record));
  }

  async recordUpload(record: UploadRecord) {
    this.records.set(record.uploadId, copy(record));
  }

  async getUpload(uploadId: string) {
    const record = this.records.get(uploadId);
    if (!record) return undefined;
    const { renewals: _renewals, ...stored } = record;
    return copy(stored);
  }

  async forgetUpload(uploadId: string) {
    this.records.delete(uploadId);
  }
}

/** Each file's users and deletion mark, with the DynamoDB adapter's conditions. */
export class InMemoryFileReferenceStore implements FileReferenceStore {
  private readonly records = new Map<string, { moduleIds: Set<string>; marked: boolean }>();

  clear(): void {
    this.records.clear();
  }

  /** Key → the modules using it (sorted), and whether it is marked for deletion. */
  all(): Record<string, { moduleIds: string[]; marked: boolean }> {
    return Object.fromEntries(
      [...this.records].map(([key, record]) => [key, { moduleIds: [...record.moduleIds].sort(), marked: record.marked }]),
    );
  }

  /** Records that a module uses these files, unconditionally (test set-up). */
  use(moduleId: string, keys: string[]): void {
    for (const key of keys) {
      const record = this.records.get(key) ?? { moduleIds: new Set<string>(), marked: false };
      record.moduleIds.add(moduleId);
      this.records.set(key, record);
    }
  }

  /** ADD moduleIds, if attribute_not_exists(deletingAt) */
  async addReferences(moduleId: string, keys: string[]) {
    return keys.filter((key) => {
      const record = this.records.get(key) ?? { moduleIds: new Set<string>(), marked: false };
      if (record.marked) return true;
      record.moduleIds.add(moduleId);
      this.records.set(key, record);
      return false;
    });
  }

  async withdrawReferences(moduleId: string, keys: string[]) {
    for (const key of keys) {
      const record = this.records.get(key);
      if (!record?.moduleIds.delete(moduleId)) continue;
      if (record.moduleIds.size === 0 && !record.marked) this.records.delete(key);
    }
  }

  async releaseReference(moduleId: string, key: string) {
    const record = this.records.get(key);
    if (!record?.moduleIds.delete(moduleId)) return false;
    if (record.moduleIds.size > 0 || record.marked) return false;
    record.marked = true;
    return true;
  }

  async forgetFile(key: string) {
    if (this.records.get(key)?.marked) this.records.delete(key);
  }
}

/** A clock that stands still until a test moves it. */
export class FixedClock implements Clock {
  static readonly START = '2024-05-03T10:00:00.000Z';
  private current = new Date(FixedClock.START);
  now() {
    return new Date(this.current);
  }
  set(iso: string) {
    this.current = new Date(iso);
  }
}

/** ids `id-1`, `id-2`, ... in order of use. */
export class SequentialIds implements IdGenerator {
  private next = 1;
  newId() {
    return `id-${this.next++}`;
  }
  reset() {
    this.next = 1;
  }
}

/** Collects warnings so a test can assert them. */
export class RecordingLog implements Log {
  readonly warnings: { message: string; details: Record<string, unknown> }[] = [];
  warn(message: string, details: Record<string, unknown>) {
    this.warnings.push({ message, details });
  }
}

/** Every port, in memory, wired together: what each service factory takes. */
/** The bells' reads over the in-memory progress store's activity index. */
export class InMemoryNoticeStore implements NoticeStore {
  private readonly readMarkers = new Map<string, string>();
  /** Keyed as the items are: student, UTC day, class, module. */
  private readonly nudges = new Map<string, NudgeRecord>();
  constructor(private readonly progress: InMemoryProgressStore) {}

  clear(): void {
    this.readMarkers.clear();
    this.nudges.clear();
  }

  allNudges(): NudgeRecord[] {
    return [...this.nudges.values()].map(copy);
  }

  /** PutItem USER#s / NUDGE#{day}#{class}#{module} with attribute_not_exists(pk) */
  async addNudge(nudge: NudgeRecord) {
    const key = [nudge.studentId, nudge.sentAt.slice(0, 10), nudge.classId, nudge.moduleId].join('#');
    if (this.nudges.has(key)) return false;
    this.nudges.set(key, copy(nudge));
    return true;
  }

  /** Query USER#s, begins_with NUDGE#, newest day first, Limit */
  async recentNudges(studentId: string, limit: number) {
    return [...this.nudges.entries()]
      .filter(([, nudge]) => nudge.studentId === studentId)
      .sort(([a], [b]) => b.localeCompare(a))
      .slice(0, limit)
      .map(([, nudge]) => copy(nudge));
  }

  /** Query USER#s, begins_with NUDGE#, every page */
  async listNudges(studentId: string) {
    return (await this.recentNudges(studentId, Number.MAX_SAFE_INTEGER)).reverse();
  }

  /** Query USER#s, begins_with FINISHED# */
  async finishedModules(studentId: string) {
    return [...this.progress.finished.values()].filter((record) => record.studentId === studentId).map(copy);
  }

  async recentActivity(teacherId: string, limit: number): Promise<ActivityRecord[]> {
    const records = this.progress.all();
    return [...this.progress.activity]
      .filter(([, context]) => context.teacherId === teacherId)
      .sort(([, a], [, b]) => b.at.localeCompare(a.at))
      .slice(0, limit)
      .flatMap(([id, { teacherId: _teacher, finishesModule: _finishes, at, ...context }]) => {
        const record = records.find((each) => `${each.classId}|${each.moduleId}|${each.studentId}` === id);
        return record ? [{ ...record, updatedAt: record.updatedAt ?? at, ...context }] : [];
      });
  }

  /** GetItem of the (class, module) counter's started students */
  async countStarted(classId: string, moduleId: string) {
    return this.progress.counters.get(`${classId}|${moduleId}`)?.startedStudents ?? 0;
  }

  async getReadAt(userId: string) {
    return this.readMarkers.get(userId);
  }

  async setReadAt(userId: string, at: string) {
    this.readMarkers.set(userId, at);
  }
}

export function inMemoryPorts() {
  const attempts = new InMemoryAttemptStore();
  const progress = new InMemoryProgressStore(attempts);
  const classes = new InMemoryClassStore({ progress });
  progress.enrolledNow = (classId, studentId) => classes.hasEnrolment(classId, studentId);
  attempts.progress = progress;
  const files = new InMemoryFileStore();
  return {
    checks: new InMemoryCheckStore(attempts),
    attempts,
    modules: new InMemoryModuleStore(),
    classes,
    rosters: classes,
    progress,
    notices: new InMemoryNoticeStore(progress),
    people: new InMemoryPeopleIndex(),
    overrides: new InMemoryPathOverrideStore(),
    scoreReporter: new RecordingScoreReporter(),
    audit: new InMemoryAuditLog(),
    files,
    links: files,
    uploads: new InMemoryUploadStore(),
    fileReferences: new InMemoryFileReferenceStore(),
    clock: new FixedClock(),
    ids: new SequentialIds(),
    log: new RecordingLog(),
    budget: reportBudget,
  };
}
export type InMemoryPorts = ReturnType<typeof inMemoryPorts>;

/** Empties every store and rewinds the clock and the ids, keeping the same objects (services hold on to them). */
export function resetPorts(ports: InMemoryPorts): void {
  ports.modules.clear();
  ports.classes.clear();
  ports.progress.clear();
  ports.checks.clear();
  ports.attempts.clear();
  ports.notices.clear();
  ports.people.copies.clear();
  ports.overrides.clear();
  ports.scoreReporter.changes.length = 0;
  ports.audit.entries.length = 0;
  ports.files.clear();
  ports.uploads.clear();
  ports.fileReferences.clear();
  ports.clock.set(FixedClock.START);
  ports.ids.reset();
  ports.log.warnings.length = 0;
}

/** Everything stored, to show that a refused request changed nothing. */
export const storedState = (ports: InMemoryPorts) => ({
  modules: ports.modules.all(),
  classes: ports.classes.all(),
  progress: ports.progress.all(),
  checks: ports.checks.all(),
  attempts: ports.attempts.all(),
  scores: ports.attempts.allScores(),
  audit: [...ports.audit.entries],
  files: ports.files.keys(),
  fileReferences: ports.fileReferences.all(),
  uploads: ports.uploads.all(),
  nudges: ports.notices.allNudges(),
  overrides: ports.overrides.all(),
});
