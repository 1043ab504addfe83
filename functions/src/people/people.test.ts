// The people use cases over in-memory adapters that keep the real ones' promises.
import {
  fixedFigures,
  InMemoryAuditLog,
  InMemoryDirectory,
  InMemoryPeopleIndex,
  InMemoryPersonAccess,
  InMemoryRosters,
  steppingClock,
} from './fakes/people';
import type { Caller } from '../kernel/caller';
import { makePeopleService, rebuildPeopleIndex } from './people';

function setup() {
  const directory = new InMemoryDirectory();
  const audit = new InMemoryAuditLog();
  const rosters = new InMemoryRosters();
  const admin = directory.add({ email: 'admin@school.example', name: 'Alex Admin', role: 'Admins' });
  const caller: Caller = { userId: admin.userId, roles: ['Admins'] };
  const index = InMemoryPeopleIndex.of(directory, 2);
  const access = new InMemoryPersonAccess();
  const people = makePeopleService({
    directory,
    access,
    index,
    audit,
    rosters,
    clock: steppingClock(),
    figures: fixedFigures({ total: 3, withoutTeacher: 1, withoutStudents: 2 }, 2),
  });
  return { directory, access, index, audit, rosters, admin, caller, people };
}

describe('invite', () => {
  it('creates the person and records who invited whom, when', async () => {
    const { people, caller, audit } = setup();
    const invitation = await people.invite(caller, { email: 'ada@school.example', name: 'Ada Teacher', role: 'Teachers' });
    expect(invitation).toEqual({
      person: expect.objectContaining({ email: 'ada@school.example', role: 'Teachers', status: 'invited' }),
      temporaryPassword: 'temp-ada@school.example',
      created: true,
    });
    expect(audit.entries).toEqual([
      { at: '2026-11-23T10:00:01.000Z', actorId: caller.userId, actor: 'Alex Admin', action: 'invite', subject: 'Ada Teacher (ada@school.example)', subjectId: 'user-2', detail: 'as Teachers' },
    ]);
  });

  it('refuses an e-mail that has an account with a conflict, writing nothing', async () => {
    const { people, caller, audit, directory } = setup();
    directory.add({ email: 'sam@school.example', role: 'Students' });
    await expect(people.invite(caller, { email: 'SAM@school.example', name: 'Sam', role: 'Students' })).rejects.toMatchObject({
      kind: 'conflict',
      message: 'SAM@school.example already has an account; find them in the list (use "Resend invitation" if they have not signed in yet).',
    });
    expect(directory.people.size).toBe(2);
    expect(audit.entries).toEqual([]);
  });

  it('a repeat of a pending invitation with the same role (a retry after a timeout) answers that person, once recorded', async () => {
    const { people, caller, audit, directory } = setup();
    const first = await people.invite(caller, { email: 'ada@school.example', name: 'Ada Teacher', role: 'Teachers' });
    const again = await people.invite(caller, { email: 'ADA@school.example', name: 'Ada Teacher', role: 'Teachers' });
    expect(again).toEqual({ person: first.person, created: false });
    expect(directory.people.size).toBe(2);
    expect(audit.entries.map((entry) => entry.action)).toEqual(['invite']);
  });

  it('a retry after a first try that stopped before giving the role gives it, records the invitation, and answers the person', async () => {
    const { people, caller, audit, directory } = setup();
    const halfDone = directory.add({ email: 'ada@school.example', name: 'Ada Teacher', role: null, status: 'invited' });
    const again = await people.invite(caller, { email: 'ada@school.example', name: 'Ada Teacher', role: 'Teachers' });
    expect(again).toEqual({ person: { ...halfDone, role: 'Teachers' }, created: false });
    expect(directory.people.get(halfDone.userId)?.role).toBe('Teachers');
    expect(audit.entries.map((entry) => [entry.action, entry.detail])).toEqual([['invite', 'as Teachers']]);
  });

  it('the same e-mail with another role, or of someone who has signed in, is still a conflict', async () => {
    const { people, caller, directory } = setup();
    await people.invite(caller, { email: 'ada@school.example', name: 'Ada Teacher', role: 'Teachers' });
    directory.add({ email: 'sam@school.example', role: 'Students', status: 'active' });
    for (const repeat of [
      { email: 'ada@school.example', name: 'Ada Teacher', role: 'Students' as const },
      { email: 'sam@school.example', name: 'Sam', role: 'Students' as const },
    ]) {
      await expect(people.invite(caller, repeat)).rejects.toMatchObject({ kind: 'conflict' });
    }
  });
});

describe('a role that does not stick', () => {
  /** A directory that makes the account but loses its group, as concurrent group changes once did locally. */
  function losingRoles() {
    const context = setup();
    const create = context.directory.create.bind(context.directory);
    context.directory.create = async (person) => {
      const created = await create(person);
      if (created !== 'exists' && person.email.startsWith('lost')) context.directory.people.set(created.person.userId, { ...created.person, role: null });
      return created;
    };
    return context;
  }

  it('fails the invitation with a sentence that says what to do, and records nothing', async () => {
    const { people, caller, audit } = losingRoles();
    await expect(people.invite(caller, { email: 'lost@school.example', name: 'Lou Lost', role: 'Students' })).rejects.toMatchObject({
      kind: 'conflict',
      message: 'lost@school.example was invited, but their role (Students) could not be confirmed; invite them again to give it.',
    });
    expect(audit.entries).toEqual([]);
  });

  it('is a failed row of a bulk invitation, and inviting the row again gives the role', async () => {
    const { people, caller, directory } = losingRoles();
    const rows = [
      { email: 'kept@school.example', name: 'Kim Kept', role: 'Students' as const },
      { email: 'lost@school.example', name: 'Lou Lost', role: 'Students' as const },
    ];
    const results = await people.inviteMany(caller, rows);
    expect(results.map((result) => [result.email, result.outcome])).toEqual([
      ['kept@school.example', 'invited'],
      ['lost@school.example', 'failed'],
    ]);
    expect(results[1]).toMatchObject({ message: expect.stringContaining('invite them again') });
    await people.inviteMany(caller, [rows[1]]);
    expect((await directory.findByEmail('lost@school.example'))?.role).toBe('Students');
  });
});

describe('inviteMany', () => {
  it('answers every row in order, one failure not stopping the others', async () => {
    const { people, caller, directory } = setup();
    directory.add({ email: 'old@school.example', role: 'Students' });
    const rows = Array.from({ length: 12 }, (_, index) => ({ email: `p${index}@school.example`, name: `P ${index}`, role: 'Students' as const }));
    rows.splice(3, 0, { email: 'old@school.example', name: 'Old', role: 'Students' });
    const results = await people.inviteMany(caller, rows);
    expect(results.map((result) => [result.email, result.outcome])).toEqual(rows.map((row) => [row.email, row.email === 'old@school.example' ? 'exists' : 'invited']));
    expect(directory.people.size).toBe(2 + 12);
  });

  it('never has more than five invitations in flight', async () => {
    const { people, caller, directory } = setup();
    let inFlight = 0;
    let most = 0;
    const create = directory.create.bind(directory);
    directory.create = async (person) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      return create(person);
    };
    await people.inviteMany(caller, Array.from({ length: 20 }, (_, index) => ({ email: `q${index}@school.example`, name: 'Q', role: 'Students' as const })));
    expect(most).toBe(5);
  });
});

describe('renames', () => {
  it("an admin's rename changes the directory and the class rosters, and is recorded", async () => {
    const { people, caller, directory, rosters, audit } = setup();
    const sam = directory.add({ email: 'sam@school.example', name: 'Sam', role: 'Students' });
    expect(await people.renamePerson(caller, sam.userId, 'Samira Student')).toMatchObject({ name: 'Samira Student' });
    expect(directory.people.get(sam.userId)?.name).toBe('Samira Student');
    // The enrolments get the new name with the e-mail, which fills it on enrolments written before it was kept.
    expect(rosters.students.get(sam.userId)).toEqual({ studentId: sam.userId, name: 'Samira Student', email: 'sam@school.example' });
    expect(rosters.teacherNames.get(sam.userId)).toBe('Samira Student');
    expect(audit.entries[0]).toMatchObject({ action: 'rename', subject: 'Samira Student (sam@school.example)', detail: 'was "Sam"' });
  });

  it('anyone renames themselves without an audit entry', async () => {
    const { people, directory, rosters, audit } = setup();
    const ada = directory.add({ email: 'ada@school.example', name: 'Ada', role: 'Teachers' });
    await people.renameSelf({ userId: ada.userId, roles: ['Teachers'] }, 'Ada Lovelace');
    expect(rosters.teacherNames.get(ada.userId)).toBe('Ada Lovelace');
    expect(rosters.students.get(ada.userId)).toEqual({ studentId: ada.userId, name: 'Ada Lovelace', email: 'ada@school.example' });
    expect(audit.entries).toEqual([]);
  });

  it('a missing person is a 404 and nothing changes', async () => {
    const { people, caller, directory } = setup();
    await expect(people.renamePerson(caller, 'nobody', 'X')).rejects.toMatchObject({ kind: 'notFound' });
    expect(directory.calls).toEqual([]);
  });
});

describe('roles and access', () => {
  it('moves a person to another group and records from and to', async () => {
    const { people, caller, directory, audit } = setup();
    const kim = directory.add({ email: 'kim@school.example', name: 'Kim', role: 'Students' });
    expect(await people.changeRole(caller, kim.userId, 'Teachers')).toMatchObject({ role: 'Teachers' });
    expect(audit.entries[0]).toMatchObject({ action: 'changeRole', detail: 'from Students to Teachers' });
    await people.changeRole(caller, kim.userId, 'Teachers');
    expect(directory.calls.filter((call) => call.startsWith('setRole'))).toHaveLength(1);
  });

  it('answers 404 for someone who does not exist, and writes nothing, not even the hold of a role change', async () => {
    const { people, caller, access, audit } = setup();
    await expect(people.changeRole(caller, 'nobody', 'Teachers')).rejects.toMatchObject({ kind: 'notFound' });
    expect(access.records.size).toBe(0);
    expect(audit.entries).toEqual([]);
  });

  it('refuses to move a teacher who still teaches a class out of Teachers, and changes nothing', async () => {
    const { people, caller, directory, rosters, audit } = setup();
    const ada = directory.add({ email: 'ada@school.example', name: 'Ada Teacher', role: 'Teachers' });
    rosters.taught.set(ada.userId, ['Year 9 Science', 'Year 10 Biology']);
    await expect(people.changeRole(caller, ada.userId, 'Students')).rejects.toMatchObject({
      kind: 'conflict',
      message: 'Ada Teacher teaches Year 9 Science, Year 10 Biology; give those classes another teacher first.',
    });
    expect(directory.people.get(ada.userId)?.role).toBe('Teachers');
    expect(audit.entries).toEqual([]);
    rosters.taught.set(ada.userId, []);
    expect(await people.changeRole(caller, ada.userId, 'Admins')).toMatchObject({ role: 'Admins' });
  });

  it('disables and enables, recording each real change once', async () => {
    const { people, caller, directory, audit } = setup();
    const kim = directory.add({ email: 'kim@school.example', name: 'Kim', role: 'Students' });
    await people.disable(caller, kim.userId);
    await people.disable(caller, kim.userId);
    await people.enable(caller, kim.userId);
    await people.enable(caller, kim.userId);
    expect(audit.entries.map((entry) => entry.action)).toEqual(['disable', 'enable']);
    expect(directory.people.get(kim.userId)?.status).toBe('active');
  });

  it.each([
    ['a role change', (people: ReturnType<typeof setup>['people'], caller: Caller, userId: string) => people.changeRole(caller, userId, 'Teachers')],
    ['a disable', (people: ReturnType<typeof setup>['people'], caller: Caller, userId: string) => people.disable(caller, userId)],
  ])('%s signs the person out everywhere and refuses every token issued until then', async (_change, change) => {
    const { people, caller, directory, access } = setup();
    const kim = directory.add({ email: 'kim@school.example', name: 'Kim', role: 'Students' });
    await change(people, caller, kim.userId);
    expect(directory.calls).toContain(`signOut ${kim.userId}`);
    // steppingClock: the change's reads took 10:00:01 and :02; the revocation covers the second it was made in.
    expect((await access.read(kim.userId)).tokensRevokedAt).toBeGreaterThanOrEqual(Date.parse('2026-11-23T10:00:01.000Z') / 1000);
  });

  it('enabling a person again revives none of the tokens they held before', async () => {
    const { people, caller, directory, access } = setup();
    const kim = directory.add({ email: 'kim@school.example', name: 'Kim', role: 'Students' });
    await people.disable(caller, kim.userId);
    const revoked = (await access.read(kim.userId)).tokensRevokedAt!;
    await people.enable(caller, kim.userId);
    expect((await access.read(kim.userId)).tokensRevokedAt).toBeGreaterThanOrEqual(revoked);
  });

  it('refuses a role change while another holds the person (409), and lets the next one through once it ends', async () => {
    const { people, caller, directory, access } = setup();
    const kim = directory.add({ email: 'kim@school.example', name: 'Kim', role: 'Students' });
    await access.beginRoleChange(kim.userId, Date.parse('2026-11-23T10:00:00.000Z'), Date.parse('2026-11-23T10:00:30.000Z'));
    await expect(people.changeRole(caller, kim.userId, 'Admins')).rejects.toMatchObject({ kind: 'conflict', message: expect.stringMatching(/under way/) });
    expect(directory.people.get(kim.userId)?.role).toBe('Students');
    await access.endRoleChange(kim.userId, Date.parse('2026-11-23T10:00:30.000Z'));
    expect(await people.changeRole(caller, kim.userId, 'Admins')).toMatchObject({ role: 'Admins' });
    expect((await access.read(kim.userId)).roleChangeUntil).toBeUndefined();
  });

  it('refuses an admin acting on their own role or access', async () => {
    const { people, caller, directory } = setup();
    await expect(people.disable(caller, caller.userId)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(people.changeRole(caller, caller.userId, 'Students')).rejects.toMatchObject({ kind: 'forbidden' });
    expect(directory.calls).toEqual([]);
  });

  it('resends only an unused invitation', async () => {
    const { people, caller, directory } = setup();
    const invited = directory.add({ email: 'new@school.example', name: 'New', role: 'Students', status: 'invited' });
    const active = directory.add({ email: 'on@school.example', name: 'On', role: 'Students' });
    expect(await people.resendInvitation(caller, invited.userId)).toEqual({ temporaryPassword: 'again-new@school.example' });
    await expect(people.resendInvitation(caller, active.userId)).rejects.toMatchObject({
      kind: 'conflict',
      message: 'On has already signed in; there is no invitation to resend.',
    });
  });
});

describe('lookup and overview', () => {
  it('finds the people who have the given addresses, asking once per address', async () => {
    const { people, directory } = setup();
    directory.add({ email: 'a@school.example' });
    const found = await people.lookup(['a@school.example', 'b@school.example', 'a@school.example']);
    expect(found.map((person) => person.email)).toEqual(['a@school.example']);
  });

  it('counts people by role and status, and takes class and module figures from the school', async () => {
    const { people, directory, caller } = setup();
    directory.add({ email: 't1@school.example', role: 'Teachers' });
    directory.add({ email: 't2@school.example', role: 'Teachers', status: 'invited' });
    directory.add({ email: 's1@school.example', role: 'Students', status: 'disabled' });
    await people.invite(caller, { email: 's2@school.example', name: 'S', role: 'Students' });
    const overview = await people.overview();
    expect(overview.people).toEqual({
      Students: { invited: 1, active: 0, disabled: 1 },
      Teachers: { invited: 1, active: 1, disabled: 0 },
      Admins: { invited: 0, active: 1, disabled: 0 },
    });
    expect(overview.classes).toEqual({ total: 3, withoutTeacher: 1, withoutStudents: 2 });
    expect(overview.modules).toBe(4);
    expect(overview.recentChanges.map((entry) => entry.action)).toEqual(['invite']);
  });
});

describe('the people index (the searchable copy)', () => {
  const emails = (page: { people: { email: string }[] }) => page.people.map((person) => person.email);

  it('every change a use case makes reaches the copy, and the list reads it', async () => {
    const { people, caller, index } = setup();
    const { person } = await people.invite(caller, { email: 'amara.okafor@school.example', name: 'Amara Okafor', role: 'Students' });
    await people.renamePerson(caller, person.userId, 'Amára Okafor-Ígwe');
    await people.changeRole(caller, person.userId, 'Teachers');
    await people.disable(caller, person.userId);
    expect(index.copies.get(person.userId)).toMatchObject({ name: 'Amára Okafor-Ígwe', role: 'Teachers', status: 'disabled' });
    expect(emails(await people.list({ search: 'igwe', role: 'Teachers', status: 'disabled' }))).toEqual(['amara.okafor@school.example']);
    await people.enable(caller, person.userId);
    expect(index.copies.get(person.userId)?.status).toBe('active');
  });

  it('a retry after the copy missed a change brings the copy along', async () => {
    const { people, caller, directory, index } = setup();
    const kim = directory.add({ email: 'kim@school.example', name: 'Kim', role: 'Students', status: 'disabled' });
    index.copies.set(kim.userId, { ...kim });
    await directory.enable(kim.userId);
    await directory.setRole(kim, 'Teachers');
    await people.enable(caller, kim.userId);
    await people.changeRole(caller, kim.userId, 'Teachers');
    expect(index.copies.get(kim.userId)).toMatchObject({ status: 'active', role: 'Teachers' });
  });

  it('finds any word of a name and any part of an e-mail, whatever the case and accents, in pages', async () => {
    const { people, caller } = setup();
    for (const [email, name] of [
      ['amara.okafor@school.example', 'Amara Okafor'],
      ['s30@school.example', 'Zoë Brontë'],
      ['ben@school.example', 'Ben Okafor'],
    ]) await people.invite(caller, { email, name, role: 'Students' });
    expect(emails(await people.list({ search: 'amara' }))).toEqual(['amara.okafor@school.example']);
    expect(emails(await people.list({ search: 'S30' }))).toEqual(['s30@school.example']);
    expect(emails(await people.list({ search: 'zoe bronte' }))).toEqual(['s30@school.example']);
    const first = await people.list({ search: 'okafor' });
    expect(emails(first)).toEqual(['amara.okafor@school.example', 'ben@school.example']);
    expect(first.next).toBeUndefined();
    const everyone = await people.list({});
    expect(everyone.people.map((person) => person.name)).toEqual(['Alex Admin', 'Amara Okafor']);
    const rest = await people.list({ next: everyone.next });
    expect(rest.people.map((person) => person.name)).toEqual(['Ben Okafor', 'Zoë Brontë']);
  });

  it('sees a first sign-in the directory alone knows, and lists that person as active', async () => {
    const { people, caller, directory, index } = setup();
    const { person } = await people.invite(caller, { email: 'new@school.example', name: 'New Teacher', role: 'Teachers' });
    directory.people.set(person.userId, { ...person, status: 'active' });
    expect(emails(await people.list({ status: 'active', role: 'Teachers' }))).toEqual(['new@school.example']);
    expect(index.copies.get(person.userId)?.status).toBe('active');
    expect(emails(await people.list({ status: 'invited' }))).toEqual([]);
  });

  it('is rebuilt from the directory: people added outside the app appear, the gone ones go', async () => {
    const { directory, index, people } = setup();
    directory.add({ email: 'console@school.example', name: 'Made In Console', role: 'Teachers' });
    index.copies.set('gone', { userId: 'gone', email: 'gone@school.example', name: 'Gone', role: null, status: 'active', createdAt: '' });
    expect(await rebuildPeopleIndex({ directory, index })).toEqual({ saved: 2, removed: 1 });
    expect(emails(await people.list({ search: 'console' }))).toEqual(['console@school.example']);
  });
});
