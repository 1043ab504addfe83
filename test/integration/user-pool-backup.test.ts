// `npm run users -- export|import` against the local identity twin: what the export holds, and an import that puts
// back deleted users, changed attributes, groups and enabled state, and changes nothing the second time.
import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUpdateUserAttributesCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { startLocalStack, type LocalStack } from '@local/stack';
import { createUser, identityClient } from '@local/users';
import { exportUserPool, importUserPool, readUserPoolExport, type UserPoolExport } from '@tools/user-pool-backup';

jest.setTimeout(60_000);

let stack: LocalStack;
let client: CognitoIdentityProviderClient;
let poolId: string;
let backup: UserPoolExport;

beforeAll(async () => {
  stack = await startLocalStack({ seed: false });
  client = identityClient(stack.config);
  poolId = stack.config.cognito.userPoolId;
  await createUser(stack.config, { email: 'tara@school.example', password: 'long-password-1', role: 'Teachers', name: 'Tara Teacher' });
  await createUser(stack.config, { email: 'sam@school.example', password: 'long-password-2', role: 'Students', name: 'Sam Student' });
  await createUser(stack.config, { email: 'gone@school.example', password: 'long-password-3', role: 'Students', name: 'Gina Gone' });
  await client.send(new AdminDisableUserCommand({ UserPoolId: poolId, Username: 'gone@school.example' }));
  backup = readUserPoolExport(JSON.stringify(await exportUserPool(client, poolId, new Date('2026-11-28T09:00:00Z'))), 'users.json');
});

afterAll(async () => {
  client.destroy();
  await stack.stop();
});

const user = (email: string) => backup.users.find((each) => each.email === email)!;
const get = (email: string) => client.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: email }));
/** By the pool's username (the twin matches group members by the name given, not by the e-mail alias). */
const groupsOf = async (email: string) =>
  ((await client.send(new AdminListGroupsForUserCommand({ UserPoolId: poolId, Username: (await get(email)).Username }))).Groups ?? []).map((g) => g.GroupName).sort();

test('the export holds every user with their id, attributes, enabled state and groups, and every group', () => {
  expect(backup).toMatchObject({ format: 'learning-paths-user-pool', version: 1, exportedAt: '2026-11-28T09:00:00.000Z', userPoolId: poolId });
  expect(backup.groups.map(({ name }) => name)).toEqual(expect.arrayContaining(['Admins', 'Teachers', 'Students']));
  expect(backup.users.map(({ email }) => email).sort()).toEqual(['gone@school.example', 'sam@school.example', 'tara@school.example']);
  expect(user('tara@school.example')).toMatchObject({ attributes: { name: 'Tara Teacher', email: 'tara@school.example' }, enabled: true, groups: ['Teachers'] });
  expect(user('tara@school.example').id).toMatch(/^[0-9a-f-]{36}$/);
  expect(user('tara@school.example').attributes).not.toHaveProperty('sub');
  expect(user('gone@school.example')).toMatchObject({ enabled: false, groups: ['Students'] });
});

test('an import puts back a deleted user (disabled, in their group, with a new id), a changed name and a lost group; a second import changes nothing', async () => {
  await client.send(new AdminDeleteUserCommand({ UserPoolId: poolId, Username: 'gone@school.example' }));
  await client.send(new AdminUpdateUserAttributesCommand({ UserPoolId: poolId, Username: 'tara@school.example', UserAttributes: [{ Name: 'name', Value: 'Wrong Name' }] }));
  await client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: poolId, Username: 'sam@school.example', GroupName: 'Students' }));
  await createUser(stack.config, { email: 'new@school.example', password: 'long-password-4', role: 'Students', name: 'Nia New' });

  const summary = await importUserPool(client, poolId, backup, { invite: false });
  expect(summary.updated.sort()).toEqual(['sam@school.example', 'tara@school.example']);
  expect(summary.unchanged).toBe(0);
  expect(summary.notInExport).toEqual(['new@school.example']);
  expect(summary.created).toHaveLength(1);
  expect(summary.created[0]).toMatchObject({ email: 'gone@school.example', previousId: user('gone@school.example').id });
  expect(summary.created[0].id).not.toBe(summary.created[0].previousId);

  const gone = await get('gone@school.example');
  expect(gone.Enabled).toBe(false);
  expect(gone.UserAttributes?.find((a) => a.Name === 'name')?.Value).toBe('Gina Gone');
  expect(await groupsOf('gone@school.example')).toEqual(['Students']);
  expect((await get('tara@school.example')).UserAttributes?.find((a) => a.Name === 'name')?.Value).toBe('Tara Teacher');
  expect(await groupsOf('sam@school.example')).toEqual(['Students']);
  expect(await groupsOf('new@school.example')).toEqual(['Students']);

  const again = await importUserPool(client, poolId, backup, { invite: false });
  expect(again).toMatchObject({ created: [], updated: [], unchanged: 3, groupsCreated: [] });
});

test('a file that is not an export is refused with what is wrong, before anything is written', () => {
  expect(() => readUserPoolExport('not json', 'users.json')).toThrow('users.json is not JSON');
  expect(() => readUserPoolExport(JSON.stringify({ ...backup, version: 2 }), 'users.json')).toThrow('users.json is not a user pool export of this version (version:');
});
