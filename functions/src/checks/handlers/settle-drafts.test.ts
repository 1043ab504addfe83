// POST …/check/drafts/settled over in-memory stores: HTTP mapping only (200 with the settled count, 400s naming the
// field, 403 for a student, 404 for another teacher's module), nothing stored on a refusal.
import { DRAFT_LIMITS } from '@shared/drafts';
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, tokens } from '@test/unit-helpers/events';
import { makeDraftService } from '../drafts';
import type { SettledDraftStore } from '../port';
import { localDrafter } from '../adapters/local-drafter';
import { makeHandler } from './settle-drafts';
import { givenSchool, MODULE_ID } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
let stored: string[][];
const settled: SettledDraftStore = {
  async settle(_module, _section, keys) {
    stored.push([...keys]);
    return new Set(stored.flat()).size;
  },
  settledKeys: async () => new Set(stored.flat()),
};
const handler = makeHandler(
  makeDraftService({
    modules: ports.modules,
    texts: { getTexts: async () => new Map() },
    drafter: localDrafter,
    quota: { takeDraft: async () => true, returnDraft: async () => undefined },
    settled,
    clock: ports.clock,
  }),
);
const post = (body: unknown, token = tokens.teacher) =>
  invoke(handler, apiEvent(routes.settleDrafts, { token, pathParameters: { id: MODULE_ID, sectionId: 'section-1' }, body }));

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports);
  stored = [];
});

it('answers 200 with how many passages of the section are settled, one key per passage however it is spaced', async () => {
  const answer = await post({ passages: ['The nucleus holds DNA.', 'the  nucleus holds DNA', 'Lava cools into rock.'] });
  expect(answer.statusCode).toBe(200);
  expect(routes.settleDrafts.response.parse(answer.body)).toEqual({ settled: 2 });
  expect(stored).toHaveLength(1);
  expect(stored[0]).toHaveLength(2);
});

const tooMany = Array.from({ length: DRAFT_LIMITS.settledMax + 1 }, (_, index) => `Sentence ${index}.`);
it.each([[{}], [{ passages: [] }], [{ passages: [''] }], [{ passages: 'A sentence.' }], [{ passages: ['x'.repeat(DRAFT_LIMITS.passageMaxLength + 1)] }], [{ passages: tooMany }]])(
  'answers 400 naming passages for %j, storing nothing',
  async (body) => {
    const answer = await post(body);
    expect(answer.statusCode).toBe(400);
    expect(Object.values((answer.body as { fields: Record<string, string> }).fields)).toEqual([expect.stringMatching(/^passages must be a list of 1 to 50 source passages/)]);
    expect(stored).toEqual([]);
  },
);

it("answers 404 for another teacher's module and 403 for a student, storing nothing", async () => {
  expect(await post({ passages: ['A sentence.'] }, tokens.otherTeacher)).toMatchObject({ statusCode: 404, body: errorBody(/Module not found/) });
  expect(await post({ passages: ['A sentence.'] }, tokens.student)).toMatchObject({ statusCode: 403 });
  expect(stored).toEqual([]);
});
