// POST …/check/drafts over in-memory stores and the local drafter: HTTP mapping only (status codes, the answer's
// shape, 400s naming fields, 403/404/409/429/502 with a sentence a teacher can act on).
import { DRAFT_LIMITS } from '@shared/drafts';
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, tokens } from '@test/unit-helpers/events';
import { SECTION_TEXT } from '@test/unit-helpers/fixtures';
import { makeDraftService } from '../drafts';
import { upstreamFailed } from '../../kernel/errors';
import type { SectionTextStore, StoredText } from '../../search/port';
import type { DraftQuota, QuestionDrafter } from '../port';
import { localDrafter } from '../adapters/local-drafter';
import { makeHandler } from './draft-questions';
import { givenSchool, MODULE_ID, section } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts, storedState } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
const FILE = section('section-1', 1).contentUrl;
const PAGES = SECTION_TEXT;
const texts = new Map<string, StoredText>();
const textStore: Pick<SectionTextStore, 'getTexts'> = { getTexts: async (keys) => new Map(keys.filter((key) => texts.has(key)).map((key) => [key, texts.get(key)!])) };
let drafts = 0;
const quota: DraftQuota = {
  async takeDraft(_teacher, _day, max) {
    if (drafts >= max) return false;
    drafts += 1;
    return true;
  },
  async returnDraft() {
    drafts -= 1;
  },
};
const handlerWith = (drafter: QuestionDrafter) => makeHandler(makeDraftService({ modules: ports.modules, texts: textStore, drafter, quota, settled: { settle: async () => 1, settledKeys: async () => new Set<string>() }, clock: ports.clock }));
const handler = handlerWith(localDrafter);

const path = { id: MODULE_ID, sectionId: 'section-1' };
const post = (body: unknown, token = tokens.teacher, on = handler) => invoke(on, apiEvent(routes.draftQuestions, { token, pathParameters: path, body }));

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports);
  texts.clear();
  texts.set(FILE, { status: 'ready', pages: PAGES, at: '2024-06-01T00:00:00.000Z' });
  drafts = 0;
});

it('answers 200 with the drafter and questions of the kinds asked, each with its page and passage, and stores nothing', async () => {
  const before = storedState(ports);
  const answer = await post({ count: 3, kinds: ['text'] });
  expect(answer.statusCode).toBe(200);
  const body = routes.draftQuestions.response.parse(answer.body);
  expect(body.drafter).toBe('local');
  expect(body.questions).toHaveLength(3);
  for (const question of body.questions) {
    expect(question).toMatchObject({ kind: 'text', source: { page: 1 } });
    expect(PAGES[0]!.text).toContain(question.source.passage);
  }
  expect(storedState(ports)).toEqual(before);
});

it.each([
  [{ count: 20 }, 'count', 'count must be a whole number from 3 to 15.'],
  [{ count: 2.5 }, 'count', 'count must be a whole number from 3 to 15.'],
  [{}, 'count', 'count must be a whole number from 3 to 15.'],
  [{ count: 5, kinds: [] }, 'kinds', 'Choose at least one kind of question.'],
  [{ count: 5, kinds: ['essay'] }, 'kinds.0', 'kinds must be a list of single, truefalse, text.'],
  [{ count: 5, kinds: ['text', 'text'] }, 'kinds', 'kinds names a kind twice.'],
  [{ count: 5, pages: { from: 3, to: 2 } }, 'pages', 'The first page must not come after the last.'],
  [{ count: 5, pages: { from: 0, to: 2 } }, 'pages.from', 'pages must be { from, to }: page numbers of the file, from no later than to.'],
  [{ count: 5, pages: 4 }, 'pages', 'pages must be { from, to }: page numbers of the file, from no later than to.'],
])('answers 400 naming the field for %j', async (body, field, message) => {
  const answer = await post(body);
  expect(answer).toMatchObject({ statusCode: 400, body: { fields: { [field]: message } } });
  expect(drafts).toBe(0);
});

it("answers 404 for another teacher's module and 403 for a student", async () => {
  expect(await post({ count: 3 }, tokens.otherTeacher)).toMatchObject({ statusCode: 404, body: errorBody(/Module not found/) });
  expect(await post({ count: 3 }, tokens.student)).toMatchObject({ statusCode: 403 });
});

it('answers 409 saying why when the text is not ready', async () => {
  texts.set(FILE, { status: 'no-text', pages: [], at: '2024-06-01T00:00:00.000Z' });
  expect(await post({ count: 3 })).toMatchObject({ statusCode: 409, body: errorBody(/No text was found in this file/) });
});

it('answers 429 past the daily limit', async () => {
  drafts = DRAFT_LIMITS.dailyDraftsMax;
  expect(await post({ count: 3 })).toMatchObject({ statusCode: 429, body: errorBody(/daily limit/) });
});

it('answers 502 with a sentence to retry when the model answered unusably twice', async () => {
  const failing: QuestionDrafter = {
    draft: async () => {
      throw upstreamFailed('The drafting model answered twice with questions that could not be used. Try again, or ask for fewer questions.');
    },
  };
  expect(await post({ count: 3 }, tokens.teacher, handlerWith(failing))).toMatchObject({ statusCode: 502, body: errorBody(/Try again/) });
});
