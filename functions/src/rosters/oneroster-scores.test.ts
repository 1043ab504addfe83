// Scores out over the in-memory stores: attempts scored by the check use cases, the class report's readers, the
// OneRoster links deciding which ids go out, and the zip a link downloads.
import { parse } from 'csv-parse/sync';
import { checkInputSchema, type AttemptInput } from '@shared/contract/checks';
import { STORED_FILES } from '@shared/storage';
import { CLASS_ID, MODULE_ID, callers, givenSchool, refused } from '@functions/test/in-memory/records';
import { inMemoryPorts, type InMemoryPorts } from '@functions/test/in-memory/ports';
import { STUDENT_ID } from '@test/unit-helpers/events';
import { makeCheckService } from '../checks/checks';
import type { Caller } from '../kernel/caller';
import { InMemoryExportStorage } from '../data-export/fakes/export-storage';
import { InMemoryOneRosterStore } from './fakes/oneroster-store';
import { makeOneRosterScores } from './oneroster-scores';

const { teacher, otherTeacher, student, admin } = callers;
const UNLINKED: Caller = { userId: 'student-b', roles: ['Students'] };

let ports: InMemoryPorts;
let links: InMemoryOneRosterStore;
let storage: InMemoryExportStorage;
let scores: ReturnType<typeof makeOneRosterScores>;

const check = checkInputSchema.parse({
  passMark: 50,
  questions: [
    { id: 'q1', kind: 'truefalse', prompt: 'Plant cells have walls.', answer: true },
    { id: 'q2', kind: 'truefalse', prompt: 'Bacteria have nuclei.', answer: false },
  ],
});
let attemptCount = 0;
const attempt = (q1: boolean, q2: boolean): AttemptInput => ({
  attemptId: `00000000-0000-4000-8000-${String(++attemptCount).padStart(12, '0')}`,
  classId: CLASS_ID,
  answers: { q1, q2 },
});
const at = (instant: string) => ports.clock.set(instant);
const table = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

beforeEach(async () => {
  ports = inMemoryPorts();
  givenSchool(ports, { class: { students: { [STUDENT_ID]: 'student@example.com', [UNLINKED.userId]: 'b@example.com' } } });
  links = new InMemoryOneRosterStore();
  storage = new InMemoryExportStorage();
  scores = makeOneRosterScores({ ...ports, links, storage });
  const checks = makeCheckService(ports);
  await checks.save(teacher, MODULE_ID, 'section-1', check);
  await checks.save(teacher, MODULE_ID, 'section-2', check);
  at('2026-11-02T09:00:00.000Z');
  await checks.submit(student, MODULE_ID, 'section-1', attempt(true, true));
  at('2026-11-03T09:00:00.000Z');
  await checks.submit(student, MODULE_ID, 'section-1', attempt(true, false));
  at('2026-11-04T09:00:00.000Z');
  await checks.submit(student, MODULE_ID, 'section-1', attempt(false, true));
  await checks.submit(UNLINKED, MODULE_ID, 'section-2', attempt(true, true));
  at('2026-11-05T12:00:00.000Z');
});

describe('exportScores', () => {
  it('names the class and students by their imported sourcedIds, the rest by their ids here, with each best score', async () => {
    await links.link('classes', { sourcedId: 'cl-10', classId: CLASS_ID, schoolSourcedId: 'org-north', termSourcedId: 'term-1' });
    await links.link('people', { sourcedId: 'usr-300', userId: STUDENT_ID });
    await links.link('people', { sourcedId: 'usr-999', userId: 'someone-elsewhere' });

    const answer = await scores.exportScores(teacher, CLASS_ID);

    expect(answer).toEqual({ url: expect.any(String), fileName: 'oneroster-scores-2026-11-05.zip', expiresAt: '2026-11-05T12:15:00.000Z', bytes: expect.any(Number) });
    expect(storage.keyOf(answer.url)).toMatch(new RegExp(`^${STORED_FILES.scoresExport.pattern.split('{')[0]}${CLASS_ID}/[^/]+/oneroster-scores-2026-11-05\\.zip$`));
    const files = storage.filesAt(answer.url);
    expect(Object.keys(files).sort()).toEqual(['categories.csv', 'lineItems.csv', 'manifest.csv', 'results.csv']);
    expect(table(files['categories.csv']!)).toEqual([{ sourcedId: `cl-10:${MODULE_ID}`, status: '', dateLastModified: '', title: 'Cells', weight: '' }]);
    expect(table(files['lineItems.csv']!).map(({ sourcedId, title, classSourcedId, schoolSourcedId, academicSessionSourcedId }) => ({ sourcedId, title, classSourcedId, schoolSourcedId, academicSessionSourcedId }))).toEqual([
      { sourcedId: `cl-10:${MODULE_ID}:section-1`, title: 'Section 1', classSourcedId: 'cl-10', schoolSourcedId: 'org-north', academicSessionSourcedId: 'term-1' },
      { sourcedId: `cl-10:${MODULE_ID}:section-2`, title: 'Section 2', classSourcedId: 'cl-10', schoolSourcedId: 'org-north', academicSessionSourcedId: 'term-1' },
    ]);
    // The student's best (100 on the second of three attempts), not their latest (0), dated by their latest attempt.
    expect(table(files['results.csv']!).map(({ lineItemSourcedId, studentSourcedId, score, scoreDate, classSourcedId }) => ({ lineItemSourcedId, studentSourcedId, score, scoreDate, classSourcedId }))).toEqual(
      expect.arrayContaining([
        { lineItemSourcedId: `cl-10:${MODULE_ID}:section-1`, studentSourcedId: 'usr-300', score: '100', scoreDate: '2026-11-04', classSourcedId: 'cl-10' },
        { lineItemSourcedId: `cl-10:${MODULE_ID}:section-2`, studentSourcedId: UNLINKED.userId, score: '50', scoreDate: '2026-11-04', classSourcedId: 'cl-10' },
      ]),
    );
    expect(table(files['results.csv']!)).toHaveLength(2);
  });

  it('names a class made here and its students by their ids here', async () => {
    const files = storage.filesAt((await scores.exportScores(teacher, CLASS_ID)).url);
    expect(table(files['results.csv']!).map((row) => [row.lineItemSourcedId, row.studentSourcedId, row.classSourcedId]).sort()).toEqual([
      [`${CLASS_ID}:${MODULE_ID}:section-1`, STUDENT_ID, CLASS_ID],
      [`${CLASS_ID}:${MODULE_ID}:section-2`, UNLINKED.userId, CLASS_ID],
    ]);
    expect(table(files['lineItems.csv']!)[0]).toMatchObject({ schoolSourcedId: '', academicSessionSourcedId: '' });
  });

  it('is for the class report’s readers: its teacher and admins; another teacher and a student get its 404 and nothing is stored', async () => {
    await expect(scores.exportScores(admin, CLASS_ID)).resolves.toMatchObject({ fileName: 'oneroster-scores-2026-11-05.zip' });
    storage.zips.clear();
    await expect(scores.exportScores(otherTeacher, CLASS_ID)).rejects.toEqual(refused('notFound'));
    await expect(scores.exportScores(student, CLASS_ID)).rejects.toEqual(refused('notFound'));
    expect(storage.zips.size).toBe(0);
  });
});
