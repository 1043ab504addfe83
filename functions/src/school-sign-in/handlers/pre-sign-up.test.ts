import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { DISABLED_MESSAGE, NOT_SET_UP_MESSAGE } from '@shared/school-sign-in';
import type { KnownAccount, ProviderIdentity, SchoolAccountDirectory } from '../link-school-account';
import { makeHandler } from './pre-sign-up';

function directoryOf(accounts: Record<string, KnownAccount>) {
  const links: { username: string; identity: ProviderIdentity }[] = [];
  const directory: SchoolAccountDirectory = {
    findByEmail: async (email) => accounts[email],
    link: async (username, identity) => {
      links.push({ username, identity });
    },
  };
  return { directory, links };
}

const event = (overrides: Partial<PreSignUpTriggerEvent> & { attributes?: Record<string, string> } = {}): PreSignUpTriggerEvent => ({
  version: '1',
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_pool',
  userName: 'Google_1234567890',
  callerContext: { awsSdkVersion: '3', clientId: 'client' },
  triggerSource: 'PreSignUp_ExternalProvider',
  request: { userAttributes: overrides.attributes ?? { email: 'Teacher@School.example', email_verified: 'true' } },
  response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  ...overrides,
});

it('links the first school sign-in to the invited account with the same verified e-mail', async () => {
  const { directory, links } = directoryOf({ 'teacher@school.example': { username: 'sub-of-teacher', enabled: true } });
  await makeHandler(() => directory)(event());
  expect(links).toEqual([{ username: 'sub-of-teacher', identity: { providerName: 'Google', subject: '1234567890' } }]);
});

it('refuses someone nobody invited, and an address the provider has not verified, linking nothing', async () => {
  const { directory, links } = directoryOf({ 'teacher@school.example': { username: 'sub-of-teacher', enabled: true } });
  const handler = makeHandler(() => directory);
  await expect(handler(event({ attributes: { email: 'newcomer@school.example', email_verified: 'true' } }))).rejects.toThrow(NOT_SET_UP_MESSAGE);
  await expect(handler(event({ attributes: { email: 'teacher@school.example', email_verified: 'false' } }))).rejects.toThrow(NOT_SET_UP_MESSAGE);
  expect(links).toEqual([]);
});

it('refuses a disabled person', async () => {
  const { directory, links } = directoryOf({ 'teacher@school.example': { username: 'sub-of-teacher', enabled: false } });
  await expect(makeHandler(() => directory)(event())).rejects.toThrow(DISABLED_MESSAGE);
  expect(links).toEqual([]);
});

it('lets an administrator\'s invitation through untouched', async () => {
  const { directory, links } = directoryOf({});
  const invitation = event({ triggerSource: 'PreSignUp_AdminCreateUser', userName: 'someone' });
  await expect(makeHandler(() => directory)(invitation)).resolves.toBe(invitation);
  expect(links).toEqual([]);
});
