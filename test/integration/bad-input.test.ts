// Bad input for every route that takes a body or an id, through the local server as an admitted caller: each is a
// 4xx whose message is a sentence, and the table and the bucket are exactly the same before and after.
import type { Module } from '../../shared/entities';
import { buildPath, routes, type RouteName } from '../../shared/routes';
import {
  CLASS_ID,
  MEDIA,
  OTHER_CLASS_ID,
  pdfBytes,
  randomBytes,
  SENTENCE,
  startWorld,
  type Person,
  type World,
} from './support/world';

jest.setTimeout(120_000);

/** What the cases refer to, created once. */
interface Fixtures {
  /** The teacher's module, assigned to class-a, two sections; the student completed the first. */
  module: Module;
  /** Another module of the same teacher, not assigned. */
  sibling: Module;
  /** A module of the other teacher. */
  foreign: Module;
  /** An uploaded file of the other teacher. */
  foreignFile: string;
  /** A multipart upload of the teacher with its parts uploaded, ready to complete. */
  upload: { contentUrl: string; uploadId: string; parts: { partNumber: number; etag: string }[] };
  /** Another multipart upload of the teacher, to renew part URLs of and to abort. */
  pending: { contentUrl: string; uploadId: string };
}

type Body = Record<string, any>;
type Params = Record<string, string>;

interface BadRequest {
  what: string;
  status: number;
  as?: (world: World) => Person;
  params?: (f: Fixtures, world: World) => Params;
  body?: (f: Fixtures, world: World) => unknown;
  rawBody?: string;
  /** Replaces the value of one path parameter with raw text (not URL-encoded). */
  rawParam?: [name: string, raw: string];
}

let world: World;
let fixtures: Fixtures;

const teacher = (w: World) => w.teacher;
const student = (w: World) => w.student;
const long = (length: number, char = 'x') => char.repeat(length);

const sectionOf = (f: Fixtures, index = 0) => {
  const { _id, title, contentUrl } = f.module.sections[index];
  return { _id, title, contentUrl };
};

// ---- Routes with a body: each gets the generic cases, built from a valid body, plus its own. ----

interface BodyRoute {
  route: RouteName;
  as: (world: World) => Person;
  params?: (f: Fixtures, world: World) => Params;
  valid: (f: Fixtures, world: World) => Body;
  required: string[];
  wrongTypes: Body;
  /** Label → the valid body made too big in one place. */
  oversized: Record<string, (body: Body) => Body>;
  specific?: BadRequest[];
}

const BODY_ROUTES: BodyRoute[] = [
  {
    route: 'createModule',
    as: teacher,
    valid: (f) => ({ title: 'Photosynthesis', description: 'How plants eat', sections: [{ title: 'Reading', contentUrl: sectionOf(f).contentUrl }] }),
    required: ['title', 'description', 'sections'],
    wrongTypes: { title: 42, description: ['d'], sections: { title: 'x' } },
    oversized: {
      'a title over 200 characters': (b) => ({ ...b, title: long(201) }),
      'a description over 5000 characters': (b) => ({ ...b, description: long(5001) }),
      'a section title over 200 characters': (b) => ({ ...b, sections: [{ ...b.sections[0], title: long(201) }] }),
      'a contentUrl over 1024 characters': (b) => ({ ...b, sections: [{ ...b.sections[0], contentUrl: long(1025) }] }),
      'an originalFileName over 255 characters': (b) => ({ ...b, sections: [{ ...b.sections[0], originalFileName: long(256) }] }),
      'more than 100 sections': (b) => ({ ...b, sections: Array(101).fill(b.sections[0]) }),
    },
    specific: [
      { what: 'no sections', status: 400, body: () => ({ title: 't', description: 'd', sections: [] }) },
      { what: 'a blank title', status: 400, body: (f) => ({ title: '   ', description: 'd', sections: [{ title: 's', contentUrl: sectionOf(f).contentUrl }] }) },
      { what: 'a section without a title', status: 400, body: (f) => ({ title: 't', description: 'd', sections: [{ contentUrl: sectionOf(f).contentUrl }] }) },
      { what: 'a section title of the wrong type', status: 400, body: (f) => ({ title: 't', description: 'd', sections: [{ title: 5, contentUrl: sectionOf(f).contentUrl }] }) },
      { what: 'an unknown field in a section', status: 400, body: (f) => ({ title: 't', description: 'd', sections: [{ ...sectionOf(f), _id: undefined, ownerId: 'me' }] }) },
      { what: "a contentUrl of another teacher's file", status: 400, body: (f) => ({ title: 't', description: 'd', sections: [{ title: 's', contentUrl: f.foreignFile }] }) },
      { what: 'a contentUrl outside every teacher area', status: 400, body: () => ({ title: 't', description: 'd', sections: [{ title: 's', contentUrl: 'public/notes.pdf' }] }) },
      {
        what: "a contentUrl climbing out of the caller's area",
        status: 400,
        body: (f, w) => ({ title: 't', description: 'd', sections: [{ title: 's', contentUrl: `protected/${w.teacher.userId}/../${f.foreignFile.split('/').slice(1).join('/')}` }] }),
      },
      { what: 'a contentUrl that was never uploaded', status: 400, body: (_f, w) => ({ title: 't', description: 'd', sections: [{ title: 's', contentUrl: `protected/${w.teacher.userId}/1-missing.pdf` }] }) },
      { what: 'a section _id of another module', status: 400, body: (f) => ({ title: 't', description: 'd', sections: [{ ...sectionOf(f) }] }) },
      { what: 'a contentType that is not one of the four', status: 400, body: (f) => ({ title: 't', description: 'd', sections: [{ title: 's', contentUrl: sectionOf(f).contentUrl, contentType: 'EXE' }] }) },
    ],
  },
  {
    route: 'updateModule',
    as: teacher,
    params: (f) => ({ id: f.module._id }),
    valid: (f) => ({ title: 'Cells', description: 'Edited', sections: [sectionOf(f, 0), sectionOf(f, 1)], updatedAt: f.module.updatedAt }),
    required: ['title', 'description', 'sections'],
    wrongTypes: { title: false, description: 7, sections: 'none', updatedAt: 1_700_000_000_000 },
    oversized: {
      'a title over 200 characters': (b) => ({ ...b, title: long(201) }),
      'a description over 5000 characters': (b) => ({ ...b, description: long(5001) }),
      'a section title over 200 characters': (b) => ({ ...b, sections: [{ ...b.sections[0], title: long(201) }] }),
      'a section _id over 100 characters': (b) => ({ ...b, sections: [{ ...b.sections[0], _id: long(101) }] }),
      'more than 100 sections': (b) => ({ ...b, sections: Array(101).fill({ title: 's', contentUrl: b.sections[0].contentUrl }) }),
    },
    specific: [
      { what: 'a section _id of another module of the same teacher', status: 400, body: (f) => ({ title: 't', description: 'd', sections: [f.sibling.sections[0]] }) },
      { what: "a section _id of another teacher's module", status: 400, body: (f) => ({ title: 't', description: 'd', sections: [{ _id: f.foreign.sections[0]._id, title: 's', contentUrl: sectionOf(f).contentUrl }] }) },
      { what: 'the same section twice', status: 400, body: (f) => ({ title: 't', description: 'd', sections: [sectionOf(f), sectionOf(f)] }) },
      { what: "a new section with another teacher's file", status: 400, body: (f) => ({ title: 't', description: 'd', sections: [{ title: 's', contentUrl: f.foreignFile }] }) },
      { what: 'a new section with a file never uploaded', status: 400, body: (_f, w) => ({ title: 't', description: 'd', sections: [{ title: 's', contentUrl: `protected/${w.teacher.userId}/2-missing.pdf` }] }) },
      { what: 'an updatedAt that is not a timestamp', status: 400, body: (f) => ({ title: 't', description: 'd', sections: [sectionOf(f)], updatedAt: 'yesterday' }) },
      { what: 'an updatedAt older than the module (someone else saved since)', status: 409, body: (f) => ({ title: 't', description: 'd', sections: [sectionOf(f)], updatedAt: '2020-01-01T00:00:00.000Z' }) },
    ],
  },
  {
    route: 'assignModule',
    as: teacher,
    params: () => ({ classId: CLASS_ID }),
    valid: (f) => ({ moduleId: f.sibling._id }),
    required: ['moduleId'],
    wrongTypes: { moduleId: 12 },
    oversized: { 'a moduleId over 100 characters': () => ({ moduleId: long(101) }) },
    specific: [
      { what: 'a moduleId that does not exist', status: 404, body: () => ({ moduleId: 'no-such-module' }) },
      { what: "another teacher's module", status: 404, body: (f) => ({ moduleId: f.foreign._id }) },
      { what: 'a malformed moduleId', status: 400, body: () => ({ moduleId: 'MODULE#1' }) },
      { what: "a class of another teacher (path)", status: 404, params: () => ({ classId: OTHER_CLASS_ID }), body: (f) => ({ moduleId: f.sibling._id }) },
    ],
  },
  {
    route: 'markComplete',
    as: student,
    valid: (f, w) => ({ studentId: w.student.userId, moduleId: f.module._id, classId: CLASS_ID, sectionId: f.module.sections[1]._id }),
    required: ['studentId', 'moduleId', 'classId', 'sectionId'],
    wrongTypes: { studentId: 1, moduleId: null, classId: ['class-a'], sectionId: { id: 'x' } },
    oversized: {
      'a studentId over 100 characters': (b) => ({ ...b, studentId: long(101) }),
      'a moduleId over 100 characters': (b) => ({ ...b, moduleId: long(101) }),
      'a classId over 100 characters': (b) => ({ ...b, classId: long(101) }),
      'a sectionId over 100 characters': (b) => ({ ...b, sectionId: long(101) }),
    },
    specific: [
      { what: 'a sectionId of another module', status: 400, body: (f, w) => ({ studentId: w.student.userId, moduleId: f.module._id, classId: CLASS_ID, sectionId: f.sibling.sections[0]._id }) },
      { what: 'a sectionId that does not exist', status: 400, body: (f, w) => ({ studentId: w.student.userId, moduleId: f.module._id, classId: CLASS_ID, sectionId: 'no-such-section' }) },
      { what: 'a module not assigned to the class', status: 404, body: (f, w) => ({ studentId: w.student.userId, moduleId: f.sibling._id, classId: CLASS_ID, sectionId: f.sibling.sections[0]._id }) },
      { what: 'a moduleId that does not exist', status: 404, body: (f, w) => ({ studentId: w.student.userId, moduleId: 'no-such-module', classId: CLASS_ID, sectionId: f.module.sections[0]._id }) },
      { what: 'a classId that does not exist', status: 404, body: (f, w) => ({ studentId: w.student.userId, moduleId: f.module._id, classId: 'no-such-class', sectionId: f.module.sections[0]._id }) },
      { what: 'a class the student is not in', status: 404, body: (f, w) => ({ studentId: w.student.userId, moduleId: f.module._id, classId: OTHER_CLASS_ID, sectionId: f.module.sections[0]._id }) },
      { what: "another student's id", status: 403, body: (f, w) => ({ studentId: w.otherStudent.userId, moduleId: f.module._id, classId: CLASS_ID, sectionId: f.module.sections[0]._id }) },
      { what: 'a malformed sectionId', status: 400, body: (f, w) => ({ studentId: w.student.userId, moduleId: f.module._id, classId: CLASS_ID, sectionId: 'a b' }) },
    ],
  },
  {
    route: 'createUpload',
    as: teacher,
    valid: () => ({ fileName: 'notes.pdf', contentType: MEDIA.pdf, size: 2048 }),
    required: ['fileName', 'size'],
    wrongTypes: { fileName: 3, contentType: 4, size: '2048' },
    oversized: {
      'a fileName over 255 characters': (b) => ({ ...b, fileName: `${long(256)}.pdf` }),
      'a contentType over 255 characters': (b) => ({ ...b, contentType: long(256) }),
      'a size over 5 GiB': (b) => ({ ...b, size: 5 * 1024 ** 3 + 1 }),
    },
    specific: [
      { what: 'an empty file', status: 400, body: () => ({ fileName: 'a.pdf', size: 0 }) },
      { what: 'a negative size', status: 400, body: () => ({ fileName: 'a.pdf', size: -5 }) },
      { what: 'a fractional size', status: 400, body: () => ({ fileName: 'a.pdf', size: 10.5 }) },
      { what: 'a blank fileName', status: 400, body: () => ({ fileName: '  ', size: 10 }) },
      { what: 'a key chosen by the caller', status: 400, body: (f) => ({ fileName: 'a.pdf', size: 10, contentUrl: f.foreignFile }) },
    ],
  },
  {
    route: 'completeUpload',
    as: teacher,
    valid: (f) => ({ ...f.upload }),
    required: ['contentUrl', 'uploadId', 'parts'],
    wrongTypes: { contentUrl: 1, uploadId: 2, parts: 'all of them' },
    oversized: {
      'a contentUrl over 1024 characters': (b) => ({ ...b, contentUrl: long(1025) }),
      'an uploadId over 1024 characters': (b) => ({ ...b, uploadId: long(1025) }),
      'an etag over 200 characters': (b) => ({ ...b, parts: [{ partNumber: 1, etag: long(201) }] }),
      'more than 10,000 parts': (b) => ({ ...b, parts: Array.from({ length: 10_001 }, (_, i) => ({ partNumber: (i % 10_000) + 1, etag: 'e' })) }),
    },
    specific: [
      { what: 'no parts', status: 400, body: (f) => ({ ...f.upload, parts: [] }) },
      { what: 'a part number of 0', status: 400, body: (f) => ({ ...f.upload, parts: [{ partNumber: 0, etag: 'e' }] }) },
      { what: 'a part without an etag', status: 400, body: (f) => ({ ...f.upload, parts: [{ partNumber: 1 }] }) },
      { what: 'a part number as text', status: 400, body: (f) => ({ ...f.upload, parts: [{ partNumber: '1', etag: 'e' }] }) },
      { what: "another teacher's key", status: 403, body: (f) => ({ ...f.upload, contentUrl: f.foreignFile }) },
      { what: "a key climbing out of the caller's area", status: 403, body: (f, w) => ({ ...f.upload, contentUrl: `protected/${w.teacher.userId}/../x` }) },
    ],
  },
  {
    route: 'renewUploadParts',
    as: teacher,
    valid: (f) => ({ ...f.pending, partNumbers: [1, 2] }),
    required: ['contentUrl', 'uploadId', 'partNumbers'],
    wrongTypes: { contentUrl: 1, uploadId: false, partNumbers: '1,2' },
    oversized: {
      'a contentUrl over 1024 characters': (b) => ({ ...b, contentUrl: long(1025) }),
      'an uploadId over 1024 characters': (b) => ({ ...b, uploadId: long(1025) }),
      'more than 10,000 part numbers': (b) => ({ ...b, partNumbers: Array.from({ length: 10_001 }, (_, i) => i + 1) }),
    },
    specific: [
      { what: 'no part numbers', status: 400, body: (f) => ({ ...f.pending, partNumbers: [] }) },
      { what: 'a part number of 0', status: 400, body: (f) => ({ ...f.pending, partNumbers: [0] }) },
      { what: 'a part number past 10,000', status: 400, body: (f) => ({ ...f.pending, partNumbers: [10_001] }) },
      { what: 'a fractional part number', status: 400, body: (f) => ({ ...f.pending, partNumbers: [1.5] }) },
      { what: 'a part number as text', status: 400, body: (f) => ({ ...f.pending, partNumbers: ['1'] }) },
      { what: 'a part listed twice', status: 400, body: (f) => ({ ...f.pending, partNumbers: [1, 2, 1] }) },
      { what: "another teacher's key", status: 403, body: (f) => ({ ...f.pending, partNumbers: [1], contentUrl: f.foreignFile }) },
      { what: "a key climbing out of the caller's area", status: 403, body: (f, w) => ({ ...f.pending, partNumbers: [1], contentUrl: `protected/${w.teacher.userId}/../x` }) },
    ],
  },
  {
    route: 'abortUpload',
    as: teacher,
    valid: (f) => ({ ...f.pending }),
    required: ['contentUrl', 'uploadId'],
    wrongTypes: { contentUrl: true, uploadId: [] },
    oversized: {
      'a contentUrl over 1024 characters': (b) => ({ ...b, contentUrl: long(1025) }),
      'an uploadId over 1024 characters': (b) => ({ ...b, uploadId: long(1025) }),
    },
    specific: [
      { what: "another teacher's key", status: 403, body: (f) => ({ ...f.pending, contentUrl: f.foreignFile }) },
      { what: 'an empty uploadId', status: 400, body: (f) => ({ ...f.pending, uploadId: '' }) },
      { what: 'an uploadId that does not exist', status: 404, body: (f) => ({ ...f.pending, uploadId: 'no-such-upload' }) },
    ],
  },
];

function bodyCases(spec: BodyRoute): BadRequest[] {
  const base = { as: spec.as, params: spec.params };
  const withValid = (change: (body: Body) => Body) => (f: Fixtures, w: World) => change(spec.valid(f, w));
  return [
    { ...base, what: 'malformed JSON', status: 400, rawBody: '{"title": "Cells",' },
    { ...base, what: 'a JSON list instead of an object', status: 400, rawBody: '[]' },
    { ...base, what: 'JSON null', status: 400, rawBody: 'null' },
    { ...base, what: 'no body', status: 400 },
    { ...base, what: 'an empty object', status: 400, body: () => ({}) },
    ...spec.required.map((field) => ({
      ...base,
      what: `a missing ${field}`,
      status: 400,
      body: withValid(({ [field]: _dropped, ...rest }) => rest),
    })),
    ...Object.entries(spec.wrongTypes).map(([field, value]) => ({
      ...base,
      what: `${field} of the wrong type (${JSON.stringify(value)})`,
      status: 400,
      body: withValid((body) => ({ ...body, [field]: value })),
    })),
    { ...base, what: 'an unknown field', status: 400, body: withValid((body) => ({ ...body, ownerId: 'someone-else', isAdmin: true })) },
    ...Object.entries(spec.oversized).map(([what, change]) => ({ ...base, what, status: 400, body: withValid(change) })),
    ...(spec.specific ?? []).map((specific) => ({ ...base, ...specific })),
  ];
}

// ---- Routes with ids in the path: malformed ids are 400; ids that do not exist are 404 (403 where the id must be the caller's own). ----

interface IdRoute {
  route: RouteName;
  as: (world: World) => Person;
  params: (f: Fixtures, world: World) => Params;
  body?: (f: Fixtures, world: World) => unknown;
  /** Status for an id that does not exist, per path parameter. */
  missing: Record<string, number>;
}

const ID_ROUTES: IdRoute[] = [
  { route: 'getModule', as: teacher, params: (f) => ({ id: f.module._id }), missing: { id: 404 } },
  {
    route: 'updateModule',
    as: teacher,
    params: (f) => ({ id: f.module._id }),
    body: (f) => ({ title: 't', description: 'd', sections: [sectionOf(f)] }),
    missing: { id: 404 },
  },
  { route: 'deleteModule', as: teacher, params: (f) => ({ id: f.module._id }), missing: { id: 404 } },
  { route: 'getClass', as: teacher, params: () => ({ classId: CLASS_ID }), missing: { classId: 404 } },
  { route: 'listTeacherClasses', as: teacher, params: (_f, w) => ({ teacherId: w.teacher.userId }), missing: { teacherId: 403 } },
  { route: 'listStudentClasses', as: student, params: (_f, w) => ({ userId: w.student.userId }), missing: { userId: 403 } },
  {
    route: 'assignModule',
    as: teacher,
    params: () => ({ classId: CLASS_ID }),
    body: (f) => ({ moduleId: f.sibling._id }),
    missing: { classId: 404 },
  },
  {
    route: 'getProgress',
    as: teacher,
    params: (f, w) => ({ studentId: w.student.userId, moduleId: f.module._id, classId: CLASS_ID }),
    missing: { studentId: 404, moduleId: 404, classId: 404 },
  },
  { route: 'getClassReport', as: teacher, params: () => ({ classId: CLASS_ID }), missing: { classId: 404 } },
];

const MALFORMED_IDS: [string, string, 'encoded' | 'raw'][] = [
  ['with spaces and punctuation', 'bad id!', 'encoded'],
  ['with a key separator', 'MODULE#1', 'encoded'],
  ['over 100 characters', long(101, 'a'), 'encoded'],
  ['with a slash', 'a/b', 'encoded'],
  ['that is not valid percent-encoding', '%E0%A4%A', 'raw'],
];

function idCases(spec: IdRoute): BadRequest[] {
  const names = Object.keys(spec.missing);
  return names.flatMap((name): BadRequest[] => [
    ...MALFORMED_IDS.map(([label, value, form]): BadRequest => ({
      what: `a ${name} ${label}`,
      status: 400,
      as: spec.as,
      body: spec.body,
      ...(form === 'raw'
        ? { params: (f, w) => ({ ...spec.params(f, w), [name]: 'RAW' }), rawParam: [name, value] as [string, string] }
        : { params: (f, w) => ({ ...spec.params(f, w), [name]: value }) }),
    })),
    {
      what: `a ${name} that does not exist`,
      status: spec.missing[name],
      as: spec.as,
      body: spec.body,
      params: (f, w) => ({ ...spec.params(f, w), [name]: 'does-not-exist' }),
    },
  ]);
}

const CASES: [RouteName, BadRequest[]][] = [
  ...BODY_ROUTES.map((spec): [RouteName, BadRequest[]] => [spec.route, bodyCases(spec)]),
  ...ID_ROUTES.map((spec): [RouteName, BadRequest[]] => [spec.route, idCases(spec)]),
];

beforeAll(async () => {
  world = await startWorld();
  const file = (who: Person, name: string) => world.upload(who, name, MEDIA.pdf, pdfBytes(name));
  const module = await world.createModule(
    world.teacher,
    [
      { title: 'Reading', contentUrl: await file(world.teacher, 'reading.pdf') },
      { title: 'Worksheet', contentUrl: await file(world.teacher, 'worksheet.pdf') },
    ],
    'Cells',
  );
  const sibling = await world.createModule(world.teacher, [{ title: 'Other', contentUrl: await file(world.teacher, 'other.pdf') }], 'Genetics');
  const foreignFile = await file(world.otherTeacher, 'theirs.pdf');
  const foreign = await world.createModule(world.otherTeacher, [{ title: 'Theirs', contentUrl: foreignFile }], 'Chemistry');
  await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id } });
  await world.ok('markComplete', {
    as: world.student,
    body: { studentId: world.student.userId, moduleId: module._id, classId: CLASS_ID, sectionId: module.sections[0]._id },
  });
  const startUpload = () => world.ok('createUpload', { as: world.teacher, body: { fileName: 'big.pdf', contentType: MEDIA.pdf, size: 6 * 1024 * 1024 } });
  const ticket = await startUpload();
  const pending = await startUpload();
  // Each part URL takes exactly its length: 5 MiB, then the last 1 MiB.
  const bytes = randomBytes(6 * 1024 * 1024);
  const parts = await Promise.all(
    ticket.parts.map(async ({ partNumber, uploadUrl }: { partNumber: number; uploadUrl: string }) => {
      const body = bytes.subarray((partNumber - 1) * ticket.partSize, partNumber * ticket.partSize);
      const put = await fetch(uploadUrl, { method: 'PUT', body });
      return { partNumber, etag: put.headers.get('etag')! };
    }),
  );
  fixtures = {
    module,
    sibling,
    foreign,
    foreignFile,
    upload: { contentUrl: ticket.contentUrl, uploadId: ticket.uploadId, parts },
    pending: { contentUrl: pending.contentUrl, uploadId: pending.uploadId },
  };
});

afterAll(() => world?.stop());

describe.each(CASES)('%s', (name, cases) => {
  const route = routes[name];

  it.each(cases.map((bad) => [bad.what, bad.status, bad] as const))(`${route.method} ${route.path} with %s → %i`, async (_what, status, bad) => {
    const params = bad.params?.(fixtures, world);
    let path = buildPath(route.path, params);
    if (bad.rawParam) path = path.replace('/RAW', `/${bad.rawParam[1]}`);
    const before = await world.snapshot();

    const answer = await world.call(name, {
      as: (bad.as ?? teacher)(world),
      path,
      ...(bad.rawBody !== undefined ? { rawBody: bad.rawBody } : bad.body ? { body: bad.body(fixtures, world) } : {}),
    });

    expect({ status: answer.status, body: answer.body }).toEqual({ status, body: { message: expect.stringMatching(SENTENCE) } });
    expect(await world.snapshot()).toEqual(before);
  });
});

describe('what is stored from a body', () => {
  const serialized = async () => JSON.stringify(await world.scanTable());

  it('never stores a downloadUrl sent in a section, on create or on edit', async () => {
    const created = await world.ok('createModule', {
      as: world.teacher,
      body: {
        title: 'Echo',
        description: 'Fields a client may echo back',
        sections: [{ ...sectionOf(fixtures), _id: undefined, order: 9, contentType: 'WORD', downloadUrl: 'https://evil.example/create' }],
      },
    });
    expect(created.sections[0]).toMatchObject({ order: 1, contentType: 'PDF' });
    expect(created.sections[0]).not.toHaveProperty('downloadUrl');

    // The edit screen sends back what it read, signed links included.
    const read = await world.ok('getModule', { as: world.teacher, params: { id: created._id } });
    expect(read.sections[0].downloadUrl).toEqual(expect.stringContaining('X-Amz-Signature='));
    await world.ok('updateModule', { as: world.teacher, params: { id: created._id }, body: { ...read, sections: [{ ...read.sections[0], downloadUrl: 'https://evil.example/edit' }] } });

    const table = await serialized();
    expect(table).not.toContain('downloadUrl');
    expect(table).not.toContain('evil.example');
    expect(table).not.toContain('X-Amz-Signature');
  });

  it('accepts every valid body the cases above start from (so each refusal is due to its one change)', async () => {
    const accepted: Partial<Record<RouteName, number>> = {};
    for (const spec of BODY_ROUTES) {
      const answer = await world.call(spec.route, { as: spec.as(world), params: spec.params?.(fixtures, world), body: spec.valid(fixtures, world) });
      accepted[spec.route] = answer.status;
    }
    expect(accepted).toEqual({
      createModule: 201,
      updateModule: 200,
      assignModule: 200,
      markComplete: 200,
      createUpload: 201,
      completeUpload: 200,
      renewUploadParts: 200,
      abortUpload: 204,
    });
  });
});
