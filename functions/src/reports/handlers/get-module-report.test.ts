// GET /api/progress/class/{classId}/module/{moduleId} over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, STUDENT_ID, tokens, type TokenSpec } from '@test/unit-helpers/events';
import { makeHandler } from './get-module-report';
import { makeReportService } from '../reports';
import { CLASS_ID, givenSchool, MODULE_ID, progressRecord } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts } from '@functions/test/in-memory/ports';
import { withSecondFactor } from '@functions/test/in-memory/admin';

const ports = inMemoryPorts();
const handler = makeHandler(makeReportService(ports), withSecondFactor);

const drillDown = (token: TokenSpec = tokens.teacher, classId = CLASS_ID, moduleId = MODULE_ID) =>
  invoke(handler, apiEvent(routes.getModuleReport, { token, pathParameters: { classId, moduleId } }));

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports);
});

describe('GET /api/progress/class/{classId}/module/{moduleId}', () => {
  it('answers 200 with the sections and a row per student with completion times', async () => {
    ports.progress.put(progressRecord({ completedAt: { 'section-1': '2024-05-02T09:00:00.000Z' } }));
    expect(await drillDown()).toMatchObject({
      statusCode: 200,
      body: {
        moduleTitle: 'Cells',
        sections: [{ _id: 'section-1' }, { _id: 'section-2' }],
        rows: [{ studentId: STUDENT_ID, completedAt: { 'section-1': '2024-05-02T09:00:00.000Z' } }],
      },
    });
  });

  it.each<[string, TokenSpec, string, string]>([
    ['another teacher', tokens.otherTeacher, CLASS_ID, 'Class not found.'],
    ['a class that does not exist', tokens.teacher, 'missing', 'Class not found.'],
  ])('answers 404 to %s', async (_case, token, classId, message) => {
    expect(await drillDown(token, classId)).toMatchObject({ statusCode: 404, body: { message } });
  });

  it('answers 404 to a module not assigned to the class', async () => {
    expect(await drillDown(tokens.teacher, CLASS_ID, 'other')).toMatchObject({
      statusCode: 404,
      body: { message: 'This module is not assigned to this class.' },
    });
  });

  it('answers 400 to a malformed id', async () => {
    expect(await drillDown(tokens.teacher, CLASS_ID, 'a b')).toMatchObject({ statusCode: 400, body: errorBody(/^moduleId /) });
  });
});
