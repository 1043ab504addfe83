// What the per-route fixtures (test/integration/routes/<resource>.ts) share: the kinds of caller, the shape of a
// route's fixture, and the context a test file builds once in its beforeAll (its world, the module every request names,
// and helpers that make fresh things for a call to act on).
import type { Module } from '@shared/contract/modules';
import type { RouteName } from '@shared/contract';
import { CLASS_ID, MEDIA, pdfBytes, RUN_ID, SECTION_TEXT, type CallOptions, type World } from '../support/world';

export const CALLERS = ['anonymous', 'idToken', 'student', 'otherStudent', 'teacher', 'otherTeacher', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
export type SignedInCaller = Exclude<Caller, 'anonymous' | 'idToken'>;

/** The role each signed-in caller has: the enrolled student, a student of another class, the owning teacher, another teacher, an administrator. */
export const ROLE_OF: Record<SignedInCaller, string> = {
  student: 'Students',
  otherStudent: 'Students',
  teacher: 'Teachers',
  otherTeacher: 'Teachers',
  admin: 'Admins',
};

export type RouteRequest = Pick<CallOptions, 'params' | 'body' | 'path'>;

export interface RouteFixture {
  /**
   * The one valid request every caller sends, built fresh for each call when the call changes what it acts on (so
   * every caller sees the same starting point). It names the owning teacher's module, class-a (taught by that teacher,
   * the enrolled student's class), the enrolled student's id, and the owning teacher's files and uploads.
   */
  request(context: RouteContext, caller: Caller): Promise<RouteRequest>;
  /**
   * What each caller the route's roles admit gets for that request, and only those (the others get 403, anonymous
   * and ID-token callers 401, from the contract).
   */
  statuses: Partial<Record<SignedInCaller, number>>;
  /**
   * Drives the route through the paths its code has beyond the requests above (repeats, refusals, clean-ups), for
   * the route-permission test; without it, that test makes the requests above as each admitted caller.
   */
  drive?(context: RouteContext): Promise<unknown>;
}

/** The fixtures of one contract resource's routes, each route exactly once. */
export type ResourceFixtures<Routes> = Record<keyof Routes & RouteName, RouteFixture>;

/** The check on a module's section: one question, unlimited attempts (so every caller can submit one). */
export const CHECK = {
  passMark: 70,
  maxAttempts: null,
  showCorrectness: false,
  showAnswers: false,
  questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Cells have membranes.', answer: true }],
};

export type RouteContext = Awaited<ReturnType<typeof routeContext>>;

/**
 * Builds the context on a started world: a module of the teacher with two sections, assigned to class-a, where the
 * student completed the first section, whose check and text are stored.
 */
export async function routeContext(world: World) {
  let counter = 0;
  /** A name no other call of this run (or of an earlier run on the same stack) has used. */
  const unique = (label: string) => `${label}-${RUN_ID}-${++counter}`;
  const teacherFile = (label = unique('file')) => world.upload(world.teacher, `${label}.pdf`, MEDIA.pdf, pdfBytes(label));
  const newModule = async (title = unique('Module')): Promise<Module> => world.createModule(world.teacher, [{ title: 'One', contentUrl: await teacherFile() }], title);
  const assign = (moduleId: string, classId = CLASS_ID) => world.ok('assignModule', { as: world.teacher, params: { classId }, body: { moduleId } });
  const complete = (module: Module, classId = CLASS_ID, sectionId = module.sections[0]._id) =>
    world.ok('markComplete', { as: world.student, body: { studentId: world.student.userId, classId, moduleId: module._id, sectionId } });
  /** A module of its own, assigned to class-a, its first section completed by the student. */
  const assigned = async () => {
    const module = await newModule();
    await assign(module._id);
    await complete(module);
    return module;
  };
  /** An assigned module whose second section carries a check, attempted once by the student. */
  const checked = async () => {
    const module = await world.createModule(world.teacher, [{ title: 'One', contentUrl: await teacherFile() }, { title: 'Two', contentUrl: await teacherFile() }], unique('Checked'));
    await assign(module._id);
    const path = { id: module._id, sectionId: module.sections[1]._id };
    await world.ok('putCheck', { as: world.teacher, params: path, body: CHECK });
    await world.ok('submitAttempt', { as: world.student, params: path, body: { attemptId: crypto.randomUUID(), classId: CLASS_ID, answers: { q1: true } } }, 201);
    return { module, path };
  };
  /** A class of the teacher with the student enrolled, so every call acts on a class in the same state. */
  const freshClass = async (): Promise<string> => {
    const created = await world.ok('createClass', { as: world.admin, body: { className: unique('Class'), teacherId: world.teacher.userId } });
    await world.ok('enrolStudents', { as: world.admin, params: { classId: created.classId }, body: { studentIds: [world.student.userId] } });
    return created.classId;
  };
  /** A fresh class with a module its student completed a section of: unenrolling and enrolling again move that count. */
  const classWithProgress = async (): Promise<string> => {
    const classId = await freshClass();
    const module = await newModule();
    await assign(module._id, classId);
    await complete(module, classId);
    return classId;
  };
  const invitee = () => ({ email: `${unique('invitee')}@example.com`, name: unique('Invitee'), role: 'Students' });
  /** A freshly invited student, so every call acts on someone in the same state. */
  const invited = async (): Promise<{ userId: string; email: string }> => (await world.ok('invitePerson', { as: world.admin, body: invitee() })).person;
  /** An LMS registration of its own (a new client ID each time), so every call registers anew. */
  const ltiPlatform = (name = unique('LMS')) => ({
    name,
    issuer: 'https://lms.example.edu',
    clientId: unique('client'),
    deploymentIds: ['deployment-1'],
    authLoginUrl: 'https://lms.example.edu/auth',
    accessTokenUrl: 'https://lms.example.edu/token',
    jwksUrl: 'https://lms.example.edu/jwks',
  });

  const module = await world.createModule(
    world.teacher,
    [
      { title: 'Reading', contentUrl: await teacherFile('reading') },
      { title: 'Worksheet', contentUrl: await teacherFile('worksheet') },
    ],
    'Cells',
  );
  await assign(module._id);
  await complete(module);
  await world.ok('putCheck', { as: world.teacher, params: { id: module._id, sectionId: module.sections[0]._id }, body: CHECK });
  await world.givenText(module.sections[0].contentUrl, world.teacher, SECTION_TEXT);

  return {
    world,
    /** The module every request names: the teacher's, two sections, assigned to class-a, the student completed the first. */
    moduleId: module._id,
    sectionIds: module.sections.map((section) => section._id),
    unique,
    teacherFile,
    newModule,
    assign,
    assigned,
    checked,
    freshClass,
    classWithProgress,
    invitee,
    invited,
    ltiPlatform,
  };
}

/** A call that did not finish its multipart upload cancels it: a teacher may have only so many open at once. */
export async function cancelOpenUpload(world: World, body: unknown): Promise<void> {
  const { contentUrl, uploadId } = (body ?? {}) as { contentUrl?: string; uploadId?: string };
  if (contentUrl && uploadId) await world.call('abortUpload', { as: world.teacher, body: { contentUrl, uploadId } });
}
