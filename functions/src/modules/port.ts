// What the module use cases need from storage: the modules and the references their sections hold to stored files.
import type { Section } from '@shared/contract/modules';
import type { SectionRole } from '@shared/paths';

export interface ModuleRecord {
  moduleId: string;
  ownerId: string;
  title: string;
  description: string;
  /** A section's role is absent on sections saved before roles: core. */
  sections: (Omit<Section, 'downloadUrl' | 'role' | 'state' | 'reason'> & { role?: SectionRole })[];
  /** Absent on modules saved before order modes: any order. */
  sequential?: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ModuleStore {
  getModule(moduleId: string): Promise<ModuleRecord | undefined>;
  /** The modules that exist among these ids, in no particular order. */
  getModules(moduleIds: string[]): Promise<ModuleRecord[]>;
  listModulesByOwner(ownerId: string): Promise<ModuleRecord[]>;
  /** Only the id and version of each of a teacher's modules: whether anything in the library changed, read cheaply. */
  listModuleVersionsByOwner(ownerId: string): Promise<Pick<ModuleRecord, 'moduleId' | 'updatedAt'>[]>;
  /** Stores a new module; false when one with this id exists already. */
  insertModule(record: ModuleRecord): Promise<boolean>;
  /** Replaces a module only if it still has this owner and this updatedAt; false when it changed or is gone. */
  replaceModule(record: ModuleRecord, expectedUpdatedAt: string): Promise<boolean>;
  /** Deletes a module if the given teacher owns it; the deleted module, or undefined. */
  deleteOwnedModule(moduleId: string, ownerId: string): Promise<ModuleRecord | undefined>;
  /**
   * Gives a module to another teacher (owner and owner's index), with `sections` when its files moved to the new
   * owner's folder (the same write), only while `fromOwnerId` owns it; false otherwise (already moved, or gone). The
   * version stays: nothing a reader sees changed.
   */
  transferModule(moduleId: string, fromOwnerId: string, toOwnerId: string, sections?: ModuleRecord['sections']): Promise<boolean>;
  /** How many modules a teacher owns. */
  countModulesOfOwner(ownerId: string): Promise<number>;
}

/**
 * Which modules use each stored file, so a file is deleted only when no module refers to it. A module adds its
 * references before it is written and releases them after; a file whose last reference was released is marked for
 * deletion first, and a marked file takes no new reference, so a module being saved can never lose its file.
 */
export interface FileReferenceStore {
  /** Records that a module uses these files; answers the keys refused because they are marked for deletion. */
  addReferences(moduleId: string, keys: string[]): Promise<string[]>;
  /** Takes back references added for a module write that did not happen (no file is marked or deleted). */
  withdrawReferences(moduleId: string, keys: string[]): Promise<void>;
  /**
   * Removes a module's use of a file; true when no module uses it any more and it is now marked for deletion (only
   * then may the file be deleted). A file without a record of its users is never released.
   */
  releaseReference(moduleId: string, key: string): Promise<boolean>;
  /** Drops the record of a marked file once it was deleted from storage. */
  forgetFile(key: string): Promise<void>;
}
