// What a valid launch does (issue 38): the platform user becomes one person here (linked once, by their `sub`; at the
// first launch to the person with the same e-mail, or a new teacher or student), the LMS course one class (made at
// an Instructor's first launch, the Instructor its teacher), a Learner is enrolled in it, NRPS keeps its students in
// step at an Instructor's launch, a resource link's module is assigned and recorded for the scores, and the browser is
// handed a one-time sign-in code and the page to land on. Anything that cannot be done is an LtiRefusal: a page, no code.
import { createHash } from 'node:crypto';
import { LTI_APP_PATHS, LTI_SIGN_IN_CODE_SECONDS, LTI_DEEP_LINKING_SECONDS } from '@shared/lti';
import type { Role } from '@shared/roles';
import type { Person } from '@shared/contract/people';
import type { Caller } from '../kernel/caller';
import { mapWithConcurrency } from '../kernel/concurrency';
import { DomainError } from '../kernel/errors';
import type { Clock, Log } from '../kernel/ports';
import type { ClassService } from '../classes/classes';
import type { ClassStore } from '../classes/port';
import type { PeopleIndex, UserDirectory } from '../people/port';
import type { ClassAdminService } from '../rosters/class-admin';
import { CLAIMS } from './claims';
import type { ValidatedLaunch } from './launch';
import type { DeepLinkingRequestStore, LtiLaunchLinks, LtiPlatformRecord, MembershipReader, NrpsMember, SignInCodeStore } from './port';
import { LtiRefusal, refuse } from './refusals';

const MEMBERSHIP = 'http://purl.imsglobal.org/vocab/lis/v2/membership';
/** Cognito's AdminCreateUser quota is shared with the people pages: a course's newcomers are made a few at a time. */
const SYNC_CONCURRENCY = 5;

/** The audit trail's actor for what a launch did on its own (no administrator made it). */
export const LTI_LAUNCH_ACTOR = 'LMS launch';

/**
 * The role a launch's roles claim gives: Instructor (and its sub-roles, such as a teaching assistant) → Teachers,
 * Learner → Students, Instructor first; undefined for anyone else (an LMS administrator, a mentor).
 */
export function roleOfLtiRoles(roles: readonly unknown[]): Extract<Role, 'Teachers' | 'Students'> | undefined {
  const has = (name: string) =>
    roles.some((role) => role === `${MEMBERSHIP}#${name}` || (typeof role === 'string' && role.startsWith(`${MEMBERSHIP}/${name}#`)));
  if (has('Instructor')) return 'Teachers';
  if (has('Learner')) return 'Students';
  return undefined;
}

/** Where the browser goes after a launch: the app signs in with the code, then opens `path`. */
export interface LtiLanding {
  /** The Cognito username to sign in with (the person's id). */
  username: string;
  code: string;
  path: string;
}

export interface LtiSessionDeps {
  links: LtiLaunchLinks;
  directory: Pick<UserDirectory, 'create' | 'findByEmail' | 'get'>;
  index: Pick<PeopleIndex, 'save'>;
  classAdmin: Pick<ClassAdminService, 'create' | 'enrol' | 'unenrol'>;
  classService: Pick<ClassService, 'assignModule'>;
  classes: Pick<ClassStore, 'getClass'>;
  members: MembershipReader;
  signInCodes: SignInCodeStore;
  deepLinking: DeepLinkingRequestStore;
  clock: Clock;
  /** A value nobody can guess (sign-in codes, deep linking request ids). */
  randomToken: () => string;
  log: Log;
}

/** A platform user as a launch or an NRPS member names them. */
interface PlatformUser {
  sub: string;
  email?: string;
  name?: string;
  role: 'Teachers' | 'Students';
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/**
 * A platform that sends no e-mail still needs one for the account (the pool signs in by e-mail): an address of the
 * reserved `.invalid` domain, the same for the same platform user, so a second launch at once finds the first's.
 */
export function placeholderEmail(platformId: string, sub: string): string {
  return `lti-${createHash('sha256').update(`${platformId}\n${sub}`).digest('hex').slice(0, 24)}@lms.invalid`;
}

/** The class id of an LMS course: the same for the same course, so two first launches at once make one class. */
export function classIdOf(platformId: string, contextId: string): string {
  return `lti-${createHash('sha256').update(`${platformId}\n${contextId}`).digest('base64url').slice(0, 32)}`;
}

/** A module id as the deep linking response put it in the custom claim; anything else is no module. */
const moduleIdOf = (claims: Record<string, unknown>): string | undefined => {
  const moduleId = (claims[CLAIMS.custom] as { moduleId?: unknown } | undefined)?.moduleId;
  return typeof moduleId === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(moduleId) ? moduleId : undefined;
};

export type LtiSession = ReturnType<typeof makeLtiSession>;

export function makeLtiSession(deps: LtiSessionDeps) {
  const { links, directory, index, classAdmin, classService, classes, members, signInCodes, deepLinking, clock, randomToken, log } = deps;
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const actorFor = (platform: LtiPlatformRecord): Caller => ({ userId: LTI_LAUNCH_ACTOR, roles: [], name: `${LTI_LAUNCH_ACTOR} (${platform.name})` });

  /** The person a platform user is: linked before, else the one with their e-mail, else a new one in their role. */
  async function personOf(platform: LtiPlatformRecord, user: PlatformUser): Promise<Person> {
    const linked = await links.personFor(platform.platformId, user.sub);
    const known = linked ? await directory.get(linked) : undefined;
    if (known) return known;
    const email = user.email?.toLowerCase() ?? placeholderEmail(platform.platformId, user.sub);
    const person = (await directory.findByEmail(email)) ?? (await createPerson({ email, name: user.name ?? email, role: user.role }));
    // A person an administrator must keep apart from the LMS is never linked: the refusal comes before the link.
    refuseUnlinkable(person);
    const userId = await links.linkPerson({ platformId: platform.platformId, sub: user.sub, userId: person.userId });
    return userId === person.userId ? person : ((await directory.get(userId)) ?? person);
  }

  async function createPerson(input: { email: string; name: string; role: Role }): Promise<Person> {
    const created = await directory.create(input, { invitation: 'none', signIn: 'lms' });
    // A launch racing this one made the account first.
    if (created === 'exists') return (await directory.findByEmail(input.email))!;
    const person = { ...created.person, role: input.role };
    await index.save(person);
    return person;
  }

  function refuseUnlinkable(person: Person) {
    if (person.role === 'Admins') throw refuse('administrator');
    if (person.status === 'disabled') throw refuse('disabled');
    if (person.role === null) throw refuse('noRole');
  }

  /** The class of the launch's course; made (its teacher the Instructor) when an Instructor opens it first. */
  async function classOf(platform: LtiPlatformRecord, context: { id: string; title?: string }, person: Person, role: PlatformUser['role']): Promise<string> {
    const linked = await links.classFor(platform.platformId, context.id);
    if (linked && (await classes.getClass(linked))) return linked;
    if (role !== 'Teachers') throw refuse('unknownCourse');
    const { detail } = await classAdmin.create(actorFor(platform), {
      classId: classIdOf(platform.platformId, context.id),
      className: context.title ?? `${platform.name} course ${context.id}`,
      teacherId: person.userId,
    });
    return links.linkClass({ platformId: platform.platformId, contextId: context.id, classId: detail.classId });
  }

  async function enrol(platform: LtiPlatformRecord, classId: string, student: Person) {
    const [outcome] = await classAdmin.enrol(actorFor(platform), classId, [student.userId]);
    if (outcome?.outcome === 'notFound') throw refuse('unknownCourse');
  }

  /**
   * The course's members as NRPS lists them: every Active learner a student of the class (made and linked as at a
   * launch), every Inactive or Deleted one out of it. Enrolments and links are conditional writes, so a repeat or two
   * syncs at once end the same. A member who cannot be a student here (an administrator, a disabled person) is skipped.
   */
  async function syncMembers(platform: LtiPlatformRecord, classId: string, url: string) {
    const listed = await members.members(platform, url);
    const learners = listed.filter((member) => roleOfLtiRoles(member.roles) === 'Students');
    await mapWithConcurrency(learners, SYNC_CONCURRENCY, async (member) => {
      try {
        if ((member.status ?? 'Active') === 'Active') {
          const student = await personOf(platform, memberAsUser(member));
          if (student.role === 'Students') await enrol(platform, classId, student);
          return;
        }
        const userId = await links.personFor(platform.platformId, member.user_id);
        if (userId) await classAdmin.unenrol(actorFor(platform), classId, userId).catch(ignoreNotEnrolled);
      } catch (error) {
        if (!(error instanceof DomainError) && !(error instanceof LtiRefusal)) throw error;
        log.warn('An NRPS member was not synced', { platformId: platform.platformId, classId, member: member.user_id, reason: error.message });
      }
    });
  }

  /** Assigns the link's module to the class (a teacher's own module) and records the link for the scores. */
  async function recordResourceLink(launch: ValidatedLaunch, classId: string, contextId: string, person: Person, moduleId: string): Promise<boolean> {
    const found = await classes.getClass(classId);
    let assigned = found?.assignedModuleIds.includes(moduleId) ?? false;
    if (!assigned && person.role === 'Teachers' && found?.teacherId === person.userId) {
      try {
        await classService.assignModule({ userId: person.userId, roles: ['Teachers'] }, classId, moduleId);
        assigned = true;
      } catch (error) {
        // Not the teacher's module, or gone: the launch still lands (in the class), without the module.
        if (!(error instanceof DomainError)) throw error;
      }
    }
    if (!assigned) return false;
    const endpoint = launch.claims[CLAIMS.agsEndpoint] as { lineitem?: unknown; scope?: unknown } | undefined;
    const resourceLinkId = (launch.claims[CLAIMS.resourceLink] as { id: string }).id;
    await links.putResourceLink({
      platformId: launch.platform.platformId,
      deploymentId: launch.deploymentId,
      resourceLinkId,
      contextId,
      classId,
      moduleId,
      ...(typeof endpoint?.lineitem === 'string' ? { lineItemUrl: endpoint.lineitem } : {}),
      agsScopes: Array.isArray(endpoint?.scope) ? endpoint.scope.filter((scope): scope is string => typeof scope === 'string') : [],
    });
    return true;
  }

  async function landingPath(launch: ValidatedLaunch, person: Person, classId: string | undefined, contextId: string | undefined): Promise<string> {
    if (launch.messageType === 'LtiDeepLinkingRequest') {
      if (person.role !== 'Teachers') throw refuse('deepLinkingTeachersOnly');
      const requestId = randomToken();
      await deepLinking.put({
        requestId,
        userId: person.userId,
        platformId: launch.platform.platformId,
        deploymentId: launch.deploymentId,
        ...(contextId ? { contextId } : {}),
        ...(classId ? { classId } : {}),
        settings: launch.claims[CLAIMS.deepLinkingSettings] as { deep_link_return_url: string },
        expiresAt: nowSeconds() + LTI_DEEP_LINKING_SECONDS,
      });
      return LTI_APP_PATHS.deepLink(requestId);
    }
    if (!classId || !contextId) throw refuse('noCourse');
    const moduleId = moduleIdOf(launch.claims);
    const withModule = moduleId !== undefined && (await recordResourceLink(launch, classId, contextId, person, moduleId));
    if (person.role === 'Teachers') return `/analytics/${classId}`;
    return withModule ? `/student/class/${classId}/module/${moduleId}` : `/student/class/${classId}`;
  }

  return {
    /** Signs the launch's person in: what the browser needs to finish it in the app. */
    async signIn(launch: ValidatedLaunch): Promise<LtiLanding> {
      const { platform, claims } = launch;
      const role = roleOfLtiRoles(claims[CLAIMS.roles] as unknown[]);
      if (!role) throw refuse('role');
      const context = claims[CLAIMS.context] as { id?: unknown; title?: unknown } | undefined;
      const contextId = text(context?.id);
      // A learner of a course no instructor opened yet: refused before anyone is made or linked.
      if (role === 'Students' && contextId && !(await links.classFor(platform.platformId, contextId))) throw refuse('unknownCourse');
      const person = await personOf(platform, {
        sub: claims.sub as string,
        email: text(claims.email),
        name: text(claims.name) ?? text([claims.given_name, claims.family_name].filter((part) => typeof part === 'string').join(' ')),
        role,
      });
      refuseUnlinkable(person);
      // The person's role here decides, not the course's: a student of this school is never a course's teacher.
      if (role === 'Teachers' && person.role !== 'Teachers') throw refuse('notATeacherHere');

      let classId: string | undefined;
      if (contextId) {
        classId = await classOf(platform, { id: contextId, title: text(context?.title) }, person, role);
        const found = await classes.getClass(classId);
        if (person.role === 'Teachers' && found && found.teacherId !== person.userId) throw refuse('notTheTeacher', found.teacherName || undefined);
        if (person.role === 'Students') await enrol(platform, classId, person);
        const nrps = text((claims[CLAIMS.nrps] as { context_memberships_url?: unknown } | undefined)?.context_memberships_url);
        if (person.role === 'Teachers' && nrps) {
          // The roster follows the course at each Instructor launch; a failure of the platform's service stops no launch.
          await syncMembers(platform, classId, nrps).catch((error: unknown) =>
            log.warn('The NRPS sync failed', { platformId: platform.platformId, classId, error: error instanceof Error ? error.message : String(error) }),
          );
        }
      }
      const path = await landingPath(launch, person, classId, contextId);
      const code = randomToken();
      await signInCodes.put({ code, userId: person.userId, expiresAt: nowSeconds() + LTI_SIGN_IN_CODE_SECONDS });
      return { username: person.userId, code, path };
    },
  };
}

const memberAsUser = (member: NrpsMember): PlatformUser => ({
  sub: member.user_id,
  email: text(member.email),
  name: text(member.name) ?? text([member.given_name, member.family_name].filter(Boolean).join(' ')),
  role: 'Students',
});

/** Someone the course dropped who was never enrolled here (or is out already): nothing to do. */
const ignoreNotEnrolled = (error: unknown) => {
  if (error instanceof DomainError && error.kind === 'notFound') return;
  throw error;
};
