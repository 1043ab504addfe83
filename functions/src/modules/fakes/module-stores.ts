// In-memory modules and file references, keeping the DynamoDB adapters' promises: an insert refuses an existing
// module, a replace or delete only the owner's version as read, a transfer only from the owner; a file marked for
// deletion takes no new user. Records are copies; `put` and `use` arrange a state behind the use case's back.
import { copy } from '../../kernel/fakes/copy';
import type { FileReferenceStore, ModuleRecord, ModuleStore } from '../port';

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
