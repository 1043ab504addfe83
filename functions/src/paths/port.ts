// What the path use cases keep beside progress: the overrides a teacher gave a student in a module.
import type { OverrideKind } from '@shared/paths';
import type { ProgressKey } from '../progress/port';

/** One override a teacher gave a student in a module (a `release` or `excuse` names its section; an `unlock` none). */
export interface OverrideRecord {
  kind: OverrideKind;
  sectionId?: string;
  /** For `attempts`: the extra attempts granted in all. */
  extra?: number;
  reason: string;
  at: string;
  teacherName: string;
}

/** A student's overrides in one module of a class: one item per (class, module, student), read by key beside their progress. */
export interface PathOverrideRecord extends ProgressKey {
  overrides: OverrideRecord[];
}

export interface PathOverrideStore {
  getOverrides(key: ProgressKey): Promise<PathOverrideRecord | undefined>;
  /** The student's items in these modules of the class (by key, one BatchGet). */
  listOverridesOfStudent(classId: string, moduleIds: string[], studentId: string): Promise<PathOverrideRecord[]>;
  /** These students' items in these modules (by key, in the same round trip as reads started beside it). */
  listOverridesOfStudents(classId: string, moduleIds: string[], studentIds: string[]): Promise<PathOverrideRecord[]>;
  /** One student's items in every module of the class (their export): the class's overrides, filtered. */
  listOverridesOfStudentInClass(classId: string, studentId: string): Promise<PathOverrideRecord[]>;
  /** Every student's items in the class, or in one module of it (one Query). */
  listOverridesOfClass(classId: string, moduleId?: string): Promise<PathOverrideRecord[]>;
  /**
   * Adds one (the same kind on the same section again replaces it: the newest reason stands), but the `extra` of an
   * `attempts` override is added to the extra already granted, atomically.
   */
  addOverride(key: ProgressKey, override: OverrideRecord): Promise<void>;
  /** Removes one if it is there (a conditional update); false when it was not (already removed, or never given). */
  removeOverride(key: ProgressKey, override: Pick<OverrideRecord, 'kind' | 'sectionId'>): Promise<boolean>;
}
