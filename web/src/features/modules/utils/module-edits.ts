// Unsaved changes of the edit screen, kept in the tab's storage per module so a reload does not lose them. They keep
// the version they started from: saving them after someone else changed the module is refused (409), not merged.
import type { Module } from '@shared/contract/modules';
import { DEFAULT_SECTION_ROLE } from '@shared/paths';
import { readStored, removeStored, writeStored } from '@web/lib/session-store';
import type { DraftSection } from './draft-section';

export interface ModuleEdits {
  baseVersion: string;
  title: string;
  description: string;
  sections: DraftSection[];
  /** The order mode; absent in edits stored before it was editable (then the module's own is kept). */
  sequential?: boolean;
}

const keyOf = (moduleId: string) => `module-edits:${moduleId}`;

const isModuleEdits = (value: unknown): value is ModuleEdits => {
  if (!value || typeof value !== 'object') return false;
  const { baseVersion, title, description, sections } = value as Record<string, unknown>;
  return typeof baseVersion === 'string' && typeof title === 'string' && typeof description === 'string' && Array.isArray(sections);
};

export const loadStoredEdits = (moduleId: string) => readStored(keyOf(moduleId), isModuleEdits);
export const storeEdits = (moduleId: string, edits: ModuleEdits) => writeStored(keyOf(moduleId), edits);
export const discardStoredEdits = (moduleId: string) => removeStored(keyOf(moduleId));

/** The module as the edit form starts from it: sections in order, each keyed by its id. */
export function editsOf(module: Module): ModuleEdits {
  return {
    baseVersion: module.updatedAt,
    title: module.title,
    description: module.description,
    sequential: module.sequential ?? false,
    sections: [...module.sections]
      .sort((a, b) => a.order - b.order)
      // The signed link expires; it is not part of what is edited.
      .map(({ downloadUrl: _link, ...section }) => ({ ...section, key: section._id })),
  };
}

/** Whether the form differs from what it started from in anything the save would send. */
export function hasChanges(start: ModuleEdits, now: ModuleEdits): boolean {
  const essence = ({ title, description, sections, sequential }: ModuleEdits) =>
    JSON.stringify([title, description, sequential ?? start.sequential, sections.map(({ _id, title: name, contentUrl, role }) => [_id, name, contentUrl, role ?? DEFAULT_SECTION_ROLE])]);
  return essence(start) !== essence(now);
}
