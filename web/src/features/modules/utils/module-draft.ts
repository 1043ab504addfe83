// The module being created. Its two steps hand it on through navigation state (step 1's title and description go
// to step 2; "Edit details" sends them back with the sections already uploaded) and keep it in session storage, so
// a reload, or a visit elsewhere and back, finds it again. `draftId` is generated once per draft and becomes the
// module's id on the server: submitting the same draft again answers the module it already created, never a copy.
import { CONTENT_TYPES } from '@shared/entities';
import { readStored, removeStored, writeStored } from '@web/lib/session-store';
import type { DraftSection } from './draft-section';

export interface ModuleDraft {
  draftId: string;
  title: string;
  description: string;
  /** Sections added in step 2 (their files are uploaded), carried through a visit back to step 1. */
  sections: DraftSection[];
}

const DRAFT_KEY = 'module-draft';
const SAVED_KEY = 'saved-module-drafts';

export const newModuleDraft = (): ModuleDraft => ({ draftId: crypto.randomUUID(), title: '', description: '', sections: [] });

/** A draft from navigation state or storage; null when there is none. */
export function parseModuleDraft(value: unknown): ModuleDraft | null {
  if (!value || typeof value !== 'object') return null;
  const { draftId, title, description, sections } = value as Record<string, unknown>;
  if (typeof draftId !== 'string' || typeof title !== 'string' || typeof description !== 'string') return null;
  return { draftId, title, description, sections: Array.isArray(sections) ? sections.filter(isDraftSection) : [] };
}

/** Step 2's draft: one with a title and a description (step 1 checked them), or null. */
export function readModuleDraft(state: unknown): ModuleDraft | null {
  const draft = parseModuleDraft(state) ?? loadStoredDraft();
  return draft && draft.title.trim() && draft.description.trim() ? draft : null;
}

export const loadStoredDraft = (): ModuleDraft | null =>
  parseModuleDraft(readStored(DRAFT_KEY, (value): value is unknown => value !== null));

export const storeDraft = (draft: ModuleDraft) => writeStored(DRAFT_KEY, draft);

export const discardStoredDraft = () => removeStored(DRAFT_KEY);

export const isDraftEmpty = (draft: ModuleDraft) => !draft.title.trim() && !draft.description.trim() && draft.sections.length === 0;

const isIdMap = (value: unknown): value is Record<string, string> =>
  Boolean(value) && typeof value === 'object' && Object.values(value as object).every((id) => typeof id === 'string');

/** Once saved, the draft leaves storage; Back to its steps then finds it marked as saved, with the module's id. */
export function markDraftSaved(draftId: string, moduleId: string) {
  writeStored(SAVED_KEY, { ...readStored(SAVED_KEY, isIdMap), [draftId]: moduleId });
  const stored = loadStoredDraft();
  if (stored?.draftId === draftId) discardStoredDraft();
}

export const savedModuleIdOf = (draftId: string): string | undefined => readStored(SAVED_KEY, isIdMap)?.[draftId];

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
