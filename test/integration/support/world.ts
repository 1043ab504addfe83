// The integration tests' view of the running product: a local stack on free ports in a temporary directory, or any
// stack named by STACK_CONFIG (a JSON file: the local `.local/stack.json` shape, or a deployed stack's outputs and test
// users from `npm run test:deployed:setup`); five people with real tokens, two classes of this run, and helpers to call
// the API as someone, upload files through presigned URLs, and read the table, the bucket and the people directly
// (to prove what was, or was not, stored).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Module } from '@shared/contract/modules';
import { SINGLE_UPLOAD_HEADERS } from '@shared/constants';
import { errorSchema } from '@shared/contract/blocks';
import { routes, type RouteName } from '@shared/contract';
import { buildPath } from '@shared/contract/route';
import { ROLES, type Role } from '@shared/roles';
import { ListUsersCommand, ListUsersInGroupCommand, type UserType } from '@aws-sdk/client-cognito-identity-provider';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { credentialsFor, type TargetStack } from '@local/stack-config';
import { rebuildStackPeopleIndex } from '@local/people-index';
import { localTableStores } from '@local/table-stores';
import type { TextPage } from '@shared/contract/search';
import { makeSectionTextRepository } from '@functions/src/search/adapters/section-text-repository';
import type { DeepLinkingRequest } from '@functions/src/lti/port';
import { makeDeepLinkingRequestRepository } from '@functions/src/lti/adapters/launch-session-repository';
import { createUser, identityClient, signInTokens, startLocalStack, TEST_CALLER_RATE_LIMIT, type LocalStackOptions } from '../harness';

/** A message a person can act on: starts with a word, has more than one, ends like a sentence. */
export { SENTENCE } from '../../unit-helpers/events';
export { SECTION_TEXT } from '../../unit-helpers/fixtures';
export { nextSecond } from '../harness';

export interface Person {
  userId: string;
  email: string;
  name: string;
  accessToken: string;
  idToken: string;
  /** Admins have two-factor authentication on (administration requires it): their TOTP secret. */
  totpSecret?: string;
}

export interface Answer {
  status: number;
  /** Parsed JSON, or the text when it is not JSON, or undefined when empty. */
  body: any;
  headers: Headers;
}

export interface CallOptions {
  /** A person (their access token), a raw token, or nobody. */
  as?: Person | string | null;
  params?: Record<string, string>;
  /** Sent as JSON; `rawBody` is sent as it is. */
  body?: unknown;
  rawBody?: string;
  /** A path to use instead of the route's (for malformed or unusual paths). */
  path?: string;
}

export interface SectionInput {
  title: string;
  contentUrl: string;
  originalFileName?: string;
  _id?: string;
}

export type Item = Record<string, unknown> & { pk: string; sk: string };

export interface Snapshot {
  table: Item[];
  files: string[];
  /** The identity service's users: who exists, their name, status and role. */
  people: string[];
}

/** Tells this run's classes and invitees apart from earlier runs' on a stack that keeps its data. */
export const RUN_ID = randomUUID().slice(0, 8);
export const CLASS_ID = `class-a-${RUN_ID}`;
export const OTHER_CLASS_ID = `class-b-${RUN_ID}`;

export const MEDIA = {
  pdf: 'application/pdf',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

export interface World {
  config: TargetStack;
  /** Teaches class-a, where `student` is enrolled. */
  teacher: Person;
  /** Teaches class-b, where `otherStudent` is enrolled. */
  otherTeacher: Person;
  student: Person;
  otherStudent: Person;
  /** In the Admins group. */
  admin: Person;
  call(route: RouteName, options?: CallOptions): Promise<Answer>;
  /** Calls a route and fails with the answer when its status is not the expected one. */
  ok(route: RouteName, options: CallOptions, expectedStatus?: number): Promise<any>;
  /** Uploads bytes as the teacher would (single PUT, or parts + complete above 5 MiB); returns the contentUrl. */
  upload(as: Person, fileName: string, contentType: string, bytes: Uint8Array): Promise<string>;
  /** Stores bytes under `protected/{as}/…` straight into the bucket, as a finished upload leaves them; returns the key. */
  putFile(as: Person, fileName: string, contentType: string, bytes: Uint8Array): Promise<string>;
  /** Stores bytes under any key, as a system outside the app would (the information system's nightly package). */
  putObject(key: string, contentType: string, bytes: Uint8Array): Promise<void>;
  createModule(as: Person, sections: SectionInput[], title?: string): Promise<Module>;
  /** A module with `count` sections, all backed by one small uploaded PDF. */
  createModuleWithSections(as: Person, count: number, title?: string): Promise<Module>;
  /** The table's items, but the per-person request counters (`RATE#…`). */
  scanTable(): Promise<Item[]>;
  listFiles(): Promise<string[]>;
  /** Where a file link the API handed out (a same-origin path) opens: on the app's origin. */
  fileUrl(link: string): string;
  /** What is stored, read all at once: the whole of it, or only the stores named (the others left empty). */
  snapshot(of?: readonly (keyof Snapshot)[]): Promise<Snapshot>;
  /** Creates a class and enrols students, as an administrator would (there is no API route for it). */
  createClass(classId: string, teacher: Person, students: Person[]): Promise<void>;
  /** Stores a file's text as extraction does once the file is uploaded, for routes that read it without waiting for it. */
  givenText(contentUrl: string, owner: Person, pages: TextPage[]): Promise<void>;
  /**
   * Stores a deep linking request for `teacher` from a registered LMS (or as `request` says), as their LTI launch leaves
   * it (open for an hour); returns its id.
   */
  givenLtiDeepLinkRequest(teacher: Person, request?: Partial<DeepLinkingRequest>): Promise<string>;
  stop(): Promise<void>;
}

const PASSWORD = 'Integration-pass-1';

/** A person as their enrolments keep them, as the admin's enrol route writes them. */
const enrolled = ({ userId, name, email }: Person) => ({ studentId: userId, name, email });

/** POST routes that answer 201 Created; the others answer 200 with their result. */
const CREATING_ROUTES: RouteName[] = ['createModule', 'createUpload', 'invitePerson', 'createClass'];

type People = Pick<World, 'teacher' | 'otherTeacher' | 'student' | 'otherStudent' | 'admin'>;

/**
 * The stack STACK_CONFIG names, or a fresh local stack of this process; that one lets a person make far more requests
 * than the product does (TEST_CALLER_RATE_LIMIT) unless told the number.
 */
const isWrittenByTextExtraction = (item: Item) => (item.pk.startsWith('FILE#') && item.sk === 'TEXT') || (item.pk.startsWith('USER#') && item.sk === 'TEXTS');

export async function startWorld(options: { callerRateLimit?: number; throttles?: LocalStackOptions['throttles']; ltiPlatform?: boolean } = {}): Promise<World> {
  const configFile = process.env.STACK_CONFIG;
  if (configFile) {
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as TargetStack;
    return setUpWorld(config, await peopleOf(config), async () => {});
  }
  const stack = await startLocalStack({
    seed: false,
    callerRateLimit: options.callerRateLimit ?? TEST_CALLER_RATE_LIMIT,
    throttles: options.throttles,
    ltiPlatform: options.ltiPlatform,
  });
  try {
    const { config } = stack;
    // One at a time: the identity twin keeps a pool in one file.
    const people: People = {
      teacher: await person(config, 'teacher@example.com', 'Teachers', 'Ada Teacher'),
      otherTeacher: await person(config, 'teacher2@example.com', 'Teachers', 'Ben Teacher'),
      student: await person(config, 'student@example.com', 'Students', 'Sam Student'),
      otherStudent: await person(config, 'student2@example.com', 'Students', 'Kim Student'),
      admin: await person(config, 'admin@example.com', 'Admins', 'Alex Admin'),
    };
    return await setUpWorld(config, people, () => stack.stop());
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

/** The stack's test users, signed in: its first two teachers, first two students and first admin. */
async function peopleOf(config: TargetStack): Promise<People> {
  const nth = async (role: Role, index: number): Promise<Person> => {
    const user = config.users.filter((each) => each.role === role)[index];
    if (!user) throw new Error(`The stack config lists fewer than ${index + 1} ${role}; npm run test:deployed:setup creates them.`);
    const tokens = await signInTokens(config, user.email, user.password, user.totpSecret);
    const { sub } = JSON.parse(Buffer.from(tokens.accessToken.split('.')[1], 'base64url').toString()) as { sub: string };
    return { userId: sub, email: user.email, name: user.name, accessToken: tokens.accessToken, idToken: tokens.idToken };
  };
  return {
    teacher: await nth('Teachers', 0),
    otherTeacher: await nth('Teachers', 1),
    student: await nth('Students', 0),
    otherStudent: await nth('Students', 1),
    admin: await nth('Admins', 0),
  };
}

/** Gives the run its two classes, then the world over the stack; `stopStack` ends what this process started. */
async function setUpWorld(config: TargetStack, people: People, stopStack: () => Promise<void>): Promise<World> {
  const stores = localTableStores(config);
  try {
    // The test users are made in the user pool directly: the people index is repaired as `npm run migrate` would.
    await rebuildStackPeopleIndex(config);
    const { teacher, otherTeacher, student, otherStudent } = people;
    const { rosters } = stores;
    await rosters.insertClass({ classId: CLASS_ID, className: 'Year 9 Science', teacherId: teacher.userId, teacherName: teacher.name });
    await rosters.enrollStudent(CLASS_ID, enrolled(student));
    await rosters.insertClass({
      classId: OTHER_CLASS_ID,
      className: 'Year 10 Biology',
      teacherId: otherTeacher.userId,
      teacherName: otherTeacher.name,
    });
    await rosters.enrollStudent(OTHER_CLASS_ID, enrolled(otherStudent));

    return buildWorld(config, stores, people, stopStack);
  } catch (error) {
    stores.destroy();
    throw error;
  }
}

/** A signed-in person; an admin turns two-factor authentication on first, as administration requires. */
export async function person(config: TargetStack, email: string, role: Role, name: string): Promise<Person> {
  const { userId, totpSecret } = await createUser(config, { email, password: PASSWORD, role, name, secondFactor: role === 'Admins' });
  const tokens = await signInTokens(config, email, PASSWORD, totpSecret);
  return { userId, email, name, accessToken: tokens.accessToken, idToken: tokens.idToken, ...(totpSecret && { totpSecret }) };
}

/** An LMS registered straight in the table (its own issuer per run), as an admin registers one. */
async function registeredLms(stores: ReturnType<typeof localTableStores>) {
  const now = new Date().toISOString();
  const platform = {
    platformId: `lms-${RUN_ID}`,
    name: `Deep linking LMS ${RUN_ID}`,
    issuer: `https://lms-${RUN_ID}.example.edu`,
    clientId: 'deep-linking-client',
    deploymentIds: ['deployment-1'],
    authLoginUrl: `https://lms-${RUN_ID}.example.edu/auth`,
    accessTokenUrl: `https://lms-${RUN_ID}.example.edu/token`,
    jwksUrl: `https://lms-${RUN_ID}.example.edu/jwks`,
    registeredAt: now,
    updatedAt: now,
  };
  await stores.ltiPlatforms.insert(platform);
  return platform;
}

function buildWorld(
  config: TargetStack,
  stores: ReturnType<typeof localTableStores>,
  people: People,
  stopStack: () => Promise<void>,
): World {
  const dynamo = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: config.dynamodb.endpoint, region: config.region, credentials: credentialsFor(config) }),
  );
  const s3 = new S3Client({
    endpoint: config.s3.endpoint,
    region: config.region,
    forcePathStyle: Boolean(config.s3.endpoint),
    credentials: credentialsFor(config),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  let lmsOfDeepLinks: ReturnType<typeof registeredLms> | undefined;

  const call: World['call'] = async (name, options = {}) => {
    const route = routes[name];
    const token = options.as == null ? undefined : typeof options.as === 'string' ? options.as : options.as.accessToken;
    const text = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await fetch(`${config.apiUrl}${options.path ?? buildPath(route.path, options.params)}`, {
      method: route.method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(text !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: text,
    });
    const raw = await response.text();
    let body: unknown = raw === '' ? undefined : raw;
    try {
      body = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      // Not JSON: keep the text.
    }
    assertContract(name, response.status, body, response.headers);
    return { status: response.status, body, headers: response.headers };
  };

  const ok: World['ok'] = async (name, options, expectedStatus) => {
    const answer = await call(name, options);
    const expected = expectedStatus ?? { POST: CREATING_ROUTES.includes(name) ? 201 : 200, GET: 200, PUT: 200, DELETE: 204 }[routes[name].method];
    if (answer.status !== expected) {
      throw new Error(`${routes[name].method} ${routes[name].path} answered ${answer.status}, not ${expected}: ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  };

  const upload: World['upload'] = async (as, fileName, contentType, bytes) => {
    const ticket = await ok('createUpload', { as, body: { fileName, contentType, size: bytes.length } });
    if (ticket.uploadUrl) {
      const put = await fetch(ticket.uploadUrl, { method: 'PUT', headers: { 'content-type': contentType, ...SINGLE_UPLOAD_HEADERS }, body: bytes });
      if (!put.ok) throw new Error(`PUT ${fileName} answered ${put.status}: ${await put.text()}`);
      return ticket.contentUrl;
    }
    const parts = await Promise.all(
      (ticket.parts as { partNumber: number; uploadUrl: string }[]).map(async ({ partNumber, uploadUrl }) => {
        const start = (partNumber - 1) * ticket.partSize;
        const put = await fetch(uploadUrl, { method: 'PUT', body: bytes.subarray(start, start + ticket.partSize) });
        if (!put.ok) throw new Error(`PUT part ${partNumber} of ${fileName} answered ${put.status}`);
        return { partNumber, etag: put.headers.get('etag') ?? '' };
      }),
    );
    await ok('completeUpload', { as, body: { contentUrl: ticket.contentUrl, uploadId: ticket.uploadId, parts } });
    return ticket.contentUrl;
  };

  const createModule: World['createModule'] = (as, sections, title = 'A module') =>
    ok('createModule', { as, body: { title, description: `About ${title}`, sections } });

  const createModuleWithSections: World['createModuleWithSections'] = async (as, count, title) => {
    const contentUrl = await upload(as, 'shared.pdf', MEDIA.pdf, pdfBytes('shared'));
    const sections = Array.from({ length: count }, (_, index) => ({ title: `Section ${index + 1}`, contentUrl }));
    return createModule(as, sections, title);
  };

  const scanTable = async (): Promise<Item[]> => {
    const items: Item[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await dynamo.send(new ScanCommand({ TableName: config.dynamodb.table, ExclusiveStartKey, ConsistentRead: true }));
      // Every request counts in its caller's rate-limit window, and the text of a file stored a moment before is
      // written by the storage event's function whenever it finishes: neither is data a request is meant to change.
      items.push(...((page.Items ?? []) as Item[]).filter((item) => !item.pk.startsWith('RATE#') && !isWrittenByTextExtraction(item)));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return items.sort((a, b) => `${a.pk}|${a.sk}`.localeCompare(`${b.pk}|${b.sk}`));
  };

  const listFiles = async (): Promise<string[]> => {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: config.s3.bucket, ContinuationToken }));
      keys.push(...(page.Contents ?? []).map((object) => object.Key!));
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
    return keys.sort();
  };

  const listPeople = async (): Promise<string[]> => {
    const UserPoolId = config.cognito.userPoolId;
    const client = identityClient(config);
    try {
      const { Users = [] } = await client.send(new ListUsersCommand({ UserPoolId }));
      const groups = await Promise.all(
        ROLES.map(async (GroupName) => {
          const members = await client.send(new ListUsersInGroupCommand({ UserPoolId, GroupName }));
          return (members.Users ?? []).map((user) => `${user.Username}:${GroupName}`);
        }),
      );
      const attributes = (user: UserType) => (user.Attributes ?? []).map(({ Name, Value }) => `${Name}=${Value}`).sort().join(',');
      return [
        ...Users.map((user) => `${user.Username} ${attributes(user)} ${user.Enabled} ${user.UserStatus}`),
        ...groups.flat(),
      ].sort();
    } finally {
      client.destroy();
    }
  };

  const putObject: World['putObject'] = async (key, contentType, bytes) => {
    await s3.send(new PutObjectCommand({ Bucket: config.s3.bucket, Key: key, Body: bytes, ContentType: contentType }));
  };
  const putFile: World['putFile'] = async (as, fileName, contentType, bytes) => {
    const key = `protected/${as.userId}/${randomUUID()}/${fileName}`;
    await putObject(key, contentType, bytes);
    return key;
  };

  return {
    config,
    ...people,
    call,
    ok,
    upload,
    putFile,
    putObject,
    createModule,
    createModuleWithSections,
    scanTable,
    listFiles,
    fileUrl: (link) => new URL(link, config.url).href,
    snapshot: async (of = ['table', 'files', 'people']) => {
      const [table, files, people] = await Promise.all([
        of.includes('table') ? scanTable() : [],
        of.includes('files') ? listFiles() : [],
        of.includes('people') ? listPeople() : [],
      ]);
      return { table, files, people };
    },
    createClass: async (classId, classTeacher, students) => {
      const { rosters } = stores;
      await rosters.insertClass({ classId, className: `Class ${classId}`, teacherId: classTeacher.userId, teacherName: classTeacher.name });
      for (const student of students) await rosters.enrollStudent(classId, enrolled(student));
    },
    givenText: (contentUrl, owner, pages) =>
      makeSectionTextRepository({ client: dynamo, tableName: config.dynamodb.table }).saveText(contentUrl, owner.userId, { status: 'ready', pages }, new Date().toISOString())
        .then(() => undefined),
    givenLtiDeepLinkRequest: async (teacher, request = {}) => {
      lmsOfDeepLinks ??= registeredLms(stores);
      const platform = await lmsOfDeepLinks;
      const requestId = request.requestId ?? randomUUID();
      await makeDeepLinkingRequestRepository({ client: dynamo, tableName: config.dynamodb.table }).put({
        requestId,
        platformId: platform.platformId,
        deploymentId: platform.deploymentIds[0]!,
        userId: teacher.userId,
        settings: { deep_link_return_url: `${platform.issuer}/deep-linking/return`, data: `data-${requestId}`, accept_types: ['ltiResourceLink'], accept_lineitem: true },
        expiresAt: Math.floor(Date.now() / 1000) + 3600,
        ...request,
      });
      return requestId;
    },
    stop: async () => {
      dynamo.destroy();
      s3.destroy();
      stores.destroy();
      await stopStack();
    },
  };
}

/**
 * Every answer any integration test receives is held to the contract: a success to its route's response schema
 * (its `response` in shared/contract/), anything else to the error shape `{ message }`; and each carries its request id.
 */
function assertContract(name: RouteName, status: number, body: unknown, headers: Headers): void {
  // API Gateway's own refusals (the JWT authorizer's 401) carry only its `apigw-requestid`.
  if (!/^[\w=-]{8,}$/.test(headers.get('x-request-id') ?? headers.get('apigw-requestid') ?? '')) {
    throw new Error(`${routes[name].method} ${routes[name].path} answered ${status} without an x-request-id header`);
  }
  const schema = status < 300 ? routes[name].response : errorSchema;
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(
      `${routes[name].method} ${routes[name].path} answered ${status} with a body outside the contract: ${result.error.message}\n${JSON.stringify(body)}`,
    );
  }
}

/** A small file that starts like a PDF, distinct per label. */
export const pdfBytes = (label: string) => new TextEncoder().encode(`%PDF-1.4\n% ${label}\n%%EOF\n`);

/**
 * `size` bytes that begin as a real file of this kind (the API checks a stored file's first bytes against its type:
 * a PDF's header, the app's seed presentation), then deterministic pseudo-random bytes.
 */
export function fileBytes(kind: 'pdf' | 'pptx', size: number, seed = 1): Uint8Array {
  const start =
    kind === 'pdf' ? pdfBytes('large') : readFileSync(path.join(__dirname, '../../../local/seed-files/photosynthesis-slides.pptx'));
  const bytes = randomBytes(size, seed);
  bytes.set(start, 0);
  return bytes;
}

/** Deterministic pseudo-random bytes (so a failure is reproducible), large enough for multipart. */
export function randomBytes(size: number, seed = 1): Uint8Array {
  const bytes = new Uint8Array(size);
  let state = seed;
  for (let index = 0; index < size; index += 1) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}
