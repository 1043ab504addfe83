// GET and PUT /api/admin/school-sign-in over in-memory stores: the configured domains, each administrator's choice
// saved and audited, bad input refused with nothing changed.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, tokens } from '@test/unit-helpers/events';
import { withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';
import { InMemoryAuditLog, steppingClock } from '../../people/fakes/people';
import { makeInMemoryDomainSettings } from '../fakes/domain-settings';
import { makeSchoolSignInSettings } from '../school-sign-in';
import { makeHandler as makeGet } from './get-school-sign-in';
import { makeHandler as makeSet } from './set-school-sign-in-domain';

const PROVIDERS = [
  { name: 'Google', domains: ['school.example'] },
  { name: 'Microsoft', domains: ['school.example', 'staff.school.example'] },
];

function world(providers = PROVIDERS) {
  const domains = makeInMemoryDomainSettings();
  const audit = new InMemoryAuditLog();
  const settings = makeSchoolSignInSettings({ providers, domains, audit, clock: steppingClock() });
  const get = () => invoke(makeGet(settings, withSecondFactor), apiEvent(routes.getSchoolSignIn, { token: tokens.admin }));
  const set = (body: unknown, secondFactor = withSecondFactor) =>
    invoke(makeSet(settings, secondFactor), apiEvent(routes.setSchoolSignInDomain, { token: tokens.admin, body }));
  return { domains, audit, get, set };
}

it('lists each configured domain with its providers, off until an administrator turns it on', async () => {
  const { get } = world();
  expect(await get()).toMatchObject({
    statusCode: 200,
    body: {
      domains: [
        { domain: 'school.example', providers: ['Google', 'Microsoft'], studentsMayJoin: false },
        { domain: 'staff.school.example', providers: ['Microsoft'], studentsMayJoin: false },
      ],
    },
  });
});

it('turns a domain on and off, answering it as it is now, and audits each change', async () => {
  const { get, set, audit } = world();
  expect(await set({ domain: 'School.Example', studentsMayJoin: true })).toMatchObject({
    statusCode: 200,
    body: { domain: 'school.example', providers: ['Google', 'Microsoft'], studentsMayJoin: true },
  });
  expect((await get()).body).toMatchObject({ domains: [{ domain: 'school.example', studentsMayJoin: true }, { studentsMayJoin: false }] });
  await set({ domain: 'school.example', studentsMayJoin: false });
  expect((await get()).body).toMatchObject({ domains: [{ domain: 'school.example', studentsMayJoin: false }, { studentsMayJoin: false }] });
  expect(audit.entries).toEqual([
    expect.objectContaining({ action: 'setSchoolSignInDomain', actor: 'Alex Admin', subject: 'school.example', detail: 'new people from this domain come in as students' }),
    expect.objectContaining({ action: 'setSchoolSignInDomain', subject: 'school.example', detail: 'new people from this domain are refused' }),
  ]);
});

it('refuses a domain that is not configured, a missing choice and an unknown field with a 400 naming the fix, changing nothing', async () => {
  const { set, domains, audit } = world();
  expect(await set({ domain: 'gmail.com', studentsMayJoin: true })).toMatchObject({
    statusCode: 400,
    body: { message: 'gmail.com is not one of the school\'s sign-in domains (school.example, staff.school.example).' },
  });
  expect(await set({ domain: 'school.example' })).toMatchObject({ statusCode: 400, body: errorBody(/studentsMayJoin is required/) });
  expect(await set({ domain: 'school.example', studentsMayJoin: 'yes' })).toMatchObject({ statusCode: 400, body: errorBody(/studentsMayJoin must be true or false/) });
  expect(await set({ domain: 'school.example', studentsMayJoin: true, role: 'Admins' })).toMatchObject({ statusCode: 400 });
  expect(await domains.list()).toEqual([]);
  expect(audit.entries).toEqual([]);
});

it('says school sign-in is off when no provider is configured', async () => {
  const { set, get } = world([]);
  expect((await get()).body).toEqual({ domains: [] });
  expect(await set({ domain: 'school.example', studentsMayJoin: true })).toMatchObject({
    statusCode: 400,
    body: { message: 'School sign-in is not turned on for this school: there are no sign-in domains to set.' },
  });
});

it('answers 403 without two-factor authentication, changing nothing', async () => {
  const { set, domains } = world();
  expect(await set({ domain: 'school.example', studentsMayJoin: true }, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
  expect(await domains.list()).toEqual([]);
});
