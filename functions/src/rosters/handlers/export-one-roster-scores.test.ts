// POST /api/progress/class/{classId}/oneroster-scores over in-memory stores: the class report's readers get a link to
// the gradebook zip; another teacher gets the report's 404, a student 403, and nothing is written for either.
import { routes } from '@shared/contract';
import { apiEvent, invoke, tokens, type TokenSpec } from '@test/unit-helpers/events';
import { CLASS_ID, givenSchool } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts } from '@functions/test/in-memory/ports';
import { withSecondFactor } from '@functions/test/in-memory/admin';
import { InMemoryExportStorage } from '../../data-export/fakes/export-storage';
import { InMemoryOneRosterStore } from '../fakes/oneroster-store';
import { makeOneRosterScores } from '../oneroster-scores';
import { makeHandler } from './export-one-roster-scores';

const ports = inMemoryPorts();
const storage = new InMemoryExportStorage();
const handler = makeHandler(makeOneRosterScores({ ...ports, links: new InMemoryOneRosterStore(), storage }), withSecondFactor);
const exportScores = (token: TokenSpec, classId = CLASS_ID) =>
  invoke(handler, apiEvent(routes.exportOneRosterScores, { token, pathParameters: { classId } }));

beforeEach(() => {
  resetPorts(ports);
  storage.zips.clear();
  givenSchool(ports);
});

it.each<[string, TokenSpec]>([
  ['the class’s teacher', tokens.teacher],
  ['an admin', tokens.admin],
])('answers 200 to %s with a link to the gradebook zip', async (_case, token) => {
  const answer = await exportScores(token);
  expect(answer).toMatchObject({ statusCode: 200, body: { fileName: expect.stringMatching(/^oneroster-scores-\d{4}-\d\d-\d\d\.zip$/), bytes: expect.any(Number) } });
  expect(Object.keys(storage.filesAt((answer.body as { url: string }).url)).sort()).toEqual(['categories.csv', 'lineItems.csv', 'manifest.csv', 'results.csv']);
});

it.each<[string, number, TokenSpec, string]>([
  ['another teacher', 404, tokens.otherTeacher, CLASS_ID],
  ['a class that does not exist', 404, tokens.teacher, 'missing'],
  ['a student of the class', 403, tokens.student, CLASS_ID],
])('answers %s %i and stores nothing', async (_case, statusCode, token, classId) => {
  expect(await exportScores(token, classId)).toMatchObject({ statusCode });
  expect(storage.zips.size).toBe(0);
});
