// The drafting use case over in-memory stores: only the module's owner drafts (anyone else: 404), from the section's
// stored text once it is ready (else a 409 saying why), within the teacher's daily limit (counted before the drafter
// is called, refused beyond it); nothing is saved.
import { DRAFT_KINDS, DRAFT_LIMITS } from '@shared/drafts';
import { callers, givenSchool, MODULE_ID, refused, section } from '../../test/in-memory/records';
import { inMemoryPorts, storedState, type InMemoryPorts } from '../../test/in-memory/ports';
import { localDrafter } from './fakes/drafter';
import { makeDraftService } from './drafts';

const LOCAL_TEXT = [
  'The nucleus holds the genetic material of the cell.',
  'The cell membrane controls what enters and leaves the cell.',
  'Mitochondria release energy from glucose during respiration.',
  'Chloroplasts absorb light so that the plant can make glucose.',
  'The cell wall is made of cellulose and keeps the plant cell firm.',
].join('\n\n');
import type { SectionTextStatus } from '@shared/section-text';
import type { TextPage } from '@shared/contract/search';
import type { SectionTextStore } from '../search/port';
import type { DraftCounter, DraftQuota, QuestionDrafter, SettledDraftStore } from './port';

const { teacher, otherTeacher } = callers;
const SECTION = 'section-1';
const FILE = section(SECTION, 1).contentUrl;
const PAGES: TextPage[] = [{ number: 1, text: 'The nucleus holds the genetic material of the cell.' }];

let ports: InMemoryPorts;
/** Stored texts by the file's storage key. */
let texts: Map<string, { status: SectionTextStatus; pages: TextPage[]; at: string }>;
let counts: Map<string, number>;
let drafted: { pages: readonly TextPage[]; request: unknown }[];

const textStore: Pick<SectionTextStore, 'getTexts'> = {
  getTexts: async (keys) => new Map(keys.flatMap((key) => (texts.has(key) ? [[key, texts.get(key)!] as const] : []))),
};
const counterName = (counter: DraftCounter) => (counter === 'school' ? 'school' : counter.teacherId);
const quota: DraftQuota = {
  async takeDraft(counter, day, max) {
    const key = `${counterName(counter)}/${day}`;
    if ((counts.get(key) ?? 0) >= max) return false;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return true;
  },
  async returnDraft(counter, day) {
    const key = `${counterName(counter)}/${day}`;
    counts.set(key, Math.max(0, (counts.get(key) ?? 0) - 1));
  },
};
let settledKeys: Map<string, Set<string>>;
const settled: SettledDraftStore = {
  async settle(moduleId, sectionId, keys) {
    const set = settledKeys.get(`${moduleId}/${sectionId}`) ?? new Set();
    for (const key of keys) set.add(key);
    settledKeys.set(`${moduleId}/${sectionId}`, set);
    return set.size;
  },
  settledKeys: async (moduleId, sectionId) => new Set(settledKeys.get(`${moduleId}/${sectionId}`)),
};
const drafter: QuestionDrafter = {
  async draft(pages, request) {
    drafted.push({ pages, request });
    return {
      drafter: 'local',
      questions: [{ id: 'draft-1', kind: 'truefalse', prompt: 'The nucleus holds the genetic material.', points: 1, answer: true, source: { page: 1, passage: PAGES[0]!.text } }],
    };
  },
};
const service = () => makeDraftService({ modules: ports.modules, texts: textStore, drafter, quota, settled, clock: ports.clock });

beforeEach(() => {
  ports = inMemoryPorts();
  givenSchool(ports);
  texts = new Map([[FILE, { status: 'ready', pages: PAGES, at: '2024-06-01T00:00:00.000Z' }]]);
  counts = new Map();
  settledKeys = new Map();
  drafted = [];
});

it("drafts from the section's stored text for its owner, every kind unless some are chosen, and saves nothing", async () => {
  const before = storedState(ports);
  const drafts = await service().draftQuestions(teacher, MODULE_ID, SECTION, { count: 5 });
  expect(drafts).toMatchObject({ drafter: 'local', questions: [{ id: 'draft-1', source: { page: 1 } }] });
  expect(drafted).toEqual([{ pages: PAGES, request: { count: 5, kinds: DRAFT_KINDS, isSettled: expect.any(Function) } }]);
  await service().draftQuestions(teacher, MODULE_ID, SECTION, { count: 3, kinds: ['text'] });
  expect(drafted[1]!.request).toMatchObject({ count: 3, kinds: ['text'] });
  expect(storedState(ports)).toEqual(before);
});

it("answers 404 for another teacher's module and for a section not in the module, without counting or drafting", async () => {
  await expect(service().draftQuestions(otherTeacher, MODULE_ID, SECTION, { count: 3 })).rejects.toThrow(refused('notFound', 'Module not found.'));
  await expect(service().draftQuestions(teacher, MODULE_ID, 'section-9', { count: 3 })).rejects.toThrow(refused('notFound', /not part of the module/));
  expect(drafted).toEqual([]);
  expect(counts.size).toBe(0);
});

it.each([
  [undefined, /still being read/],
  ['pending', /still being read/],
  ['no-text', /No text was found in this file/],
  ['too-large', /too large/],
  ['failed', /could not be read/],
] as const)('refuses text that is %s with a 409 saying why, without counting', async (status, message) => {
  if (status) texts.set(FILE, { status, pages: [], at: '2024-06-01T00:00:00.000Z' });
  else texts.clear();
  await expect(service().draftQuestions(teacher, MODULE_ID, SECTION, { count: 3 })).rejects.toThrow(refused('conflict', message));
  expect(drafted).toEqual([]);
  expect(counts.size).toBe(0);
});

it('refuses beyond the daily limit with a 429 that says when drafting comes back, without calling the drafter', async () => {
  for (let run = 0; run < DRAFT_LIMITS.dailyDraftsMax; run += 1) await service().draftQuestions(teacher, MODULE_ID, SECTION, { count: 3 });
  await expect(service().draftQuestions(teacher, MODULE_ID, SECTION, { count: 3 })).rejects.toThrow(refused('tooMany', /daily limit; you can draft again tomorrow/));
  expect(drafted).toHaveLength(DRAFT_LIMITS.dailyDraftsMax);
});

it("with a drafting model, also counts the school's runs: past the school's daily limit a 429 naming the school, the teacher's run given back", async () => {
  const withSchoolLimit = (each: QuestionDrafter) =>
    makeDraftService({ modules: ports.modules, texts: textStore, drafter: each, quota, schoolDailyDraftsMax: 2, settled, clock: ports.clock });
  const empty: QuestionDrafter = { draft: async () => ({ drafter: 'bedrock', questions: [] }) };
  const day = ports.clock.now().toISOString().slice(0, 10);

  await expect(withSchoolLimit(empty).draftQuestions(teacher, MODULE_ID, SECTION, { count: 3 })).rejects.toThrow(refused('conflict', /No sentences/));
  expect(counts.get(`school/${day}`)).toBe(0);
  for (let run = 0; run < 2; run += 1) await withSchoolLimit(drafter).draftQuestions(teacher, MODULE_ID, SECTION, { count: 3 });
  await expect(withSchoolLimit(drafter).draftQuestions(teacher, MODULE_ID, SECTION, { count: 3 })).rejects.toThrow(refused('tooMany', /Your school has drafted questions 2 times today/));

  expect(drafted).toHaveLength(2);
  expect(counts.get(`${teacher.userId}/${day}`)).toBe(2);
  expect(counts.get(`school/${day}`)).toBe(2);
});

it('refuses a file with no sentence to ask about with a 409', async () => {
  const empty: QuestionDrafter = { draft: async () => ({ drafter: 'local', questions: [] }) };
  const drafts = makeDraftService({ modules: ports.modules, texts: textStore, drafter: empty, quota, settled, clock: ports.clock });
  await expect(drafts.draftQuestions(teacher, MODULE_ID, SECTION, { count: 3 })).rejects.toThrow(refused('conflict', /No sentences in this file/));
});

it('counts only runs that produce drafts: a run finding nothing, or failing, is given back', async () => {
  const empty: QuestionDrafter = { draft: async () => ({ drafter: 'local', questions: [] }) };
  const failing: QuestionDrafter = { draft: async () => Promise.reject(new Error('model down')) };
  const withDrafter = (each: QuestionDrafter) => makeDraftService({ modules: ports.modules, texts: textStore, drafter: each, quota, settled, clock: ports.clock });
  for (let run = 0; run < DRAFT_LIMITS.dailyDraftsMax + 5; run += 1) {
    await expect(withDrafter(empty).draftQuestions(teacher, MODULE_ID, SECTION, { count: 3 })).rejects.toThrow(refused('conflict', /No sentences/));
    await expect(withDrafter(failing).draftQuestions(teacher, MODULE_ID, SECTION, { count: 3 })).rejects.toThrow('model down');
  }
  expect([...counts.values()]).toEqual([0]);
  for (let run = 0; run < DRAFT_LIMITS.dailyDraftsMax; run += 1) await service().draftQuestions(teacher, MODULE_ID, SECTION, { count: 3 });
  await expect(service().draftQuestions(teacher, MODULE_ID, SECTION, { count: 3 })).rejects.toThrow(refused('tooMany', /daily limit/));
});

it('never offers again a draft whose source passage the owner saved or discarded (its words, case and spacing aside)', async () => {
  const local = makeDraftService({ modules: ports.modules, texts: textStore, drafter: localDrafter, quota, settled, clock: ports.clock });
  const pages: TextPage[] = [{ number: 1, text: LOCAL_TEXT }];
  texts.set(FILE, { status: 'ready', pages, at: '2024-06-01T00:00:00.000Z' });
  const first = await local.draftQuestions(teacher, MODULE_ID, SECTION, { count: 3, kinds: ['text'] });
  expect(first.questions).toHaveLength(3);
  const [kept, discarded] = first.questions.map((question) => question.source.passage);
  await expect(local.settleDrafts(teacher, MODULE_ID, SECTION, { passages: [kept!, `  ${discarded!.toUpperCase()} `] })).resolves.toEqual({ settled: 2 });
  const again = await local.draftQuestions(teacher, MODULE_ID, SECTION, { count: 15, kinds: ['text'] });
  const passages = again.questions.map((question) => question.source.passage);
  expect(passages).not.toContain(kept);
  expect(passages).not.toContain(discarded);
  expect(passages).toContain(first.questions[2]!.source.passage);
  // Once every sentence is settled, drafting says so (and the run is not counted).
  await local.settleDrafts(teacher, MODULE_ID, SECTION, { passages });
  const before = [...counts.values()];
  await expect(local.draftQuestions(teacher, MODULE_ID, SECTION, { count: 3 })).rejects.toThrow(refused('conflict', /drafted before and saved or discarded/));
  expect([...counts.values()]).toEqual(before);
});

it("refuses to settle drafts of another teacher's module or a section not in it with a 404, storing nothing", async () => {
  await expect(service().settleDrafts(otherTeacher, MODULE_ID, SECTION, { passages: ['A sentence.'] })).rejects.toThrow(refused('notFound', 'Module not found.'));
  await expect(service().settleDrafts(teacher, MODULE_ID, 'section-9', { passages: ['A sentence.'] })).rejects.toThrow(refused('notFound', /not part of the module/));
  expect(settledKeys.size).toBe(0);
});

it('drafts only from the pages asked for, and refuses pages the file does not have with a 400 naming its pages, uncounted', async () => {
  const pages: TextPage[] = [1, 2, 3, 4].map((number) => ({ number, text: `Sentence on page ${number}.` }));
  texts.set(FILE, { status: 'ready', pages, at: '2024-06-01T00:00:00.000Z' });
  await service().draftQuestions(teacher, MODULE_ID, SECTION, { count: 3, pages: { from: 2, to: 3 } });
  expect(drafted[0]!.pages).toEqual(pages.slice(1, 3));
  await expect(service().draftQuestions(teacher, MODULE_ID, SECTION, { count: 3, pages: { from: 5, to: 9 } })).rejects.toThrow(refused('invalid', 'This file has 4 pages; choose pages from 1 to 4.'));
  expect(drafted).toHaveLength(1);
  expect([...counts.values()]).toEqual([1]);
});
