// POST /api/admin/people/{userId}/export over in-memory stores: an admin gets a link to anyone's data, audited.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, STUDENT_ID, tokens, type TokenSpec } from '@test/unit-helpers/events';
import { givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';
import type { SecondFactorCheck } from '../../platform/http';
import { makeHandler } from './export-person-data';
import { exportServiceOver } from '../fakes/export-service';

let school: ReturnType<typeof exportServiceOver>;
beforeEach(() => {
  school = exportServiceOver(givenAdminSchool());
});

const exportPerson = (userId: string, token: TokenSpec = tokens.admin, secondFactor: SecondFactorCheck = withSecondFactor) =>
  invoke(makeHandler(school.exports, secondFactor), apiEvent(routes.exportPersonData, { token, pathParameters: { userId } }));

describe('POST /api/admin/people/{userId}/export', () => {
  it("answers 200 with a link to the person's zip, and the audit trail names the admin and the person", async () => {
    const answer = await exportPerson(STUDENT_ID);
    expect(answer).toMatchObject({ statusCode: 200, body: { url: expect.stringContaining(`protected/exports/${STUDENT_ID}/`) } });
    expect(JSON.parse(school.storage.filesAt(answer.body.url)['profile.json']!).person).toMatchObject({ userId: STUDENT_ID, email: 'student@example.com' });
    expect(school.ports.audit.entries).toEqual([expect.objectContaining({ actor: 'Alex Admin', action: 'exportData', subject: 'Sam Student (student@example.com)' })]);
  });

  it('answers 404 for a person who does not exist and 400 for a malformed id, exporting and auditing nothing', async () => {
    expect(await exportPerson('nobody')).toMatchObject({ statusCode: 404, body: { message: 'There is no such person; reload the list.' } });
    expect(await exportPerson('a b')).toMatchObject({ statusCode: 400, body: errorBody(/^userId /) });
    expect(school.storage.zips.size).toBe(0);
    expect(school.ports.audit.entries).toEqual([]);
  });

  it('answers 403 to a teacher and to an admin without two-factor authentication', async () => {
    expect(await exportPerson(STUDENT_ID, tokens.teacher)).toMatchObject({ statusCode: 403 });
    expect(await exportPerson(STUDENT_ID, tokens.admin, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
    expect(school.storage.zips.size).toBe(0);
  });
});
