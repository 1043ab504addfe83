// The running local stack as the browser tests see it (started once by global-setup.ts), and the few things a test
// sets up behind the app's back: users on the local identity server, and classes (there is no API for them).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createUser, DEMO_CLASSES, DEMO_USERS, signIn, type StackConfig } from '../../integration/harness';
import { uploadFile } from '@local/upload-file';
import { buildPath } from '@shared/contract/route';
import { routes } from '@shared/contract';
import type { Role } from '@shared/roles';
import { createLargeClass, type LargeClass } from './large-class';
import { STACK_FILE_ENV } from './stack-file';
import type { ClassStore } from '@functions/src/classes/port';
import type { RosterStore } from '@functions/src/rosters/port';
import { localTableStores } from '@local/table-stores';

interface StackFile {
  config: StackConfig;
  /** Where the stack writes the codes the identity service would e-mail, one `email code` per line. */
  codesFile: string;
}

let loaded: StackFile | undefined;

function stackFile(): StackFile {
  if (loaded) return loaded;
  const file = process.env[STACK_FILE_ENV];
  if (!file) throw new Error(`${STACK_FILE_ENV} is not set: run the browser tests with \`npm run test:e2e\`.`);
  loaded = JSON.parse(readFileSync(file, 'utf8')) as StackFile;
  return loaded;
}

export const stackConfig = (): StackConfig => stackFile().config;

/** The last password reset code sent to `email` (the local identity service hands codes to the stack, not to e-mail). */
export function latestResetCode(email: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(stackFile().codesFile, 'utf8');
  } catch {
    return undefined;
  }
  const codes = text.split('\n').filter((line) => line.startsWith(`${email} `));
  return codes.at(-1)?.split(' ')[1];
}

/** The app's origin, e.g. http://127.0.0.1:41234. */
export const appUrl = (path = '/'): string => `${stackConfig().url}${path}`;

export interface TestUser {
  userId: string;
  email: string;
  password: string;
  role: Role;
}

/** A short unique tag, so names made by one run (and one test) never collide. */
export const uniqueTag = (): string => randomUUID().slice(0, 8);

/**
 * A new user on the local identity server. `temporary`: the password is a temporary one, and the first sign-in must
 * set a new password (FORCE_CHANGE_PASSWORD).
 */
export async function newUser(role: 'Teachers' | 'Students', options: { temporary?: boolean; name?: string } = {}): Promise<TestUser> {
  const prefix = options.name ?? (role === 'Teachers' ? 'teacher' : 'student');
  const email = `e2e-${prefix}-${uniqueTag()}@example.com`;
  const password = options.temporary ? 'Temporary-pass-1' : 'E2e-password-1';
  const { userId } = await createUser(stackConfig(), { email, password, role, temporary: options.temporary });
  return { userId, email, password, role };
}

let stores: ReturnType<typeof localTableStores> | undefined;

/** The local stack's repositories, with a client of this test file's own. */
function tableStores() {
  stores ??= localTableStores(stackConfig());
  return stores;
}

const classes = (): ClassStore => tableStores().classes;
const rosters = (): RosterStore => tableStores().rosters;

/** A class of `teacher` at the scale of the performance budget: 200 students × 20 modules (see large-class.ts). */
export function createLargeClassOf(teacher: TestUser): Promise<LargeClass> {
  return createLargeClass(tableStores(), { teacherId: teacher.userId, teacherName: teacher.email });
}

export interface TestClass {
  classId: string;
  className: string;
}

/**
 * Creates a class taught by `teacher` with `students` enrolled, as an administrator would (no API route for it); each
 * is listed by the name given, else by their e-mail.
 */
export async function createClass(teacher: TestUser, className: string, students: (TestUser & { name?: string })[] = []): Promise<TestClass> {
  const classId = `e2e-class-${uniqueTag()}`;
  const repository = rosters();
  const created = await repository.insertClass({ classId, className, teacherId: teacher.userId, teacherName: teacher.email });
  if (!created) throw new Error(`Class ${classId} exists already.`);
  for (const student of students) await repository.enrollStudent(classId, { studentId: student.userId, name: student.name ?? student.email, email: student.email });
  return { classId, className };
}

/** Calls the API as `user` (signed in once per call of apiAs); fails with the answer on any status but 2xx. */
export async function apiAs(user: TestUser) {
  const config = stackConfig();
  const token = await signIn(config, user.email, user.password);
  return async (route: { method: string; path: string }, { params = {}, body }: { params?: Record<string, string>; body?: unknown } = {}) => {
    const response = await fetch(`${config.apiUrl}${buildPath(route.path, params)}`, {
      method: route.method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${route.method} ${route.path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as any;
  };
}

/**
 * A module of `teacher` made through the API as the app would (upload through a presigned URL, then create), for
 * tests whose subject is not module creation. Answers the module's id.
 */
export async function createModuleThroughApi(teacher: TestUser, title: string, sectionTitles: string[]): Promise<string> {
  const bytes = new TextEncoder().encode(`%PDF-1.4\n% ${title}\n%%EOF\n`);
  return createModuleWithFiles(
    teacher,
    title,
    sectionTitles.map((sectionTitle) => ({
      title: sectionTitle,
      fileName: `${sectionTitle.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`,
      contentType: 'application/pdf',
      bytes,
    })),
  );
}

export interface TestFile {
  title: string;
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/**
 * A module of `teacher` with one section per file, uploaded as the app does (in parts when large), assigned to
 * `assignTo` (a class of theirs) when given. Answers its id.
 */
export async function createModuleWithFiles(teacher: TestUser, title: string, files: TestFile[], assignTo?: string): Promise<string> {
  const config = stackConfig();
  const token = await signIn(config, teacher.email, teacher.password);
  const call = async (route: { method: string; path: string }, body: unknown, params?: Record<string, string>) => {
    const response = await fetch(`${config.apiUrl}${buildPath(route.path, params)}`, {
      method: route.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${route.method} ${route.path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const sections = [];
  for (const file of files) {
    const contentUrl = await uploadFile(call, file.fileName, file.contentType, file.bytes);
    sections.push({ title: file.title, contentUrl, originalFileName: file.fileName });
  }
  const created = await call(routes.createModule, { title, description: `About ${title}.`, sections });
  if (assignTo) await call(routes.assignModule, { moduleId: created._id }, { classId: assignTo });
  return String(created._id);
}

export interface TaughtModule {
  teacher: TestUser;
  student: TestUser;
  schoolClass: TestClass;
  moduleId: string;
  /** The module's sections as stored, in order. */
  sections: { _id: string; title: string; contentUrl: string }[];
}

/** A new teacher, their class with one new student (named `studentName`), and a module of `files` assigned to it. */
export async function givenTaughtModule(options: { className: string; moduleTitle: string; files: TestFile[]; studentName: string }): Promise<TaughtModule> {
  const teacher = await newUser('Teachers');
  const student = await newUser('Students', { name: options.studentName });
  const schoolClass = await createClass(teacher, options.className, [student]);
  const moduleId = await createModuleWithFiles(teacher, options.moduleTitle, options.files, schoolClass.classId);
  const module = await (await apiAs(teacher))(routes.getModule, { params: { id: moduleId } });
  return { teacher, student, schoolClass, moduleId, sections: module.sections as TaughtModule['sections'] };
}

/** The seeded class whose teacher and module the readers of the seeded files share. */
const SEEDED_CLASS = DEMO_CLASSES[0];

/**
 * A new class of the demo teacher with the seeded module (its real PDF, Word and PowerPoint files) assigned and one new
 * student enrolled: for tests that read the seeded files as a student whose path and reader memory no other test moves.
 */
export async function newReaderOfSeededModule(): Promise<{ student: TestUser; schoolClass: TestClass }> {
  const seeded = await classes().getClass(SEEDED_CLASS.classId);
  if (!seeded) throw new Error(`The seeded class ${SEEDED_CLASS.classId} is missing.`);
  const demoTeacher = DEMO_USERS.find((user) => user.email === SEEDED_CLASS.teacher)!;
  const teacher: TestUser = { userId: seeded.teacherId, email: demoTeacher.email, password: demoTeacher.password, role: 'Teachers' };
  const student = await newUser('Students', { name: 'rea' });
  const schoolClass = await createClass(teacher, `Reading room ${uniqueTag()}`, [student]);
  const assign = await apiAs(teacher);
  for (const moduleId of seeded.assignedModuleIds) await assign(routes.assignModule, { params: { classId: schoolClass.classId }, body: { moduleId } });
  return { student, schoolClass };
}
