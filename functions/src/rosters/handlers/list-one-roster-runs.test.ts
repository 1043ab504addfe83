// GET /api/admin/rosters/oneroster/runs over in-memory stores: the runs, newest first.
import { routes } from '@shared/contract';
import { apiEvent, invoke, tokens } from '@test/unit-helpers/events';
import { ADMIN_ID, givenAdminSchool, givenOneRoster, withSecondFactor } from '@functions/test/in-memory/admin';
import { zipSample } from '../oneroster/samples/zip-sample';
import { makeHandler } from './list-one-roster-runs';

it('answers 200 with the runs, their counts and errors', async () => {
  const school = givenAdminSchool();
  const { oneRoster, stored, history } = givenOneRoster(school);
  const list = () => invoke(makeHandler(history, withSecondFactor), apiEvent(routes.listOneRosterRuns, { token: tokens.admin }));
  expect(await list()).toMatchObject({ statusCode: 200, body: { runs: [] } });
  stored.set(`protected/${ADMIN_ID}/p.zip`, zipSample('bad-rows-1.2'));
  const answer = await oneRoster.importUploaded({ userId: ADMIN_ID, roles: ['Admins'], name: 'Alex Admin' }, { contentUrl: `protected/${ADMIN_ID}/p.zip`, mode: 'preview', importAdministrators: false });
  expect(await list()).toMatchObject({
    statusCode: 200,
    body: { runs: [{ by: 'Alex Admin', source: 'upload', mode: 'preview', counts: answer.counts, errors: answer.errors, errorCount: answer.errors.length }] },
  });
});
