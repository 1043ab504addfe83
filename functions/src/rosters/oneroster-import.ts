// Importing a OneRoster package: read it (oneroster/package.ts, roster.ts), plan it against the school as kept here
// (oneroster/plan.ts), and on apply make the changes through the same use cases the admin pages use (renames, role
// changes, access, teachers, unenrolments keep their rules and their audit entries); new people, classes and
// enrolments are written directly, with one audit entry for the run. Each record created or matched keeps its
// sourcedId as a link, so the next run matches it. A failure of one change is listed like a bad row; the others go on.
import { UPLOAD_LIMITS } from '@shared/constants';
import { ROSTER_PACKAGE_TOO_LARGE_MESSAGE } from '@shared/content-type';
import type { OneRosterAnswer, OneRosterRunSummary } from '@shared/contract/rosters';
import type { Person } from '@shared/contract/people';
import { displayName } from '@shared/person-name';
import type { Caller } from '../kernel/caller';
import { mapWithConcurrency } from '../kernel/concurrency';
import { DomainError, forbidden, invalid, notFound } from '../kernel/errors';
import type { AuditLog } from '../audit/port';
import type { ClassStore } from '../classes/port';
import type { Clock, IdGenerator } from '../kernel/ports';
import type { PeopleIndex, UserDirectory } from '../people/port';
import type { PeopleService } from '../people/people';
import type { ProgressStore } from '../progress/port';
import type { FileReader, FileStore } from '../uploads/port';
import type { ClassAdminService } from './class-admin';
import { readPackage, UnreadablePackageError, type RosterError } from './oneroster/package';
import { planRoster, type ClassRef, type PersonRef, type RosterPlan, type RosterSnapshot } from './oneroster/plan';
import { readRoster, type Roster } from './oneroster/roster';
import type { OneRosterLinks, OneRosterRun, OneRosterStore, RosterStore } from './port';

/** A run keeps this many of its errors (a package of a wrong school could list thousands; the item stays small). */
export const ONEROSTER_RUN_ERRORS = 200;
const RUN_HISTORY = 50;
/** Cognito's AdminCreateUser quota is 50 a second per account, shared with the people pages. */
const WRITE_CONCURRENCY = 5;

export interface OneRosterRequest {
  contentUrl: string;
  mode: 'preview' | 'apply';
  /** The admin ticked "Administrators become Admins". */
  importAdministrators: boolean;
}

export interface OneRosterImportDeps {
  /** Reads a package; deletes the nightly sync's package once its run is recorded. */
  files: FileReader & Pick<FileStore, 'deleteFiles'>;
  links: OneRosterStore;
  directory: Pick<UserDirectory, 'create' | 'findByEmail' | 'disable' | 'get'>;
  index: Pick<PeopleIndex, 'everyone' | 'save'>;
  people: Pick<PeopleService, 'renamePerson' | 'changeRole' | 'disable' | 'enable'>;
  classAdmin: Pick<ClassAdminService, 'rename' | 'setTeacher' | 'remove' | 'unenrol'>;
  rosters: Pick<RosterStore, 'insertClass' | 'enrollStudent' | 'listAllClasses'>;
  classes: Pick<ClassStore, 'listAllStudents'>;
  progress: Pick<ProgressStore, 'countProgressOfStudent'>;
  audit: AuditLog;
  clock: Clock;
  ids: IdGenerator;
  /**
   * 'none' where people sign in through the school's provider: accounts are made without an invitation e-mail (the
   * first school sign-in links to them by address), so a first import of a whole school sends no storm of e-mails.
   */
  invitations: 'email' | 'none';
}

/** Where a package may be read from: the caller's own uploads, or (for the nightly sync) the sync's prefix. */
const ownUploads = (caller: Caller) => `protected/${caller.userId}/`;

export type OneRosterImport = ReturnType<typeof makeOneRosterImport>;

export function makeOneRosterImport(deps: OneRosterImportDeps) {
  const { files, links, index, rosters, classes, audit, clock, ids } = deps;

  async function readRosterAt(key: string, request: OneRosterRequest): Promise<Roster> {
    const bytes = await files.readFile(key, UPLOAD_LIMITS.rosterPackageMaxBytes);
    if (bytes === 'missing') throw notFound('The uploaded package was not found; upload it again.');
    if (bytes === 'too-large') throw invalid(ROSTER_PACKAGE_TOO_LARGE_MESSAGE);
    try {
      return readRoster(await readPackage(bytes), { importAdministrators: request.importAdministrators });
    } catch (error) {
      if (error instanceof UnreadablePackageError) throw invalid(error.message, { contentUrl: error.message });
      throw error;
    }
  }

  /** The school as kept here, with the sourcedIds of what was imported; links to records gone since are set aside. */
  async function takeSnapshot(): Promise<{ snapshot: RosterSnapshot; stale: OneRosterLinks; people: Map<string, Person> }> {
    const [known, everyone, allClasses] = await Promise.all([links.readLinks(), index.everyone(), rosters.listAllClasses()]);
    const people = new Map(everyone.map((person) => [person.userId, person]));
    const classById = new Map(allClasses.map((item) => [item.classId, item]));
    const stale: OneRosterLinks = {
      people: known.people.filter((link) => !people.has(link.userId)),
      classes: known.classes.filter((link) => !classById.has(link.classId)),
      enrollments: [],
    };
    const personSource = new Map(known.people.filter((link) => people.has(link.userId)).map((link) => [link.userId, link.sourcedId]));
    const classSource = new Map(known.classes.filter((link) => classById.has(link.classId)).map((link) => [link.classId, link]));
    const enrolmentSource = new Map(known.enrollments.map((link) => [`${link.classId}|${link.studentId}`, link]));
    // Only imported classes' rosters matter: an enrolment of the package names an imported class.
    const rostersOfImported = await mapWithConcurrency([...classSource.keys()], 10, async (classId) =>
      (await classes.listAllStudents(classId)).map(({ studentId }) => ({ classId, studentId })),
    );
    const enrollments = rostersOfImported.flat().map((item) => ({ ...item, sourcedId: enrolmentSource.get(`${item.classId}|${item.studentId}`)?.sourcedId }));
    const kept = new Set(enrollments.map((item) => `${item.classId}|${item.studentId}`));
    stale.enrollments = known.enrollments.filter((link) => !kept.has(`${link.classId}|${link.studentId}`));
    return {
      people,
      stale,
      snapshot: {
        people: everyone.map((person) => ({
          userId: person.userId,
          email: person.email,
          name: person.name,
          role: person.role,
          enabled: person.status !== 'disabled',
          ...withSourcedId(personSource.get(person.userId)),
        })),
        classes: allClasses.map((item) => {
          const link = classSource.get(item.classId);
          return {
            classId: item.classId,
            name: item.className,
            teacherId: item.teacherId || null,
            ...withSourcedId(link?.sourcedId),
            ...(link?.schoolSourcedId ? { schoolSourcedId: link.schoolSourcedId } : {}),
            ...(link?.termSourcedId ? { termSourcedId: link.termSourcedId } : {}),
          };
        }),
        enrollments: enrollments.map(({ sourcedId, ...item }) => ({ ...item, ...withSourcedId(sourcedId) })),
      },
    };
  }

  async function run(caller: Caller, request: OneRosterRequest, source: OneRosterRun['source']): Promise<OneRosterAnswer> {
    const roster = await readRosterAt(request.contentUrl, request);
    const { snapshot, stale, people } = await takeSnapshot();
    const plan = planRoster(roster, snapshot);
    const errors = [...plan.errors];
    if (request.mode === 'apply') errors.push(...(await apply(caller, roster, plan, snapshot, stale, people)));
    const at = clock.now().toISOString();
    await links.recordRun({
      runId: ids.newId(),
      at,
      by: caller.name ?? caller.userId,
      source,
      mode: request.mode,
      counts: plan.counts,
      errors: errors.slice(0, ONEROSTER_RUN_ERRORS),
      errorCount: errors.length,
    });
    if (request.mode === 'apply') {
      const summary = (['users', 'classes', 'enrollments'] as const)
        .map((part) => `${part} +${plan.counts[part].create} ~${plan.counts[part].update} -${plan.counts[part].delete}`)
        .join(', ');
      await audit.record({
        at,
        actorId: caller.userId,
        actor: caller.name ?? caller.userId,
        action: 'importOneRoster',
        subject: source === 'bucket' ? `OneRoster sync ${request.contentUrl}` : 'OneRoster package',
        detail: `${summary}; ${errors.length} error${errors.length === 1 ? '' : 's'}`,
      });
    }
    return { counts: plan.counts, errors };
  }

  /** Makes the plan's changes: people, then classes, then enrolments (deletes first in each, so a reused sourcedId links anew). */
  async function apply(caller: Caller, roster: Roster, plan: RosterPlan, snapshot: RosterSnapshot, stale: OneRosterLinks, known: Map<string, Person>): Promise<RosterError[]> {
    const errors: RosterError[] = [];
    const { users, classes: classChanges, enrollments } = plan.changes;
    const lines = {
      users: new Map(roster.people.map((person) => [person.sourcedId, person.line])),
      classes: new Map(roster.classes.map((item) => [item.sourcedId, item.line])),
      enrollments: new Map(roster.enrollments.map((item) => [item.sourcedId, item.line])),
    };
    const sourcedIdOf = new Map(snapshot.people.flatMap((person) => (person.sourcedId ? [[person.userId, person.sourcedId] as const] : [])));
    const classSourcedIdOf = new Map(snapshot.classes.flatMap((item) => (item.sourcedId ? [[item.classId, item.sourcedId] as const] : [])));
    /** Runs one change; a refusal (or an outage of one call) becomes a line of the answer, and the run goes on. */
    const attempt = async (file: 'users.csv' | 'classes.csv' | 'enrollments.csv', sourcedId: string | undefined, what: string, change: () => Promise<unknown>) => {
      try {
        await change();
      } catch (error) {
        const line = sourcedId === undefined ? 1 : (lines[file.slice(0, -4) as keyof typeof lines].get(sourcedId) ?? 1);
        const reason = error instanceof DomainError ? error.message : 'it failed on our side; apply the package again to retry.';
        errors.push({ file, line, message: `${what} was not applied: ${reason}` });
      }
    };

    await Promise.all([
      ...stale.people.map((link) => links.unlink('people', link.sourcedId)),
      ...stale.classes.map((link) => links.unlink('classes', link.sourcedId)),
      ...stale.enrollments.map((link) => links.unlink('enrollments', link.sourcedId)),
    ]);

    // ---- People ----
    for (const { userId, sourcedId } of users.delete) {
      await attempt('users.csv', sourcedId, `Removing ${sourcedId}`, async () => {
        await deps.people.disable(caller, userId);
        await links.unlink('people', sourcedId);
      });
    }
    const created = new Map<string, Person>();
    await mapWithConcurrency(users.create, WRITE_CONCURRENCY, (person) =>
      attempt('users.csv', person.sourcedId, `Creating ${person.email}`, async () => {
        const made = await deps.directory.create({ email: person.email, name: person.name, role: person.role }, { invitation: deps.invitations });
        // An account the people list does not show yet (made outside the app): it is linked as it is.
        const account = made === 'exists' ? await deps.directory.findByEmail(person.email) : { ...made.person, role: person.role };
        if (!account) throw notFound(`${person.email} could not be read back from the sign-in service.`);
        if (!person.enabled) await deps.directory.disable(account.userId);
        const kept = { ...account, status: person.enabled ? account.status : ('disabled' as const) };
        await index.save(kept);
        if (!(await links.link('people', { sourcedId: person.sourcedId, userId: kept.userId }))) throw concurrentImport(person.sourcedId);
        created.set(person.sourcedId, kept);
      }),
    );
    await mapWithConcurrency(users.update, WRITE_CONCURRENCY, ({ userId, set }) => {
      const sourcedId = set.sourcedId ?? sourcedIdOf.get(userId);
      const person = known.get(userId)!;
      return attempt('users.csv', sourcedId, `The change of ${person.email}`, async () => {
        if (set.email) errors.push({ file: 'users.csv', line: lines.users.get(sourcedId!) ?? 1, message: `${person.email} is ${set.email} in your information system; e-mail addresses are changed on the People page, not by an import.` });
        if (set.name) await deps.people.renamePerson(caller, userId, set.name);
        if (set.role) await deps.people.changeRole(caller, userId, set.role);
        if (set.enabled === false) await deps.people.disable(caller, userId);
        if (set.enabled === true) await deps.people.enable(caller, userId);
        if (set.sourcedId && !(await links.link('people', { sourcedId: set.sourcedId, userId }))) throw concurrentImport(set.sourcedId);
      });
    });
    const personOf = (ref: PersonRef): Person | undefined => ('userId' in ref ? known.get(ref.userId) : created.get(ref.createdFrom));

    // ---- Classes ----
    for (const { classId, sourcedId } of classChanges.delete) {
      await attempt('classes.csv', sourcedId, `Deleting the class ${sourcedId}`, async () => {
        await deps.classAdmin.remove(caller, classId);
        await links.unlink('classes', sourcedId);
      });
    }
    const createdClasses = new Map<string, string>();
    const setTeacher = async (classId: string, teacher: PersonRef | null) => {
      const person = teacher && personOf(teacher);
      if (teacher && !person) throw notFound('their teacher was not created (see the line of users.csv above).');
      await deps.classAdmin.setTeacher(caller, classId, person ? person.userId : null);
    };
    await mapWithConcurrency(classChanges.create, WRITE_CONCURRENCY, (item) =>
      attempt('classes.csv', item.sourcedId, `Creating the class ${item.name}`, async () => {
        const classId = ids.newId();
        const link = { sourcedId: item.sourcedId, classId, ...pick(item) };
        // The link first: of two imports at once, one links the sourcedId and only that one makes the class.
        if (!(await links.link('classes', link))) throw concurrentImport(item.sourcedId);
        await rosters.insertClass({ classId, className: item.name, teacherId: '', teacherName: '', createdBy: caller.userId });
        createdClasses.set(item.sourcedId, classId);
        if (item.teacher) await setTeacher(classId, item.teacher);
      }),
    );
    await mapWithConcurrency(classChanges.update, WRITE_CONCURRENCY, ({ classId, set }) => {
      const sourcedId = classSourcedIdOf.get(classId);
      return attempt('classes.csv', sourcedId, `The change of the class ${sourcedId}`, async () => {
        if (set.name) await deps.classAdmin.rename(caller, classId, set.name);
        if (set.teacher !== undefined) await setTeacher(classId, set.teacher);
        if ('schoolSourcedId' in set || 'termSourcedId' in set) {
          const current = snapshot.classes.find((item) => item.classId === classId)!;
          const school = 'schoolSourcedId' in set ? set.schoolSourcedId : current.schoolSourcedId;
          const term = 'termSourcedId' in set ? set.termSourcedId : current.termSourcedId;
          await links.link('classes', { sourcedId: sourcedId!, classId, ...pick({ schoolSourcedId: school ?? undefined, termSourcedId: term ?? undefined }) });
        }
      });
    });
    const classIdOf = (ref: ClassRef) => ('classId' in ref ? ref.classId : createdClasses.get(ref.createdFrom));

    // ---- Enrolments ----
    const enrolmentSourcedId = new Map(snapshot.enrollments.map((item) => [`${item.classId}|${item.studentId}`, item.sourcedId]));
    for (const { classId, studentId } of enrollments.delete) {
      const sourcedId = enrolmentSourcedId.get(`${classId}|${studentId}`);
      await attempt('enrollments.csv', sourcedId, `Removing the enrolment ${sourcedId ?? studentId}`, async () => {
        try {
          await deps.classAdmin.unenrol(caller, classId, studentId);
        } catch (error) {
          // Unenrolled by hand since the snapshot: what was asked is done.
          if (!(error instanceof DomainError && error.kind === 'notFound')) throw error;
        }
        if (sourcedId) await links.unlink('enrollments', sourcedId);
      });
    }
    for (const { classId, studentId, set } of enrollments.update) {
      await attempt('enrollments.csv', set.sourcedId, `The enrolment ${set.sourcedId}`, async () => {
        if (!(await links.link('enrollments', { sourcedId: set.sourcedId, classId, studentId }))) throw concurrentImport(set.sourcedId);
      });
    }
    const assigned = new Map((await rosters.listAllClasses()).map((item) => [item.classId, item.assignedModuleIds]));
    await mapWithConcurrency(enrollments.create, WRITE_CONCURRENCY * 2, (item) =>
      attempt('enrollments.csv', item.sourcedId, `The enrolment ${item.sourcedId}`, async () => {
        const classId = classIdOf(item.class);
        const student = personOf(item.student);
        if (!classId || !student) throw notFound('its class or student was not created (see the lines above).');
        const outcome = await rosters.enrollStudent(classId, { studentId: student.userId, name: displayName(student), email: student.email }, clock.now().toISOString());
        if (outcome === 'noClass') throw notFound('its class was deleted meanwhile.');
        const modules = assigned.get(classId) ?? [];
        // Someone enrolled again still has their progress: it counts again (as enrolling by hand does).
        if (outcome === 'enrolled' && modules.length > 0) await deps.progress.countProgressOfStudent(classId, modules, student.userId, 1);
        if (!(await links.link('enrollments', { sourcedId: item.sourcedId, classId, studentId: student.userId }))) throw concurrentImport(item.sourcedId);
      }),
    );
    return errors;
  }

  return {
    /** An admin's run on a package they uploaded (their own upload only). */
    async importUploaded(caller: Caller, request: OneRosterRequest): Promise<OneRosterAnswer> {
      if (!request.contentUrl.startsWith(ownUploads(caller))) throw forbidden('You can only import a package you uploaded yourself.');
      return run(caller, request, 'upload');
    },

    /**
     * The nightly sync: a package the information system dropped under the sync's prefix, applied as it is. A package
     * that cannot be read is a run of its own with that one error (a retry would read the same bytes). Once its run is
     * recorded the package is deleted (the school's whole roster need not wait for the next one); a run that failed
     * otherwise keeps it for the retries.
     */
    async importFromBucket(key: string): Promise<OneRosterAnswer> {
      const system: Caller = { userId: 'oneroster-sync', roles: ['Admins'], name: 'OneRoster sync' };
      let answer: OneRosterAnswer;
      try {
        answer = await run(system, { contentUrl: key, mode: 'apply', importAdministrators: false }, 'bucket');
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const none = { create: 0, update: 0, delete: 0, unchanged: 0 };
        answer = { counts: { users: none, classes: none, enrollments: none }, errors: [{ file: key.slice(key.lastIndexOf('/') + 1), line: 1, message: error.message }] };
        await links.recordRun({ runId: ids.newId(), at: clock.now().toISOString(), by: system.name!, source: 'bucket', mode: 'apply', ...answer, errorCount: 1 });
      }
      await files.deleteFiles([key]);
      return answer;
    },
  };
}

export type OneRosterHistory = ReturnType<typeof makeOneRosterHistory>;

/** The runs for the admin page, which need the runs alone (their route reads one partition). */
export function makeOneRosterHistory({ links }: { links: Pick<OneRosterStore, 'recentRuns'> }) {
  return {
    async recent(): Promise<OneRosterRunSummary[]> {
      return links.recentRuns(RUN_HISTORY);
    },
  };
}

const withSourcedId = (sourcedId: string | undefined) => (sourcedId ? { sourcedId } : {});

const pick = ({ schoolSourcedId, termSourcedId }: { schoolSourcedId?: string; termSourcedId?: string }) => ({
  ...(schoolSourcedId ? { schoolSourcedId } : {}),
  ...(termSourcedId ? { termSourcedId } : {}),
});

const concurrentImport = (sourcedId: string) =>
  new DomainError('conflict', `another import linked ${sourcedId} to another record at the same time; apply the package again.`);
