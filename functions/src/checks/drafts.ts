// Use case for drafted questions: the owner of a module asks for questions drafted from a section's file text. The
// text is the one extracted when the file was uploaded (never extracted again here); each drafting run counts against
// the teacher's daily limit (and, with a drafter that costs money, the school's) before the drafter is called, and is
// given back when it produces no drafts; nothing is
// saved: the teacher reviews the drafts and saves the check through the checks' own use case. What the teacher saved
// or discarded is settled (by a key of its source passage) and never drafted again for that section.
import { createHash } from 'node:crypto';
import { DRAFT_KINDS, DRAFT_LIMITS } from '@shared/drafts';
import type { DraftRequest, Drafts, SettledDrafts } from '@shared/contract/checks';
import type { Caller } from '../kernel/caller';
import { conflict, invalid, notFound, tooMany } from '../kernel/errors';
import { requireOwnModule } from '../modules/modules';
import type { SectionTextStatus } from '@shared/section-text';
import type { Clock } from '../kernel/ports';
import type { ModuleStore } from '../modules/port';
import type { SectionTextStore } from '../search/port';
import type { DraftQuota, QuestionDrafter, SettledDraftStore } from './port';

export interface DraftServicePorts {
  modules: ModuleStore;
  /** The text extracted from each file when it was uploaded, by the file's storage key. */
  texts: Pick<SectionTextStore, 'getTexts'>;
  drafter: QuestionDrafter;
  quota: DraftQuota;
  /** Runs the whole school may start per UTC day with this drafter; undefined: no school limit (the local drafter). */
  schoolDailyDraftsMax?: number;
  settled: SettledDraftStore;
  clock: Clock;
}

/** A source passage's key: its words, case and spacing aside (one sentence extracted twice gets one key). */
export const passageKey = (passage: string) =>
  createHash('sha256')
    .update(passage.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim())
    .digest('hex')
    .slice(0, 32);

const NOT_IN_MODULE = 'This section is not part of the module; reload the module and try again.';
/** Why a section's text cannot be drafted from, by its extraction status. */
const TEXT_NOT_READY: Record<SectionTextStatus, string> = {
  ready: '',
  pending: "This file's text is still being read; try again in a minute.",
  'no-text': 'No text was found in this file (a scanned PDF has only pictures of text), so there is nothing to draft from.',
  'too-large': "This file is too large for its text to be read, so questions cannot be drafted from it.",
  failed: "This file's text could not be read, so questions cannot be drafted from it. Uploading the file again may help.",
};

export type DraftService = ReturnType<typeof makeDraftService>;

export function makeDraftService({ modules, texts, drafter, quota, schoolDailyDraftsMax, settled, clock }: DraftServicePorts) {
  /** Drafts questions from the section's file text for the module's owner (anyone else: 404). */
  /** The section of the caller's own module (anyone else: 404). */
  async function ownSection(caller: Caller, moduleId: string, sectionId: string) {
    const module = await requireOwnModule(modules, caller, moduleId);
    const section = module.sections.find((each) => each._id === sectionId);
    if (!section) throw notFound(NOT_IN_MODULE);
    return section;
  }

  async function draftQuestions(caller: Caller, moduleId: string, sectionId: string, request: DraftRequest): Promise<Drafts> {
    const section = await ownSection(caller, moduleId, sectionId);
    const text = (await texts.getTexts([section.contentUrl])).get(section.contentUrl);
    if (!text) throw conflict(TEXT_NOT_READY.pending);
    if (text.status !== 'ready') throw conflict(TEXT_NOT_READY[text.status]);
    const chosen = request.pages ? text.pages.filter((page) => page.number >= request.pages!.from && page.number <= request.pages!.to) : text.pages;
    if (chosen.length === 0) {
      const last = text.pages.at(-1)?.number ?? 1;
      throw invalid(`This file has ${last === 1 ? 'one page' : `${last} pages`}; choose pages from 1 to ${last}.`, { pages: `Choose pages from 1 to ${last}.` });
    }
    const day = clock.now().toISOString().slice(0, 10);
    const teacher = { teacherId: caller.userId };
    if (!(await quota.takeDraft(teacher, day, DRAFT_LIMITS.dailyDraftsMax))) {
      throw tooMany(`You have drafted questions ${DRAFT_LIMITS.dailyDraftsMax} times today, the daily limit; you can draft again tomorrow (UTC), or write questions yourself.`);
    }
    if (schoolDailyDraftsMax !== undefined && !(await quota.takeDraft('school', day, schoolDailyDraftsMax))) {
      await quota.returnDraft(teacher, day);
      throw tooMany(`Your school has drafted questions ${schoolDailyDraftsMax} times today, its daily limit for the drafting model; you can draft again tomorrow (UTC), or write questions yourself.`);
    }
    const giveBack = async () => {
      await quota.returnDraft(teacher, day);
      if (schoolDailyDraftsMax !== undefined) await quota.returnDraft('school', day);
    };
    // Only runs that produce drafts count: a run that fails, or finds nothing to ask, is given back.
    let drafts: Drafts;
    let settledKeys = new Set<string>();
    try {
      settledKeys = await settled.settledKeys(moduleId, sectionId);
      const isSettled = (passage: string) => settledKeys.has(passageKey(passage));
      drafts = await drafter.draft(chosen, { count: request.count, kinds: request.kinds ?? DRAFT_KINDS, isSettled });
    } catch (error) {
      await giveBack();
      throw error;
    }
    if (drafts.questions.length === 0) {
      await giveBack();
      throw conflict(
        settledKeys.size > 0
          ? 'Every sentence of this file that could be asked about was drafted before and saved or discarded; write further questions yourself.'
          : 'No sentences in this file could be turned into questions; write them yourself.',
      );
    }
    return drafts;
  }

  /** Records drafts the owner saved into the check or discarded: drafting for the section will not offer them again. */
  async function settleDrafts(caller: Caller, moduleId: string, sectionId: string, { passages }: SettledDrafts): Promise<{ settled: number }> {
    await ownSection(caller, moduleId, sectionId);
    return { settled: await settled.settle(moduleId, sectionId, [...new Set(passages.map(passageKey))]) };
  }

  return { draftQuestions, settleDrafts };
}
