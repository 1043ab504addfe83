// Module creation hands its draft between the steps through navigation state: step 1's title and description go
// to step 2, and step 2's "Edit details" sends them back to step 1 with the sections already uploaded, which step 1
// passes on again so they are not lost.
import { CONTENT_TYPES } from '../../../../../shared/entities';
import type { DraftSection } from './add-section-form';

export interface ModuleDraft {
  title: string;
  description: string;
  /** Sections added in step 2 (their files are uploaded), carried through a visit back to step 1. */
  sections: DraftSection[];
}

export function readModuleDraft(state: unknown): ModuleDraft | null {
  if (!state || typeof state !== 'object') return null;
  const { title, description, sections } = state as Record<string, unknown>;
  if (typeof title !== 'string' || typeof description !== 'string' || !title.trim() || !description.trim()) return null;
  return { title, description, sections: Array.isArray(sections) ? sections.filter(isDraftSection) : [] };
}

function isDraftSection(value: unknown): value is DraftSection {
  if (!value || typeof value !== 'object') return false;
  const { key, _id, title, contentUrl, originalFileName, contentType } = value as Record<string, unknown>;
  return (
    typeof key === 'string' &&
    typeof title === 'string' &&
    typeof contentUrl === 'string' &&
    (_id === undefined || typeof _id === 'string') &&
    (originalFileName === undefined || typeof originalFileName === 'string') &&
    (CONTENT_TYPES as readonly unknown[]).includes(contentType)
  );
}
