// The OneRoster import over in-memory stores: preview changes nothing, apply makes the plan's changes with links to
// the sourcedIds, a second apply is all unchanged, a delta removes its enrolment, bad rows are listed and skipped.
import { ADMIN_ID, givenAdminSchool, givenOneRoster } from '@functions/test/in-memory/admin';
import type { Caller } from '../kernel/caller';
import { sampleFiles, zipFiles, zipSample, type Sample } from './oneroster/samples/zip-sample';

const caller: Caller = { userId: ADMIN_ID, roles: ['Admins'], name: 'Alex Admin' };
const own = (name: string) => `protected/${ADMIN_ID}/${name}`;

function setup(invitations: 'email' | 'none' = 'email') {
  const school = givenAdminSchool();
  const { oneRoster, links, stored, history } = givenOneRoster(school, invitations);
  const put = (name: string, zip: Uint8Array) => {
    stored.set(own(name), zip);
    return own(name);
  };
  const run = (sample: Sample, mode: 'preview' | 'apply', importAdministrators = false) =>
    oneRoster.importUploaded(caller, { contentUrl: put(`${sample}.zip`, zipSample(sample)), mode, importAdministrators });
  return { school, links, oneRoster, put, run, stored, history };
}

const unchanged = (count: number) => ({ create: 0, update: 0, delete: 0, unchanged: count });

it('previews a bulk package without changing anything, then applies it: people, classes with teachers, enrolments', async () => {
  const { school, links, run } = setup();
  const peopleBefore = school.directory.people.size;
  const preview = await run('bulk-1.2', 'preview');
  expect(preview.counts.users.create).toBeGreaterThan(0);
  expect(school.directory.people.size).toBe(peopleBefore);
  expect((await links.readLinks()).people).toEqual([]);

  const applied = await run('bulk-1.2', 'apply');
  expect(applied).toEqual(preview);
  const everyone = [...school.directory.people.values()];
  const ada = everyone.find((person) => person.email === 'ada.okafor@northfield.example');
  expect(ada).toMatchObject({ name: 'Ada Okafor', role: 'Teachers' });
  // The SIS's administrator is listed, not imported, unless the admin ticks it.
  expect(everyone.some((person) => person.email === 'mei.chen@northfield.example')).toBe(false);
  const classes = await school.ports.rosters.listAllClasses();
  const maths = classes.find((item) => item.className === 'Year 9 "Set A" Maths');
  expect(maths).toMatchObject({ teacherId: ada!.userId });
  const linked = await links.readLinks();
  expect(linked.people).toHaveLength(applied.counts.users.create);
  expect(linked.classes).toEqual(expect.arrayContaining([{ sourcedId: 'cl-10', classId: maths!.classId, schoolSourcedId: 'org-northfield', termSourcedId: 'as-2027-t1' }]));
  expect(linked.enrollments).toHaveLength(applied.counts.enrollments.create);
  expect(await school.ports.classes.listAllStudents(maths!.classId)).not.toHaveLength(0);
});

it('a second apply of the same package answers every count as unchanged and changes nothing', async () => {
  const { school, run, links } = setup();
  const first = await run('bulk-1.2', 'apply');
  const linksAfterFirst = await links.readLinks();
  const auditAfterFirst = school.ports.audit.entries.length;
  const second = await run('bulk-1.2', 'apply');
  expect(second.counts).toEqual({
    users: unchanged(first.counts.users.create),
    classes: unchanged(first.counts.classes.create),
    enrollments: unchanged(first.counts.enrollments.create),
  });
  expect(await links.readLinks()).toEqual(linksAfterFirst);
  // Only the run's own entry.
  expect(school.ports.audit.entries.slice(auditAfterFirst).map((entry) => entry.action)).toEqual(['importOneRoster']);
});

it('a delta removes the one enrolment it marks tobedeleted, and its link', async () => {
  const { school, run, links } = setup();
  await run('bulk-1.2', 'apply');
  const enrolled = (await links.readLinks()).enrollments.find((link) => link.sourcedId === 'e-12')!;
  expect(enrolled).toBeDefined();
  const delta = await run('delta-1.2', 'apply');
  expect(delta.counts.enrollments).toMatchObject({ delete: 1, create: 0 });
  expect(await school.ports.classes.getEnrolment(enrolled.classId, enrolled.studentId)).toBeUndefined();
  expect((await links.readLinks()).enrollments.some((link) => link.sourcedId === 'e-12')).toBe(false);
  // Applying the delta again has nothing left to remove.
  expect((await run('delta-1.2', 'apply')).counts.enrollments.delete).toBe(0);
});

it('matches someone invited by hand by e-mail, once, and keeps their account', async () => {
  const { school, run, links } = setup();
  const invited = school.directory.add({ email: 'bjorn.larsen@northfield.example', name: 'Björn Larsen', role: 'Teachers', status: 'active' });
  await school.index.save(invited);
  const applied = await run('bulk-1.2', 'apply');
  expect(applied.counts.users.update).toBe(1);
  expect((await links.readLinks()).people).toEqual(expect.arrayContaining([{ sourcedId: 't-101', userId: invited.userId }]));
  expect([...school.directory.people.values()].filter((person) => person.email === invited.email)).toHaveLength(1);
});

it('lists bad rows by file and line and still applies the good ones', async () => {
  const { school, run } = setup();
  const answer = await run('bad-rows-1.2', 'apply');
  expect(answer.errors.length).toBeGreaterThan(0);
  for (const error of answer.errors) expect(error).toEqual({ file: expect.stringMatching(/\.csv$/), line: expect.any(Number), message: expect.any(String) });
  expect(answer.counts.users.create).toBeGreaterThan(0);
  expect([...school.directory.people.values()].some((person) => person.email === 'ada.okafor@northfield.example')).toBe(true);
});

it('makes accounts without invitation e-mails where people sign in through the school', async () => {
  const { school, run } = setup('none');
  await run('bulk-1.2', 'apply');
  const creates = school.directory.calls.filter((call) => call.startsWith('create '));
  expect(creates.length).toBeGreaterThan(0);
  expect(creates.every((call) => call.endsWith('without invitation'))).toBe(true);
});

it('turns off the access of someone a later bulk file leaves out, and forgets their sourcedId', async () => {
  const { school, run, put, oneRoster, links } = setup();
  await run('bulk-1.2', 'apply');
  const files = sampleFiles('bulk-1.2');
  const lines = files['users.csv']!.split(/\r?\n/);
  const withoutZoe = lines.filter((line) => !line.startsWith('s-300,')).join('\r\n');
  const enrollments = files['enrollments.csv']!.split(/\r?\n/).filter((line) => !line.includes(',s-300,')).join('\r\n');
  const answer = await oneRoster.importUploaded(caller, {
    contentUrl: put('without-zoe.zip', zipFiles({ ...files, 'users.csv': withoutZoe, 'enrollments.csv': enrollments })),
    mode: 'apply',
    importAdministrators: false,
  });
  expect(answer.counts.users.delete).toBe(1);
  const zoe = [...school.directory.people.values()].find((person) => person.email === 'zoe.bronte@students.northfield.example')!;
  expect(zoe.status).toBe('disabled');
  expect((await links.readLinks()).people.some((link) => link.sourcedId === 's-300')).toBe(false);
});

it("refuses a package that is not the caller's own upload, one that is missing and one that is not a zip, changing nothing", async () => {
  const { oneRoster, put, school } = setup();
  const before = school.directory.people.size;
  await expect(oneRoster.importUploaded(caller, { contentUrl: 'protected/someone-else/x.zip', mode: 'apply', importAdministrators: false })).rejects.toMatchObject({ kind: 'forbidden' });
  await expect(oneRoster.importUploaded(caller, { contentUrl: own('missing.zip'), mode: 'apply', importAdministrators: false })).rejects.toMatchObject({ kind: 'notFound' });
  await expect(
    oneRoster.importUploaded(caller, { contentUrl: put('text.zip', new TextEncoder().encode('not a zip')), mode: 'apply', importAdministrators: false }),
  ).rejects.toMatchObject({ kind: 'invalid', message: expect.stringMatching(/not a zip/) });
  expect(school.directory.people.size).toBe(before);
});

it('keeps each run in the history, newest first, and audits applies', async () => {
  const { run, history, school } = setup();
  await run('bulk-1.2', 'preview');
  school.ports.clock.set('2024-05-03T10:05:00.000Z');
  await run('bulk-1.2', 'apply');
  const runs = await history.recent();
  expect(runs.map((item) => [item.mode, item.source, item.by])).toEqual([
    ['apply', 'upload', 'Alex Admin'],
    ['preview', 'upload', 'Alex Admin'],
  ]);
  expect(school.ports.audit.entries.filter((entry) => entry.action === 'importOneRoster')).toHaveLength(1);
});

it('the nightly sync applies a package from the bucket as the sync, and records its run', async () => {
  const { oneRoster, stored, history, school } = setup();
  stored.set('oneroster/nightly.zip', zipSample('bulk-1.2'));
  const answer = await oneRoster.importFromBucket('oneroster/nightly.zip');
  expect(answer.counts.users.create).toBeGreaterThan(0);
  expect((await history.recent()).map((item) => [item.mode, item.source, item.by])).toEqual([['apply', 'bucket', 'OneRoster sync']]);
  expect(school.ports.audit.entries.filter((entry) => entry.action === 'importOneRoster').map((entry) => entry.subject)).toEqual(['OneRoster sync oneroster/nightly.zip']);
});
