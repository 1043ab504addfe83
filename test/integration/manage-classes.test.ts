import { startLocalStack, type LocalStack } from '@local/stack';
import { localTableStores } from '@local/table-stores';
import { createUser, identityClient } from '@local/users';
import { manageClasses, type Directory } from '@tools/manage-classes';

jest.setTimeout(30_000);

let stack: LocalStack;
let directory: Directory;
let stores: ReturnType<typeof localTableStores>;
let teacherId: string;
let studentId: string;

beforeAll(async () => {
  stack = await startLocalStack({ seed: false });
  stores = localTableStores(stack.config);
  directory = { userPoolId: stack.config.cognito.userPoolId, identity: identityClient(stack.config), classes: stores.classes, rosters: stores.rosters, progress: stores.progress, access: stores.personAccess, audit: stores.audit };
  ({ userId: teacherId } = await createUser(stack.config, { email: 't@example.com', password: 'Teacher-pass-1', role: 'Teachers' }));
  ({ userId: studentId } = await createUser(stack.config, { email: 's@example.com', password: 'Student-pass-1', role: 'Students' }));
});

afterAll(async () => {
  directory.identity.destroy();
  stores.destroy();
  await stack.stop();
});

const getClass = (classId: string) => stores.classes.getClass(classId);

test('creates a class for a teacher and enrols a student, by e-mail; repeating changes nothing', async () => {
  expect(await manageClasses(['create', 'year-9', 'Year 9 Science', 't@example.com'], directory)).toBe(
    'Created class year-9 "Year 9 Science", taught by t@example.com.',
  );
  expect(await manageClasses(['enroll', 'year-9', 's@example.com'], directory)).toBe('Enrolled s@example.com in year-9.');
  expect(await manageClasses(['create', 'year-9', 'Another name', 't@example.com'], directory)).toBe(
    'Class year-9 exists already; nothing changed.',
  );
  await expect(manageClasses(['enroll', 'year-9', 't@example.com'], directory)).rejects.toThrow('t@example.com is not a student.');
  expect(await getClass('year-9')).toEqual({
    classId: 'year-9',
    className: 'Year 9 Science',
    teacherId,
    teacherName: 't@example.com',
    studentCount: 1,
    assignedModuleIds: [],
    createdBy: 'npm run classes',
  });
  expect(await stores.classes.listAllStudents('year-9')).toEqual([{ studentId, name: 's@example.com', email: 's@example.com', enrolledAt: expect.any(String) }]);
});

test.each([
  [['create', 'c1', 'Name', 's@example.com'], 's@example.com is not a teacher; only teachers can teach a class.'],
  [['enroll', 'c1', 't@example.com'], 'There is no class c1; create it first.'],
  [['create', 'c1', 'Name', 'nobody@example.com'], 'There is no user nobody@example.com; invite them first.'],
  [['enroll', 'no-such-class', 's@example.com'], 'There is no class no-such-class; create it first.'],
  [['create', 'bad id!', 'Name', 't@example.com'], /^Usage:/],
  [['remove', 'c1'], /^Usage:/],
])('refuses %j with a message', async (args, message) => {
  await expect(manageClasses(args, directory)).rejects.toThrow(message);
  expect(await getClass('c1')).toBeUndefined();
});
