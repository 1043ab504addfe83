import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  ListUsersInGroupCommand,
  UsernameExistsException,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { makeCognitoUserDirectory, makeTemporaryPassword } from './cognito-user-directory';

const cognito = mockClient(CognitoIdentityProviderClient);
const client = new CognitoIdentityProviderClient({ region: 'us-east-1' });
const UserPoolId = 'pool-1';
const cloud = makeCognitoUserDirectory({ client, userPoolId: UserPoolId });
const local = makeCognitoUserDirectory({ client, userPoolId: UserPoolId, local: true });
const CREATED = new Date('2026-11-01T08:00:00.000Z');

const user = (sub: string, email: string, extra: { name?: string; Enabled?: boolean; UserStatus?: 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD' } = {}) => ({
  Username: sub,
  Attributes: [
    { Name: 'sub', Value: sub },
    { Name: 'email', Value: email },
    ...(extra.name ? [{ Name: 'name', Value: extra.name }] : []),
  ],
  Enabled: extra.Enabled ?? true,
  UserStatus: extra.UserStatus ?? 'CONFIRMED',
  UserCreateDate: CREATED,
});

beforeEach(() => cognito.reset());

describe('create', () => {
  it('in the cloud: AdminCreateUser with the name (Cognito e-mails the password), then the role group', async () => {
    cognito.on(AdminCreateUserCommand).resolves({ User: user('sub-1', 'ada@school.example', { name: 'Ada', UserStatus: 'FORCE_CHANGE_PASSWORD' }) });
    const created = await cloud.create({ email: 'ada@school.example', name: 'Ada', role: 'Teachers' });
    expect(created).toEqual({
      person: { userId: 'sub-1', email: 'ada@school.example', name: 'Ada', role: 'Teachers', status: 'invited', createdAt: CREATED.toISOString() },
    });
    expect(cognito).toHaveReceivedCommandWith(AdminCreateUserCommand, {
      UserPoolId,
      Username: 'ada@school.example',
      UserAttributes: [
        { Name: 'email', Value: 'ada@school.example' },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: 'Ada' },
      ],
      DesiredDeliveryMediums: ['EMAIL'],
    });
    expect(cognito.commandCalls(AdminCreateUserCommand)[0].args[0].input).not.toHaveProperty('TemporaryPassword');
    expect(cognito).toHaveReceivedCommandWith(AdminAddUserToGroupCommand, { UserPoolId, Username: 'sub-1', GroupName: 'Teachers' });
  });

  it('locally: makes the temporary password itself, sends no message, and returns it', async () => {
    cognito.on(AdminCreateUserCommand).resolves({ User: user('sub-1', 'ada@school.example') });
    const created = await local.create({ email: 'ada@school.example', name: 'Ada', role: 'Students' });
    expect(created).toMatchObject({ temporaryPassword: expect.stringMatching(/^\w{4}-\w{4}-\w{4}$/) });
    const input = cognito.commandCalls(AdminCreateUserCommand)[0].args[0].input;
    expect(input).toMatchObject({ MessageAction: 'SUPPRESS', TemporaryPassword: (created as { temporaryPassword: string }).temporaryPassword });
  });

  it('in the cloud without an invitation (school sign-in): no message and no temporary password are sent', async () => {
    cognito.on(AdminCreateUserCommand).resolves({ User: user('sub-1', 'ada@school.example') });
    expect(await cloud.create({ email: 'ada@school.example', name: 'Ada', role: 'Teachers' }, { invitation: 'none' })).not.toHaveProperty('temporaryPassword');
    const input = cognito.commandCalls(AdminCreateUserCommand)[0].args[0].input;
    expect(input).toMatchObject({ MessageAction: 'SUPPRESS' });
    expect(input).not.toHaveProperty('DesiredDeliveryMediums');
    expect(input).not.toHaveProperty('TemporaryPassword');
  });

  it.each([
    ['in the cloud', cloud],
    ['locally', local],
  ])('%s for LMS sign-in: no message, then a random permanent password (confirmed, never an invitation), then the role', async (_where, directory) => {
    cognito.on(AdminCreateUserCommand).resolves({ User: user('sub-1', 'ada@school.example', { UserStatus: 'FORCE_CHANGE_PASSWORD' }) });
    const created = await directory.create({ email: 'ada@school.example', name: 'Ada', role: 'Students' }, { invitation: 'none', signIn: 'lms' });
    expect(created).toEqual({ person: expect.objectContaining({ userId: 'sub-1', status: 'active', role: 'Students' }) });
    expect(cognito.commandCalls(AdminCreateUserCommand)[0].args[0].input).toMatchObject({ MessageAction: 'SUPPRESS' });
    const [setPassword] = cognito.commandCalls(AdminSetUserPasswordCommand);
    expect(setPassword.args[0].input).toMatchObject({ UserPoolId, Username: 'sub-1', Permanent: true, Password: expect.stringMatching(/^Lms-[\w-]{43}$/) });
    expect(cognito).toHaveReceivedCommandWith(AdminAddUserToGroupCommand, { UserPoolId, Username: 'sub-1', GroupName: 'Students' });
  });

  it("answers 'exists' for a taken e-mail and adds nobody to a group", async () => {
    cognito.on(AdminCreateUserCommand).rejects(new UsernameExistsException({ message: 'exists', $metadata: {} }));
    expect(await cloud.create({ email: 'ada@school.example', name: 'Ada', role: 'Teachers' })).toBe('exists');
    expect(cognito).not.toHaveReceivedCommand(AdminAddUserToGroupCommand);
  });
});

describe('reading', () => {
  it('gets a person by id with their role from their groups, and answers undefined for nobody', async () => {
    cognito.on(AdminGetUserCommand, { Username: 'sub-1' }).resolves({
      Username: 'sub-1',
      UserAttributes: user('sub-1', 'kim@school.example', { name: 'Kim' }).Attributes,
      Enabled: false,
      UserStatus: 'CONFIRMED',
      UserCreateDate: CREATED,
    });
    cognito.on(AdminGetUserCommand, { Username: 'nobody' }).rejects(new UserNotFoundException({ message: 'no', $metadata: {} }));
    cognito.on(AdminListGroupsForUserCommand).resolves({ Groups: [{ GroupName: 'Other' }, { GroupName: 'Students' }] });
    expect(await cloud.get('sub-1')).toEqual({
      userId: 'sub-1',
      email: 'kim@school.example',
      name: 'Kim',
      role: 'Students',
      status: 'disabled',
      createdAt: CREATED.toISOString(),
    });
    expect(await cloud.get('nobody')).toBeUndefined();
  });

  it('lists everyone with their role from one walk of the users and one per group', async () => {
    cognito
      .on(ListUsersCommand)
      .resolvesOnce({ Users: [user('s1', 'sam@school.example', { name: 'Sam' })], PaginationToken: 'p2' })
      .resolvesOnce({ Users: [user('t1', 'ada@school.example', { name: 'Ada' }), user('n1', 'new@school.example')] });
    cognito.on(ListUsersInGroupCommand).resolves({ Users: [] });
    cognito.on(ListUsersInGroupCommand, { GroupName: 'Students' }).resolves({ Users: [user('s1', 'sam@school.example')] });
    cognito.on(ListUsersInGroupCommand, { GroupName: 'Teachers' }).resolves({ Users: [user('t1', 'ada@school.example')] });
    const everyone = await cloud.listEveryone();
    expect(everyone.map(({ userId, role }) => [userId, role])).toEqual([
      ['s1', 'Students'],
      ['t1', 'Teachers'],
      ['n1', null],
    ]);
    expect(cognito.commandCalls(ListUsersCommand)[1].args[0].input).toEqual({ UserPoolId, Limit: 60, PaginationToken: 'p2' });
    expect(cognito).not.toHaveReceivedCommand(AdminListGroupsForUserCommand);
  });

  it('reads every page of a role', async () => {
    cognito
      .on(ListUsersInGroupCommand)
      .resolvesOnce({ Users: [user('a', 'a@school.example')], NextToken: 'x' })
      .resolvesOnce({ Users: [user('b', 'b@school.example')] });
    expect((await cloud.listRole('Students')).map((person) => person.userId)).toEqual(['a', 'b']);
    expect(cognito.commandCalls(ListUsersInGroupCommand)[1].args[0].input.NextToken).toBe('x');
  });
});

describe('changes', () => {
  it('sets the name attribute', async () => {
    await cloud.setName('sub-1', 'Ada Lovelace');
    expect(cognito).toHaveReceivedCommandWith(AdminUpdateUserAttributesCommand, {
      UserPoolId,
      Username: 'sub-1',
      UserAttributes: [{ Name: 'name', Value: 'Ada Lovelace' }],
    });
  });

  it('moves groups: adds the new one, then removes every other role group the person is in (not only the one read)', async () => {
    cognito
      .on(AdminListGroupsForUserCommand)
      .resolves({ Groups: [{ GroupName: 'Students' }, { GroupName: 'Teachers' }, { GroupName: 'Admins' }, { GroupName: 'Other' }] });
    await cloud.setRole({ userId: 'sub-1', email: 'x@school.example', name: '', role: 'Students', status: 'active', createdAt: '' }, 'Teachers');
    const calls = cognito.calls().map((call) => call.args[0]);
    expect(calls[0]).toBeInstanceOf(AdminAddUserToGroupCommand);
    expect(calls[0].input).toEqual({ UserPoolId, Username: 'sub-1', GroupName: 'Teachers' });
    const removed = calls.filter((call) => call instanceof AdminRemoveUserFromGroupCommand).map((call) => call.input);
    expect(removed).toEqual([
      { UserPoolId, Username: 'sub-1', GroupName: 'Students' },
      { UserPoolId, Username: 'sub-1', GroupName: 'Admins' },
    ]);
  });

  it('deletes a user for good; one gone already is no failure, another failure is', async () => {
    await cloud.remove('sub-1');
    expect(cognito).toHaveReceivedCommandWith(AdminDeleteUserCommand, { UserPoolId, Username: 'sub-1' });
    cognito.on(AdminDeleteUserCommand).rejects(Object.assign(new Error('gone'), { name: 'UserNotFoundException' }));
    await expect(cloud.remove('sub-1')).resolves.toBeUndefined();
    cognito.on(AdminDeleteUserCommand).rejects(new Error('throttled'));
    await expect(cloud.remove('sub-1')).rejects.toThrow('throttled');
  });

  it('signs a person out everywhere', async () => {
    await cloud.signOut('sub-1');
    expect(cognito).toHaveReceivedCommandWith(AdminUserGlobalSignOutCommand, { UserPoolId, Username: 'sub-1' });
  });

  it('disables and signs out everywhere; a failed sign-out fails the call', async () => {
    await cloud.disable('sub-1');
    expect(cognito).toHaveReceivedCommandWith(AdminDisableUserCommand, { UserPoolId, Username: 'sub-1' });
    expect(cognito).toHaveReceivedCommandWith(AdminUserGlobalSignOutCommand, { UserPoolId, Username: 'sub-1' });
    cognito.on(AdminUserGlobalSignOutCommand).rejects(new Error('throttled'));
    await expect(cloud.disable('sub-1')).rejects.toThrow('throttled');
  });

  it('resends with MessageAction RESEND in the cloud, with a fresh temporary password locally', async () => {
    const person = { userId: 'sub-1', email: 'new@school.example', name: '', role: null, status: 'invited' as const, createdAt: '' };
    expect(await cloud.resendInvitation(person)).toEqual({});
    expect(cognito).toHaveReceivedCommandWith(AdminCreateUserCommand, {
      UserPoolId,
      Username: 'new@school.example',
      MessageAction: 'RESEND',
      DesiredDeliveryMediums: ['EMAIL'],
    });
    const again = await local.resendInvitation(person);
    expect(cognito).toHaveReceivedCommandWith(AdminSetUserPasswordCommand, { UserPoolId, Username: 'sub-1', Password: again.temporaryPassword, Permanent: false });
  });
});

describe('temporary passwords', () => {
  const samples = Array.from({ length: 2000 }, () => makeTemporaryPassword());

  it('never hold characters misread on paper (I, l, 1, O, o, 0)', () => {
    expect(samples.filter((password) => /[Il1Oo0]/.test(password))).toEqual([]);
  });

  it('are three groups of four, each with an upper-case letter, a lower-case letter and a digit, and differ', () => {
    for (const password of samples) {
      expect(password).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
      for (const group of password.split('-')) expect([/[A-Z]/.test(group), /[a-z]/.test(group), /[2-9]/.test(group)]).toEqual([true, true, true]);
    }
    expect(new Set(samples).size).toBe(samples.length);
  });
});
