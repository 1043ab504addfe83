// Administering people through the local stack: invitations (one, many, again), the forced new password at first
// sign-in, names that follow a rename into class rosters, role changes, offboarding, and the audit trail.
import { createUser, signInTokens, identityClient } from './harness';
import { rebuildStackPeopleIndex } from '@local/people-index';
import { localTableStores } from '@local/table-stores';
import { TOKEN_REVOKED_MESSAGE } from '@shared/second-factor';
import { CLASS_ID, nextSecond, SENTENCE, startWorld, type World } from './support/world';
import { AdminGetUserCommand, RespondToAuthChallengeCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';

jest.setTimeout(120_000);

let world: World;

beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.stop());

/** Signs in with a temporary password and sets a new one, as the forced new-password form does. */
async function firstSignIn(email: string, temporaryPassword: string, newPassword: string): Promise<string> {
  const client = identityClient(world.config);
  try {
    const { ChallengeName, Session } = await client.send(
      new InitiateAuthCommand({
        ClientId: world.config.cognito.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: temporaryPassword },
      }),
    );
    expect(ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const { AuthenticationResult } = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: world.config.cognito.userPoolClientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: newPassword },
      }),
    );
    return AuthenticationResult!.AccessToken!;
  } finally {
    client.destroy();
  }
}

describe('inviting one person', () => {
  it('creates them in the role with their name, shows the temporary password once, and records it', async () => {
    const invitation = await world.ok('invitePerson', {
      as: world.admin,
      body: { email: '  New.Teacher@Example.com ', name: 'Nia Teacher', role: 'Teachers' },
    });
    expect(invitation).toEqual({
      person: expect.objectContaining({ email: 'new.teacher@example.com', name: 'Nia Teacher', role: 'Teachers', status: 'invited' }),
      temporaryPassword: expect.any(String),
    });

    const token = await firstSignIn('new.teacher@example.com', invitation.temporaryPassword, 'Nia-new-pass-1');
    expect((await world.call('listClasses', { as: token })).status).toBe(200);

    const [person] = (await world.ok('lookupPeople', { as: world.admin, body: { emails: ['new.teacher@example.com'] } })).people;
    expect(person).toMatchObject({ status: 'active', role: 'Teachers', name: 'Nia Teacher' });

    const overview = await world.ok('getAdminOverview', { as: world.admin });
    expect(overview.recentChanges[0]).toMatchObject({
      actor: 'Alex Admin',
      action: 'invite',
      subject: 'Nia Teacher (new.teacher@example.com)',
      detail: 'as Teachers',
    });
  });

  it('refuses an e-mail that already has an account (in any case) with a 409, creating nobody', async () => {
    const before = await world.ok('listPeople', { as: world.admin });
    const answer = await world.call('invitePerson', {
      as: world.admin,
      body: { email: 'STUDENT@example.com', name: 'Someone Else', role: 'Teachers' },
    });
    expect(answer).toMatchObject({ status: 409, body: { message: expect.stringMatching(SENTENCE) } });
    expect(answer.body.message).toContain('student@example.com already has an account');
    expect((await world.ok('listPeople', { as: world.admin })).people).toHaveLength(before.people.length);
  });

  it('a retry of an invitation that got through (same e-mail and role, still pending) answers 200 with that person', async () => {
    const body = { email: 'retried@example.com', name: 'Rita Retry', role: 'Teachers' };
    const first = await world.ok('invitePerson', { as: world.admin, body });
    const before = await world.ok('listPeople', { as: world.admin });

    const retry = await world.call('invitePerson', { as: world.admin, body });

    expect({ status: retry.status, body: retry.body }).toEqual({ status: 200, body: { person: first.person } });
    expect((await world.ok('listPeople', { as: world.admin })).people).toHaveLength(before.people.length);
    const asStudent = await world.call('invitePerson', { as: world.admin, body: { ...body, role: 'Students' } });
    expect(asStudent.status).toBe(409);
  });

  it('resends the invitation (a fresh temporary password) only to someone who has not signed in', async () => {
    const { person, temporaryPassword } = await world.ok('invitePerson', {
      as: world.admin,
      body: { email: 'late@example.com', name: 'Lee Late', role: 'Students' },
    });
    const resent = await world.ok('resendInvitation', { as: world.admin, params: { userId: person.userId } });
    expect(resent.temporaryPassword).toEqual(expect.any(String));
    expect(resent.temporaryPassword).not.toBe(temporaryPassword);
    await firstSignIn('late@example.com', resent.temporaryPassword, 'Lee-new-pass-1');

    const again = await world.call('resendInvitation', { as: world.admin, params: { userId: person.userId } });
    expect(again).toMatchObject({ status: 409, body: { message: 'Lee Late has already signed in; there is no invitation to resend.' } });
  });
});

describe('inviting many people', () => {
  it('answers each row: invited, already there, or failed, and the invited can sign in', async () => {
    const { results } = await world.ok(
      'invitePeople',
      {
        as: world.admin,
        body: {
          people: [
            { email: 'pupil1@example.com', name: 'Pat Pupil', role: 'Students' },
            { email: 'teacher@example.com', name: 'Ada Again', role: 'Teachers' },
            { email: 'pupil2@example.com', name: 'Pia Pupil', role: 'Students' },
          ],
        },
      },
      200,
    );
    expect(results).toEqual([
      expect.objectContaining({ email: 'pupil1@example.com', outcome: 'invited', temporaryPassword: expect.any(String) }),
      { email: 'teacher@example.com', outcome: 'exists', message: expect.stringMatching(SENTENCE) },
      expect.objectContaining({ email: 'pupil2@example.com', outcome: 'invited' }),
    ]);
    const found = await world.ok('lookupPeople', { as: world.admin, body: { emails: ['pupil1@example.com', 'pupil2@example.com', 'nobody@example.com'] } });
    expect(found.people.map((person: { email: string }) => person.email).sort()).toEqual(['pupil1@example.com', 'pupil2@example.com']);
  });
});

describe('listing people', () => {
  it('filters by role, status and search, with names and dates', async () => {
    const students = await world.ok('listPeople', { as: world.admin, path: '/api/admin/people?role=Students' });
    expect(students.people.every((person: { role: string }) => person.role === 'Students')).toBe(true);
    expect(students.people).toContainEqual(
      expect.objectContaining({ email: 'student@example.com', name: 'Sam Student', status: 'active', createdAt: expect.any(String) }),
    );

    const invited = await world.ok('listPeople', { as: world.admin, path: '/api/admin/people?status=invited' });
    expect(invited.people.length).toBeGreaterThan(0);
    expect(invited.people.every((person: { status: string }) => person.status === 'invited')).toBe(true);

    const byName = await world.ok('listPeople', { as: world.admin, path: '/api/admin/people?search=Sam' });
    expect(byName.people.map((person: { email: string }) => person.email)).toEqual(['student@example.com']);
    const byEmail = await world.ok('listPeople', { as: world.admin, path: '/api/admin/people?search=teacher2%40' });
    expect(byEmail.people.map((person: { email: string }) => person.email)).toEqual(['teacher2@example.com']);
  });

  it('finds any word of a name and any part of an e-mail whatever the case and accents, and follows every change', async () => {
    const emailsFor = async (query: string) =>
      (await world.ok('listPeople', { as: world.admin, path: `/api/admin/people?${query}` })).people.map((person: { email: string }) => person.email);
    const { person } = await world.ok('invitePerson', { as: world.admin, body: { email: 's30@example.com', name: 'Amara Okafor', role: 'Students' } }, 201);
    expect(await emailsFor('search=amara')).toEqual(['s30@example.com']);
    expect(await emailsFor('search=OKAFOR')).toEqual(['s30@example.com']);
    expect(await emailsFor('search=s30')).toEqual(['s30@example.com']);
    expect(await emailsFor('search=student')).toEqual(expect.arrayContaining(['student@example.com', 'student2@example.com']));

    await world.ok('renamePerson', { as: world.admin, params: { userId: person.userId }, body: { name: 'Amára Ọkafọr-Brontë' } });
    expect(await emailsFor('search=bronte%20amara')).toEqual(['s30@example.com']);
    await world.ok('changeRole', { as: world.admin, params: { userId: person.userId }, body: { role: 'Teachers' } });
    expect(await emailsFor('search=amara&role=Students')).toEqual([]);
    expect(await emailsFor('search=amara&role=Teachers&status=invited')).toEqual(['s30@example.com']);
    await world.ok('disablePerson', { as: world.admin, params: { userId: person.userId } });
    expect(await emailsFor('search=amara&status=disabled')).toEqual(['s30@example.com']);
    await world.ok('enablePerson', { as: world.admin, params: { userId: person.userId } });
    expect(await emailsFor('search=amara&status=invited')).toEqual(['s30@example.com']);
  });

  it('shows people made outside the app once the repair (npm run migrate) has copied the user pool, and drops copies of people gone', async () => {
    const search = async (words: string) =>
      (await world.ok('listPeople', { as: world.admin, path: `/api/admin/people?search=${encodeURIComponent(words)}` })).people.map(
        (person: { email: string }) => person.email,
      );
    await createUser(world.config, { email: 'console-made@example.com', password: 'Console-pass-1', role: 'Teachers', name: 'Made In Console' });
    const stores = localTableStores(world.config);
    try {
      await stores.peopleIndex.save({ userId: 'gone-person', email: 'gone@example.com', name: 'Long Gone', role: 'Students', status: 'active', createdAt: '2026-01-01T00:00:00.000Z' });
    } finally {
      stores.destroy();
    }
    expect(await search('console')).toEqual([]);
    expect(await search('long gone')).toEqual(['gone@example.com']);

    const { removed } = await rebuildStackPeopleIndex(world.config);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await search('console')).toEqual(['console-made@example.com']);
    expect(await search('long gone')).toEqual([]);
  });

  it('pages a search through the whole directory in name order, each person once', async () => {
    const stores = localTableStores(world.config);
    try {
      const many = Array.from({ length: 130 }, (_, index) => ({
        userId: `paged-${String(index).padStart(3, '0')}`,
        email: `paged${index}@example.com`,
        name: `Pagé Person ${String(index).padStart(3, '0')}`,
        role: 'Students' as const,
        status: 'active' as const,
        createdAt: '2026-11-01T00:00:00.000Z',
      }));
      for (const person of many) await stores.peopleIndex.save(person);
      const seen: string[] = [];
      let next: string | undefined;
      do {
        const query = new URLSearchParams({ search: 'page person', ...(next ? { next } : {}) });
        const page = await world.ok('listPeople', { as: world.admin, path: `/api/admin/people?${query}` });
        expect(page.people.length).toBeLessThanOrEqual(60);
        seen.push(...page.people.map((each: { userId: string }) => each.userId));
        next = page.next;
      } while (next);
      expect(seen).toEqual(many.map((each) => each.userId));
      const refused = await world.call('listPeople', { as: world.admin, path: '/api/admin/people?next=bm90LWdpdmVu' });
      expect(refused).toMatchObject({ status: 400, body: { message: 'next is not one this list gave; start again without it.' } });
    } finally {
      stores.destroy();
    }
  });

  it('refuses an unknown filter', async () => {
    const answer = await world.call('listPeople', { as: world.admin, path: '/api/admin/people?role=Wizards' });
    expect(answer).toMatchObject({ status: 400, body: { message: expect.stringContaining('Role must be Students, Teachers or Admins.') } });
  });
});

describe('the audit trail', () => {
  it('pages newest first and filters by who, what and when, each entry once', async () => {
    const stores = localTableStores(world.config);
    try {
      // A day of 2020, before anything this run records: 120 changes by two admins, alternating invite and disable.
      for (let index = 0; index < 120; index += 1) {
        await stores.audit.record({
          at: new Date(Date.UTC(2020, 5, 1, 8, 0, index)).toISOString(),
          actorId: index % 3 === 0 ? 'admin-two' : world.admin.userId,
          actor: index % 3 === 0 ? 'Second Admin' : 'Alex Admin',
          action: index % 2 === 0 ? 'invite' : 'disable',
          subject: `Person ${index}`,
        });
      }
      const read = async (filters: Record<string, string>) => {
        const subjects: string[] = [];
        let next: string | undefined;
        do {
          const query = new URLSearchParams({ ...filters, ...(next ? { next } : {}) });
          const page = await world.ok('listAuditTrail', { as: world.admin, path: `/api/admin/audit?${query}` });
          expect(page.entries.length).toBeLessThanOrEqual(50);
          subjects.push(...page.entries.map((entry: { subject: string }) => entry.subject));
          next = page.next;
        } while (next);
        return subjects;
      };
      const day = { from: '2020-06-01T00:00:00.000Z', to: '2020-06-01T23:59:59.999Z' };
      const all = await read(day);
      expect(all).toEqual(Array.from({ length: 120 }, (_, index) => `Person ${119 - index}`));
      const byTwoInviting = await read({ ...day, actorId: 'admin-two', action: 'invite' });
      expect(byTwoInviting).toEqual(all.filter((subject) => Number(subject.split(' ')[1]) % 6 === 0));
      const firstMinute = await read({ from: day.from, to: '2020-06-01T08:00:59.999Z' });
      expect(firstMinute).toHaveLength(60);

      const refused = await world.call('listAuditTrail', { as: world.admin, path: '/api/admin/audit?next=bm90LWdpdmVu' });
      expect(refused).toMatchObject({ status: 400, body: { message: 'next is not one this list gave; start again without it.' } });
      const badWhen = await world.call('listAuditTrail', { as: world.admin, path: '/api/admin/audit?from=yesterday' });
      expect(badWhen).toMatchObject({ status: 400, body: { message: expect.stringContaining('from must be a date and time') } });
    } finally {
      stores.destroy();
    }
  });
});

describe('names', () => {
  it("an admin's rename of a student reaches the class roster and the teacher's report", async () => {
    await world.ok('renamePerson', { as: world.admin, params: { userId: world.student.userId }, body: { name: 'Samira Student' } });
    const detail = await world.ok('getClass', { as: world.teacher, params: { classId: CLASS_ID } });
    expect(detail.studentIds).toEqual([{ _id: world.student.userId, username: 'Samira Student', email: world.student.email }]);
    await world.ok('renamePerson', { as: world.admin, params: { userId: world.student.userId }, body: { name: world.student.name } });
  });

  it("a teacher's own rename reaches the classes they teach, as their students see them", async () => {
    await world.ok('renameSelf', { as: world.teacher, body: { name: 'Ada Lovelace' } });
    const classes = await world.ok('listStudentClasses', { as: world.student, params: { userId: world.student.userId } });
    expect(classes[0].teacherId).toEqual({ _id: world.teacher.userId, username: 'Ada Lovelace' });
    const [person] = (await world.ok('lookupPeople', { as: world.admin, body: { emails: [world.teacher.email] } })).people;
    expect(person.name).toBe('Ada Lovelace');
    await world.ok('renameSelf', { as: world.teacher, body: { name: world.teacher.name } });
  });
});

async function refreshWith(refreshToken: string) {
  const client = identityClient(world.config);
  try {
    return await client.send(
      new InitiateAuthCommand({
        ClientId: world.config.cognito.userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
  } finally {
    client.destroy();
  }
}

describe('roles and offboarding', () => {
  it('moves a person between groups; the new token carries the new role', async () => {
    const { person, temporaryPassword } = await world.ok('invitePerson', {
      as: world.admin,
      body: { email: 'mover@example.com', name: 'Mo Mover', role: 'Students' },
    });
    await firstSignIn('mover@example.com', temporaryPassword, 'Mover-pass-1');
    const changed = await world.ok('changeRole', { as: world.admin, params: { userId: person.userId }, body: { role: 'Teachers' } });
    expect(changed.role).toBe('Teachers');
    await nextSecond();
    const { accessToken } = await signInTokens(world.config, 'mover@example.com', 'Mover-pass-1');
    expect((await world.call('listClasses', { as: accessToken })).status).toBe(200);
  });

  it('keeps a class teacher in Teachers until their classes have another teacher', async () => {
    const { person } = await world.ok('invitePerson', {
      as: world.admin,
      body: { email: 'keeper@example.com', name: 'Kit Keeper', role: 'Teachers' },
    });
    const { classId } = await world.ok('createClass', { as: world.admin, body: { className: 'Keeper class', teacherId: person.userId } });
    const refused = await world.call('changeRole', { as: world.admin, params: { userId: person.userId }, body: { role: 'Students' } });
    expect(refused).toMatchObject({ status: 409, body: { message: 'Kit Keeper teaches Keeper class; give that class another teacher first.' } });
    const teachers = await world.ok('listPeople', { as: world.admin, path: '/api/admin/people?role=Teachers' });
    expect(teachers.people.map((each: { userId: string }) => each.userId)).toContain(person.userId);

    await world.ok('setClassTeacher', { as: world.admin, params: { classId }, body: { teacherId: null } });
    const moved = await world.ok('changeRole', { as: world.admin, params: { userId: person.userId }, body: { role: 'Students' } });
    expect(moved.role).toBe('Students');
    await world.ok('deleteClass', { as: world.admin, params: { classId } });
  });

  it('disables a student, whose next call is refused, then enables them again', async () => {
    const { person, temporaryPassword } = await world.ok('invitePerson', {
      as: world.admin,
      body: { email: 'leaver@example.com', name: 'Lou Leaver', role: 'Students' },
    });
    const token = await firstSignIn('leaver@example.com', temporaryPassword, 'Leaver-pass-1');
    const ownClasses = { as: token, params: { userId: person.userId } };
    expect((await world.call('listStudentClasses', ownClasses)).status).toBe(200);
    const { refreshToken } = await signInTokens(world.config, 'leaver@example.com', 'Leaver-pass-1');

    const disabled = await world.ok('disablePerson', { as: world.admin, params: { userId: person.userId } });
    expect(disabled.status).toBe('disabled');
    // Signed out everywhere: the session cannot be renewed.
    await expect(refreshWith(refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const refused = await world.call('listStudentClasses', ownClasses);
    expect(refused).toMatchObject({ status: 401, body: { message: TOKEN_REVOKED_MESSAGE } });
    // Nor can a new one start: the identity service refuses a disabled user's sign-in, locally as in Cognito.
    await expect(signInTokens(world.config, 'leaver@example.com', 'Leaver-pass-1')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User is disabled.',
    });

    const enabled = await world.ok('enablePerson', { as: world.admin, params: { userId: person.userId } });
    expect(enabled.status).toBe('active');
    // Enabled again, they sign in again: the tokens they held before stay refused, in the API and the identity service.
    expect(await world.call('listStudentClasses', ownClasses)).toMatchObject({ status: 401, body: { message: TOKEN_REVOKED_MESSAGE } });
    await expect(refreshWith(refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await nextSecond();
    const again = await signInTokens(world.config, 'leaver@example.com', 'Leaver-pass-1');
    expect((await world.call('listStudentClasses', { ...ownClasses, as: again.accessToken })).status).toBe(200);

    const actions = (await world.ok('getAdminOverview', { as: world.admin })).recentChanges.map((entry: { action: string }) => entry.action);
    expect(actions.slice(0, 2)).toEqual(['enable', 'disable']);
  });

  it('does not let an admin disable themselves or change their own role', async () => {
    const self = { as: world.admin, params: { userId: world.admin.userId } };
    expect((await world.call('disablePerson', self)).status).toBe(403);
    expect((await world.call('changeRole', { ...self, body: { role: 'Students' } })).status).toBe(403);
    const client = identityClient(world.config);
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: world.config.cognito.userPoolId, Username: world.admin.email }));
    client.destroy();
    expect(user.Enabled).toBe(true);
  });
});

describe('the dashboard', () => {
  it('counts people by role and status, classes, modules, and classes missing a teacher or students', async () => {
    await world.createModule(world.teacher, [{ title: 'One', contentUrl: await world.upload(world.teacher, 'a.pdf', 'application/pdf', new TextEncoder().encode('%PDF-1.4\n')) }]);
    const overview = await world.ok('getAdminOverview', { as: world.admin });
    expect(overview.people.Admins).toEqual({ invited: 0, active: 1, disabled: 0 });
    expect(overview.people.Teachers.active).toBeGreaterThanOrEqual(2);
    expect(overview.classes).toEqual({ total: 2, withoutTeacher: 0, withoutStudents: 0 });
    expect(overview.modules).toBe(1);
  });
});
