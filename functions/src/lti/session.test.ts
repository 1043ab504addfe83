// A valid launch over the in-memory school: who the platform user becomes (each role, the e-mail link, a newcomer, the
// refusals), the course's class, the learner's enrolment, the NRPS sync, the resource link and where the browser lands.
import { LTI_APP_PATHS, LTI_DEEP_LINKING_SECONDS, LTI_SIGN_IN_CODE_SECONDS } from '@shared/lti';
import { ADMIN_ID } from '@functions/test/in-memory/admin';
import { CANVAS, givenLtiSchool } from '@functions/test/in-memory/lti';
import { MODULE_ID } from '@functions/test/in-memory/records';
import { STUDENT_ID, TEACHER_ID } from '@test/unit-helpers/events';
import { makeClassService } from '../classes/classes';
import { CLAIMS } from './claims';
import { InMemoryDeepLinkingRequests, InMemoryLtiLinks, InMemorySignInCodes } from './fakes/launch-links';
import type { ValidatedLaunch } from './launch';
import type { LtiPlatformRecord, NrpsMember } from './port';
import { LtiRefusal, type LtiRefusalReason } from './refusals';
import { classIdOf, makeLtiSession, placeholderEmail, roleOfLtiRoles, type LtiSession } from './session';

const MEMBERSHIP = 'http://purl.imsglobal.org/vocab/lis/v2/membership';
const INSTRUCTOR = `${MEMBERSHIP}#Instructor`;
const LEARNER = `${MEMBERSHIP}#Learner`;
const NRPS_URL = 'https://canvas.example.edu/api/lti/courses/7/names_and_roles';
const PLATFORM: LtiPlatformRecord = { platformId: 'platform-1', ...CANVAS, registeredAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z' };
const COURSE = { id: 'course-7', title: 'Biology 7' };
const COURSE_CLASS = classIdOf(PLATFORM.platformId, COURSE.id);

let school: ReturnType<typeof givenLtiSchool>;
let links: InMemoryLtiLinks;
let codes: InMemorySignInCodes;
let deepLinking: InMemoryDeepLinkingRequests;
let roster: NrpsMember[];
let session: LtiSession;
let tokens: number;

beforeEach(() => {
  school = givenLtiSchool();
  links = new InMemoryLtiLinks();
  codes = new InMemorySignInCodes();
  deepLinking = new InMemoryDeepLinkingRequests();
  roster = [];
  tokens = 0;
  const { ports } = school;
  session = makeLtiSession({
    links,
    directory: school.directory,
    index: school.index,
    classAdmin: school.classAdmin,
    classService: makeClassService({ classes: ports.classes, modules: ports.modules, clock: ports.clock }),
    classes: ports.classes,
    members: { members: async (platform, url) => (platform.platformId === PLATFORM.platformId && url === NRPS_URL ? roster : []) },
    signInCodes: codes,
    deepLinking,
    clock: ports.clock,
    randomToken: () => `token-${++tokens}`,
    log: ports.log,
  });
});

const nowSeconds = () => Math.floor(school.ports.clock.now().getTime() / 1000);

function launch(claims: Record<string, unknown>, messageType: ValidatedLaunch['messageType'] = 'LtiResourceLinkRequest'): ValidatedLaunch {
  return {
    platform: PLATFORM,
    messageType,
    deploymentId: CANVAS.deploymentIds[0],
    claims: { sub: 'lms-teacher', [CLAIMS.roles]: [INSTRUCTOR], [CLAIMS.context]: COURSE, [CLAIMS.resourceLink]: { id: 'link-1' }, ...claims },
  };
}

const teacherLaunch = (claims: Record<string, unknown> = {}) => launch({ email: 'teacher@example.com', name: 'Ada Teacher', ...claims });
const learnerLaunch = (claims: Record<string, unknown> = {}) =>
  launch({ sub: 'lms-learner', email: 'lee@example.com', name: 'Lee Learner', [CLAIMS.roles]: [LEARNER], ...claims });

async function refusal(promise: Promise<unknown>): Promise<LtiRefusalReason> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LtiRefusal);
  return (error as LtiRefusal).reason;
}

describe('the roles claim', () => {
  it.each([
    [[INSTRUCTOR], 'Teachers'],
    [[`${MEMBERSHIP}/Instructor#TeachingAssistant`], 'Teachers'],
    [[LEARNER, INSTRUCTOR], 'Teachers'],
    [[LEARNER], 'Students'],
    [[`${MEMBERSHIP}#Mentor`, 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator'], undefined],
    [[], undefined],
  ])('%j is %s', (roles, role) => {
    expect(roleOfLtiRoles(roles)).toBe(role);
  });
});

describe('an Instructor', () => {
  it('with the e-mail of a teacher here is linked to them, makes the course a class they teach, and lands in its report', async () => {
    const landing = await session.signIn(teacherLaunch());
    expect(landing).toEqual({ username: TEACHER_ID, code: 'token-1', path: `/analytics/${COURSE_CLASS}` });
    expect(await links.personFor(PLATFORM.platformId, 'lms-teacher')).toBe(TEACHER_ID);
    expect(await links.platformUserFor(TEACHER_ID, PLATFORM.platformId)).toEqual({ platformId: PLATFORM.platformId, sub: 'lms-teacher', userId: TEACHER_ID });
    expect(await school.ports.classes.getClass(COURSE_CLASS)).toMatchObject({ className: 'Biology 7', teacherId: TEACHER_ID, studentCount: 0 });
    expect(codes.codes.get('token-1')).toEqual({ code: 'token-1', userId: TEACHER_ID, expiresAt: nowSeconds() + LTI_SIGN_IN_CODE_SECONDS });
    expect(school.ports.audit.entries.at(-1)).toMatchObject({ actor: 'LMS launch (Canvas)', action: 'createClass', subject: 'Biology 7' });
  });

  it('launching again finds the same person and class, and makes nothing twice', async () => {
    await session.signIn(teacherLaunch());
    const classesBefore = school.ports.classes.all().length;
    const again = await session.signIn(teacherLaunch({ email: 'another-address@example.com' }));
    expect(again.username).toBe(TEACHER_ID);
    expect(school.ports.classes.all()).toHaveLength(classesBefore);
  });

  it('unknown here is made a teacher (no invitation: signs in from the LMS) and owns the new class', async () => {
    const landing = await session.signIn(launch({ sub: 'lms-new', email: 'New.Teacher@Example.com', given_name: 'Nia', family_name: 'Newton' }));
    const person = await school.directory.findByEmail('new.teacher@example.com');
    expect(person).toMatchObject({ name: 'Nia Newton', role: 'Teachers', status: 'active' });
    expect(school.directory.calls).toContain('create new.teacher@example.com for LMS sign-in');
    expect(await school.index.get(person!.userId)).toMatchObject({ role: 'Teachers' });
    expect(landing.username).toBe(person!.userId);
    expect(await school.ports.classes.getClass(COURSE_CLASS)).toMatchObject({ teacherId: person!.userId });
  });

  it('whose account here is a student is refused, and no class is made', async () => {
    expect(await refusal(session.signIn(teacherLaunch({ email: 'student@example.com' })))).toBe('notATeacherHere');
    expect(await school.ports.classes.getClass(COURSE_CLASS)).toBeUndefined();
    expect(codes.codes.size).toBe(0);
  });

  it("of a course another teacher's class holds is refused", async () => {
    await session.signIn(teacherLaunch());
    expect(await refusal(session.signIn(launch({ sub: 'lms-grace', email: 'grace@example.com' })))).toBe('notTheTeacher');
  });
});

describe('a Learner', () => {
  beforeEach(() => session.signIn(teacherLaunch()));

  it('new here is made a student, enrolled in the class of the course, and lands in the class', async () => {
    const landing = await session.signIn(learnerLaunch());
    const person = await school.directory.findByEmail('lee@example.com');
    expect(person).toMatchObject({ name: 'Lee Learner', role: 'Students', status: 'active' });
    expect(landing).toEqual({ username: person!.userId, code: 'token-2', path: `/student/class/${COURSE_CLASS}` });
    expect(await school.ports.classes.isEnrolled(COURSE_CLASS, person!.userId)).toBe(true);
  });

  it('with the e-mail of a student here is that student; a second launch enrols them once', async () => {
    await session.signIn(learnerLaunch({ email: 'student@example.com' }));
    await session.signIn(learnerLaunch({ email: 'student@example.com' }));
    expect(await school.ports.classes.isEnrolled(COURSE_CLASS, STUDENT_ID)).toBe(true);
    expect((await school.ports.classes.getClass(COURSE_CLASS))!.studentCount).toBe(1);
  });

  it('without an e-mail gets an account under an address of the reserved .invalid domain, the same at each launch', async () => {
    const first = await session.signIn(learnerLaunch({ email: undefined }));
    const second = await session.signIn(learnerLaunch({ email: undefined }));
    expect(second.username).toBe(first.username);
    expect(await school.directory.get(first.username)).toMatchObject({ email: placeholderEmail(PLATFORM.platformId, 'lms-learner'), role: 'Students' });
  });

  it('of a course no instructor opened yet is refused before anyone is made', async () => {
    const peopleBefore = (await school.directory.listEveryone()).length;
    expect(await refusal(session.signIn(learnerLaunch({ [CLAIMS.context]: { id: 'course-8' } })))).toBe('unknownCourse');
    expect(await school.directory.listEveryone()).toHaveLength(peopleBefore);
    expect(await links.personFor(PLATFORM.platformId, 'lms-learner')).toBeUndefined();
  });

  it('who is disabled here is refused, and gets no code', async () => {
    const lee = school.directory.add({ email: 'lee@example.com', name: 'Lee', role: 'Students', status: 'disabled' });
    expect(await refusal(session.signIn(learnerLaunch()))).toBe('disabled');
    expect(await school.ports.classes.isEnrolled(COURSE_CLASS, lee.userId)).toBe(false);
    expect(codes.codes.size).toBe(1);
  });

  it('with the e-mail of an administrator is refused: an administrator is never signed in from an LMS', async () => {
    expect(await refusal(session.signIn(learnerLaunch({ email: 'admin@example.com' })))).toBe('administrator');
    expect(await links.platformUserFor(ADMIN_ID, PLATFORM.platformId)).toBeUndefined();
  });

  it('a deep linking launch is refused: only instructors add content', async () => {
    const deepLinkingClaims = { [CLAIMS.deepLinkingSettings]: { deep_link_return_url: 'https://canvas.example.edu/return' } };
    expect(await refusal(session.signIn({ ...learnerLaunch(deepLinkingClaims), messageType: 'LtiDeepLinkingRequest' }))).toBe('deepLinkingTeachersOnly');
  });
});

it('a launch with neither an instructor nor a learner role is refused', async () => {
  expect(await refusal(session.signIn(launch({ [CLAIMS.roles]: [`${MEMBERSHIP}#Mentor`] })))).toBe('role');
});

describe('a resource link from deep linking (custom moduleId)', () => {
  const ags = {
    [CLAIMS.agsEndpoint]: {
      lineitem: 'https://canvas.example.edu/api/lti/courses/7/line_items/3',
      scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
    },
  };
  const withModule = { [CLAIMS.custom]: { moduleId: MODULE_ID }, ...ags };

  it("assigns the teacher's module to the class, records the link with its line item, and lands the student in its syllabus", async () => {
    expect((await session.signIn(teacherLaunch(withModule))).path).toBe(`/analytics/${COURSE_CLASS}`);
    expect((await school.ports.classes.getClass(COURSE_CLASS))!.assignedModuleIds).toEqual([MODULE_ID]);
    expect(await links.resourceLinksFor(COURSE_CLASS, MODULE_ID)).toEqual([
      {
        platformId: PLATFORM.platformId,
        deploymentId: CANVAS.deploymentIds[0],
        resourceLinkId: 'link-1',
        contextId: COURSE.id,
        classId: COURSE_CLASS,
        moduleId: MODULE_ID,
        lineItemUrl: 'https://canvas.example.edu/api/lti/courses/7/line_items/3',
        agsScopes: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
      },
    ]);
    expect((await session.signIn(learnerLaunch(withModule))).path).toBe(`/student/class/${COURSE_CLASS}/module/${MODULE_ID}`);
  });

  it("of a module that is not the teacher's lands in the class without it, and records no link", async () => {
    await session.signIn(launch({ sub: 'lms-grace', email: 'grace@example.com', ...withModule }));
    expect((await school.ports.classes.getClass(COURSE_CLASS))!.assignedModuleIds).toEqual([]);
    expect(await links.resourceLinksFor(COURSE_CLASS, MODULE_ID)).toEqual([]);
    expect((await session.signIn(learnerLaunch(withModule))).path).toBe(`/student/class/${COURSE_CLASS}`);
  });
});

describe('NRPS at an Instructor launch', () => {
  const nrps = { [CLAIMS.nrps]: { context_memberships_url: NRPS_URL, service_versions: ['2.0'] } };
  const member = (userId: string, extra: Partial<NrpsMember> = {}): NrpsMember => ({ user_id: userId, roles: [LEARNER], ...extra });

  it('enrols the active learners (made or linked as at a launch) and removes the inactive and deleted ones', async () => {
    await session.signIn(teacherLaunch());
    await session.signIn(learnerLaunch({ email: 'student@example.com' }));
    roster = [
      member('lms-teacher', { roles: [INSTRUCTOR], email: 'teacher@example.com' }),
      member('lms-kai', { email: 'kai@example.com', name: 'Kai Kim' }),
      member('lms-learner', { status: 'Inactive' }),
    ];
    await session.signIn(teacherLaunch(nrps));
    const kai = await school.directory.findByEmail('kai@example.com');
    expect(kai).toMatchObject({ role: 'Students', name: 'Kai Kim' });
    expect(await school.ports.classes.isEnrolled(COURSE_CLASS, kai!.userId)).toBe(true);
    expect(await school.ports.classes.isEnrolled(COURSE_CLASS, STUDENT_ID)).toBe(false);
    expect((await school.ports.classes.getClass(COURSE_CLASS))!.studentCount).toBe(1);
  });

  it('is idempotent: the same list again, or two syncs at once, end the same', async () => {
    roster = [member('lms-kai', { email: 'kai@example.com' }), member('lms-ida', { email: 'ida@example.com' }), member('lms-gone', { status: 'Deleted' })];
    await Promise.all([session.signIn(teacherLaunch(nrps)), session.signIn(teacherLaunch(nrps))]);
    await session.signIn(teacherLaunch(nrps));
    expect((await school.ports.classes.getClass(COURSE_CLASS))!.studentCount).toBe(2);
    expect((await school.directory.listEveryone()).filter((person) => ['kai@example.com', 'ida@example.com'].includes(person.email))).toHaveLength(2);
  });

  it('skips a member who cannot be a student here (an administrator) and goes on with the others', async () => {
    roster = [member('lms-admin', { email: 'admin@example.com' }), member('lms-kai', { email: 'kai@example.com' })];
    await session.signIn(teacherLaunch(nrps));
    expect((await school.ports.classes.getClass(COURSE_CLASS))!.studentCount).toBe(1);
    expect(school.ports.log.warnings).toEqual([expect.objectContaining({ message: 'An NRPS member was not synced' })]);
  });

  it("a platform whose service fails stops no launch", async () => {
    const failing = makeLtiSession({
      links,
      directory: school.directory,
      index: school.index,
      classAdmin: school.classAdmin,
      classService: makeClassService({ classes: school.ports.classes, modules: school.ports.modules, clock: school.ports.clock }),
      classes: school.ports.classes,
      members: { members: () => Promise.reject(new Error('503 from the platform')) },
      signInCodes: codes,
      deepLinking,
      clock: school.ports.clock,
      randomToken: () => 'code',
      log: school.ports.log,
    });
    expect((await failing.signIn(teacherLaunch(nrps))).path).toBe(`/analytics/${COURSE_CLASS}`);
    expect(school.ports.log.warnings).toEqual([expect.objectContaining({ message: 'The NRPS sync failed' })]);
  });
});

it("a deep linking launch keeps its settings server-side, bound to the teacher, and lands on the request's page", async () => {
  const settings = { deep_link_return_url: 'https://canvas.example.edu/return', accept_types: ['ltiResourceLink'], data: 'opaque' };
  const landing = await session.signIn({ ...teacherLaunch({ [CLAIMS.deepLinkingSettings]: settings }), messageType: 'LtiDeepLinkingRequest' });
  expect(landing.path).toBe(LTI_APP_PATHS.deepLink('token-1'));
  expect(await deepLinking.get('token-1', nowSeconds())).toEqual({
    requestId: 'token-1',
    userId: TEACHER_ID,
    platformId: PLATFORM.platformId,
    deploymentId: CANVAS.deploymentIds[0],
    contextId: COURSE.id,
    classId: COURSE_CLASS,
    settings,
    expiresAt: nowSeconds() + LTI_DEEP_LINKING_SECONDS,
  });
});
