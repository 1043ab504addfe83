// PUT /api/modules/{id}/sections/{sectionId}/reading and GET /api/progress/class/{classId}/student/{studentId}/reading
// over in-memory stores: the reader reports a student's page, opens and minutes; the drill-down reads them.
import { routes } from '@shared/contract';
import { apiEvent, invoke, STUDENT_ID, tokens, type TokenSpec } from '@test/unit-helpers/events';
import { makeProgressService } from '../progress';
import { makeReportService } from '../../reports/reports';
import { makeHandler as makeRecordHandler } from './record-reading';
import { makeHandler as makeReadHandler } from '../../reports/handlers/get-student-reading';
import { CLASS_ID, givenSchool, MODULE_ID, OTHER_CLASS_ID } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
const service = makeProgressService(ports);
const reports = makeReportService(ports);
const recordHandler = makeRecordHandler(service);
const readHandler = makeReadHandler(reports, async () => ({ secondFactor: true }));

const report = (body: unknown, { sectionId = 'section-1', token = tokens.student }: { sectionId?: string; token?: TokenSpec } = {}) =>
  invoke(recordHandler, apiEvent(routes.recordReading, { token, pathParameters: { id: MODULE_ID, sectionId }, body }));
const read = (token: TokenSpec = tokens.teacher, classId = CLASS_ID) =>
  invoke(readHandler, apiEvent(routes.getStudentReading, { token, pathParameters: { classId, studentId: STUDENT_ID } }));

const minutesLater = (minutes: number) => ports.clock.set(new Date(ports.clock.now().getTime() + minutes * 60_000).toISOString());

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports);
});

describe('PUT /api/modules/{id}/sections/{sectionId}/reading', () => {
  it("answers 200 with the section's reading, opens and minutes added (as far as time passed), the page replaced", async () => {
    await report({ classId: CLASS_ID, opened: true, page: 3 });
    minutesLater(1);
    await report({ classId: CLASS_ID, minutes: 1 });
    minutesLater(2);
    expect(await report({ classId: CLASS_ID, opened: true, page: 7, minutes: 2 })).toMatchObject({
      statusCode: 200,
      body: { sectionId: 'section-1', opened: 2, minutes: 3, page: 7 },
    });
  });

  it.each([
    ['nothing to report', { classId: CLASS_ID }, /Send at least one of opened, page or minutes/],
    ['page 0', { classId: CLASS_ID, page: 0 }, /page must be a whole number from 1 to 10000/],
    ['a fractional page', { classId: CLASS_ID, page: 2.5 }, /page must be a whole number/],
    ['31 minutes at once', { classId: CLASS_ID, minutes: 31 }, /minutes must be a whole number from 0 to 30/],
    ['opened: false', { classId: CLASS_ID, opened: false }, /opened must be true/],
    ['no class', { page: 2 }, /classId is required/],
    ['an unknown field', { classId: CLASS_ID, page: 2, seconds: 5 }, /seconds/],
  ])('answers 400 to %s, changing nothing', async (_case, body, message) => {
    const answer = await report(body);
    expect(answer).toMatchObject({ statusCode: 400, body: { message: expect.stringMatching(message) } });
    expect(ports.progress.all()).toEqual([]);
  });

  it('answers 404 for a section the module does not have and for a class the student is not in', async () => {
    expect(await report({ classId: CLASS_ID, page: 2 }, { sectionId: 'section-9' })).toMatchObject({ statusCode: 404 });
    expect(await report({ classId: OTHER_CLASS_ID, page: 2 })).toMatchObject({ statusCode: 404 });
    expect(ports.progress.all()).toEqual([]);
  });

  it('answers 409 for a section locked on the student’s path (in-order mode), 403 to a teacher', async () => {
    resetPorts(ports);
    givenSchool(ports, { module: { sequential: true } });
    expect(await report({ classId: CLASS_ID, opened: true }, { sectionId: 'section-2' })).toMatchObject({ statusCode: 409 });
    expect(await report({ classId: CLASS_ID, opened: true }, { token: tokens.teacher })).toMatchObject({ statusCode: 403 });
    expect(ports.progress.all()).toEqual([]);
  });
});

describe('GET /api/progress/class/{classId}/student/{studentId}/reading', () => {
  it('answers the class’s teacher and admins with every section, never opened ones at 0', async () => {
    await report({ classId: CLASS_ID, opened: true, page: 5 });
    minutesLater(4);
    await report({ classId: CLASS_ID, minutes: 4 });
    const expected = {
      classId: CLASS_ID,
      studentId: STUDENT_ID,
      modules: [{ moduleId: MODULE_ID, sections: [{ sectionId: 'section-1', opened: 1, minutes: 4 }, { sectionId: 'section-2', opened: 0, minutes: 0 }] }],
    };
    expect(await read()).toMatchObject({ statusCode: 200, body: expected });
    expect(await read(tokens.admin)).toMatchObject({ statusCode: 200, body: expected });
  });

  it('answers 404 to a teacher of another class and 403 to a student', async () => {
    expect(await read(tokens.otherTeacher)).toMatchObject({ statusCode: 404 });
    expect(await read(tokens.student)).toMatchObject({ statusCode: 403 });
  });
});
