// Every route × every kind of caller, with real tokens, through a fresh local stack (`npm test`) or any stack,
// deployed ones included (`npm run test:deployed`, test/integration/support/world.ts). The expected statuses follow the
// API's rules: 401 without an access token; 403 for a role the route does not admit, or for an id that must be the
// caller's own; 404 for what the caller may not see (as if it did not exist); 400 for a file that is not theirs.
// A refused call changes nothing: the table, the bucket and the people are compared before and after it. On a
// deployed stack the 401s come from API Gateway's JWT authorizer, whose message ("Unauthorized") is not ours.
import { routeEntries, routes, type RouteName } from '../../shared/contract';
import { zipSample } from '../../functions/src/rosters/oneroster/samples/zip-sample';
import {
  CLASS_ID,
  fileBytes,
  MEDIA,
  OTHER_CLASS_ID,
  pdfBytes,
  RUN_ID,
  SECTION_TEXT,
  SENTENCE,
  startWorld,
  type CallOptions,
  type Person,
  type World,
} from './support/world';

jest.setTimeout(120_000);

const CALLERS = ['anonymous', 'idToken', 'student', 'otherStudent', 'teacher', 'otherTeacher', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

const CALLER_LABELS: Record<Caller, string> = {
  anonymous: 'anonymous',
  idToken: 'an ID token instead of an access token',
  student: 'the enrolled student',
  otherStudent: 'a student of another class',
  teacher: 'the owning teacher',
  otherTeacher: 'another teacher',
  admin: 'an administrator',
};

/** The role each caller of the table has. */
const ROLE_OF: Record<Exclude<Caller, 'anonymous' | 'idToken'>, string> = {
  student: 'Students',
  otherStudent: 'Students',
  teacher: 'Teachers',
  otherTeacher: 'Teachers',
  admin: 'Admins',
};

// Every caller sends the same request per route (FIXTURES below): it names the owning teacher's module, class-a
// (taught by that teacher, the enrolled student's class), the enrolled student's id, and the owning teacher's files
// and uploads. So another teacher's createModule is a 400 (the file is not theirs), and the id token row uses the
// token of the user the route is for. What the route's roles decide comes from the contract: anonymous and ID-token
// callers get 401 on every route, and a caller whose role the route does not admit (·) gets 403; the table names
// what the admitted callers get.
const EXPECTED = statusTable(`
  route                    student  otherStudent  teacher  otherTeacher  admin
  createModule             ·        ·             201      400           ·
  listModules              ·        ·             200      200           ·
  getModule                200      404           200      404           ·
  updateModule             ·        ·             200      404           ·
  deleteModule             ·        ·             204      404           ·
  listClasses              ·        ·             200      200           ·
  getClass                 200      404           200      404           200
  listTeacherClasses       ·        ·             200      403           ·
  listStudentClasses       200      403           ·        ·             ·
  assignModule             ·        ·             200      404           ·
  getProgress              200      404           200      404           ·
  markComplete             200      403           ·        ·             ·
  getClassReport           ·        ·             200      404           200
  getClassCompletion       ·        ·             200      404           200
  listClassStudents        ·        ·             200      404           200
  getStudentClassProgress  200      404           200      404           ·
  getModuleReport          ·        ·             200      404           200
  getNotifications         200      200           200      200           ·
  markNotificationsRead    204      204           204      204           ·
  nudgeStudent             ·        ·             201      404           ·
  addPathOverride          ·        ·             201      404           ·
  setModulePrerequisite    ·        ·             200      404           ·
  previewPathChanges       ·        ·             200      404           ·
  previewPath              ·        ·             200      404           ·
  checkPath                ·        ·             200      404           ·
  listPathOverrides        ·        ·             200      404           200
  removePathOverride       ·        ·             200      404           ·
  createUpload             ·        ·             201      201           400
  completeUpload           ·        ·             200      403           403
  abortUpload              ·        ·             204      403           403
  renewUploadParts         ·        ·             200      403           403
  renameSelf               200      200           200      200           200
  getAdminOverview         ·        ·             ·        ·             200
  listPeople               ·        ·             ·        ·             200
  invitePerson             ·        ·             ·        ·             201
  invitePeople             ·        ·             ·        ·             200
  lookupPeople             ·        ·             ·        ·             200
  renamePerson             ·        ·             ·        ·             200
  changeRole               ·        ·             ·        ·             200
  disablePerson            ·        ·             ·        ·             200
  enablePerson             ·        ·             ·        ·             200
  setPeopleAccess          ·        ·             ·        ·             200
  listAuditTrail           ·        ·             ·        ·             200
  resendInvitation         ·        ·             ·        ·             200
  unassignModule           ·        ·             200      404           ·
  listAdminClasses         ·        ·             ·        ·             200
  createClass              ·        ·             ·        ·             201
  getAdminClass            ·        ·             ·        ·             200
  renameClass              ·        ·             ·        ·             200
  deleteClass              ·        ·             ·        ·             204
  setClassTeacher          ·        ·             ·        ·             200
  enrolStudents            ·        ·             ·        ·             200
  unenrolStudent           ·        ·             ·        ·             200
  importOneRoster          ·        ·             ·        ·             200
  listOneRosterRuns        ·        ·             ·        ·             200
  exportOneRosterScores    ·        ·             200      404           200
  putCheck                 ·        ·             200      404           ·
  getCheck                 200      404           200      404           ·
  submitAttempt            201      404           ·        ·             ·
  getCheckAnalysis         ·        ·             200      404           200
  listStudentAttempts      200      404           200      404           200
  draftQuestions           ·        ·             200      404           ·
  settleDrafts             ·        ·             200      404           ·
  getSectionText           200      404           200      404           ·
  search                   200      404           200      404           ·
  recordReading            200      404           ·        ·             ·
  getStudentReading        ·        ·             200      404           200
  exportOwnData            200      200           200      200           200
  exportPersonData         ·        ·             ·        ·             200
  listLtiPlatforms         ·        ·             ·        ·             200
  registerLtiPlatform      ·        ·             ·        ·             201
  editLtiPlatform          ·        ·             ·        ·             200
  removeLtiPlatform        ·        ·             ·        ·             204
  getLtiDeepLink           ·        ·             200      404           ·
  answerLtiDeepLink        ·        ·             200      404           ·
  erasePerson              ·        ·             ·        ·             200
  getSchoolSignIn          ·        ·             ·        ·             200
  setSchoolSignInDomain    ·        ·             ·        ·             200
  archiveClass             ·        ·             ·        ·             200
  unarchiveClass           ·        ·             ·        ·             200
  getRetention             ·        ·             ·        ·             200
  setRetention             ·        ·             ·        ·             200
  rollOverClasses          ·        ·             ·        ·             200
`);

let world: World;
/** A module of the teacher with two sections, assigned to class-a, where the student completed the first section. */
let moduleId: string;
let sectionIds: string[];

type Request = Pick<CallOptions, 'params' | 'body' | 'path'>;

/**
 * One valid request per route, built fresh for each cell when the call changes what it acts on (so every cell
 * sees the same starting point).
 */
const FIXTURES: Record<RouteName, (caller: Caller) => Promise<Request>> = {
  createModule: async () => ({ body: { title: 'New', description: 'Fresh', sections: [{ title: 'One', contentUrl: await teacherFile('new.pdf') }] } }),
  listModules: async () => ({}),
  getModule: async () => ({ params: { id: moduleId } }),
  updateModule: async () => {
    const fresh = await world.createModule(world.teacher, [{ title: 'One', contentUrl: await teacherFile('edit.pdf') }], 'To edit');
    return { params: { id: fresh._id }, body: { title: 'Edited', description: 'Edited', sections: fresh.sections, updatedAt: fresh.updatedAt } };
  },
  deleteModule: async () => {
    const fresh = await world.createModule(world.teacher, [{ title: 'One', contentUrl: await teacherFile('delete.pdf') }], 'To delete');
    return { params: { id: fresh._id } };
  },
  listClasses: async () => ({}),
  getClass: async () => ({ params: { classId: CLASS_ID } }),
  listTeacherClasses: async () => ({ params: { teacherId: world.teacher.userId } }),
  listStudentClasses: async () => ({ params: { userId: world.student.userId } }),
  assignModule: async () => ({ params: { classId: CLASS_ID }, body: { moduleId } }),
  getProgress: async () => ({ params: { studentId: world.student.userId, moduleId, classId: CLASS_ID } }),
  markComplete: async () => ({ body: { studentId: world.student.userId, moduleId, classId: CLASS_ID, sectionId: sectionIds[1] } }),
  getClassReport: async () => ({ params: { classId: CLASS_ID } }),
  exportOneRosterScores: async () => ({ params: { classId: CLASS_ID } }),
  getClassCompletion: async () => ({ params: { classId: CLASS_ID } }),
  listClassStudents: async () => ({ params: { classId: CLASS_ID } }),
  getStudentClassProgress: async () => ({ params: { classId: CLASS_ID, studentId: world.student.userId } }),
  getModuleReport: async () => ({ params: { classId: CLASS_ID, moduleId } }),
  getNotifications: async () => ({}),
  markNotificationsRead: async () => ({}),
  // A module of its own per cell, due yesterday: the teacher's reminder is the day's first.
  nudgeStudent: async () => {
    const fresh = await world.createModule(world.teacher, [{ title: 'One', contentUrl: await teacherFile('nudge.pdf') }], 'To finish');
    const dueAt = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
    await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: fresh._id, dueAt } });
    return { params: { classId: CLASS_ID, moduleId: fresh._id }, body: { studentId: world.student.userId } };
  },
  // A module of its own per cell: the teacher's override is the student's first in it.
  addPathOverride: async () => {
    const fresh = await world.createModule(world.teacher, [{ title: 'One', contentUrl: await teacherFile('override.pdf') }], 'To override');
    await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: fresh._id } });
    return {
      params: { classId: CLASS_ID, studentId: world.student.userId },
      body: { moduleId: fresh._id, kind: 'excuse', sectionId: fresh.sections[0]._id, reason: 'Was away that week' },
    };
  },
  previewPathChanges: async () => ({ params: { id: moduleId }, body: { sequential: true, sections: sectionIds.map((_id) => ({ _id, role: 'core' })) } }),
  previewPath: async () => ({ params: { id: moduleId }, body: { completed: [sectionIds[0]] } }),
  checkPath: async () => ({ params: { id: moduleId } }),
  // A module of its own per cell, waiting for the class's module.
  setModulePrerequisite: async () => {
    const fresh = await world.createModule(world.teacher, [{ title: 'One', contentUrl: await teacherFile('after.pdf') }], 'Comes after');
    await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: fresh._id } });
    return { params: { classId: CLASS_ID, moduleId: fresh._id }, body: { prerequisiteModuleId: moduleId } };
  },
  listPathOverrides: async () => ({ params: { classId: CLASS_ID, studentId: world.student.userId } }),
  // A module of its own per cell, with the student's unlock to take back.
  removePathOverride: async () => {
    const fresh = await world.createModule(world.teacher, [{ title: 'One', contentUrl: await teacherFile('unoverride.pdf') }], 'To take back');
    await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: fresh._id } });
    const params = { classId: CLASS_ID, studentId: world.student.userId };
    await world.ok('addPathOverride', { as: world.teacher, params, body: { moduleId: fresh._id, kind: 'unlock', reason: 'Ready' } }, 201);
    return { params: { ...params, moduleId: fresh._id, kind: 'unlock' } };
  },
  createUpload: async () => ({ body: { fileName: 'notes.pdf', contentType: MEDIA.pdf, size: 1024 } }),
  completeUpload: async () => {
    const { contentUrl, uploadId, parts, partSize } = await startMultipartUpload();
    // Parts of the size the ticket names: S3 refuses to complete with a part below 5 MiB but the last.
    const uploaded = await Promise.all(
      parts.map(async ({ partNumber, uploadUrl }) => {
        const body = MULTIPART_BYTES.subarray((partNumber - 1) * partSize, partNumber * partSize);
        const put = await fetch(uploadUrl, { method: 'PUT', body });
        return { partNumber, etag: put.headers.get('etag')! };
      }),
    );
    return { body: { contentUrl, uploadId, parts: uploaded } };
  },
  abortUpload: async () => {
    const { contentUrl, uploadId } = await startMultipartUpload();
    return { body: { contentUrl, uploadId } };
  },
  renewUploadParts: async () => {
    const { contentUrl, uploadId, parts } = await startMultipartUpload();
    return { body: { contentUrl, uploadId, partNumbers: parts.map((part) => part.partNumber) } };
  },
  // Everyone renames themselves to the name they have, so the cells after this one see the same names.
  renameSelf: async (caller) => ({ body: { name: caller === 'anonymous' || caller === 'idToken' ? 'Nobody' : world[caller].name } }),
  getAdminOverview: async () => ({}),
  listPeople: async () => ({}),
  invitePerson: async () => ({ body: newInvitee() }),
  invitePeople: async () => ({ body: { people: [newInvitee(), newInvitee()] } }),
  lookupPeople: async () => ({ body: { emails: [world.student.email, world.teacher.email] } }),
  renamePerson: async () => ({ params: { userId: (await invited()).userId }, body: { name: 'Renamed Person' } }),
  changeRole: async () => ({ params: { userId: (await invited()).userId }, body: { role: 'Teachers' } }),
  disablePerson: async () => ({ params: { userId: (await invited()).userId } }),
  enablePerson: async () => {
    const { userId } = await invited();
    await world.ok('disablePerson', { as: world.admin, params: { userId } });
    return { params: { userId } };
  },
  resendInvitation: async () => ({ params: { userId: (await invited()).userId } }),
  listAuditTrail: async () => ({}),
  getSchoolSignIn: async () => ({}),
  setSchoolSignInDomain: async () => ({ body: { domain: 'example.com', studentsMayJoin: false } }),
  setPeopleAccess: async () => ({ body: { access: 'disabled', userIds: [(await invited()).userId, (await invited()).userId] } }),
  unassignModule: async () => {
    const fresh = await world.createModule(world.teacher, [{ title: 'One', contentUrl: await teacherFile('unassign.pdf') }], 'To unassign');
    await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: fresh._id } });
    return { params: { classId: CLASS_ID, moduleId: fresh._id } };
  },
  listAdminClasses: async () => ({}),
  createClass: async () => ({ body: { className: 'A new class', teacherId: world.otherTeacher.userId } }),
  getAdminClass: async () => ({ params: { classId: CLASS_ID } }),
  renameClass: async () => ({ params: { classId: await freshClass() }, body: { className: 'Renamed class' } }),
  deleteClass: async () => ({ params: { classId: await freshClass() } }),
  setClassTeacher: async () => ({ params: { classId: await freshClass() }, body: { teacherId: world.otherTeacher.userId } }),
  enrolStudents: async () => ({ params: { classId: await freshClass() }, body: { studentIds: [world.otherStudent.userId] } }),
  unenrolStudent: async () => ({ params: { classId: await freshClass(), studentId: world.student.userId } }),
  // A preview: every cell sees the same school.
  importOneRoster: async () => ({ body: { contentUrl: await world.putFile(world.admin, 'package.zip', 'application/zip', zipSample('bulk-1.2')), mode: 'preview' } }),
  listOneRosterRuns: async () => ({}),
  archiveClass: async () => ({ params: { classId: await freshClass() } }),
  unarchiveClass: async () => {
    const classId = await freshClass();
    await world.ok('archiveClass', { as: world.admin, params: { classId } });
    return { params: { classId } };
  },
  getRetention: async () => ({}),
  setRetention: async () => ({ body: { days: 365 } }),
  rollOverClasses: async () => ({ body: { yearLabel: 'Next year', archiveOld: false, classes: [{ fromClassId: await freshClass(), classId: crypto.randomUUID() }] } }),
  putCheck: async () => ({ params: { id: moduleId, sectionId: sectionIds[0] }, body: CHECK }),
  draftQuestions: async () => ({ params: { id: moduleId, sectionId: sectionIds[0] }, body: { count: 3 } }),
  settleDrafts: async () => ({ params: { id: moduleId, sectionId: sectionIds[0] }, body: { passages: ['The nucleus holds the genetic material of the cell.'] } }),
  getCheck: async () => ({ params: { id: moduleId, sectionId: sectionIds[0] } }),
  submitAttempt: async () => ({
    params: { id: moduleId, sectionId: sectionIds[0] },
    body: { attemptId: crypto.randomUUID(), classId: CLASS_ID, answers: { q1: true } },
  }),
  getCheckAnalysis: async () => ({ params: { classId: CLASS_ID, moduleId, sectionId: sectionIds[0] } }),
  getSectionText: async () => ({ params: { id: moduleId, sectionId: sectionIds[0] } }),
  // Inside the module: the one search every admitted caller can make.
  search: async () => ({ path: `/api/search?q=cells&moduleId=${moduleId}` }),
  listStudentAttempts: async () => ({ params: { classId: CLASS_ID, studentId: world.student.userId } }),
  recordReading: async () => ({ params: { id: moduleId, sectionId: sectionIds[1] }, body: { classId: CLASS_ID, opened: true, page: 2, minutes: 1 } }),
  getStudentReading: async () => ({ params: { classId: CLASS_ID, studentId: world.student.userId } }),
  exportOwnData: async () => ({}),
  exportPersonData: async () => ({ params: { userId: world.student.userId } }),
  listLtiPlatforms: async () => ({}),
  registerLtiPlatform: async () => ({ body: ltiPlatformBody() }),
  editLtiPlatform: async () => ({ params: { platformId: await freshLtiPlatform() }, body: ltiPlatformBody('Renamed LMS') }),
  removeLtiPlatform: async () => ({ params: { platformId: await freshLtiPlatform() } }),
  // The owning teacher's request, fresh for each cell: a request is answered once.
  getLtiDeepLink: async () => ({ params: { requestId: await world.givenLtiDeepLinkRequest(world.teacher) } }),
  answerLtiDeepLink: async () => ({ params: { requestId: await world.givenLtiDeepLinkRequest(world.teacher) }, body: { moduleId } }),
  erasePerson: async () => {
    const { userId, email } = (await world.ok('invitePerson', { as: world.admin, body: newInvitee() })).person;
    return { params: { userId }, body: { confirm: email } };
  },
};

/** A registration of its own (a new client ID each time), so every cell registers anew. */
const ltiPlatformBody = (name = 'Canvas') => ({
  name,
  issuer: 'https://canvas.example.edu',
  clientId: `client-${crypto.randomUUID()}`,
  deploymentIds: ['deployment-1'],
  authLoginUrl: 'https://canvas.example.edu/api/lti/authorize_redirect',
  accessTokenUrl: 'https://canvas.example.edu/login/oauth2/token',
  jwksUrl: 'https://canvas.example.edu/api/lti/security/jwks',
});
const freshLtiPlatform = async (): Promise<string> => (await world.ok('registerLtiPlatform', { as: world.admin, body: ltiPlatformBody() }, 201)).platformId;

/** The check on the module's first section (unlimited attempts, so every cell can submit one). */
const CHECK = { passMark: 70, maxAttempts: null, showCorrectness: false, showAnswers: false, questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Cells have membranes.', answer: true }] };

let classes = 0;
/** A class of the teacher with the student enrolled, so every cell acts on a class in the same state. */
async function freshClass(): Promise<string> {
  const classId = `matrix-class-${RUN_ID}-${++classes}`;
  await world.createClass(classId, world.teacher, [world.student]);
  return classId;
}

let invitees = 0;
const newInvitee = () => ({ email: `invitee-${RUN_ID}-${++invitees}@example.com`, name: `Invitee ${invitees}`, role: 'Students' });
/** A freshly invited student, so every cell acts on someone in the same state. */
const invited = async (): Promise<{ userId: string }> => (await world.ok('invitePerson', { as: world.admin, body: newInvitee() })).person;

const teacherFile = (name: string) => world.upload(world.teacher, name, MEDIA.pdf, pdfBytes(name));

const MULTIPART_BYTES = fileBytes('pdf', 6 * 1024 * 1024);

async function startMultipartUpload(): Promise<{
  contentUrl: string;
  uploadId: string;
  partSize: number;
  parts: { partNumber: number; uploadUrl: string }[];
}> {
  return world.ok('createUpload', { as: world.teacher, body: { fileName: 'big.pdf', contentType: MEDIA.pdf, size: MULTIPART_BYTES.length } });
}

/** The token a caller sends; the ID token is that of the route's own kind of user, who would otherwise succeed. */
function tokenOf(caller: Caller, route: RouteName): Person | string | null {
  if (caller === 'anonymous') return null;
  if (caller === 'idToken') {
    const roles = routes[route].roles as readonly string[];
    const admitted = roles.includes('Teachers') ? world.teacher : roles.includes('Students') ? world.student : world.admin;
    return admitted.idToken;
  }
  return world[caller];
}

beforeAll(async () => {
  world = await startWorld();
  const module = await world.createModule(
    world.teacher,
    [
      { title: 'Reading', contentUrl: await teacherFile('reading.pdf') },
      { title: 'Worksheet', contentUrl: await teacherFile('worksheet.pdf') },
    ],
    'Cells',
  );
  moduleId = module._id;
  sectionIds = module.sections.map((section) => section._id);
  await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId } });
  await world.ok('markComplete', {
    as: world.student,
    body: { studentId: world.student.userId, moduleId, classId: CLASS_ID, sectionId: sectionIds[0] },
  });
  await world.ok('putCheck', { as: world.teacher, params: { id: moduleId, sectionId: sectionIds[0] }, body: CHECK });
  await world.givenText(module.sections[0]!.contentUrl, world.teacher, SECTION_TEXT);
});

afterAll(() => world?.stop());

it('has a row for every route in the route table and no other', () => {
  expect(Object.keys(EXPECTED).sort()).toEqual(routeEntries.map(([name]) => name).sort());
});

describe.each(routeEntries)('%s', (name, route) => {
  const cells = CALLERS.map((caller) => [CALLER_LABELS[caller], EXPECTED[name][caller], caller] as const);

  it.each(cells)(`${route.method} ${route.path} as %s → %i`, async (_label, status, caller) => {
    const request = await FIXTURES[name](caller);
    const before = status >= 400 ? await world.snapshot() : undefined;

    const answer = await world.call(name, { as: tokenOf(caller, name), ...request });

    expect({ status: answer.status, body: answer.body }).toMatchObject({
      status,
      ...(status >= 400 ? { body: { message: status === 401 ? expect.stringMatching(/\w/) : expect.stringMatching(SENTENCE) } } : {}),
    });
    if (before) expect(await world.snapshot()).toEqual(before);
    await cancelOpenUpload(request.body);
  });
});

/** A cell that did not finish its multipart upload cancels it: a teacher may have only so many open at once. */
async function cancelOpenUpload(body: unknown): Promise<void> {
  const { contentUrl, uploadId } = (body ?? {}) as { contentUrl?: string; uploadId?: string };
  if (contentUrl && uploadId) await world.call('abortUpload', { as: world.teacher, body: { contentUrl, uploadId } });
}

describe('what the admitted callers see', () => {
  it("another teacher's module list and class list leave out the owner's", async () => {
    const modules = await world.ok('listModules', { as: world.otherTeacher });
    expect(modules.map((module: { _id: string }) => module._id)).not.toContain(moduleId);
    const classes = await world.ok('listClasses', { as: world.otherTeacher });
    // Theirs: class-b, and the classes the admin cells above gave them.
    const ids = classes.map((schoolClass: { _id: string }) => schoolClass._id);
    expect(ids).toContain(OTHER_CLASS_ID);
    expect(ids).not.toContain(CLASS_ID);
  });

  it('an enrolled student sees the class with only themselves on the roster (no e-mail), and their own classes', async () => {
    const detail = await world.ok('getClass', { as: world.student, params: { classId: CLASS_ID } });
    expect(detail.studentIds).toEqual([{ _id: world.student.userId, username: world.student.name }]);
    expect(detail.assignedModuleIds).toContainEqual(expect.objectContaining({ _id: moduleId, title: 'Cells' }));
    const own = await world.ok('listStudentClasses', { as: world.student, params: { userId: world.student.userId } });
    expect(own.filter((each: { _id: string }) => each._id === CLASS_ID)).toEqual([
      expect.objectContaining({ _id: CLASS_ID, teacherId: { _id: world.teacher.userId, username: world.teacher.name } }),
    ]);
    expect(own.every((each: { studentIds: string[] }) => each.studentIds.length === 1)).toBe(true);
  });

  it('a token that was tampered with, or is not a token, is refused', async () => {
    const [header, payload, signature] = world.teacher.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: world.otherTeacher.userId })).toString('base64url')}.${signature}`;
    for (const token of [forged, 'not-a-token', `${header}.${payload}.`]) {
      const answer = await world.call('listModules', { as: token });
      expect(answer).toMatchObject({ status: 401, body: { message: expect.any(String) } });
    }
  });
});

/**
 * Reads a whitespace-aligned table: a header of the signed-in callers, then one row of statuses per route, `·` where
 * the route does not admit the caller's role (403, which must agree with the route's roles); anonymous and ID-token
 * calls are 401 everywhere.
 */
function statusTable(text: string): Record<RouteName, Record<Caller, number>> {
  const [header, ...rows] = text
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
  const signedIn = Object.keys(ROLE_OF) as (keyof typeof ROLE_OF)[];
  expect(header.slice(1)).toEqual(signedIn);
  return Object.fromEntries(
    rows.map(([name, ...cells]) => {
      const admits: readonly string[] = routes[name as RouteName].roles;
      const statuses = signedIn.map((caller, index) => {
        const admitted = admits.includes(ROLE_OF[caller]);
        if (admitted === (cells[index] === '·')) throw new Error(`${name} as ${caller}: write · exactly where the route's roles (${admits.join(', ')}) leave the caller out`);
        return [caller, admitted ? Number(cells[index]) : 403];
      });
      return [name, Object.fromEntries([['anonymous', 401], ['idToken', 401], ...statuses])];
    }),
  ) as Record<RouteName, Record<Caller, number>>;
}
