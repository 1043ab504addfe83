// Erasing a person through the local stack (issue 39): a student and a teacher with data of every kind, erased; the
// token each still holds is refused, then the whole table and bucket are scanned for their id and e-mail and nothing
// holds either (their tokens are refused by their erase job, under the pseudonym: docs/decisions/privacy/erased-tokens-refused-by-the-job.md);
// a teacher whose module with a real PDF moves to another; an erase stopped part way and finished by a second call.
import { readFileSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { credentialsFor } from '@local/stack-config';
import { pseudonymOf } from '@functions/src/erasure/adapters/pseudonym';
import { TOKEN_REVOKED_MESSAGE } from '@shared/second-factor';
import { signInTokens } from './harness';
import { CLASS_ID, MEDIA, pdfBytes, person, RUN_ID, SECTION_TEXT, startWorld, type Item, type Person, type World } from './support/world';

jest.setTimeout(300_000);

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.stop());

let counter = 0;
const unique = (label: string) => `${label}-${++counter}`;
const ONE_QUESTION_CHECK = { questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Cells have membranes.', answer: true }] };

/** Every item of the table, request counters included. */
async function wholeTable(): Promise<Item[]> {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: world.config.dynamodb.endpoint, region: world.config.region, credentials: credentialsFor(world.config) }));
  const items: Item[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: world.config.dynamodb.table, ExclusiveStartKey, ConsistentRead: true }));
    items.push(...((page.Items ?? []) as Item[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  client.destroy();
  return items;
}

/** Every object of the bucket: its key and its bytes as text. */
async function wholeBucket(): Promise<{ key: string; text: string }[]> {
  const s3 = new S3Client({ endpoint: world.config.s3.endpoint, region: world.config.region, forcePathStyle: true, credentials: credentialsFor(world.config) });
  const objects: { key: string; text: string }[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: world.config.s3.bucket, ContinuationToken }));
    for (const { Key } of page.Contents ?? []) {
      const { Body } = await s3.send(new GetObjectCommand({ Bucket: world.config.s3.bucket, Key }));
      objects.push({ key: Key!, text: Buffer.from(await Body!.transformToByteArray()).toString('latin1') });
    }
    ContinuationToken = page.NextContinuationToken;
  } while (ContinuationToken);
  s3.destroy();
  return objects;
}

const serialise = (item: unknown) => JSON.stringify(item, (_, value: unknown) => (value instanceof Set ? [...value] : value)).toLowerCase();
const holding = (items: Item[], person: Person) => items.filter((item) => [person.userId, person.email].some((term) => serialise(item).includes(term.toLowerCase())));

/**
 * What is left of the person: the access token they held before the erase (still unexpired) is refused, and after
 * that request nothing in the table or the bucket holds their id or e-mail, not even under a request counter or an
 * access record; the audit trail has the erase under their pseudonym.
 */
async function expectNothingLeftOf(person: Person) {
  expect(await world.call('getNotifications', { as: person })).toMatchObject({ status: 401, body: { message: TOKEN_REVOKED_MESSAGE } });
  expect(holding(await wholeTable(), person)).toEqual([]);
  const files = await wholeBucket();
  expect(files.filter(({ key, text }) => [person.userId, person.email].some((term) => key.includes(term) || text.includes(term))).map(({ key }) => key)).toEqual([]);
  await expect(signInTokens(world.config, person.email, 'Integration-pass-1')).rejects.toThrow();
  const audit = await world.ok('listAuditTrail', { as: world.admin });
  expect(audit.entries).toContainEqual(expect.objectContaining({ action: 'erase', subject: pseudonymOf(person.userId), actorId: world.admin.userId }));
  expect(JSON.stringify(audit.entries)).not.toContain(person.name);
}

const erase = (person: Person, body: Record<string, unknown>) => world.call('erasePerson', { as: world.admin, params: { userId: person.userId }, body });

test('erasing a student removes everything of theirs and keeps the class counts as if they had never been', async () => {
  const { teacher, student, admin } = world;
  const file = await world.upload(teacher, `${unique('cells')}.pdf`, MEDIA.pdf, pdfBytes('cells'));
  const module = await world.createModule(teacher, [{ title: 'One', contentUrl: file }, { title: 'Two', contentUrl: file }], unique('Cells'));
  await world.givenText(file, teacher, SECTION_TEXT);
  await world.ok('assignModule', { as: teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id, dueAt: '2026-01-05T17:00:00+01:00' } });
  const [first, second] = module.sections.map((section) => section._id);
  await world.ok('putCheck', { as: teacher, params: { id: module._id, sectionId: second }, body: ONE_QUESTION_CHECK });
  // Progress, reading, an attempt (a pass: its section complete, the module finished), a teacher's override and nudge.
  await world.ok('markComplete', { as: student, body: { studentId: student.userId, classId: CLASS_ID, moduleId: module._id, sectionId: first } });
  await world.ok('recordReading', { as: student, params: { id: module._id, sectionId: first }, body: { classId: CLASS_ID, opened: true, page: 2, minutes: 1 } });
  await world.ok('submitAttempt', { as: student, params: { id: module._id, sectionId: second }, body: { attemptId: crypto.randomUUID(), classId: CLASS_ID, answers: { q1: true } } }, 201);
  await world.ok('addPathOverride', { as: teacher, params: { classId: CLASS_ID, studentId: student.userId }, body: { moduleId: module._id, kind: 'unlock', reason: 'Ready for it' } }, 201);
  await world.ok('nudgeStudent', { as: teacher, params: { classId: CLASS_ID, moduleId: module._id }, body: { studentId: student.userId } }, 201);
  await world.ok('getNotifications', { as: student });
  await world.ok('markNotificationsRead', { as: student }, 204);
  await world.ok('renameSelf', { as: student, body: { name: student.name } });
  // A second class of an admin's, and audit entries about them.
  const { classId } = await world.ok('createClass', { as: admin, body: { className: unique('Class'), teacherId: world.otherTeacher.userId } });
  await world.ok('enrolStudents', { as: admin, params: { classId }, body: { studentIds: [student.userId] } });
  await world.ok('renamePerson', { as: admin, params: { userId: student.userId }, body: { name: student.name } });
  const completionBefore = await world.ok('getClassCompletion', { as: teacher, params: { classId: CLASS_ID } });
  expect(holding(await wholeTable(), student).length).toBeGreaterThan(10);

  // A wrong confirmation changes nothing.
  const before = await world.scanTable();
  const refused = await erase(student, { confirm: 'someone.else@example.com' });
  expect(refused).toMatchObject({ status: 400, body: { message: expect.stringMatching(/not this person's/) } });
  expect(await world.scanTable()).toEqual(before);

  // Their access token works up to the erase.
  await world.ok('getNotifications', { as: student });
  const erased = await erase(student, { confirm: student.email.toUpperCase() });
  expect(erased).toMatchObject({ status: 200, body: { pseudonym: pseudonymOf(student.userId), modules: { outcome: 'none' }, classes: { outcome: 'none' } } });
  await expectNothingLeftOf(student);

  // The class's counts lost exactly the student's part: nobody else had any.
  const completionAfter = await world.ok('getClassCompletion', { as: teacher, params: { classId: CLASS_ID } });
  expect(completionBefore).not.toEqual(completionAfter);
  const counts = (await wholeTable()).filter((item) => item.pk === `CLASS#${CLASS_ID}` && (item.sk.startsWith('COMPLETIONS#') || item.sk.startsWith('SCORE_TOTALS#')));
  expect(counts.length).toBeGreaterThan(1);
  for (const item of counts) {
    const numbers = Object.entries(item).filter(([name, value]) => typeof value === 'number' && name !== 'expiresAtEpoch');
    expect({ item: item.sk, numbers: numbers.filter(([, value]) => value !== 0) }).toEqual({ item: item.sk, numbers: [] });
  }
  // The audit entries about them stay, under their pseudonym.
  const trail = await world.ok('listAuditTrail', { as: admin, path: '/api/admin/audit?action=rename' });
  expect(trail.entries).toContainEqual(expect.objectContaining({ subject: expect.stringContaining(pseudonymOf(student.userId)) }));
  const classAfter = await world.ok('getAdminClass', { as: admin, params: { classId: CLASS_ID } });
  expect(classAfter.studentCount).toBe(0);
  // Erasing again answers the same outcome.
  expect(await erase(student, { confirm: 'anything@example.com' })).toMatchObject({ status: 200, body: erased.body });
});

test('erasing a teacher deletes their modules with their files when told to, and leaves their class without a teacher', async () => {
  const { teacher, admin } = world;
  // The teacher's module with a check, drafted questions, an override they made (audited under their id).
  const file = await world.upload(teacher, `${unique('atoms')}.pdf`, MEDIA.pdf, pdfBytes(`atoms of ${teacher.email}`));
  const module = await world.createModule(teacher, [{ title: 'One', contentUrl: file }], unique('Atoms'));
  await world.givenText(file, teacher, SECTION_TEXT);
  await world.ok('assignModule', { as: teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id } });
  await world.ok('draftQuestions', { as: teacher, params: { id: module._id, sectionId: module.sections[0]._id }, body: { count: 3 } });
  await world.ok('settleDrafts', { as: teacher, params: { id: module._id, sectionId: module.sections[0]._id }, body: { passages: ['The nucleus holds the genetic material of the cell.'] } });
  await world.ok('markNotificationsRead', { as: teacher }, 204);
  expect(holding(await wholeTable(), teacher).length).toBeGreaterThan(5);

  const refused = await erase(teacher, { confirm: teacher.email });
  expect(refused).toMatchObject({ status: 400, body: { message: expect.stringMatching(/choose a teacher to take them over/) } });

  await world.ok('listModules', { as: teacher });
  const erased = await erase(teacher, { confirm: teacher.email, deleteModules: true });
  expect(erased).toMatchObject({ status: 200, body: { modules: { outcome: 'deleted' }, classes: { outcome: 'withoutTeacher', count: 1 } } });
  await expectNothingLeftOf(teacher);
  const schoolClass = await world.ok('getAdminClass', { as: admin, params: { classId: CLASS_ID } });
  expect(schoolClass.teacher).toBeUndefined();
});

test('erasing a teacher moves their module with its PDF to the teacher named: the new owner and the class open it, the old objects are gone', async () => {
  const { admin, otherTeacher, otherStudent } = world;
  const leaving = await person(world.config, `leaving-${RUN_ID}@example.com`, 'Teachers', 'Dana Leaving');
  const pdf = readFileSync('local/seed-files/cells-reading.pdf');
  const file = await world.upload(leaving, `${unique('cells-reading')}.pdf`, MEDIA.pdf, pdf);
  const module = await world.createModule(leaving, [{ title: 'Reading', contentUrl: file }, { title: 'Again', contentUrl: file }], unique('Cells'));
  const { classId } = await world.ok('createClass', { as: admin, body: { className: unique('Class'), teacherId: leaving.userId } });
  await world.ok('enrolStudents', { as: admin, params: { classId }, body: { studentIds: [otherStudent.userId] } });
  await world.ok('assignModule', { as: leaving, params: { classId }, body: { moduleId: module._id } });
  // The upload's own extraction stores the text (off the request path): wait for it, as a teacher's reader would.
  for (let tries = 0; (await world.ok('getSectionText', { as: leaving, params: { id: module._id, sectionId: module.sections[0]._id } })).status !== 'ready'; tries += 1) {
    if (tries > 100) throw new Error('The PDF’s text was never extracted.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const erased = await erase(leaving, { confirm: leaving.email, transferModulesTo: otherTeacher.userId });
  expect(erased).toMatchObject({ status: 200, body: { modules: { outcome: 'transferred', count: 1 }, classes: { outcome: 'transferred', count: 1 } } });
  await expectNothingLeftOf(leaving);

  // The new owner opens it: both sections name one file, in their folder, with the PDF's bytes; so does the class.
  const moved = await world.ok('getModule', { as: otherTeacher, params: { id: module._id } });
  const [key] = new Set(moved.sections.map((section: { contentUrl: string }) => section.contentUrl));
  expect(moved.sections).toHaveLength(2);
  expect(key).toBe(file.replace(`protected/${leaving.userId}/`, `protected/${otherTeacher.userId}/`));
  const download = await fetch(world.fileUrl(moved.sections[0].downloadUrl));
  expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
  const read = await world.ok('getModule', { as: otherStudent, params: { id: module._id }, path: `/api/modules/${module._id}?classId=${classId}` });
  expect(read.sections[0].contentUrl).toBe(key);
  // The file's users and text moved with it: the new owner's search finds the PDF's words.
  const items = await wholeTable();
  expect(items.find((item) => item.pk === `FILE#${key}` && item.sk === 'FILE')?.moduleIds).toEqual(new Set([module._id]));
  expect(items.find((item) => item.pk === `FILE#${key}` && item.sk === 'TEXT')).toMatchObject({ ownerId: otherTeacher.userId, contentUrl: key });
  const found = await world.ok('search', { as: otherTeacher, path: `/api/search?q=mitochondria&moduleId=${module._id}` });
  expect(found.results).toContainEqual(expect.objectContaining({ moduleId: module._id, sectionId: module.sections[0]._id }));
  // No object is left in the erased teacher's folder.
  expect((await world.listFiles()).filter((each) => each.startsWith(`protected/${leaving.userId}/`))).toEqual([]);
});

/** The SDK's one base client class (DynamoDB's document client, S3 and Cognito all extend it): every call of the stack's handlers. */
const sdkClient = Object.getPrototypeOf(S3Client.prototype) as { send: (...args: unknown[]) => Promise<unknown> };

test('an erase that stops part way (its table sweep fails) refuses the person at once, and a second call finishes it, leaving nothing', async () => {
  const { admin, otherTeacher } = world;
  const stopping = await person(world.config, `stopping-${RUN_ID}@example.com`, 'Students', 'Casey Stopping');
  const { classId } = await world.ok('createClass', { as: admin, body: { className: unique('Class'), teacherId: otherTeacher.userId } });
  await world.ok('enrolStudents', { as: admin, params: { classId }, body: { studentIds: [stopping.userId] } });
  await world.ok('getNotifications', { as: stopping });

  // The first Scan the stack sends (the sweep's first page) fails, after the disable and the unenrolment.
  const realSend = sdkClient.send;
  let failed = false;
  const send = jest.spyOn(sdkClient, 'send').mockImplementation(function (this: unknown, command: unknown, ...rest: unknown[]) {
    if (!failed && (command as object).constructor.name === 'ScanCommand') {
      failed = true;
      return Promise.reject(new Error('The table stopped answering'));
    }
    return realSend.call(this, command, ...rest);
  });
  let first: Awaited<ReturnType<typeof erase>> | undefined;
  try {
    first = await erase(stopping, { confirm: stopping.email });
  } finally {
    send.mockRestore();
  }
  expect({ failed, status: first?.status }).toEqual({ failed: true, status: 500 });
  // Half erased: out of the class already, their token refused by the job, their access data not yet swept.
  expect((await world.ok('getAdminClass', { as: admin, params: { classId } })).studentCount).toBe(0);
  expect(await world.call('getNotifications', { as: stopping })).toMatchObject({ status: 401, body: { message: TOKEN_REVOKED_MESSAGE } });
  expect(holding(await wholeTable(), stopping).length).toBeGreaterThan(0);

  const second = await erase(stopping, { confirm: stopping.email });
  expect(second).toMatchObject({ status: 200, body: { pseudonym: pseudonymOf(stopping.userId) } });
  await expectNothingLeftOf(stopping);
  const trail = await world.ok('listAuditTrail', { as: admin, path: '/api/admin/audit?action=erase' });
  expect(trail.entries.filter((entry: { subject: string }) => entry.subject === pseudonymOf(stopping.userId))).toHaveLength(1);
});
