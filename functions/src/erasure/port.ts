// What erasing a person needs beyond the other resources' ports: the job that records how far an erase got, and the
// sweep that finds what still holds the person in the table and the bucket.
import type { Role } from '@shared/roles';
import type { ErasureOutcome } from '@shared/contract/erasure';

/** Whom an erase is about, as the directory knew them when it began (the job keeps it until the erase is finished). */
export interface ErasedPerson {
  userId: string;
  email: string;
  name: string;
  role: Role | null;
}

/**
 * An erase under way, one item per person under their pseudonym: who they were, the choices made when it began (the
 * classes and modules it covers, read once so that a resumed erase works on the same lists) and the steps finished.
 */
export interface ErasureJob {
  pseudonym: string;
  person: ErasedPerson;
  actorId: string;
  startedAt: string;
  /** The student's classes (memberships) when the erase began. */
  studentClassIds: string[];
  /** The teacher's modules and the classes they taught when the erase began. */
  moduleIds: string[];
  taughtClassIds: string[];
  /** Where the modules and taught classes go: another teacher, or (modules deleted) nobody. */
  transferTo?: { userId: string; name: string };
  outcome: ErasureOutcome;
  /** Names of the steps finished (see erasure-plan.ts). */
  done: string[];
  /** Where the table sweep goes on after the last page it finished (absent: from the start). */
  sweepFrom?: string;
}

/** What is left of a finished erase: nothing of the person. */
export interface FinishedErasure {
  pseudonym: string;
  outcome: ErasureOutcome;
  finishedAt: string;
}

export interface ErasureJobStore {
  /** The job under this pseudonym: running, finished, or undefined. */
  get(pseudonym: string): Promise<ErasureJob | FinishedErasure | undefined>;
  /** Writes the job unless one exists under its pseudonym; answers the one stored (the first writer's). */
  start(job: ErasureJob): Promise<ErasureJob>;
  /** Adds a finished step (idempotent). */
  markDone(pseudonym: string, step: string): Promise<void>;
  /** Records the table sweep's position after a page it finished. */
  saveSweepPosition(pseudonym: string, from: string): Promise<void>;
  /** Keeps only the pseudonym, the outcome and the time: nothing left of the person. */
  finish(pseudonym: string, at: string): Promise<void>;
}

/** What the sweep looks for and what it writes instead of the person in items that are not theirs. */
export interface SweepTarget {
  person: ErasedPerson;
  pseudonym: string;
}

/**
 * The last pass of an erase over the table: the items that hold the person's id or e-mail, each treated as
 * erasure-plan.ts says for its type.
 */
export interface PersonalDataSweep {
  /** One page of the table from `from` (a position it answered before): its items holding the person erased or rewritten; answers where to go on (absent: done). */
  sweepTablePage(target: SweepTarget, from?: string): Promise<{ next?: string }>;
}
