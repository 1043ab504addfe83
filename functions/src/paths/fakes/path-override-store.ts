// In-memory adapter for per-student path overrides: one record per (class, module, student), one override per kind and
// section in it (a second of the same kind replaces the first, adding up extra attempts), as the table's item keeps them.
import type { ProgressKey } from '../../progress/port';
import type { OverrideRecord, PathOverrideRecord, PathOverrideStore } from '../port';

const id = ({ classId, moduleId, studentId }: ProgressKey) => `${classId}|${moduleId}|${studentId}`;
const slot = ({ kind, sectionId }: Pick<OverrideRecord, 'kind' | 'sectionId'>) => `${kind}#${sectionId ?? ''}`;

export class InMemoryPathOverrideStore implements PathOverrideStore {
  private readonly records = new Map<string, { key: ProgressKey; overrides: Map<string, OverrideRecord> }>();

  clear(): void {
    this.records.clear();
  }

  all(): PathOverrideRecord[] {
    return [...this.records.values()].map((record) => this.toRecord(record));
  }

  async getOverrides(key: ProgressKey) {
    const record = this.records.get(id(key));
    return record && this.toRecord(record);
  }

  async listOverridesOfStudent(classId: string, moduleIds: string[], studentId: string) {
    return this.listOverridesOfStudents(classId, moduleIds, [studentId]);
  }

  async listOverridesOfStudents(classId: string, moduleIds: string[], studentIds: string[]) {
    return this.all().filter((record) => record.classId === classId && moduleIds.includes(record.moduleId) && studentIds.includes(record.studentId));
  }

  async listOverridesOfStudentInClass(classId: string, studentId: string) {
    return (await this.listOverridesOfClass(classId)).filter((record) => record.studentId === studentId);
  }

  async listOverridesOfClass(classId: string, moduleId?: string) {
    return this.all().filter((record) => record.classId === classId && (moduleId === undefined || record.moduleId === moduleId));
  }

  async addOverride(key: ProgressKey, override: OverrideRecord) {
    const record = this.records.get(id(key)) ?? { key: { ...key }, overrides: new Map<string, OverrideRecord>() };
    const granted = record.overrides.get(slot(override))?.extra;
    record.overrides.set(slot(override), { ...structuredClone(override), ...(override.extra !== undefined && { extra: override.extra + (granted ?? 0) }) });
    this.records.set(id(key), record);
  }

  /** attribute_exists on the override's attribute */
  async removeOverride(key: ProgressKey, override: Pick<OverrideRecord, 'kind' | 'sectionId'>) {
    return this.records.get(id(key))?.overrides.delete(slot(override)) ?? false;
  }

  private toRecord({ key, overrides }: { key: ProgressKey; overrides: Map<string, OverrideRecord> }): PathOverrideRecord {
    return { ...key, overrides: [...overrides.values()].map((override) => structuredClone(override)).sort((a, b) => b.at.localeCompare(a.at)) };
  }
}
