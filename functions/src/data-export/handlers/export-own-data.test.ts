// GET /api/me/export over in-memory stores: anyone signed in gets a link to their own data, never someone else's.
import { routes } from '@shared/contract';
import { apiEvent, invoke, STUDENT_ID, TEACHER_ID, tokens, type TokenSpec } from '@test/unit-helpers/events';
import { givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';
import type { SecondFactorCheck } from '../../platform/http';
import { makeHandler } from './export-own-data';
import { exportServiceOver } from '../fakes/export-service';

let school: ReturnType<typeof exportServiceOver>;
beforeEach(() => {
  school = exportServiceOver(givenAdminSchool());
});

const exportOwn = (token: TokenSpec, secondFactor: SecondFactorCheck = withSecondFactor) =>
  invoke(makeHandler(school.exports, secondFactor), apiEvent(routes.exportOwnData, { token }));

describe('GET /api/me/export', () => {
  it("answers 200 with a link to the caller's own zip, for a student and a teacher", async () => {
    for (const [token, userId] of [[tokens.student, STUDENT_ID], [tokens.teacher, TEACHER_ID]] as const) {
      const answer = await exportOwn(token);
      expect(answer).toMatchObject({ statusCode: 200, body: { url: expect.stringContaining(`protected/exports/${userId}/`), fileName: expect.stringMatching(/^data-export-.*\.zip$/) } });
      expect(JSON.parse(school.storage.filesAt(answer.body.url)['profile.json']!).person.userId).toBe(userId);
    }
  });

  it('answers 404 to a signed-in user the directory no longer has, writing nothing', async () => {
    expect(await exportOwn(tokens.otherStudent)).toMatchObject({ statusCode: 404, body: { message: 'Your account was not found; sign in again.' } });
    expect(school.storage.zips.size).toBe(0);
  });

  it("asks an admin for their second factor, as every route they call, and audits no one's own export", async () => {
    expect(await exportOwn(tokens.admin, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
    expect(await exportOwn(tokens.admin)).toMatchObject({ statusCode: 200 });
    expect(school.ports.audit.entries).toEqual([]);
  });
});
