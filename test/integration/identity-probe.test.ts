// The probe's attacks on identity (issue 21), replayed through the local stack as it described them, on a stack that
// keeps its data on disk and is restarted as `npm start` is: roles given through the app survive a restart and
// concurrent invitations, the Cognito twin takes no unsigned administrative call, a user cannot rewrite their own
// name or e-mail with their access token, a disabled user cannot sign in, and invisible or direction-changing names
// are refused wherever the API takes a name.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PERSON_NAME_MESSAGES } from '@shared/people';
import type { InvitationOutcome, Person } from '@shared/contract/people';
import { buildPath } from '@shared/contract/route';
import { routes, type RouteName } from '@shared/contract';
import { identityClient, signInTokens, startLocalStack, type LocalStack, type StackConfig } from './harness';
import { person, type Person as SignedIn } from './support/world';

jest.setTimeout(240_000);

let dataDir: string;
let stack: LocalStack;
let config: StackConfig;
let admin: SignedIn;
let student: SignedIn;

const port = (url: string) => Number(new URL(url).port);

async function restart() {
  const before = config;
  await stack.stop();
  stack = await startLocalStack({
    dataDir,
    ports: { app: port(before.url), cognito: port(before.cognito.endpoint), dynamodb: port(before.dynamodb.endpoint), s3: port(before.s3.endpoint) },
  });
  config = stack.config;
  // The admin's access token outlives the restart (same key, same issuer); sign in again anyway, as a person would.
  admin = { ...admin, accessToken: (await signInTokens(config, admin.email, 'Integration-pass-1', admin.totpSecret)).accessToken };
}

async function call(route: RouteName, as: SignedIn, body?: unknown, params?: Record<string, string>) {
  const { method, path: routePath } = routes[route];
  const response = await fetch(`${config.apiUrl}${buildPath(routePath, params)}`, {
    method,
    headers: { authorization: `Bearer ${as.accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as any };
}

/** What the admin's people screens show for these addresses. */
async function lookUp(emails: string[]): Promise<Map<string, Person>> {
  const found = new Map<string, Person>();
  for (let start = 0; start < emails.length; start += 100) {
    const { status, body } = await call('lookupPeople', admin, { emails: emails.slice(start, start + 100) });
    expect(status).toBe(200);
    for (const each of body.people as Person[]) found.set(each.email, each);
  }
  return found;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'identity-probe-'));
  stack = await startLocalStack({ dataDir });
  config = stack.config;
  admin = await person(config, 'head@school.example', 'Admins', 'Hana Head');
  student = await person(config, 'pupil@school.example', 'Students', 'Pat Pupil');
});

afterAll(async () => {
  await stack?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('roles given through the app', () => {
  test('200 students invited at once (8 bulk requests of 25, sent together) are all Students, and stay so after a restart', async () => {
    const emails = Array.from({ length: 200 }, (_, index) => `bulk.${index}@school.example`);
    const requests = Array.from({ length: 8 }, (_, index) =>
      call('invitePeople', admin, { people: emails.slice(index * 25, index * 25 + 25).map((email) => ({ email, name: `Bulk ${email}`, role: 'Students' })) }),
    );
    const outcomes = (await Promise.all(requests)).flatMap(({ status, body }) => {
      expect(status).toBe(200);
      return body.results as InvitationOutcome[];
    });
    expect(outcomes.filter((outcome) => outcome.outcome !== 'invited')).toEqual([]);
    const roles = (found: Map<string, Person>) => emails.map((email) => found.get(email)?.role ?? 'no role');
    expect(roles(await lookUp(emails))).toEqual(emails.map(() => 'Students'));

    await restart();
    expect(roles(await lookUp(emails))).toEqual(emails.map(() => 'Students'));
  });

  test('a teacher invited and a role changed in the app are still there after a restart', async () => {
    const invited = await call('invitePerson', admin, { email: 'new.teacher@school.example', name: 'Nia Teacher', role: 'Teachers' });
    expect(invited.status).toBe(201);
    const promoted = await call('changeRole', admin, { role: 'Teachers' }, { userId: (await lookUp(['bulk.0@school.example'])).get('bulk.0@school.example')!.userId });
    expect(promoted.status).toBe(200);

    await restart();
    const found = await lookUp(['new.teacher@school.example', 'bulk.0@school.example']);
    expect(found.get('new.teacher@school.example')?.role).toBe('Teachers');
    expect(found.get('bulk.0@school.example')?.role).toBe('Teachers');
  });
});

describe('the identity service', () => {
  test('an unsigned AdminAddUserToGroup does not make a student an Admin', async () => {
    const response = await fetch(config.cognito.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.AdminAddUserToGroup' },
      body: JSON.stringify({ UserPoolId: config.cognito.userPoolId, Username: student.userId, GroupName: 'Admins' }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { __type: string }).__type).toBe('MissingAuthenticationTokenException');
    expect((await lookUp([student.email])).get(student.email)?.role).toBe('Students');
  });

  test.each([
    ['their name, to a formula with control and right-to-left characters', { Name: 'name', Value: '=cmd|\u0007\u202Eevil' }],
    ["their e-mail, to another person's address", { Name: 'email', Value: 'head@school.example' }],
  ])("a student's own access token cannot change %s", async (_what, attribute) => {
    const client = identityClient(config);
    try {
      await expect(
        client.send(new UpdateUserAttributesCommand({ AccessToken: student.accessToken, UserAttributes: [attribute] })),
      ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    } finally {
      client.destroy();
    }
    expect((await lookUp([student.email])).get(student.email)).toMatchObject({ email: student.email, name: 'Pat Pupil' });
  });

  test('a disabled person cannot sign in: the identity service says "User is disabled."', async () => {
    const leaver = await person(config, 'leaver@school.example', 'Students', 'Lee Leaver');
    expect((await call('disablePerson', admin, undefined, { userId: leaver.userId })).status).toBe(200);
    await expect(signInTokens(config, leaver.email, 'Integration-pass-1')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
  });
});

describe('names the API takes', () => {
  const invisible = '\u200B\u200B\u200B';
  const reversed = 'Pat\u202Eliptsni';

  test.each([
    ['invite one', () => call('invitePerson', admin, { email: 'ghost@school.example', name: invisible, role: 'Students' }), PERSON_NAME_MESSAGES.invisible],
    ['invite many', () => call('invitePeople', admin, { people: [{ email: 'ghost@school.example', name: reversed, role: 'Students' }] }), PERSON_NAME_MESSAGES.direction],
    ['rename oneself', () => call('renameSelf', student, { name: reversed }), PERSON_NAME_MESSAGES.direction],
    ['rename a person', () => call('renamePerson', admin, { name: invisible }, { userId: student.userId }), PERSON_NAME_MESSAGES.invisible],
  ])('%s: refused with a sentence, nothing changed', async (_route, send, message) => {
    const { status, body } = await send();
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain(message);
    const found = await lookUp(['ghost@school.example', student.email]);
    expect(found.has('ghost@school.example')).toBe(false);
    expect(found.get(student.email)?.name).toBe('Pat Pupil');
  });
});
