// The module being created, held in one place: the tab's session storage. Both steps read it from there and write
// every change to it, so step 1 → step 2, "Edit details", Back, a reload, or a visit elsewhere and back all find the
// same draft; another tab starts its own. Once saved it stays there marked with the module's id, so Back to step 2
// says it is saved. `draftId` is generated once per draft and becomes the module's id on the server: submitting the
// same draft again answers the module it already created, never a copy.
import { CONTENT_TYPES } from '@shared/content-type';
import { SECTION_ROLES } from '@shared/paths';
import { readStored, removeStored, writeStored } from '@web/lib/session-store';
import type { DraftSection } from './draft-section';

export interface ModuleDraft {
  draftId: string;
  title: string;
  description: string;
  /** Sections added in step 2 (their files are uploaded), carried through a visit back to step 1. */
  sections: DraftSection[];
  /** In order: a section locks until the previous required one is complete; absent (a draft from before) is any order. */
  sequential?: boolean;
}

const DRAFT_KEY = 'module-draft';
const SAVED_KEY = 'saved-module-drafts';

export const newModuleDraft = (): ModuleDraft => ({ draftId: crypto.randomUUID(), title: '', description: '', sections: [] });

function parseModuleDraft(value: unknown): ModuleDraft | null {
  if (!value || typeof value !== 'object') return null;
  const { draftId, title, description, sections, sequential } = value as Record<string, unknown>;
  if (typeof draftId !== 'string' || typeof title !== 'string' || typeof description !== 'string') return null;
  return {
    draftId,
    title,
    description,
    sections: Array.isArray(sections) ? sections.filter(isDraftSection) : [],
    ...(typeof sequential === 'boolean' ? { sequential } : {}),
  };
}

/** Step 2's draft: one with a title and a description (step 1 checked them), or null. */
export function readModuleDraft(): ModuleDraft | null {
  const draft = loadStoredDraft();
  return draft && draft.title.trim() && draft.description.trim() ? draft : null;
}

export const loadStoredDraft = (): ModuleDraft | null =>
  parseModuleDraft(readStored(DRAFT_KEY, (value): value is unknown => value !== null));

/** Step 1's draft: the stored one while it is not saved yet, else a new one. */
export function unsavedDraft(): ModuleDraft | null {
  const stored = loadStoredDraft();
  return stored && !savedModuleIdOf(stored.draftId) ? stored : null;
}

export const storeDraft = (draft: ModuleDraft) => writeStored(DRAFT_KEY, draft);

export const discardStoredDraft = () => removeStored(DRAFT_KEY);

/** The navigation state of step 2's "Edit details" link: step 1 then opens the draft without the restored notice. */
export const EDIT_DETAILS_STATE = { editDetails: true } as const;
export const isEditDetails = (state: unknown) => (state as Partial<typeof EDIT_DETAILS_STATE> | null)?.editDetails === true;

export const isDraftEmpty = (draft: ModuleDraft) => !draft.title.trim() && !draft.description.trim() && draft.sections.length === 0;

const isIdMap = (value: unknown): value is Record<string, string> =>
  Boolean(value) && typeof value === 'object' && Object.values(value as object).every((id) => typeof id === 'string');

/** Once saved, the draft is marked with the module's id; Back to step 2 then says so, and step 1 starts a new one. */
export function markDraftSaved(draftId: string, moduleId: string) {
  writeStored(SAVED_KEY, { ...readStored(SAVED_KEY, isIdMap), [draftId]: moduleId });
}

export const savedModuleIdOf = (draftId: string): string | undefined => readStored(SAVED_KEY, isIdMap)?.[draftId];

function isDraftSection(value: unknown): value is DraftSection {
  if (!value || typeof value !== 'object') return false;
  const { key, _id, title, contentUrl, originalFileName, contentType, role } = value as Record<string, unknown>;
  return (
    typeof key === 'string' &&
    typeof title === 'string' &&
    typeof contentUrl === 'string' &&
    (_id === undefined || typeof _id === 'string') &&
    (originalFileName === undefined || typeof originalFileName === 'string') &&
    (role === undefined || (SECTION_ROLES as readonly unknown[]).includes(role)) &&
    (CONTENT_TYPES as readonly unknown[]).includes(contentType)
  );
}
