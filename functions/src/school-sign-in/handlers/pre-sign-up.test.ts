import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { DISABLED_MESSAGE, NOT_SET_UP_MESSAGE, OTHER_DOMAIN_MESSAGE, type SchoolProviderRule } from '@shared/school-sign-in';
import { InMemoryAuditLog, InMemoryPeopleIndex, steppingClock } from '../../people/fakes/people';
import { makeInMemoryDomainSettings } from '../fakes/domain-settings';
import { InMemorySchoolAccounts } from '../fakes/school-accounts';
import type { KnownAccount } from '../port';
import { makeSchoolSignIn } from '../school-sign-in';
import { makeHandler } from './pre-sign-up';

const PROVIDERS: SchoolProviderRule[] = [
  { name: 'Google', domains: ['school.example'] },
  { name: 'Microsoft', domains: ['school.example', 'staff.school.example'] },
];

function world(accounts: Record<string, KnownAccount> = {}) {
  const directory = new InMemorySchoolAccounts(accounts);
  const domains = makeInMemoryDomainSettings();
  const index = new InMemoryPeopleIndex();
  const audit = new InMemoryAuditLog();
  const handler = makeHandler(() => makeSchoolSignIn({ providers: PROVIDERS, directory, domains, index, audit, clock: steppingClock() }));
  return { directory, domains, index, audit, handler };
}

const event = (overrides: Partial<PreSignUpTriggerEvent> & { attributes?: Record<string, string> } = {}): PreSignUpTriggerEvent => ({
  version: '1',
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_pool',
  // As Cognito names a federated user: the provider's name lower-cased.
  userName: 'google_1234567890',
  callerContext: { awsSdkVersion: '3', clientId: 'client' },
  triggerSource: 'PreSignUp_ExternalProvider',
  request: { userAttributes: overrides.attributes ?? { email: 'Teacher@School.example', email_verified: 'true' } },
  response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  ...overrides,
});

const teacher = { 'teacher@school.example': { username: 'sub-of-teacher', enabled: true } };

it('links the first school sign-in to the invited account with the same verified e-mail, under the provider name as configured', async () => {
  const { directory, handler } = world(teacher);
  await handler(event());
  await handler(event({ userName: 'microsoft_AbC-987' }));
  expect(directory.links).toEqual([
    { username: 'sub-of-teacher', identity: { providerName: 'Google', subject: '1234567890' } },
    { username: 'sub-of-teacher', identity: { providerName: 'Microsoft', subject: 'AbC-987' } },
  ]);
});

it('refuses someone nobody invited, and an address the provider has not verified, linking nothing', async () => {
  const { directory, handler } = world(teacher);
  await expect(handler(event({ attributes: { email: 'newcomer@school.example', email_verified: 'true' } }))).rejects.toThrow(NOT_SET_UP_MESSAGE);
  await expect(handler(event({ attributes: { email: 'teacher@school.example', email_verified: 'false' } }))).rejects.toThrow(NOT_SET_UP_MESSAGE);
  expect(directory.links).toEqual([]);
});

it("refuses an address outside the provider's domains, even of someone invited", async () => {
  const { directory, handler } = world({ ...teacher, 'teacher@staff.school.example': { username: 'sub-2', enabled: true }, 'someone@gmail.example': { username: 'sub-3', enabled: true } });
  await expect(handler(event({ attributes: { email: 'someone@gmail.example', email_verified: 'true' } }))).rejects.toThrow(OTHER_DOMAIN_MESSAGE);
  // staff.school.example is Microsoft's only: Google may not sign it in.
  await expect(handler(event({ attributes: { email: 'teacher@staff.school.example', email_verified: 'true' } }))).rejects.toThrow(OTHER_DOMAIN_MESSAGE);
  await expect(handler(event({ attributes: { email: 'x@school.example.evil', email_verified: 'true' } }))).rejects.toThrow(OTHER_DOMAIN_MESSAGE);
  expect(directory.links).toEqual([]);
  await handler(event({ userName: 'microsoft_55', attributes: { email: 'teacher@staff.school.example', email_verified: 'true' } }));
  expect(directory.links).toEqual([{ username: 'sub-2', identity: { providerName: 'Microsoft', subject: '55' } }]);
});

it('refuses a provider the stage did not configure', async () => {
  const { directory, handler } = world(teacher);
  await expect(handler(event({ userName: 'hillside_abc' }))).rejects.toThrow(NOT_SET_UP_MESSAGE);
  expect(directory.links).toEqual([]);
});

it('refuses a disabled person', async () => {
  const { directory, handler } = world({ 'teacher@school.example': { username: 'sub-of-teacher', enabled: false } });
  await expect(handler(event())).rejects.toThrow(DISABLED_MESSAGE);
  expect(directory.links).toEqual([]);
});

it('lets a newcomer of a domain open to students in as a student, linked, copied to the people list and audited; never of another domain', async () => {
  const { directory, domains, index, audit, handler } = world();
  await domains.save({ domain: 'school.example', studentsMayJoin: true });
  await handler(event({ attributes: { email: 'New.Student@school.example', email_verified: 'true', name: 'Nia Student' } }));
  expect(directory.created).toEqual([expect.objectContaining({ email: 'new.student@school.example', name: 'Nia Student', role: 'Students' })]);
  const [student] = directory.created;
  expect(directory.links).toEqual([{ username: student!.userId, identity: { providerName: 'Google', subject: '1234567890' } }]);
  expect(index.copies.get(student!.userId)).toMatchObject({ email: 'new.student@school.example', role: 'Students' });
  expect(audit.entries).toEqual([
    expect.objectContaining({ action: 'joinAsStudent', actor: 'School sign-in', subject: 'Nia Student (new.student@school.example)' }),
  ]);

  // staff.school.example is not open: its newcomer is refused and nothing is made.
  await expect(
    handler(event({ userName: 'microsoft_9', attributes: { email: 'new@staff.school.example', email_verified: 'true' } })),
  ).rejects.toThrow(NOT_SET_UP_MESSAGE);
  expect(directory.created).toHaveLength(1);
  expect(audit.entries).toHaveLength(1);
});

it('makes no account for a newcomer once the domain is closed again', async () => {
  const { directory, domains, handler } = world();
  await domains.save({ domain: 'school.example', studentsMayJoin: false });
  await expect(handler(event({ attributes: { email: 'new@school.example', email_verified: 'true' } }))).rejects.toThrow(NOT_SET_UP_MESSAGE);
  expect(directory.created).toEqual([]);
});

it("lets an administrator's invitation through untouched", async () => {
  const { directory, handler } = world();
  const invitation = event({ triggerSource: 'PreSignUp_AdminCreateUser', userName: 'someone' });
  await expect(handler(invitation)).resolves.toBe(invitation);
  expect(directory.links).toEqual([]);
});
