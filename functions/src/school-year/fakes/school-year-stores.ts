// In-memory adapters for the end of a school year: the archive state on the in-memory classes (as the class item's
// conditional updates keep it) and the retention setting; a removal of students' data is recorded, answering the
// counts a test gives once and nothing the second time (the real removal is proven through the local stack).
import type { ClassRecord } from '../../classes/port';
import type { ArchiveOutcome, ClassArchiveStore, RemovedCounts, RetentionSetting, RetentionStore, RolledOverClassRecord, UnarchiveOutcome } from '../port';

/** What the archive needs of the in-memory classes (classes/fakes/class-store.ts). */
interface ClassItems {
  getClass(classId: string): Promise<ClassRecord | undefined>;
  insertClass(record: Pick<ClassRecord, 'classId' | 'className' | 'teacherId' | 'teacherName' | 'createdBy'>): Promise<boolean>;
  patch(classId: string, fields: Partial<Omit<ClassRecord, 'classId' | 'studentCount'>>): boolean;
}

export class InMemoryClassArchive implements ClassArchiveStore {
  constructor(private readonly classes: ClassItems) {}

  async archive(classId: string, at: string): Promise<ArchiveOutcome> {
    const found = await this.classes.getClass(classId);
    if (!found) return 'noClass';
    if (found.archivedAt) return 'alreadyArchived';
    this.classes.patch(classId, { archivedAt: at });
    return 'archived';
  }

  async unarchive(classId: string): Promise<UnarchiveOutcome> {
    const found = await this.classes.getClass(classId);
    if (!found) return 'noClass';
    if (found.studentDataRemovalStartedAt) return 'studentDataRemoved';
    if (!found.archivedAt) return 'notArchived';
    this.classes.patch(classId, { archivedAt: undefined });
    return 'unarchived';
  }

  async insertRolledOver({ assignedModuleIds, prerequisites, yearLabel, rolledOverFrom, ...record }: RolledOverClassRecord): Promise<boolean> {
    if (!(await this.classes.insertClass(record))) return false;
    this.classes.patch(record.classId, { assignedModuleIds, yearLabel, rolledOverFrom, ...(prerequisites ? { prerequisites } : {}) });
    return true;
  }

  async beginStudentDataRemoval(classId: string, archivedBefore: string, at: string): Promise<boolean> {
    const found = await this.classes.getClass(classId);
    if (!found?.archivedAt || found.archivedAt >= archivedBefore) return false;
    if (!found.studentDataRemovalStartedAt) this.classes.patch(classId, { studentDataRemovalStartedAt: at });
    return true;
  }

  async finishStudentDataRemoval(classId: string, at: string): Promise<void> {
    this.classes.patch(classId, { studentDataRemovedAt: at });
  }
}

export class InMemoryRetentionStore implements RetentionStore {
  setting: RetentionSetting | undefined;
  /** classId → what its removal deletes the first time (absent: nothing). */
  readonly studentData = new Map<string, RemovedCounts>();
  readonly removals: string[] = [];

  async getSetting() {
    return this.setting && { ...this.setting };
  }

  async putSetting(setting: RetentionSetting) {
    this.setting = { ...setting };
  }

  async removeStudentData(classId: string): Promise<RemovedCounts> {
    this.removals.push(classId);
    const counts = this.studentData.get(classId) ?? { progress: 0, attempts: 0, pathOverrides: 0, derived: 0 };
    this.studentData.delete(classId);
    return counts;
  }
}
