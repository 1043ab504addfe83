// GET /api/admin/audit over in-memory stores: a page of the audit trail, filtered by who, what and when.
import { routes } from '@shared/contract';
import { apiEvent, invoke, tokens } from '@test/unit-helpers/events';
import { makeAuditQueries } from '../audit';
import { makeHandler } from './list-audit-trail';
import { ADMIN_ID, givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(async () => {
  school = givenAdminSchool();
  for (const [at, actorId, action] of [
    ['2026-11-01T09:00:00.000Z', ADMIN_ID, 'invite'],
    ['2026-11-02T09:00:00.000Z', 'other-admin', 'disable'],
    ['2026-11-03T09:00:00.000Z', ADMIN_ID, 'disable'],
  ] as const) {
    await school.ports.audit.record({ at, actorId, actor: actorId, action, subject: `on ${at.slice(0, 10)}` });
  }
});

const list = (query: Record<string, string>, secondFactor = withSecondFactor) =>
  invoke(makeHandler(makeAuditQueries({ audit: school.ports.audit }), secondFactor), {
    ...apiEvent(routes.listAuditTrail, { token: tokens.admin }),
    queryStringParameters: query,
  });

const subjects = (answer: Awaited<ReturnType<typeof list>>) => (answer.body as { entries: { subject: string }[] }).entries.map((entry) => entry.subject);

describe('GET /api/admin/audit', () => {
  it('answers 200 with the trail newest first, empty parameters meaning any', async () => {
    const answer = await list({ actorId: '', action: '' });
    expect(answer).toMatchObject({ statusCode: 200 });
    expect(subjects(answer)).toEqual(['on 2026-11-03', 'on 2026-11-02', 'on 2026-11-01']);
  });

  it('filters by who, what and when', async () => {
    expect(subjects(await list({ actorId: ADMIN_ID, action: 'disable' }))).toEqual(['on 2026-11-03']);
    expect(subjects(await list({ from: '2026-11-02T00:00:00.000Z', to: '2026-11-02T23:59:59.999Z' }))).toEqual(['on 2026-11-02']);
  });

  it.each([
    [{ action: 'delete everything' }, 'action'],
    [{ from: 'last week' }, 'from'],
    [{ actorId: 'a b' }, 'actorId'],
  ])('answers 400 naming the field for %j', async (query, field) => {
    expect(await list(query)).toMatchObject({ statusCode: 400, body: { fields: { [field]: expect.any(String) } } });
  });

  it('answers 400 naming from and to for a reversed range', async () => {
    const answer = await list({ from: '2030-01-01T00:00:00Z', to: '2020-01-01T00:00:00Z' });
    expect(answer).toMatchObject({
      statusCode: 400,
      body: { fields: { from: 'from must be at or before to (the range is reversed).', to: 'to must be at or after from (the range is reversed).' } },
    });
  });

  it('reads instants without milliseconds as the same instants with them', async () => {
    expect(subjects(await list({ from: '2026-11-02T09:00:00Z', to: '2026-11-03T09:00:00Z' }))).toEqual(['on 2026-11-03', 'on 2026-11-02']);
  });

  it('answers 403 without two-factor authentication', async () => {
    expect(await list({}, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
  });
});
