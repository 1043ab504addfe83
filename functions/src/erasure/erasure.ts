// Erasing a person for good (issue 39): an admin confirms with the person's e-mail; their sessions end, a student
// leaves their classes (the class's counters and score totals lose what they counted), a teacher's modules move to
// another teacher or are deleted and the classes they taught follow (or are left without a teacher), then a sweep
// removes or rewrites whatever still holds them, their files go, their directory user goes, and the audit trail
// records the erase under a pseudonym. A job item records each finished step, so a second call finishes an erase a
// crash stopped, and repeats nothing that was done.
import type { ErasePersonInput, ErasureOutcome } from '@shared/contract/erasure';
import { displayName } from '@shared/person-name';
import { makeChangeRecorder } from '../audit/audit';
import type { AuditLog } from '../audit/port';
import type { ClassStore } from '../classes/port';
import type { Caller } from '../kernel/caller';
import { DomainError, forbidden, invalid, notFound } from '../kernel/errors';
import type { Clock } from '../kernel/ports';
import type { FileReferenceStore, ModuleRecord, ModuleStore } from '../modules/port';
import type { PersonAccessStore, UserDirectory } from '../people/port';
import type { ProgressStore } from '../progress/port';
import type { RosterStore } from '../rosters/port';
import type { SectionTextStore } from '../search/port';
import type { FileStore } from '../uploads/port';
import { filesFolderOf } from '../uploads/uploads';
import { ERASURE_STEPS, fileMovesOf, withFilesMoved, type ErasureStep } from './erasure-plan';
import type { ErasedPerson, ErasureJob, ErasureJobStore, PersonalDataSweep } from './port';

export interface ErasureDeps {
  directory: UserDirectory;
  /** Reads the roleVersion of the teacher taking the classes over. */
  access: Pick<PersonAccessStore, 'read'>;
  classes: Pick<ClassStore, 'getClass' | 'listClassIdsOfStudent' | 'listClassesByTeacher'>;
  rosters: Pick<RosterStore, 'unenrollStudent' | 'setClassTeacher'>;
  progress: Pick<ProgressStore, 'countProgressOfStudent'>;
  modules: Pick<ModuleStore, 'getModule' | 'listModulesByOwner' | 'transferModule'>;
  /** The module use case's delete, as the module's owner: the module, its checks, its progress in classes, its files. */
  deleteModule: (owner: Caller, moduleId: string) => Promise<void>;
  jobs: ErasureJobStore;
  sweep: PersonalDataSweep;
  files: Pick<FileStore, 'copyFile' | 'deleteFolder'>;
  /** A moved file's users and text follow it to its new key. */
  fileReferences: Pick<FileReferenceStore, 'addReferences'>;
  texts: Pick<SectionTextStore, 'copyText'>;
  /** The person's pseudonym: the same for the same id, and no way back to it. */
  pseudonymOf: (userId: string) => string;
  audit: AuditLog;
  clock: Clock;
}

export const NO_SUCH_PERSON = 'There is no such person; reload the list.';
export const CONFIRM_MISMATCH = "The e-mail typed is not this person's: type their e-mail address exactly to erase them.";

export type ErasureService = ReturnType<typeof makeErasureService>;

export function makeErasureService(deps: ErasureDeps) {
  const { directory, access, classes, rosters, progress, modules, jobs, sweep, files, fileReferences, texts, pseudonymOf, audit, clock } = deps;
  const record = makeChangeRecorder({ directory, audit, clock });

  /** Reads whom and what the erase covers and checks the admin's choices; nothing is changed before all hold. */
  async function begin(caller: Caller, userId: string, input: ErasePersonInput, pseudonym: string): Promise<ErasureJob> {
    const found = await directory.get(userId);
    if (!found) throw notFound(NO_SUCH_PERSON);
    requireConfirmed(input.confirm, found.email);
    const person: ErasedPerson = { userId, email: found.email.toLowerCase(), name: found.name, role: found.role };
    const [owned, taught, studentClassIds] = await Promise.all([
      modules.listModulesByOwner(userId),
      classes.listClassesByTeacher(userId),
      classes.listClassIdsOfStudent(userId),
    ]);
    const transferTo = await transferTarget(userId, input, owned, taught.length);
    const kept = owned.length + taught.length > 0;
    const outcome: ErasureOutcome = {
      pseudonym,
      modules: { outcome: owned.length === 0 ? 'none' : transferTo ? 'transferred' : 'deleted', count: owned.length },
      classes: { outcome: taught.length === 0 ? 'none' : transferTo ? 'transferred' : 'withoutTeacher', count: taught.length },
    };
    return jobs.start({
      pseudonym,
      person,
      actorId: caller.userId,
      startedAt: clock.now().toISOString(),
      studentClassIds: studentClassIds.sort(),
      moduleIds: owned.map((module) => module.moduleId).sort(),
      taughtClassIds: taught.map((schoolClass) => schoolClass.classId).sort(),
      ...(kept && transferTo ? { transferTo } : {}),
      outcome,
      done: [],
    });
  }

  /** The teacher who takes the modules and classes over, when there are any; refuses an erase that has not chosen. */
  async function transferTarget(userId: string, input: ErasePersonInput, owned: ModuleRecord[], taught: number) {
    const name = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
    if (owned.length + taught > 0 && !input.transferModulesTo && !input.deleteModules) {
      const message = `This person owns ${name(owned.length, 'module')} and teaches ${name(taught, 'class')}: choose a teacher to take them over, or delete the modules with the person, which deletes the students' progress in them and leaves the classes without a teacher.`;
      throw invalid(message, { transferModulesTo: message });
    }
    if (!input.transferModulesTo) return undefined;
    if (input.transferModulesTo === userId) throw invalid('The modules cannot go to the person being erased; choose another teacher.', { transferModulesTo: 'Choose another teacher.' });
    const target = await directory.get(input.transferModulesTo);
    if (!target) throw notFound('There is no such teacher to take the modules over; reload the list.');
    if (target.role !== 'Teachers' || target.status === 'disabled') {
      throw invalid(`${displayName(target)} cannot take the modules over: choose an enabled teacher.`, { transferModulesTo: 'Choose an enabled teacher.' });
    }
    return { userId: target.userId, name: displayName(target) };
  }

  const steps: Record<ErasureStep, (job: ErasureJob, caller: Caller) => Promise<void>> = {
    /**
     * They can no longer sign in. The tokens they hold are refused already: every request reads the caller's erase
     * job beside their access record (people/adapters/person-access-repository.ts), and the job exists from `begin`.
     */
    async signOut({ person }) {
      await directory.disable(person.userId);
    },

    /** As an admin's unenrolment: the membership and enrolment go, and the class's counters lose what they counted. */
    async unenrol(job) {
      for (const classId of job.studentClassIds) {
        const step = `unenrol:${classId}`;
        if (job.done.includes(step)) continue;
        const found = await classes.getClass(classId);
        if (await rosters.unenrollStudent(classId, job.person.userId)) {
          await progress.countProgressOfStudent(classId, found?.assignedModuleIds ?? [], job.person.userId, -1);
        }
        await markDone(job, step);
      }
    },

    async modules(job) {
      const owner: Caller = { userId: job.person.userId, roles: ['Teachers'], name: job.person.name };
      for (const moduleId of job.moduleIds) {
        if (job.transferTo) {
          await handOver(moduleId, job.person.userId, job.transferTo.userId);
          continue;
        }
        await deps.deleteModule(owner, moduleId).catch((error: unknown) => {
          // Deleted by the run a crash stopped: its clean-up ran again before this answer.
          if (!(error instanceof DomainError && error.kind === 'notFound')) throw error;
        });
      }
    },

    /** The classes go with the modules to their new teacher, else they wait without one for the admin to choose. */
    async classes({ taughtClassIds, transferTo, person }) {
      const teacher = transferTo && { id: transferTo.userId, name: transferTo.name, roleVersion: (await access.read(transferTo.userId)).roleVersion, at: clock.now().getTime() };
      for (const classId of taughtClassIds) {
        const current = await classes.getClass(classId);
        // A class whose teacher changed meanwhile is no longer theirs to hand over.
        if (current?.teacherId === person.userId) await rosters.setClassTeacher(classId, teacher ?? null);
      }
    },

    async sweepTable(job) {
      let from = job.sweepFrom;
      do {
        const { next } = await sweep.sweepTablePage({ person: job.person, pseudonym: job.pseudonym }, from);
        from = next;
        if (next) await jobs.saveSweepPosition(job.pseudonym, next);
      } while (from);
    },

    async sweepFiles({ person }) {
      await files.deleteFolder(filesFolderOf(person.userId));
    },

    async directory({ person }) {
      await directory.remove(person.userId);
    },

    async audit(job, caller) {
      const { modules: moduleOutcome, classes: classOutcome } = job.outcome;
      const details = [
        moduleOutcome.count > 0 ? `${moduleOutcome.count} module(s) ${moduleOutcome.outcome === 'transferred' ? `moved to ${job.transferTo?.name ?? 'another teacher'}` : 'deleted'}` : '',
        classOutcome.count > 0 ? `${classOutcome.count} class(es) ${classOutcome.outcome === 'transferred' ? `now taught by ${job.transferTo?.name ?? 'another teacher'}` : 'now without a teacher'}` : '',
      ].filter(Boolean);
      await record(caller, 'erase', job.pseudonym, details.length > 0 ? details.join('; ') : undefined);
    },
  };

  /**
   * Gives a module to the new teacher with its files: each file of the erased teacher's folder is copied to the new
   * owner's, with its users and its text; then one write gives the module its new owner and its sections the new keys.
   * The old files stay until the folder's deletion, a later step, so a crash anywhere loses no file: the next call
   * copies again (the same keys) and moves a module not yet moved. A module already moved or deleted is left alone.
   */
  async function handOver(moduleId: string, fromId: string, toId: string) {
    const module = await modules.getModule(moduleId);
    if (module?.ownerId !== fromId) return;
    const moves = fileMovesOf(module.sections, filesFolderOf(fromId), filesFolderOf(toId));
    for (const { from, to } of moves) {
      await files.copyFile(from, to);
      await fileReferences.addReferences(moduleId, [to]);
      await texts.copyText(from, to, toId);
    }
    await modules.transferModule(moduleId, fromId, toId, moves.length > 0 ? withFilesMoved(module.sections, moves) : undefined);
  }

  async function markDone(job: ErasureJob, step: string) {
    await jobs.markDone(job.pseudonym, step);
    job.done.push(step);
  }

  return {
    /**
     * Erases the person, or finishes their erase: a repeat after a crash goes on from the first step not done (its
     * confirmation checked against the e-mail the job kept); after the end it answers the outcome and changes nothing.
     */
    async erase(caller: Caller, userId: string, input: ErasePersonInput): Promise<ErasureOutcome> {
      if (userId === caller.userId) throw forbidden('You cannot erase your own account; ask another admin to.');
      const pseudonym = pseudonymOf(userId);
      const stored = await jobs.get(pseudonym);
      if (stored && 'finishedAt' in stored) return stored.outcome;
      if (stored) requireConfirmed(input.confirm, stored.person.email);
      const job = stored ?? (await begin(caller, userId, input, pseudonym));
      for (const step of ERASURE_STEPS) {
        if (job.done.includes(step)) continue;
        await steps[step](job, caller);
        await markDone(job, step);
      }
      await jobs.finish(pseudonym, clock.now().toISOString());
      return job.outcome;
    },
  };
}

function requireConfirmed(confirm: string, email: string) {
  if (confirm.trim().toLowerCase() !== email.toLowerCase()) throw invalid(CONFIRM_MISMATCH, { confirm: CONFIRM_MISMATCH });
}
