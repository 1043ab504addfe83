// Each route's IAM policy, derived from what its code does: every route is driven through the local stack (its
// successes, refusals and clean-ups), every AWS SDK command its handler sends (and every URL it presigns) is recorded
// and mapped to the IAM action AWS checks for it, and the result must be exactly what the route's deployment declares
// (infra/route-deployment.ts; the API stack grants exactly that, infra/test/api-stack.test.ts). A missing action would
// fail in AWS; an extra one is a grant no code needs.
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { S3Client } from '@aws-sdk/client-s3';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { routeInvocation } from '@local/api-server';
import { localTableStores } from '@local/table-stores';
import { iamActionsOf, publicEndpointDeployment, routeDeployment, type PublicEndpointDeployment } from '../../infra/route-deployment';
import { ltiEndpoints, type LtiEndpointName } from '../../shared/contract/lti';
import { routeEntries, routes, type RouteName } from '../../shared/contract';
import { ERASURE_JOB_PREFIX, PERSON_ACCESS_PREFIX, REQUEST_COUNTER_PREFIX } from '../../shared/table';
import { admitsAdmins } from '../../shared/second-factor';
import { startLtiPlatform } from '@local/lti-platform';
import { ltiToolConfiguration } from '../../shared/lti';
import { deepLinkModule, handoffOf, launchAtTwin, signInWithCode } from './support/lti-launches';
import { CLASS_ID, fileBytes, MEDIA, pdfBytes, person, SECTION_TEXT, startWorld, type World } from './support/world';
import { sampleFiles, zipFiles } from '../../functions/src/rosters/oneroster/samples/zip-sample';

jest.setTimeout(300_000);

/** The IAM action each SDK command needs (S3: https://docs.aws.amazon.com/AmazonS3/latest/API/API_Operations.html). */
const IAM_ACTION_OF_COMMAND: Record<string, string> = {
  // One read by key needs both: which of the two the table access sends depends on the reads beside it.
  GetCommand: 'dynamodb:GetItem dynamodb:BatchGetItem',
  BatchGetCommand: 'dynamodb:GetItem dynamodb:BatchGetItem',
  QueryCommand: 'dynamodb:Query',
  PutCommand: 'dynamodb:PutItem',
  UpdateCommand: 'dynamodb:UpdateItem',
  DeleteCommand: 'dynamodb:DeleteItem',
  BatchWriteCommand: 'dynamodb:BatchWriteItem',
  ScanCommand: 'dynamodb:Scan',
  HeadObjectCommand: 's3:GetObject',
  GetObjectCommand: 's3:GetObject',
  PutObjectCommand: 's3:PutObject',
  CreateMultipartUploadCommand: 's3:PutObject',
  UploadPartCommand: 's3:PutObject',
  CompleteMultipartUploadCommand: 's3:PutObject',
  AbortMultipartUploadCommand: 's3:AbortMultipartUpload',
  ListPartsCommand: 's3:ListMultipartUploadParts',
  DeleteObjectCommand: 's3:DeleteObject',
  DeleteObjectsCommand: 's3:DeleteObject',
  ListObjectsV2Command: 's3:ListBucket',
  // Reads the source object and writes the copy.
  CopyObjectCommand: 's3:GetObject s3:PutObject',
};

/** A presigned URL is used with the function's credentials: the action of the operation it names (`x-id`). */
const IAM_ACTION_OF_PRESIGNED: Record<string, string> = {
  GetObject: 's3:GetObject',
  PutObject: 's3:PutObject',
  UploadPart: 's3:PutObject',
};

/**
 * Calls the directory adapter makes only against the local twin, and the call it makes in AWS instead
 * (functions/src/people/adapters/cognito-user-directory.ts; its unit test checks the cloud call): cognito-local has no
 * `MessageAction: RESEND`, so a resent invitation sets a fresh temporary password there. (A permanent password is the
 * same call in AWS: an account made for LMS sign-in.)
 */
const LOCAL_STAND_INS: Record<string, string> = { 'cognito-idp:AdminSetUserPassword': 'cognito-idp:AdminCreateUser' };
const isLocalStandIn = (action: string, command: object) =>
  action in LOCAL_STAND_INS && (command as { input?: { Permanent?: boolean } }).input?.Permanent !== true;

/** IAM authorizes a transaction item by item, each as the single-item write it is (there is no TransactWriteItems action). */
const IAM_ACTION_OF_TRANSACTION_ITEM: Record<string, string> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
};

function iamActionOf(client: object, command: object): string {
  const name = command.constructor.name;
  if (name in IAM_ACTION_OF_COMMAND) return IAM_ACTION_OF_COMMAND[name];
  if (name === 'TransactWriteCommand') {
    const { TransactItems = [] } = (command as { input: { TransactItems?: Record<string, unknown>[] } }).input;
    return TransactItems.flatMap((item) => Object.keys(item).map((kind) => IAM_ACTION_OF_TRANSACTION_ITEM[kind])).join(' ');
  }
  // Cognito's IAM actions are its operation names.
  if (client instanceof CognitoIdentityProviderClient && name.endsWith('Command')) {
    const action = `cognito-idp:${name.slice(0, -'Command'.length)}`;
    return isLocalStandIn(action, command) ? LOCAL_STAND_INS[action] : action;
  }
  throw new Error(`No IAM action is known for ${name}: add it to IAM_ACTION_OF_COMMAND.`);
}

type Invoked = RouteName | LtiEndpointName;
const observed = new Map<Invoked, Set<string>>();
/** What each route did to the request counters (the per-caller rate limit), which every function is granted apart. */
const countedRequests = new Map<Invoked, Set<string>>();
/** What each route did to access records (its callers' and, for people routes, the people changed): granted apart too. */
const accessRecords = new Map<Invoked, Set<string>>();
const unmapped: string[] = [];
function record(action: () => string, into = observed): void {
  const route = routeInvocation.getStore();
  if (!route) return;
  try {
    const actions = into.get(route) ?? new Set();
    for (const name of action().split(' ')) actions.add(name);
    into.set(route, actions);
  } catch (error) {
    unmapped.push(`${route}: ${(error as Error).message}`);
  }
}

/** The SDK's one base client class (DynamoDB, its document client, S3 and Cognito all extend it). */
const sdkClient = Object.getPrototypeOf(S3Client.prototype) as { send: (...args: unknown[]) => unknown };
const realSend = sdkClient.send;
type KeyedInput = { Key?: { pk?: unknown }; RequestItems?: Record<string, { Keys?: { pk?: unknown }[] }> };
const partitionOf = (command: unknown) => String((command as { input?: KeyedInput }).input?.Key?.pk ?? '');
/** The partitions of a batch read's keys (none for any other command). */
const batchReadPartitionsOf = (command: unknown): string[] =>
  Object.values((command as { input?: KeyedInput }).input?.RequestItems ?? {}).flatMap(({ Keys }) => (Keys ?? []).map((key) => String(key.pk ?? '')));
/** The access check's read: the caller's access record and erase job, one BatchGetItem of those kinds only (a retry may hold one). */
const isAccessCheckRead = (command: unknown) => {
  const partitions = batchReadPartitionsOf(command);
  return partitions.length > 0 && partitions.every((pk) => pk.startsWith(PERSON_ACCESS_PREFIX) || pk.startsWith(ERASURE_JOB_PREFIX));
};
const recordsFor = (command: unknown) => {
  const partition = partitionOf(command);
  if (partition.startsWith(REQUEST_COUNTER_PREFIX)) return countedRequests;
  return partition.startsWith(PERSON_ACCESS_PREFIX) || isAccessCheckRead(command) ? accessRecords : observed;
};
jest.spyOn(sdkClient, 'send').mockImplementation(function (this: unknown, command: unknown, ...rest: unknown[]) {
  // The access check's BatchGetItem is its own, never a tick's single reads merged: only ever a BatchGetItem.
  record(() => (isAccessCheckRead(command) ? 'dynamodb:BatchGetItem' : iamActionOf(this as object, command as object)), recordsFor(command));
  return realSend.call(this, command, ...rest);
});
const realPresign = S3RequestPresigner.prototype.presign;
jest.spyOn(S3RequestPresigner.prototype, 'presign').mockImplementation(function (this: S3RequestPresigner, request, options) {
  record(() => {
    const operation = String(request.query?.['x-id'] ?? '');
    if (!(operation in IAM_ACTION_OF_PRESIGNED)) throw new Error(`No IAM action is known for a presigned ${operation || request.method}.`);
    return IAM_ACTION_OF_PRESIGNED[operation];
  });
  return realPresign.call(this, request, options);
});

let world: World;
const scenarioFailures: string[] = [];

beforeAll(async () => {
  world = await startWorld();
  for (const [name] of routeEntries) {
    try {
      await SCENARIOS[name]();
    } catch (error) {
      scenarioFailures.push(`${name}: ${(error as Error).message}`);
    }
  }
  try {
    await drivePublicEndpoints();
  } catch (error) {
    scenarioFailures.push(`public endpoints: ${(error as Error).message}`);
  }
  // Every route, then LMS launches through the twin: longer than one test's budget on a busy two-core machine.
}, 600_000);

afterAll(() => world?.stop());

const MiB = 1024 * 1024;
let counter = 0;
const unique = (label: string) => `${label}-${++counter}`;
const teacherFile = (name = unique('file')) => world.upload(world.teacher, `${name}.pdf`, MEDIA.pdf, pdfBytes(name));
const newModule = async (title = unique('Module')) => world.createModule(world.teacher, [{ title: 'One', contentUrl: await teacherFile() }], title);
const assigned = async () => {
  const module = await newModule();
  await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id } });
  await world.ok('markComplete', {
    as: world.student,
    body: { studentId: world.student.userId, classId: CLASS_ID, moduleId: module._id, sectionId: module.sections[0]._id },
  });
  return module;
};
const ONE_QUESTION_CHECK = { questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Cells have membranes.', answer: true }] };
/** An assigned module whose second section carries a check, attempted once by the student. */
const checked = async () => {
  const module = await world.createModule(world.teacher, [{ title: 'One', contentUrl: await teacherFile() }, { title: 'Two', contentUrl: await teacherFile() }], unique('Checked'));
  await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id } });
  const path = { id: module._id, sectionId: module.sections[1]._id };
  await world.ok('putCheck', { as: world.teacher, params: path, body: ONE_QUESTION_CHECK });
  await world.ok('submitAttempt', { as: world.student, params: path, body: { attemptId: crypto.randomUUID(), classId: CLASS_ID, answers: { q1: true } } }, 201);
  return { module, path };
};
const ltiPlatform = () => ({
  name: unique('LMS'),
  issuer: 'https://lms.example.edu',
  clientId: unique('client'),
  deploymentIds: ['1'],
  authLoginUrl: 'https://lms.example.edu/auth',
  accessTokenUrl: 'https://lms.example.edu/token',
  jwksUrl: 'https://lms.example.edu/jwks',
});
const invitee = () => ({ email: `${unique('person')}@example.com`, name: unique('Person'), role: 'Students' });
const invited = async (): Promise<{ userId: string; email: string }> => (await world.ok('invitePerson', { as: world.admin, body: invitee() })).person;
const adminClass = async (): Promise<string> => {
  const created = await world.ok('createClass', { as: world.admin, body: { className: unique('Class'), teacherId: world.teacher.userId } });
  await world.ok('enrolStudents', { as: world.admin, params: { classId: created.classId }, body: { studentIds: [world.student.userId] } });
  return created.classId;
};
/** An admin's class with a module its student completed a section of: unenrolling and enrolling again move that count. */
const adminClassWithProgress = async (): Promise<string> => {
  const classId = await adminClass();
  const module = await newModule();
  await world.ok('assignModule', { as: world.teacher, params: { classId }, body: { moduleId: module._id } });
  await world.ok('markComplete', { as: world.student, body: { studentId: world.student.userId, classId, moduleId: module._id, sectionId: module.sections[0]._id } });
  return classId;
};
const unenrol = (classId: string) => world.ok('unenrolStudent', { as: world.admin, params: { classId, studentId: world.student.userId } }, 200);
const startMultipart = (as = world.teacher) =>
  as === world.admin
    ? world.ok('createUpload', { as, body: { fileName: `${unique('big')}.zip`, contentType: 'application/zip', size: 6 * MiB } })
    : world.ok('createUpload', { as, body: { fileName: `${unique('big')}.pdf`, contentType: MEDIA.pdf, size: 6 * MiB } });
/** An admin's OneRoster package, through the upload routes. */
const adminPackage = () => world.upload(world.admin, 'package.zip', 'application/zip', zipFiles(sampleFiles('bulk-1.2')));

/** What each route is driven through: its successes, its refusals, every clean-up it can do, and each role it admits. */
const SCENARIOS: Record<RouteName, () => Promise<unknown>> = {
  createModule: async () => {
    const draftId = crypto.randomUUID();
    const sections = [{ title: 'One', contentUrl: await teacherFile() }];
    await world.ok('createModule', { as: world.teacher, body: { _id: draftId, title: 'Draft', description: 'About it', sections } });
    await world.ok('createModule', { as: world.teacher, body: { _id: draftId, title: 'Draft', description: 'About it', sections } }, 200);
    // A file that is not there: the reference taken for it is withdrawn.
    const missing = `protected/${world.teacher.userId}/1-missing.pdf`;
    await world.ok('createModule', { as: world.teacher, body: { title: 'Missing', description: 'About it', sections: [{ title: 'x', contentUrl: missing }] } }, 400);
  },
  listModules: () => world.ok('listModules', { as: world.teacher }),
  getModule: async () => world.ok('getModule', { as: world.student, params: { id: (await assigned())._id } }),
  updateModule: async () => {
    const module = await newModule();
    // The replaced section's check goes with it (its partition is queried and deleted).
    await world.ok('putCheck', { as: world.teacher, params: { id: module._id, sectionId: module.sections[0]._id }, body: ONE_QUESTION_CHECK });
    const body = { title: 'Edited', description: 'About it', updatedAt: module.updatedAt, sections: [{ title: 'New', contentUrl: await teacherFile() }] };
    // The old file is released and deleted; a stale version is refused.
    await world.ok('updateModule', { as: world.teacher, params: { id: module._id }, body });
    await world.ok('updateModule', { as: world.teacher, params: { id: module._id }, body }, 409);
  },
  deleteModule: async () => world.ok('deleteModule', { as: world.teacher, params: { id: (await assigned())._id } }),
  listClasses: () => world.ok('listClasses', { as: world.teacher }),
  getClass: async () => {
    await world.ok('getClass', { as: world.teacher, params: { classId: CLASS_ID } });
    await world.ok('getClass', { as: world.admin, params: { classId: CLASS_ID } });
  },
  listTeacherClasses: () => world.ok('listTeacherClasses', { as: world.teacher, params: { teacherId: world.teacher.userId } }),
  listStudentClasses: () => world.ok('listStudentClasses', { as: world.student, params: { userId: world.student.userId } }),
  unassignModule: async () => world.ok('unassignModule', { as: world.teacher, params: { classId: CLASS_ID, moduleId: (await assigned())._id } }, 200),
  assignModule: () => assigned(),
  nudgeStudent: async () => {
    const module = await newModule();
    await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id, dueAt: '2026-01-05T17:00:00+01:00' } });
    const path = { classId: CLASS_ID, moduleId: module._id };
    await world.ok('nudgeStudent', { as: world.teacher, params: path, body: { studentId: world.student.userId } }, 201);
    await world.ok('nudgeStudent', { as: world.teacher, params: path, body: { studentId: world.student.userId } }, 200);
    await world.ok('nudgeStudent', { as: world.teacher, params: path, body: { studentId: world.otherStudent.userId } }, 404);
  },
  addPathOverride: async () => {
    const module = await newModule();
    await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id } });
    const params = { classId: CLASS_ID, studentId: world.student.userId };
    await world.ok('addPathOverride', { as: world.teacher, params, body: { moduleId: module._id, kind: 'release', sectionId: module.sections[0]._id, reason: 'Ready for it' } }, 201);
    await world.ok('addPathOverride', { as: world.teacher, params, body: { moduleId: module._id, kind: 'unlock', reason: 'Ready for it' } }, 201);
    await world.ok('addPathOverride', { as: world.teacher, params: { ...params, studentId: world.otherStudent.userId }, body: { moduleId: module._id, kind: 'unlock', reason: 'x' } }, 404);
  },
  previewPathChanges: async () => {
    const module = await assigned();
    const body = { sequential: true, sections: module.sections.map(({ _id }) => ({ _id, role: 'core' })) };
    await world.ok('previewPathChanges', { as: world.teacher, params: { id: module._id }, body });
  },
  previewPath: async () => {
    const module = await assigned();
    await world.ok('previewPath', { as: world.teacher, params: { id: module._id }, body: { completed: [module.sections[0]._id] } });
  },
  checkPath: async () => {
    const module = await assigned();
    await world.ok('checkPath', { as: world.teacher, params: { id: module._id } });
  },
  setModulePrerequisite: async () => {
    const [first, second] = [await newModule(), await newModule()];
    for (const module of [first, second]) await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id } });
    const params = { classId: CLASS_ID, moduleId: second._id };
    await world.ok('setModulePrerequisite', { as: world.teacher, params, body: { prerequisiteModuleId: first._id } });
    await world.ok('setModulePrerequisite', { as: world.teacher, params: { classId: CLASS_ID, moduleId: first._id }, body: { prerequisiteModuleId: second._id } }, 400);
    // Unassigning the module forgets its prerequisite.
    await world.ok('unassignModule', { as: world.teacher, params }, 200);
  },
  removePathOverride: async () => {
    const module = await newModule();
    await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id } });
    const params = { classId: CLASS_ID, studentId: world.student.userId };
    const sectionId = module.sections[0]._id;
    await world.ok('addPathOverride', { as: world.teacher, params, body: { moduleId: module._id, kind: 'excuse', sectionId, reason: 'Away' } }, 201);
    const release = { ...params, moduleId: module._id, kind: 'excuse' };
    const path = `/api/classes/${CLASS_ID}/students/${world.student.userId}/overrides/${module._id}/excuse?sectionId=${sectionId}`;
    await world.ok('removePathOverride', { as: world.teacher, params: release, path }, 200);
    await world.ok('removePathOverride', { as: world.teacher, params: release, path }, 404);
    await world.ok('removePathOverride', { as: world.teacher, params: { ...release, kind: 'unlock' } }, 404);
  },
  listPathOverrides: async () => {
    await world.ok('listPathOverrides', { as: world.teacher, params: { classId: CLASS_ID, studentId: world.student.userId } });
    await world.ok('listPathOverrides', { as: world.admin, params: { classId: CLASS_ID, studentId: world.student.userId } });
  },
  getProgress: async () => {
    const module = await assigned();
    await world.ok('getProgress', { as: world.student, params: { studentId: world.student.userId, moduleId: module._id, classId: CLASS_ID } });
  },
  markComplete: () => assigned(),
  getStudentClassProgress: async () => {
    await assigned();
    await world.ok('getStudentClassProgress', { as: world.student, params: { classId: CLASS_ID, studentId: world.student.userId } });
  },
  getClassReport: async () => {
    await assigned();
    await world.ok('getClassReport', { as: world.teacher, params: { classId: CLASS_ID } });
    await world.ok('getClassReport', { as: world.teacher, params: { classId: CLASS_ID }, path: `/api/progress/class/${CLASS_ID}?limit=1` });
    await world.ok('getClassReport', { as: world.admin, params: { classId: CLASS_ID } });
  },
  getClassCompletion: async () => {
    await assigned();
    await world.ok('getClassCompletion', { as: world.teacher, params: { classId: CLASS_ID } });
    await world.ok('getClassCompletion', { as: world.admin, params: { classId: CLASS_ID } });
  },
  getModuleReport: async () => {
    const module = await assigned();
    await world.ok('getModuleReport', { as: world.teacher, params: { classId: CLASS_ID, moduleId: module._id } });
    await world.ok('getModuleReport', { as: world.admin, params: { classId: CLASS_ID, moduleId: module._id } });
  },
  getNotifications: async () => {
    await assigned();
    await world.ok('getNotifications', { as: world.teacher });
    await world.ok('getNotifications', { as: world.student });
  },
  markNotificationsRead: () => world.ok('markNotificationsRead', { as: world.teacher }, 204),
  listClassStudents: async () => {
    await world.ok('listClassStudents', { as: world.teacher, params: { classId: CLASS_ID } });
    await world.ok('listClassStudents', { as: world.teacher, params: { classId: CLASS_ID }, path: `/api/classes/${CLASS_ID}/students?limit=1` });
    await world.ok('listClassStudents', { as: world.admin, params: { classId: CLASS_ID } });
  },
  createUpload: async () => {
    await teacherFile();
    await startMultipart();
    await adminPackage();
  },
  completeUpload: async () => {
    // Every part: the file is assembled. Only the first part: smaller than declared, so it is deleted.
    const bytes = fileBytes('pdf', 6 * MiB);
    for (const parts of [2, 1]) {
      const ticket = await startMultipart();
      const stored = await Promise.all(
        ticket.parts.slice(0, parts).map(async ({ partNumber, uploadUrl }: { partNumber: number; uploadUrl: string }) => {
          const put = await fetch(uploadUrl, { method: 'PUT', body: bytes.subarray((partNumber - 1) * ticket.partSize, partNumber * ticket.partSize) });
          return { partNumber, etag: put.headers.get('etag')! };
        }),
      );
      await world.ok('completeUpload', { as: world.teacher, body: { contentUrl: ticket.contentUrl, uploadId: ticket.uploadId, parts: stored } }, parts === 2 ? 200 : 400);
    }
    await world.ok('completeUpload', { as: world.admin, body: { contentUrl: await adminPackage() } });
  },
  abortUpload: async () => {
    for (const as of [world.teacher, world.admin]) {
      const { contentUrl, uploadId } = await startMultipart(as);
      await world.ok('abortUpload', { as, body: { contentUrl, uploadId } }, 204);
    }
  },
  renewUploadParts: async () => {
    for (const as of [world.teacher, world.admin]) {
      const { contentUrl, uploadId } = await startMultipart(as);
      await world.ok('renewUploadParts', { as, body: { contentUrl, uploadId, partNumbers: [1, 2] } });
      await world.ok('abortUpload', { as, body: { contentUrl, uploadId } }, 204);
    }
  },
  renameSelf: () => world.ok('renameSelf', { as: world.student, body: { name: world.student.name } }),
  getAdminOverview: () => world.ok('getAdminOverview', { as: world.admin }),
  listPeople: async () => {
    // A copy still saying "invited" of someone who has signed in since: the list marks it signed in.
    const stores = localTableStores(world.config);
    const { userId, email, name } = world.student;
    await stores.peopleIndex.save({ userId, email, name, role: 'Students', status: 'invited', createdAt: new Date().toISOString() });
    stores.destroy();
    await world.ok('listPeople', { as: world.admin });
    await world.ok('listPeople', { as: world.admin, path: '/api/admin/people?role=Students' });
    await world.ok('listPeople', { as: world.admin, path: '/api/admin/people?search=sam&status=active' });
  },
  invitePerson: async () => {
    const body = invitee();
    await world.ok('invitePerson', { as: world.admin, body });
    // A retry of the pending invitation answers it; the same e-mail in another role is refused.
    await world.ok('invitePerson', { as: world.admin, body }, 200);
    await world.ok('invitePerson', { as: world.admin, body: { ...body, role: 'Teachers' } }, 409);
  },
  invitePeople: () => world.ok('invitePeople', { as: world.admin, body: { people: [invitee(), { ...invitee(), email: world.student.email }] } }),
  lookupPeople: () => world.ok('lookupPeople', { as: world.admin, body: { emails: [world.student.email, 'nobody@example.com'] } }),
  renamePerson: () => world.ok('renamePerson', { as: world.admin, params: { userId: world.student.userId }, body: { name: world.student.name } }),
  changeRole: async () => world.ok('changeRole', { as: world.admin, params: { userId: (await invited()).userId }, body: { role: 'Teachers' } }),
  disablePerson: async () => world.ok('disablePerson', { as: world.admin, params: { userId: (await invited()).userId } }),
  enablePerson: async () => {
    const { userId } = await invited();
    await world.ok('disablePerson', { as: world.admin, params: { userId } });
    await world.ok('enablePerson', { as: world.admin, params: { userId } });
  },
  getSchoolSignIn: async () => {
    await world.ok('getSchoolSignIn', { as: world.admin });
  },
  setSchoolSignInDomain: async () => {
    await world.ok('setSchoolSignInDomain', { as: world.admin, body: { domain: 'example.com', studentsMayJoin: false } });
  },
  listAuditTrail: async () => {
    await world.ok('listAuditTrail', { as: world.admin });
    await world.ok('listAuditTrail', { as: world.admin, path: `/api/admin/audit?action=invite&actorId=${world.admin.userId}&from=2026-01-01T00:00:00.000Z` });
  },
  setPeopleAccess: async () => {
    const userIds = [(await invited()).userId, (await invited()).userId];
    await world.ok('setPeopleAccess', { as: world.admin, body: { access: 'disabled', userIds } });
    await world.ok('setPeopleAccess', { as: world.admin, body: { access: 'enabled', userIds } });
  },
  resendInvitation: async () => world.ok('resendInvitation', { as: world.admin, params: { userId: (await invited()).userId } }),
  listAdminClasses: () => world.ok('listAdminClasses', { as: world.admin }),
  createClass: async () => {
    await adminClass();
    // A form's own class id: a repeat answers the class it made.
    const body = { classId: crypto.randomUUID(), className: unique('Class') };
    await world.ok('createClass', { as: world.admin, body });
    await world.ok('createClass', { as: world.admin, body }, 200);
  },
  getAdminClass: async () => world.ok('getAdminClass', { as: world.admin, params: { classId: await adminClass() } }),
  renameClass: async () => world.ok('renameClass', { as: world.admin, params: { classId: await adminClass() }, body: { className: unique('Renamed') } }),
  deleteClass: async () => {
    const classId = await adminClass();
    const module = await newModule();
    await world.ok('assignModule', { as: world.teacher, params: { classId }, body: { moduleId: module._id } });
    await world.ok('markComplete', { as: world.student, body: { studentId: world.student.userId, classId, moduleId: module._id, sectionId: module.sections[0]._id } });
    await world.ok('deleteClass', { as: world.admin, params: { classId } });
  },
  setClassTeacher: async () => {
    const classId = await adminClass();
    await world.ok('setClassTeacher', { as: world.admin, params: { classId }, body: { teacherId: world.otherTeacher.userId } });
    await world.ok('setClassTeacher', { as: world.admin, params: { classId }, body: { teacherId: null } });
  },
  enrolStudents: async () => {
    const classId = await adminClassWithProgress();
    await unenrol(classId);
    await world.ok('enrolStudents', { as: world.admin, params: { classId }, body: { studentIds: [world.student.userId] } });
  },
  unenrolStudent: async () => unenrol(await adminClassWithProgress()),
  // Created, then renamed, made a teacher, disabled and enabled again, a class deleted, an enrolment removed by a delta.
  importOneRoster: async () => {
    const files = sampleFiles('bulk-1.2');
    const edit = (file: string, change: (text: string) => string) => ({ ...files, [file]: change(files[file]!) });
    const apply = async (changed: Record<string, string>, mode = 'apply') => {
      const contentUrl = await world.putFile(world.admin, 'package.zip', 'application/zip', zipFiles(changed));
      await world.ok('importOneRoster', { as: world.admin, body: { contentUrl, mode } });
    };
    await apply(files, 'preview');
    await apply(files);
    const withoutScience = (text: string) => text.split('\n').filter((line) => !line.includes('cl-12')).join('\n');
    await apply({
      ...edit('users.csv', (text) => text.replace('Björn', 'Bjørn').replace('s-300,,,true,', 's-300,,,false,')),
      'roles.csv': files['roles.csv']!.replace('s-305,primary,student', 's-305,primary,teacher'),
      'classes.csv': withoutScience(files['classes.csv']!),
      'enrollments.csv': withoutScience(files['enrollments.csv']!),
    });
    await apply(files);
    await apply(sampleFiles('delta-1.2'));
    await world.ok('importOneRoster', { as: world.admin, body: { contentUrl: `protected/${world.admin.userId}/missing.zip`, mode: 'apply' } }, 404);
  },
  listOneRosterRuns: () => world.ok('listOneRosterRuns', { as: world.admin }),
  // The class's checks and scores and the OneRoster links read, the gradebook zip written to the bucket.
  exportOneRosterScores: async () => {
    await checked();
    await world.ok('exportOneRosterScores', { as: world.teacher, params: { classId: CLASS_ID } });
    await world.ok('exportOneRosterScores', { as: world.admin, params: { classId: CLASS_ID } });
  },
  archiveClass: async () => {
    const classId = await adminClass();
    await world.ok('archiveClass', { as: world.admin, params: { classId } });
    // A repeat: the refused update is told apart by reading the class.
    await world.ok('archiveClass', { as: world.admin, params: { classId } });
    await world.ok('enrolStudents', { as: world.admin, params: { classId }, body: { studentIds: [world.otherStudent.userId] } }, 409);
  },
  unarchiveClass: async () => {
    const classId = await adminClass();
    await world.ok('archiveClass', { as: world.admin, params: { classId } });
    await world.ok('unarchiveClass', { as: world.admin, params: { classId } }, 200);
    await world.ok('unarchiveClass', { as: world.admin, params: { classId } }, 200);
  },
  getRetention: () => world.ok('getRetention', { as: world.admin }),
  setRetention: () => world.ok('setRetention', { as: world.admin, body: { days: null } }),
  rollOverClasses: async () => {
    const fromClassId = await adminClassWithProgress();
    const body = { yearLabel: unique('Year'), archiveOld: true, classes: [{ fromClassId, classId: crypto.randomUUID() }] };
    await world.ok('rollOverClasses', { as: world.admin, body });
    await world.ok('rollOverClasses', { as: world.admin, body });
  },
  putCheck: async () => {
    const module = await assigned();
    const path = { id: module._id, sectionId: module.sections[0]._id };
    await world.ok('putCheck', { as: world.teacher, params: path, body: ONE_QUESTION_CHECK });
    await world.ok('submitAttempt', { as: world.student, params: path, body: { attemptId: crypto.randomUUID(), classId: CLASS_ID, answers: { q1: true } } }, 201);
    // With an attempt on it, the edit is a new version.
    await world.ok('putCheck', { as: world.teacher, params: path, body: { ...ONE_QUESTION_CHECK, passMark: 50 } });
  },
  draftQuestions: async () => {
    const module = await newModule();
    const path = { id: module._id, sectionId: module.sections[0]._id };
    // Before its text is stored, and with it.
    await world.ok('draftQuestions', { as: world.teacher, params: path, body: { count: 3 } }, 409);
    await world.givenText(module.sections[0].contentUrl, world.teacher, SECTION_TEXT);
    await world.ok('draftQuestions', { as: world.teacher, params: path, body: { count: 3, kinds: ['single', 'text'] } });
  },
  settleDrafts: async () => {
    const module = await newModule();
    const path = { id: module._id, sectionId: module.sections[0]._id };
    await world.ok('settleDrafts', { as: world.teacher, params: path, body: { passages: ['The nucleus holds the genetic material of the cell.'] } });
  },
  getCheck: async () => {
    const { path } = await checked();
    await world.ok('getCheck', { as: world.teacher, params: path });
    await world.ok('getCheck', { as: world.student, params: path, path: `/api/modules/${path.id}/sections/${path.sectionId}/check?classId=${CLASS_ID}` });
    await world.ok('getCheck', { as: world.student, params: path });
  },
  submitAttempt: async () => {
    const { path } = await checked();
    const body = { attemptId: crypto.randomUUID(), classId: CLASS_ID, answers: { q1: false } };
    await world.ok('submitAttempt', { as: world.student, params: path, body }, 201);
    await world.ok('submitAttempt', { as: world.student, params: path, body }, 200);
    // Passing completes the section.
    await world.ok('submitAttempt', { as: world.student, params: path, body: { ...body, attemptId: crypto.randomUUID(), answers: { q1: true } } }, 201);
  },
  getCheckAnalysis: async () => {
    const { module, path } = await checked();
    await world.ok('getCheckAnalysis', { as: world.teacher, params: { classId: CLASS_ID, moduleId: module._id, sectionId: path.sectionId } });
    await world.ok('getCheckAnalysis', { as: world.admin, params: { classId: CLASS_ID, moduleId: module._id, sectionId: path.sectionId } });
  },
  listStudentAttempts: async () => {
    await checked();
    await world.ok('listStudentAttempts', { as: world.teacher, params: { classId: CLASS_ID, studentId: world.student.userId } });
    await world.ok('listStudentAttempts', { as: world.admin, params: { classId: CLASS_ID, studentId: world.student.userId } });
  },
  getSectionText: async () => {
    const module = await assigned();
    const path = { id: module._id, sectionId: module.sections[0]._id };
    await world.ok('getSectionText', { as: world.teacher, params: path });
    await world.ok('getSectionText', { as: world.student, params: path });
  },
  search: async () => {
    const module = await assigned();
    await world.ok('search', { as: world.teacher, path: '/api/search?q=cells' });
    await world.ok('search', { as: world.teacher, path: `/api/search?q=cells&moduleId=${module._id}` });
    await world.ok('search', { as: world.student, path: `/api/search?q=cells&moduleId=${module._id}` });
  },
  recordReading: async () => {
    const module = await assigned();
    const path = { id: module._id, sectionId: module.sections[0]._id };
    await world.ok('recordReading', { as: world.student, params: path, body: { classId: CLASS_ID, opened: true, page: 3, minutes: 1 } });
    await world.ok('recordReading', { as: world.student, params: path, body: { classId: CLASS_ID, page: 4 } });
  },
  getStudentReading: async () => {
    await assigned();
    await world.ok('getStudentReading', { as: world.teacher, params: { classId: CLASS_ID, studentId: world.student.userId } });
    await world.ok('getStudentReading', { as: world.admin, params: { classId: CLASS_ID, studentId: world.student.userId } });
  },
  // The student's attempts and the teacher's modules with their files, each in their own zip written to the bucket.
  exportOwnData: async () => {
    await checked();
    for (const as of [world.student, world.teacher, world.admin]) await world.ok('exportOwnData', { as });
  },
  exportPersonData: async () => {
    await world.ok('exportPersonData', { as: world.admin, params: { userId: world.teacher.userId } });
    await world.ok('exportPersonData', { as: world.admin, params: { userId: 'does-not-exist' } }, 404);
  },
  listLtiPlatforms: () => world.ok('listLtiPlatforms', { as: world.admin }),
  registerLtiPlatform: async () => {
    const body = ltiPlatform();
    await world.ok('registerLtiPlatform', { as: world.admin, body }, 201);
    await world.ok('registerLtiPlatform', { as: world.admin, body: { ...body, name: 'Twice' } }, 409);
  },
  editLtiPlatform: async () => {
    const body = ltiPlatform();
    const { platformId } = await world.ok('registerLtiPlatform', { as: world.admin, body }, 201);
    await world.ok('editLtiPlatform', { as: world.admin, params: { platformId }, body: { ...body, name: 'Renamed' } });
    // A new client ID moves the pair that holds it to this registration.
    await world.ok('editLtiPlatform', { as: world.admin, params: { platformId }, body: { ...body, clientId: unique('client') } });
  },
  removeLtiPlatform: async () => {
    const { platformId } = await world.ok('registerLtiPlatform', { as: world.admin, body: ltiPlatform() }, 201);
    await world.ok('removeLtiPlatform', { as: world.admin, params: { platformId } });
    await world.ok('removeLtiPlatform', { as: world.admin, params: { platformId } }, 404);
  },
  // The teacher's modules with their check index; the request read alone for another teacher (404).
  getLtiDeepLink: async () => {
    await checked();
    const requestId = await world.givenLtiDeepLinkRequest(world.teacher);
    await world.ok('getLtiDeepLink', { as: world.teacher, params: { requestId } });
    await world.ok('getLtiDeepLink', { as: world.otherTeacher, params: { requestId } }, 404);
  },
  // A module with checks (its line item), Cancel, and a second answer refused by the one conditional write.
  answerLtiDeepLink: async () => {
    const moduleId = (await checked()).module._id;
    const answer = async (body: { moduleId: string | null }) => {
      const requestId = await world.givenLtiDeepLinkRequest(world.teacher);
      await world.ok('answerLtiDeepLink', { as: world.teacher, params: { requestId }, body });
      return requestId;
    };
    const answered = await answer({ moduleId });
    await answer({ moduleId: null });
    await world.ok('answerLtiDeepLink', { as: world.teacher, params: { requestId: answered }, body: { moduleId } }, 409);
  },
  // Last of all the routes (the contract lists it last): the student and the teacher go for good.
  erasePerson: async () => {
    const erase = (person: { userId: string; email: string }, body: Record<string, unknown> = {}, status = 200) =>
      world.ok('erasePerson', { as: world.admin, params: { userId: person.userId }, body: { confirm: person.email, ...body } }, status);
    // A teacher with a module and its file, and a class: they go to the teacher named (checked against their role), the
    // file copied to that teacher's folder.
    const newTeacher = await person(world.config, `${unique('leaving')}@example.com`, 'Teachers', unique('Leaving'));
    const file = await world.upload(newTeacher, `${unique('file')}.pdf`, MEDIA.pdf, pdfBytes('leaving'));
    await world.createModule(newTeacher, [{ title: 'One', contentUrl: file }], unique('Module'));
    await world.ok('createClass', { as: world.admin, body: { className: unique('Class'), teacherId: newTeacher.userId } });
    await erase(newTeacher, { transferModulesTo: world.otherTeacher.userId });
    await erase(world.student);
    await erase(world.teacher, {}, 400);
    await erase(world.teacher, { deleteModules: true });
  },
};

/**
 * The LTI tool's endpoints as an LMS and a browser reach them: the keys, a login by GET and by form post (a registered
 * LMS and an unknown one), and launches taking a login's state (one with a token that is not a JWT, one replayed).
 */
async function drivePublicEndpoints(): Promise<void> {
  const origin = world.config.apiUrl;
  const expectStatus = async (answer: Promise<Response>, status: number) => {
    const { status: got } = await answer;
    if (got !== status) throw new Error(`expected ${status}, got ${got}`);
  };
  await expectStatus(fetch(`${origin}${ltiEndpoints.ltiJwks.path}`), 200);
  const platform = ltiPlatform();
  await world.ok('registerLtiPlatform', { as: world.admin, body: platform }, 201);
  const login = { iss: platform.issuer, login_hint: 'u1', target_link_uri: `${origin}${ltiEndpoints.ltiLaunch.path}`, client_id: platform.clientId };
  await expectStatus(fetch(`${origin}${ltiEndpoints.ltiLoginGet.path}?${new URLSearchParams({ ...login, iss: 'https://unknown.example.edu' })}`, { redirect: 'manual' }), 400);
  const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields), redirect: 'manual' as const });
  await expectStatus(fetch(`${origin}${ltiEndpoints.ltiLoginPost.path}`, form(login)), 302);
  const answer = await fetch(`${origin}${ltiEndpoints.ltiLoginGet.path}?${new URLSearchParams(login)}`, { redirect: 'manual' });
  const state = new URL(answer.headers.get('location') ?? '').searchParams.get('state') ?? '';
  await expectStatus(fetch(`${origin}${ltiEndpoints.ltiLaunch.path}`, form({ state, id_token: 'not-a-jwt' })), 400);
  await expectStatus(fetch(`${origin}${ltiEndpoints.ltiLaunch.path}`, form({ state, id_token: 'not-a-jwt' })), 400);
  await driveLaunchesFromTheTwin(origin);
}

/**
 * Launches that sign people in, from the LMS twin: an instructor's first (a new teacher, the course's class, a deep
 * linking request), the module they link opened by them (assigned to the class) and by a learner (a new student,
 * enrolled).
 */
async function driveLaunchesFromTheTwin(origin: string): Promise<void> {
  const twin = await startLtiPlatform({ tool: ltiToolConfiguration(origin) });
  try {
    const { issuer, clientId, deploymentId, authLoginUrl, accessTokenUrl, jwksUrl } = twin;
    await world.ok('registerLtiPlatform', { as: world.admin, body: { name: unique('Twin'), issuer, clientId, deploymentIds: [deploymentId], authLoginUrl, accessTokenUrl, jwksUrl } }, 201);
    const instructor = twin.accounts.find((account) => account.role === 'Instructor')!;
    const deepLinking = await launchAtTwin(origin, twin, instructor.email, '/deep-linking/start?target=window');
    const handoff = handoffOf(deepLinking.answer);
    const tokens = (await signInWithCode(world.config, handoff.user, handoff.code)).AuthenticationResult!;
    const teacher = { userId: handoff.user, email: instructor.email, name: instructor.name, accessToken: tokens.AccessToken!, idToken: tokens.IdToken! };
    const module = await world.createModule(teacher, [{ title: 'One', contentUrl: await world.upload(teacher, 'lms.pdf', MEDIA.pdf, pdfBytes('lms')) }], unique('Linked'));
    const itemId = await deepLinkModule(twin, deepLinking.idToken, { moduleId: module._id, title: 'Linked' });
    await launchAtTwin(origin, twin, instructor.email, `/launch/${itemId}?target=window`);
    const learner = twin.accounts.find((account) => account.role === 'Learner')!;
    await launchAtTwin(origin, twin, learner.email, `/launch/${itemId}?target=window`);
  } finally {
    await twin.close();
  }
}

test('every route was driven as planned, and every SDK command it sent has a known IAM action', () => {
  expect(scenarioFailures).toEqual([]);
  expect(unmapped).toEqual([]);
});

// The public endpoints' functions are granted their table and user pool actions alone (public-endpoint-function.ts):
// no request counter, no access record. Their tool key secret is a file locally, so the JWKS's read is not seen here.
describe.each(Object.keys(ltiEndpoints) as LtiEndpointName[])('public endpoint %s', (name) => {
  test('uses exactly the table and user pool actions its deployment grants, and no counter or access record', () => {
    const used = [...(observed.get(name) ?? [])].sort();
    const { table, userPool = 'none' } = publicEndpointDeployment[name] as PublicEndpointDeployment;
    expect({ endpoint: name, actions: iamActionsOf({ table, bucket: 'none', userPool }) }).toEqual({ endpoint: name, actions: used });
    expect([...(countedRequests.get(name) ?? []), ...(accessRecords.get(name) ?? [])]).toEqual([]);
  });
});

describe.each(routeEntries.map(([name]) => name))('%s', (name) => {
  test('is granted exactly the IAM actions its code uses', () => {
    const used = [...(observed.get(name) ?? [])].sort();
    expect({ route: name, actions: iamActionsOf(routeDeployment[name]) }).toEqual({ route: name, actions: used });
  });

  test("counts its callers' requests with UpdateItem alone, the request counters' own grant (bindRequestCounter)", () => {
    expect({ route: name, actions: [...(countedRequests.get(name) ?? [])] }).toEqual({ route: name, actions: ['dynamodb:UpdateItem'] });
  });

  test("reads its callers' access records with their erase jobs in one BatchGetItem, and only a route admitting admins updates them (bindPersonAccess)", () => {
    const used = [...(accessRecords.get(name) ?? [])].sort();
    const granted = admitsAdmins(routes[name]) ? ['dynamodb:BatchGetItem', 'dynamodb:UpdateItem'] : ['dynamodb:BatchGetItem'];
    expect(used).toContain('dynamodb:BatchGetItem');
    expect({ route: name, beyondGrant: used.filter((action) => !granted.includes(action)) }).toEqual({ route: name, beyondGrant: [] });
  });
});
