// Bad input for every route that takes a body or an id, through the local server as an admitted caller: each is a
// 4xx whose message is a sentence, and the table and the bucket are exactly the same before and after.
import type { Module } from '../../shared/contract/modules';
import { buildPath } from '../../shared/contract/route';
import { zipSample } from '../../functions/src/rosters/oneroster/samples/zip-sample';
import { routeEntries, routes, type RouteName } from '../../shared/contract';
import {
  CLASS_ID,
  fileBytes,
  MEDIA,
  OTHER_CLASS_ID,
  pdfBytes,
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
  /** A OneRoster package the admin uploaded, and a file of theirs that is no package. */
  rosterPackage: string;
  notAPackage: string;
  /** An invited teacher who owns and teaches nothing: the one person the valid erase may erase. */
  erasable: { userId: string; email: string };
  /** The teacher's open deep linking request (every bad answer leaves it open). */
  deepLinkRequest: string;
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
  /** A query string, as sent (paged routes). */
  query?: string;
}

let world: World;
let fixtures: Fixtures;

const teacher = (w: World) => w.teacher;
const student = (w: World) => w.student;
const admin = (w: World) => w.admin;
const person = (email: string, name = 'New Person', role = 'Students') => ({ email, name, role });
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

const ltiPlatform = () => ({
  name: 'Moodle',
  issuer: 'https://moodle.example.edu',
  clientId: `client-${crypto.randomUUID()}`,
  deploymentIds: ['1'],
  authLoginUrl: 'https://moodle.example.edu/mod/lti/auth.php',
  accessTokenUrl: 'https://moodle.example.edu/mod/lti/token.php',
  jwksUrl: 'https://moodle.example.edu/mod/lti/certs.php',
});

const BODY_ROUTES: BodyRoute[] = [
  {
    route: 'answerLtiDeepLink',
    as: teacher,
    params: (f) => ({ requestId: f.deepLinkRequest }),
    valid: (f) => ({ moduleId: f.module._id }),
    required: ['moduleId'],
    wrongTypes: { moduleId: 7 },
    oversized: { 'a moduleId over 100 characters': (b) => ({ ...b, moduleId: long(101) }) },
    specific: [
      { what: 'a malformed moduleId', status: 400, body: () => ({ moduleId: '../modules' }) },
      { what: 'a module of another teacher', status: 404, body: (f) => ({ moduleId: f.foreign._id }) },
      { what: "another teacher's request", status: 404, as: (w) => w.otherTeacher, body: (f) => ({ moduleId: f.foreign._id }) },
    ],
  },
  {
    route: 'registerLtiPlatform',
    as: admin,
    valid: ltiPlatform,
    required: ['name', 'issuer', 'clientId', 'deploymentIds', 'authLoginUrl', 'accessTokenUrl', 'jwksUrl'],
    wrongTypes: { name: 1, issuer: true, clientId: 7, deploymentIds: 'one', authLoginUrl: [], accessTokenUrl: {}, jwksUrl: 3 },
    oversized: {
      'a name over 100 characters': (b) => ({ ...b, name: long(101) }),
      'a clientId over 255 characters': (b) => ({ ...b, clientId: long(256) }),
      'more than 50 deployment IDs': (b) => ({ ...b, deploymentIds: Array.from({ length: 51 }, (_, index) => `d${index}`) }),
      'a jwksUrl over 2000 characters': (b) => ({ ...b, jwksUrl: `https://lms.example.edu/${long(2000)}` }),
    },
    specific: [
      { what: 'an http issuer that is not this machine', status: 400, body: () => ({ ...ltiPlatform(), issuer: 'http://moodle.example.edu' }) },
      { what: 'an issuer with a query', status: 400, body: () => ({ ...ltiPlatform(), issuer: 'https://moodle.example.edu/?a=1' }) },
      { what: 'a jwksUrl that is no URL', status: 400, body: () => ({ ...ltiPlatform(), jwksUrl: 'certs.php' }) },
      { what: 'no deployment ID', status: 400, body: () => ({ ...ltiPlatform(), deploymentIds: [] }) },
      { what: 'a deployment ID twice', status: 400, body: () => ({ ...ltiPlatform(), deploymentIds: ['1', '1'] }) },
      { what: 'a clientId with a space', status: 400, body: () => ({ ...ltiPlatform(), clientId: 'a b' }) },
    ],
  },
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
      { what: 'an _id that is not a UUID', status: 400, body: (f) => ({ _id: 'my-module', title: 't', description: 'd', sections: [{ title: 's', contentUrl: sectionOf(f).contentUrl }] }) },
      { what: "the _id of another teacher's module", status: 409, body: (f) => ({ _id: f.foreign._id, title: 't', description: 'd', sections: [{ title: 's', contentUrl: sectionOf(f).contentUrl }] }) },
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
      { what: 'a dueAt without a time zone', status: 400, body: (f) => ({ moduleId: f.sibling._id, dueAt: '2026-12-05T17:00' }) },
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
      { what: 'a file that is not PDF, PowerPoint or Word', status: 400, body: () => ({ fileName: 'page.html', contentType: 'text/html', size: 10 }) },
      { what: 'a PDF name declared as another media type', status: 400, body: () => ({ fileName: 'notes.pdf', contentType: 'image/svg+xml', size: 10 }) },
      { what: "a zip from a teacher (admins' OneRoster packages only)", status: 400, body: () => ({ fileName: 'roster.zip', contentType: 'application/zip', size: 10 }) },
      { what: 'a PDF from an admin', status: 400, as: admin, body: () => ({ fileName: 'notes.pdf', contentType: MEDIA.pdf, size: 10 }) },
      { what: 'a zip over 50 MB from an admin', status: 400, as: admin, body: () => ({ fileName: 'roster.zip', contentType: 'application/zip', size: 50 * 1024 * 1024 + 1 }) },
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
  // ---- Administration ----
  {
    route: 'invitePerson',
    as: admin,
    valid: () => person('fresh@example.com'),
    required: ['email', 'name', 'role'],
    wrongTypes: { email: 5, name: ['n'], role: true },
    oversized: {
      'an e-mail over 254 characters': (b) => ({ ...b, email: `${long(250)}@example.com` }),
      'a name over 100 characters': (b) => ({ ...b, name: long(101) }),
    },
    specific: [
      { what: 'an e-mail that is not one', status: 400, body: () => person('not-an-email') },
      { what: 'an unknown role', status: 400, body: () => person('fresh@example.com', 'N', 'Wizards') },
      { what: 'a blank name', status: 400, body: () => person('fresh@example.com', '   ') },
      { what: 'a name with a control character', status: 400, body: () => person('fresh@example.com', 'Bad\u0007Name') },
      { what: 'an e-mail that already has an account (other case)', status: 409, body: () => person('Student@Example.com') },
      { what: 'a group chosen by the caller', status: 400, body: () => ({ ...person('fresh@example.com'), groups: ['Admins'] }) },
    ],
  },
  {
    route: 'invitePeople',
    as: admin,
    valid: () => ({ people: [person('fresh1@example.com'), person('fresh2@example.com')] }),
    required: ['people'],
    wrongTypes: { people: 'fresh1@example.com' },
    oversized: {
      'more than 25 people': () => ({ people: Array.from({ length: 26 }, (_, index) => person(`bulk${index}@example.com`)) }),
    },
    specific: [
      { what: 'an empty list', status: 400, body: () => ({ people: [] }) },
      { what: 'one invalid row among valid ones', status: 400, body: () => ({ people: [person('fresh1@example.com'), person('nope')] }) },
      { what: 'an unknown field in a row', status: 400, body: () => ({ people: [{ ...person('fresh1@example.com'), password: 'x' }] }) },
    ],
  },
  {
    route: 'lookupPeople',
    as: admin,
    valid: (_f, w) => ({ emails: [w.student.email] }),
    required: ['emails'],
    wrongTypes: { emails: 'student@example.com' },
    oversized: { 'more than 100 addresses': () => ({ emails: Array.from({ length: 101 }, (_, index) => `p${index}@example.com`) }) },
    specific: [{ what: 'an address that is not one', status: 400, body: () => ({ emails: ['nope'] }) }],
  },
  {
    route: 'setSchoolSignInDomain',
    as: admin,
    valid: () => ({ domain: 'example.com', studentsMayJoin: false }),
    required: ['domain', 'studentsMayJoin'],
    wrongTypes: { domain: 5, studentsMayJoin: 'yes' },
    oversized: { 'a domain over 253 characters': (b) => ({ ...b, domain: `${long(250)}.com` }) },
    specific: [
      { what: 'a domain the school does not sign in', status: 400, body: () => ({ domain: 'gmail.com', studentsMayJoin: true }) },
      { what: 'an empty domain', status: 400, body: () => ({ domain: '', studentsMayJoin: true }) },
    ],
  },
  {
    route: 'renamePerson',
    as: admin,
    params: (_f, w) => ({ userId: w.otherStudent.userId }),
    valid: () => ({ name: 'Kim Renamed' }),
    required: ['name'],
    wrongTypes: { name: 42 },
    oversized: { 'a name over 100 characters': () => ({ name: long(101) }) },
    specific: [{ what: 'a blank name', status: 400, body: () => ({ name: ' ' }) }],
  },
  {
    route: 'changeRole',
    as: admin,
    params: (_f, w) => ({ userId: w.otherStudent.userId }),
    valid: () => ({ role: 'Teachers' }),
    required: ['role'],
    wrongTypes: { role: ['Teachers'] },
    oversized: { 'a role over 100 characters': () => ({ role: long(101) }) },
    specific: [
      { what: 'an unknown role', status: 400, body: () => ({ role: 'Principals' }) },
      { what: "the admin's own role", status: 403, params: (_f, w) => ({ userId: w.admin.userId }), body: () => ({ role: 'Students' }) },
    ],
  },
  {
    route: 'setPeopleAccess',
    as: admin,
    valid: (_f, w) => ({ access: 'enabled', userIds: [w.otherStudent.userId] }),
    required: ['access', 'userIds'],
    wrongTypes: { access: true, userIds: 'someone' },
    oversized: { 'more than 25 people': (b) => ({ ...b, userIds: Array.from({ length: 26 }, (_, index) => `person-${index}`) }) },
    specific: [
      { what: 'an unknown access', status: 400, body: (_f, w) => ({ access: 'paused', userIds: [w.otherStudent.userId] }) },
      { what: 'an empty list', status: 400, body: () => ({ access: 'disabled', userIds: [] }) },
      { what: 'an id that is not one', status: 400, body: () => ({ access: 'disabled', userIds: ['not an id'] }) },
    ],
  },
  {
    // The valid body erases the invited teacher of the fixtures; the cases about modules name the world's teacher.
    route: 'erasePerson',
    as: admin,
    params: (f) => ({ userId: f.erasable.userId }),
    valid: (f) => ({ confirm: f.erasable.email }),
    required: ['confirm'],
    wrongTypes: { confirm: 5, transferModulesTo: true, deleteModules: 'yes' },
    oversized: {
      'a confirmation over 254 characters': (b) => ({ ...b, confirm: `${long(250)}@example.com` }),
      'a transferModulesTo over 100 characters': (b) => ({ confirm: b.confirm, transferModulesTo: long(101) }),
    },
    specific: [
      { what: "a confirmation that is not the person's e-mail", status: 400, body: (_f, w) => ({ confirm: w.student.email }) },
      { what: 'a blank confirmation', status: 400, body: () => ({ confirm: '   ' }) },
      { what: 'deleteModules false', status: 400, body: (f) => ({ confirm: f.erasable.email, deleteModules: false }) },
      { what: 'both a transfer and a deletion', status: 400, body: (f, w) => ({ confirm: f.erasable.email, deleteModules: true, transferModulesTo: w.otherTeacher.userId }) },
      { what: 'a transfer to a student', status: 400, body: (f, w) => ({ confirm: f.erasable.email, transferModulesTo: w.student.userId }) },
      { what: 'a transfer to the person erased', status: 400, body: (f) => ({ confirm: f.erasable.email, transferModulesTo: f.erasable.userId }) },
      { what: 'a transfer to nobody known', status: 404, body: (f) => ({ confirm: f.erasable.email, transferModulesTo: 'nobody-known' }) },
      {
        what: "a teacher's erase without a choice for their modules",
        status: 400,
        params: (_f, w) => ({ userId: w.teacher.userId }),
        body: (_f, w) => ({ confirm: w.teacher.email }),
      },
      { what: 'the admin themselves', status: 403, params: (_f, w) => ({ userId: w.admin.userId }), body: (_f, w) => ({ confirm: w.admin.email }) },
    ],
  },
  {
    route: 'createClass',
    as: admin,
    valid: (_f, w) => ({ className: 'Year 11 Physics', teacherId: w.teacher.userId }),
    required: ['className'],
    wrongTypes: { className: 11, teacherId: 5, classId: 7 },
    oversized: {
      'a class name over 100 characters': (b) => ({ ...b, className: long(101) }),
      'a teacherId over 100 characters': (b) => ({ ...b, teacherId: long(101) }),
    },
    specific: [
      { what: 'a student as the teacher', status: 400, body: (_f, w) => ({ className: 'C', teacherId: w.student.userId }) },
      { what: 'a teacher who does not exist', status: 404, body: () => ({ className: 'C', teacherId: 'no-such-teacher' }) },
      { what: 'a classId that is not a UUID', status: 400, body: () => ({ className: 'C', classId: 'class-a' }) },
      { what: 'students sent along', status: 400, body: (_f, w) => ({ className: 'C', students: [w.student.userId] }) },
    ],
  },
  {
    route: 'setRetention',
    as: admin,
    valid: () => ({ days: 365 }),
    required: ['days'],
    wrongTypes: { days: '30' },
    oversized: { 'more days than ten years': () => ({ days: 3651 }) },
    specific: [
      { what: 'no days', status: 400, body: () => ({ days: 0 }) },
      { what: 'part of a day', status: 400, body: () => ({ days: 1.5 }) },
    ],
  },
  {
    route: 'rollOverClasses',
    as: admin,
    valid: () => ({ yearLabel: '2027-28', archiveOld: false, classes: [{ fromClassId: OTHER_CLASS_ID, classId: '0b9c3f47-2f7e-4c8e-9d3a-5a1f6e2b7c10' }] }),
    required: ['yearLabel', 'classes', 'archiveOld'],
    wrongTypes: { yearLabel: 2027, classes: 'class-b', archiveOld: 'yes' },
    oversized: {
      'a year label over 40 characters': (b) => ({ ...b, yearLabel: long(41) }),
      'more than 50 classes': (b) => ({ ...b, classes: Array.from({ length: 51 }, () => ({ fromClassId: OTHER_CLASS_ID, classId: crypto.randomUUID() })) }),
    },
    specific: [
      { what: 'no classes', status: 400, body: () => ({ yearLabel: '2027-28', archiveOld: false, classes: [] }) },
      { what: 'a blank year label', status: 400, body: () => ({ yearLabel: '  ', archiveOld: false, classes: [{ fromClassId: OTHER_CLASS_ID, classId: crypto.randomUUID() }] }) },
      { what: 'a new classId that is not a UUID', status: 400, body: () => ({ yearLabel: '2027-28', archiveOld: false, classes: [{ fromClassId: OTHER_CLASS_ID, classId: 'class-z' }] }) },
      { what: 'a class that does not exist', status: 404, body: () => ({ yearLabel: '2027-28', archiveOld: false, classes: [{ fromClassId: 'no-such-class', classId: crypto.randomUUID() }] }) },
    ],
  },
  {
    route: 'renameClass',
    as: admin,
    params: () => ({ classId: OTHER_CLASS_ID }),
    valid: () => ({ className: 'Year 10 Biology' }),
    required: ['className'],
    wrongTypes: { className: null },
    oversized: { 'a class name over 100 characters': () => ({ className: long(101) }) },
    specific: [{ what: 'a blank class name', status: 400, body: () => ({ className: '  ' }) }],
  },
  {
    route: 'setClassTeacher',
    as: admin,
    params: () => ({ classId: OTHER_CLASS_ID }),
    valid: (_f, w) => ({ teacherId: w.otherTeacher.userId }),
    required: ['teacherId'],
    wrongTypes: { teacherId: 7 },
    oversized: { 'a teacherId over 100 characters': () => ({ teacherId: long(101) }) },
    specific: [
      { what: 'a student as the teacher', status: 400, body: (_f, w) => ({ teacherId: w.otherStudent.userId }) },
      { what: 'an admin as the teacher', status: 400, body: (_f, w) => ({ teacherId: w.admin.userId }) },
      { what: 'a teacher who does not exist', status: 404, body: () => ({ teacherId: 'no-such-teacher' }) },
    ],
  },
  {
    route: 'enrolStudents',
    as: admin,
    params: () => ({ classId: OTHER_CLASS_ID }),
    valid: (_f, w) => ({ studentIds: [w.otherStudent.userId] }),
    required: ['studentIds'],
    wrongTypes: { studentIds: 'all' },
    oversized: { 'more than 50 students': () => ({ studentIds: Array.from({ length: 51 }, (_, index) => `student-${index}`) }) },
    specific: [
      { what: 'no students', status: 400, body: () => ({ studentIds: [] }) },
      { what: 'a malformed student id', status: 400, body: () => ({ studentIds: ['USER#1'] }) },
    ],
  },
  {
    route: 'importOneRoster',
    as: admin,
    valid: (f) => ({ contentUrl: f.rosterPackage, mode: 'preview' }),
    required: ['contentUrl', 'mode'],
    wrongTypes: { contentUrl: 7, mode: true, importAdministrators: 'yes' },
    oversized: { 'a contentUrl over 1,024 characters': () => ({ contentUrl: long(1025), mode: 'preview' }) },
    specific: [
      { what: 'a mode other than preview or apply', status: 400, body: (f) => ({ contentUrl: f.rosterPackage, mode: 'sync' }) },
      { what: "another person's upload", status: 403, body: (f) => ({ contentUrl: f.foreignFile, mode: 'apply' }) },
      { what: 'an upload that is not there', status: 404, body: (_f, w) => ({ contentUrl: `protected/${w.admin.userId}/none.zip`, mode: 'apply' }) },
      { what: 'a file that is not a zip', status: 400, body: (f) => ({ contentUrl: f.notAPackage, mode: 'apply' }) },
    ],
  },
  {
    route: 'renameSelf',
    as: student,
    valid: () => ({ name: 'Sam Renamed' }),
    required: ['name'],
    wrongTypes: { name: { first: 'Sam' } },
    oversized: { 'a name over 100 characters': () => ({ name: long(101) }) },
    specific: [
      { what: "someone else's id", status: 400, body: (_f, w) => ({ name: 'X', userId: w.otherStudent.userId }) },
    ],
  },
  {
    route: 'putCheck',
    as: teacher,
    params: (f) => ({ id: f.module._id, sectionId: f.module.sections[0]._id }),
    valid: () => CHECK,
    required: ['questions'],
    wrongTypes: { passMark: '70', maxAttempts: 'three', showCorrectness: 'yes', showAnswers: 1, questions: { q1: true } },
    oversized: {
      'a pass mark of 101': (b) => ({ ...b, passMark: 101 }),
      'more than 50 questions': (b) => ({ ...b, questions: Array.from({ length: 51 }, (_, index) => ({ ...b.questions[0], id: `q${index}` })) }),
      'a prompt over 1,000 characters': (b) => ({ ...b, questions: [{ ...b.questions[0], prompt: long(1001) }] }),
      'more than 8 options': (b) => ({ ...b, questions: [{ ...CHOICE, options: Array.from({ length: 9 }, (_, index) => ({ id: `o${index}`, text: 'x' })), answer: ['o1'] }] }),
      'more than 10 attempts': (b) => ({ ...b, maxAttempts: 11 }),
    },
    specific: [
      { what: 'an unknown question kind', status: 400, body: () => ({ questions: [{ ...CHOICE, kind: 'essay' }] }) },
      { what: 'a correct answer that is not an option', status: 400, body: () => ({ questions: [{ ...CHOICE, answer: ['z'] }] }) },
      { what: 'an answer of the wrong shape for its kind', status: 400, body: () => ({ questions: [{ id: 'q1', kind: 'number', prompt: 'How many?', answer: '4' }] }) },
      { what: 'a section of another module', status: 404, params: (f) => ({ id: f.module._id, sectionId: f.sibling.sections[0]._id }), body: () => CHECK },
      { what: "another teacher's module", status: 404, params: (f) => ({ id: f.foreign._id, sectionId: f.foreign.sections[0]._id }), body: () => CHECK },
    ],
  },
  {
    route: 'submitAttempt',
    as: student,
    params: (f) => ({ id: f.module._id, sectionId: f.module.sections[0]._id }),
    valid: () => ({ attemptId: crypto.randomUUID(), classId: CLASS_ID, answers: { q1: true } }),
    required: ['attemptId', 'classId', 'answers'],
    wrongTypes: { attemptId: 5, classId: 7, answers: [true] },
    oversized: {
      '10,000 answers': (b) => ({ ...b, answers: Object.fromEntries(Array.from({ length: 10_000 }, (_, index) => [`q${index}`, true])) }),
      'a text answer over 500 characters': (b) => ({ ...b, answers: { q1: long(501) } }),
      'a classId over 100 characters': (b) => ({ ...b, classId: long(101) }),
    },
    specific: [
      { what: 'an answer of the wrong shape for its question', status: 400, body: () => ({ attemptId: crypto.randomUUID(), classId: CLASS_ID, answers: { q1: 'yes' } }) },
      { what: 'an answer to a question the check lacks', status: 400, body: () => ({ attemptId: crypto.randomUUID(), classId: CLASS_ID, answers: { q9: true } }) },
      { what: 'an attemptId that is not a UUID', status: 400, body: () => ({ attemptId: 'attempt-1', classId: CLASS_ID, answers: { q1: true } }) },
      {
        what: 'a section of another module',
        status: 404,
        params: (f) => ({ id: f.module._id, sectionId: f.sibling.sections[0]._id }),
        body: () => ({ attemptId: crypto.randomUUID(), classId: CLASS_ID, answers: { q1: true } }),
      },
      {
        what: 'a module not assigned to the class',
        status: 404,
        params: (f) => ({ id: f.sibling._id, sectionId: f.sibling.sections[0]._id }),
        body: () => ({ attemptId: crypto.randomUUID(), classId: CLASS_ID, answers: { q1: true } }),
      },
      { what: 'a class the student is not in', status: 404, body: () => ({ attemptId: crypto.randomUUID(), classId: OTHER_CLASS_ID, answers: { q1: true } }) },
      {
        what: 'a section without a check',
        status: 404,
        params: (f) => ({ id: f.module._id, sectionId: f.module.sections[1]._id }),
        body: () => ({ attemptId: crypto.randomUUID(), classId: CLASS_ID, answers: { q1: true } }),
      },
    ],
  },
  {
    route: 'recordReading',
    as: student,
    params: (f) => ({ id: f.module._id, sectionId: f.module.sections[0]._id }),
    valid: () => ({ classId: CLASS_ID, opened: true, page: 7, minutes: 1 }),
    required: ['classId'],
    wrongTypes: { classId: 7, opened: 'yes', page: '7', minutes: [1] },
    oversized: {
      'a page over 10,000': (b) => ({ ...b, page: 10_001 }),
      'more than 30 minutes at once': (b) => ({ ...b, minutes: 31 }),
      'a classId over 100 characters': (b) => ({ ...b, classId: long(101) }),
    },
    specific: [
      { what: 'page 0', status: 400, body: () => ({ classId: CLASS_ID, page: 0 }) },
      { what: 'a fractional page', status: 400, body: () => ({ classId: CLASS_ID, page: 1.5 }) },
      { what: 'negative minutes', status: 400, body: () => ({ classId: CLASS_ID, minutes: -1 }) },
      { what: 'nothing to report', status: 400, body: () => ({ classId: CLASS_ID }) },
      { what: 'a class the student is not in', status: 404, body: () => ({ classId: OTHER_CLASS_ID, opened: true }) },
      { what: 'a module not assigned to the class', status: 404, params: (f) => ({ id: f.sibling._id, sectionId: f.sibling.sections[0]._id }), body: () => ({ classId: CLASS_ID, opened: true }) },
    ],
  },
];

const CHOICE = { id: 'q2', kind: 'single', prompt: 'Which?', options: [{ id: 'a', text: 'A' }, { id: 'b', text: 'B' }], answer: ['a'] };
/** The check on the module's first section. */
const CHECK = { passMark: 70, maxAttempts: null, showCorrectness: false, showAnswers: false, questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Cells have membranes.', answer: true }] };

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
  { route: 'exportOneRosterScores', as: teacher, params: () => ({ classId: CLASS_ID }), missing: { classId: 404 } },
  { route: 'getClassCompletion', as: teacher, params: () => ({ classId: CLASS_ID }), missing: { classId: 404 } },
  { route: 'listClassStudents', as: admin, params: () => ({ classId: CLASS_ID }), missing: { classId: 404 } },
  {
    route: 'getModuleReport',
    as: teacher,
    params: (f) => ({ classId: CLASS_ID, moduleId: f.module._id }),
    missing: { classId: 404, moduleId: 404 },
  },
  {
    route: 'getStudentClassProgress',
    as: teacher,
    params: (_f, w) => ({ classId: CLASS_ID, studentId: w.student.userId }),
    missing: { classId: 404, studentId: 404 },
  },
  { route: 'renamePerson', as: admin, params: (_f, w) => ({ userId: w.otherStudent.userId }), body: () => ({ name: 'N' }), missing: { userId: 404 } },
  { route: 'unassignModule', as: teacher, params: (f) => ({ classId: CLASS_ID, moduleId: f.sibling._id }), missing: { classId: 404 } },
  { route: 'getAdminClass', as: admin, params: () => ({ classId: CLASS_ID }), missing: { classId: 404 } },
  { route: 'renameClass', as: admin, params: () => ({ classId: CLASS_ID }), body: () => ({ className: 'Year 9 Science' }), missing: { classId: 404 } },
  { route: 'deleteClass', as: admin, params: () => ({ classId: CLASS_ID }), missing: { classId: 404 } },
  { route: 'editLtiPlatform', as: admin, params: () => ({ platformId: 'no-such-platform' }), body: ltiPlatform, missing: { platformId: 404 } },
  { route: 'removeLtiPlatform', as: admin, params: () => ({ platformId: 'no-such-platform' }), missing: { platformId: 404 } },
  { route: 'getLtiDeepLink', as: teacher, params: (f) => ({ requestId: f.deepLinkRequest }), missing: { requestId: 404 } },
  { route: 'answerLtiDeepLink', as: teacher, params: (f) => ({ requestId: f.deepLinkRequest }), body: (f) => ({ moduleId: f.module._id }), missing: { requestId: 404 } },
  { route: 'setClassTeacher', as: admin, params: () => ({ classId: CLASS_ID }), body: (_f, w) => ({ teacherId: w.teacher.userId }), missing: { classId: 404 } },
  { route: 'enrolStudents', as: admin, params: () => ({ classId: CLASS_ID }), body: (_f, w) => ({ studentIds: [w.student.userId] }), missing: { classId: 404 } },
  { route: 'unenrolStudent', as: admin, params: (_f, w) => ({ classId: CLASS_ID, studentId: w.student.userId }), missing: { classId: 404, studentId: 404 } },
  { route: 'archiveClass', as: admin, params: () => ({ classId: CLASS_ID }), missing: { classId: 404 } },
  { route: 'unarchiveClass', as: admin, params: () => ({ classId: CLASS_ID }), missing: { classId: 404 } },
  { route: 'changeRole', as: admin, params: (_f, w) => ({ userId: w.otherStudent.userId }), body: () => ({ role: 'Teachers' }), missing: { userId: 404 } },
  { route: 'disablePerson', as: admin, params: (_f, w) => ({ userId: w.otherStudent.userId }), missing: { userId: 404 } },
  { route: 'enablePerson', as: admin, params: (_f, w) => ({ userId: w.otherStudent.userId }), missing: { userId: 404 } },
  { route: 'resendInvitation', as: admin, params: (_f, w) => ({ userId: w.otherStudent.userId }), missing: { userId: 404 } },
  { route: 'erasePerson', as: admin, params: (_f, w) => ({ userId: w.otherStudent.userId }), body: (_f, w) => ({ confirm: w.otherStudent.email }), missing: { userId: 404 } },
  { route: 'getCheck', as: teacher, params: (f) => ({ id: f.module._id, sectionId: f.module.sections[0]._id }), missing: { id: 404, sectionId: 404 } },
  {
    route: 'getCheckAnalysis',
    as: teacher,
    params: (f) => ({ classId: CLASS_ID, moduleId: f.module._id, sectionId: f.module.sections[0]._id }),
    missing: { classId: 404, moduleId: 404, sectionId: 404 },
  },
  {
    route: 'removePathOverride',
    as: teacher,
    params: (f, w) => ({ classId: CLASS_ID, studentId: w.student.userId, moduleId: f.module._id, kind: 'unlock' }),
    missing: { classId: 404, studentId: 404, moduleId: 404, kind: 400 },
  },
  { route: 'listStudentAttempts', as: teacher, params: (_f, w) => ({ classId: CLASS_ID, studentId: w.student.userId }), missing: { classId: 404, studentId: 404 } },
  {
    route: 'recordReading',
    as: student,
    params: (f) => ({ id: f.module._id, sectionId: f.module.sections[0]._id }),
    body: () => ({ classId: CLASS_ID, page: 2 }),
    missing: { id: 404, sectionId: 404 },
  },
  { route: 'getStudentReading', as: teacher, params: (_f, w) => ({ classId: CLASS_ID, studentId: w.student.userId }), missing: { classId: 404, studentId: 404 } },
  { route: 'exportPersonData', as: admin, params: (_f, w) => ({ userId: w.otherStudent.userId }), missing: { userId: 404 } },
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

// ---- Paged routes: limit and cursor from the query string. ----

const PAGE_QUERIES: [string, string][] = [
  ['a limit of 0', 'limit=0'],
  ['a limit over 100', 'limit=101'],
  ['a limit that is not a number', 'limit=ten'],
  ['a negative limit', 'limit=-5'],
  ['a fractional limit', 'limit=2.5'],
  ['a cursor that is not base64url', 'cursor=%21%21'],
  ['a cursor of something that is not a student id', `cursor=${Buffer.from('MODULE#1').toString('base64url')}`],
  ['an over-long cursor', `cursor=${long(500, 'A')}`],
  ['an unknown parameter', 'limit=10&offset=20'],
];

const pageCases = (as: (world: World) => Person): BadRequest[] =>
  PAGE_QUERIES.map(([what, query]) => ({ what, status: 400, as, params: () => ({ classId: CLASS_ID }), query }));

// ---- Every route, from its contract: what any route's schemas and ids refuse. A new route gets these without an edit here. ----

/** A caller of the first role the route admits. */
const admittedCaller = (name: RouteName): ((world: World) => Person) => {
  const roles: readonly string[] = routes[name].roles;
  return roles.includes('Teachers') ? teacher : roles.includes('Students') ? student : admin;
};

/** Well-formed ids that name nothing: the input is refused before anything is read. */
const wellFormedParams = (name: RouteName) => () =>
  Object.fromEntries([...routes[name].path.matchAll(/\{(\w+)\}/g)].map(([, param]) => [param, 'no-such-thing']));

function contractCases(name: RouteName): BadRequest[] {
  const route = routes[name];
  const cases: BadRequest[] = [
    ...('body' in route
      ? [
          { what: 'a JSON list for a body (any route with a body schema)', status: 400, rawBody: '[]' },
          { what: 'a body of one unknown field (any route with a body schema)', status: 400, body: () => ({ notAField: true }) },
        ]
      : []),
    ...('query' in route || 'params' in route ? [{ what: 'an unknown query parameter (any route with a query schema)', status: 400, query: 'notAParameter=1' }] : []),
  ];
  const malformedIds = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, param]): BadRequest => ({
    what: `a ${param} with spaces and punctuation (any route with ids in its path)`,
    status: 400,
    params: () => ({ ...wellFormedParams(name)(), [param]: 'bad id!' }),
  }));
  return [...cases.map((bad) => ({ ...bad, params: wellFormedParams(name) })), ...malformedIds].map((bad) => ({ ...bad, as: admittedCaller(name) }));
}

const CASES: [RouteName, BadRequest[]][] = [
  ...routeEntries.map(([name]): [RouteName, BadRequest[]] => [name, contractCases(name)]).filter(([, cases]) => cases.length > 0),
  ...BODY_ROUTES.map((spec): [RouteName, BadRequest[]] => [spec.route, bodyCases(spec)]),
  ...ID_ROUTES.map((spec): [RouteName, BadRequest[]] => [spec.route, idCases(spec)]),
  ['getClassReport', pageCases(teacher)],
  ['listClassStudents', pageCases(admin)],
  [
    'getModule',
    [
      ['a malformed classId', 'classId=a%20b'],
      ['an over-long classId', `classId=${long(500, 'c')}`],
      ['an unknown parameter', `class=${CLASS_ID}`],
    ].map(([what, query]) => ({ what, status: 400, as: student, params: (f) => ({ id: f.module._id }), query })),
  ],
  [
    'getCheck',
    [
      ['a malformed classId', 'classId=a%20b', 400],
      ['an unknown parameter', `class=${CLASS_ID}`, 400],
      ['a class the student is not in', `classId=${OTHER_CLASS_ID}`, 404],
    ].map(([what, query, status]) => ({ what: `${what}`, status: Number(status), as: student, params: (f) => ({ id: f.module._id, sectionId: f.module.sections[0]._id }), query: `${query}` })),
  ],
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
  await world.ok('putCheck', { as: world.teacher, params: { id: module._id, sectionId: module.sections[0]._id }, body: CHECK });
  const startUpload = () => world.ok('createUpload', { as: world.teacher, body: { fileName: 'big.pdf', contentType: MEDIA.pdf, size: 6 * 1024 * 1024 } });
  const ticket = await startUpload();
  const pending = await startUpload();
  // Each part URL takes exactly its length: 5 MiB, then the last 1 MiB.
  const bytes = fileBytes('pdf', 6 * 1024 * 1024);
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
    rosterPackage: await world.putFile(world.admin, 'package.zip', 'application/zip', zipSample('bulk-1.2')),
    notAPackage: await world.putFile(world.admin, 'notes.zip', 'application/zip', pdfBytes('not a package')),
    erasable: (await world.ok('invitePerson', { as: world.admin, body: person('erasable@example.com', 'Erasable Teacher', 'Teachers') })).person,
    deepLinkRequest: await world.givenLtiDeepLinkRequest(world.teacher),
  };
});

afterAll(() => world?.stop());

describe.each(CASES)('%s', (name, cases) => {
  const route = routes[name];

  it.each(cases.map((bad) => [bad.what, bad.status, bad] as const))(`${route.method} ${route.path} with %s → %i`, async (_what, status, bad) => {
    const params = bad.params?.(fixtures, world);
    let path = buildPath(route.path, params);
    if (bad.rawParam) path = path.replace('/RAW', `/${bad.rawParam[1]}`);
    if (bad.query) path += `?${bad.query}`;
    const before = await world.snapshot();

    const answer = await world.call(name, {
      as: (bad.as ?? teacher)(world),
      path,
      ...(bad.rawBody !== undefined ? { rawBody: bad.rawBody } : bad.body ? { body: bad.body(fixtures, world) } : {}),
    });

    // A schema refusal also names its fields, each with a sentence of its own.
    const fields = answer.body?.fields === undefined ? {} : { fields: expect.any(Object) };
    expect({ status: answer.status, body: answer.body }).toEqual({ status, body: { message: expect.stringMatching(SENTENCE), ...fields } });
    for (const message of Object.values(answer.body?.fields ?? {})) expect(message).toMatch(/^\S.*[.!?]$/);
    expect(await world.snapshot()).toEqual(before);
  });
});

describe('what is stored from a body', () => {
  const serialized = async () => JSON.stringify(await world.scanTable());

  it('never stores a downloadUrl or a size sent in a section, on create or on edit', async () => {
    const created = await world.ok('createModule', {
      as: world.teacher,
      body: {
        title: 'Echo',
        description: 'Fields a client may echo back',
        sections: [{ ...sectionOf(fixtures), _id: undefined, order: 9, contentType: 'WORD', downloadUrl: 'https://evil.example/create', size: 1 }],
      },
    });
    // The size is the stored file's, whatever the body said.
    expect(created.sections[0]).toMatchObject({ order: 1, contentType: 'PDF', size: expect.any(Number) });
    expect(created.sections[0].size).toBeGreaterThan(1);
    expect(created.sections[0]).not.toHaveProperty('downloadUrl');

    // The edit screen sends back what it read, signed links included.
    const read = await world.ok('getModule', { as: world.teacher, params: { id: created._id } });
    expect(read.sections[0].downloadUrl).toEqual(expect.stringContaining('&Signature='));
    await world.ok('updateModule', { as: world.teacher, params: { id: created._id }, body: { ...read, sections: [{ ...read.sections[0], downloadUrl: 'https://evil.example/edit', size: 2 }] } });
    const edited = await world.ok('getModule', { as: world.teacher, params: { id: created._id } });
    expect(edited.sections[0].size).toBe(created.sections[0].size);

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
      invitePerson: 201,
      invitePeople: 200,
      lookupPeople: 200,
      renamePerson: 200,
      changeRole: 200,
      setPeopleAccess: 200,
      setSchoolSignInDomain: 200,
      renameSelf: 200,
      createClass: 201,
      renameClass: 200,
      setRetention: 200,
      rollOverClasses: 200,
      setClassTeacher: 200,
      enrolStudents: 200,
      importOneRoster: 200,
      putCheck: 200,
      submitAttempt: 201,
      recordReading: 200,
      registerLtiPlatform: 201,
      answerLtiDeepLink: 200,
      erasePerson: 200,
    });
  });
});
