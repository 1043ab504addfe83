// What the checks need: the checks, attempts and scores, and the drafting of questions (drafter, quota, settled drafts).
import type { AttemptResult, CheckInput, CheckSummary, DraftedQuestion } from '@shared/contract/checks';
import type { DraftKind, DrafterName } from '@shared/drafts';
import type { ScoreBand } from '@shared/paths';
import type { TextPage } from '@shared/contract/search';
import type { ActivityContext, ProgressWithStandings } from '../progress/port';

/** A section's check as stored: the teacher's settings and questions (with the key), its version and its attempts. */
export interface CheckRecord extends Omit<CheckInput, 'bands'> {
  /** Absent on checks saved before score bands: none. */
  bands?: ScoreBand[];
  moduleId: string;
  sectionId: string;
  version: number;
  /** Attempts counted on this version (a save then makes the next version). */
  attemptCount: number;
  updatedAt: string;
}

/** What a conditional check save expects of the stored check. */
export interface ExpectedCheck {
  version: number;
  attemptCount: number;
  /** Also the same save: a rewrite of a check's bands must not undo a teacher's save that kept its version. */
  updatedAt?: string;
}

export interface CheckStore {
  getCheck(moduleId: string, sectionId: string): Promise<CheckRecord | undefined>;
  /**
   * Writes the check only if the stored one is still as read (`expected`: its version and attempt count; undefined: no
   * check yet), and when `expected.updatedAt` is given, still saved then; then its summary in the module's check
   * index; false when it changed meanwhile.
   */
  saveCheck(record: CheckRecord, expected: ExpectedCheck | undefined): Promise<boolean>;
  /** Module id → the summaries of its checks, from one small index item per module read by key (modules without checks left out). */
  listCheckSummaries(moduleIds: string[]): Promise<Map<string, CheckSummary[]>>;
  /** Adds one to the attempts of the check if it is still at this version (an attempt on a replaced version counts nowhere). */
  countAttempt(moduleId: string, sectionId: string, version: number): Promise<void>;
  /** Deletes these sections' checks with every attempt and statistic on them, and their entries in the module's index. */
  deleteChecks(moduleId: string, sectionIds: string[]): Promise<void>;
}

/** One attempt: whose, on which check, its number for that student (1, 2, ...), and its result. */
export interface AttemptRecord extends AttemptResult {
  classId: string;
  moduleId: string;
  sectionId: string;
  studentId: string;
  attemptNumber: number;
}

/**
 * A student's standing on each check of a module in a class: best percent, attempts, whether an attempt passed. Kept
 * on their progress item in the module, so it goes with it (a module taken out of a class).
 */
export interface ScoreRecord {
  classId: string;
  moduleId: string;
  studentId: string;
  bySection: Record<string, { bestPercent: number; attempts: number; passed: boolean }>;
  /** When the student last attempted one of the module's checks. */
  lastAttemptAt?: string;
}

/** Answers to a check's questions in a class, over the attempts on one version: right answers and option picks. */
export interface CheckStats {
  attempts: number;
  correct: Record<string, number>;
  /** Question id → option id → attempts that picked it. */
  picks: Record<string, Record<string, number>>;
}

/** The sum and count of the students' best percents per check of a class: module id → section id → totals. */
export type ScoreTotalsRecord = Record<string, Record<string, { sum: number; count: number }>>;

export interface AttemptStore {
  /** The numbers and ids of a student's attempts at a check in a class (consistent: the one read that numbers a new attempt). */
  listAttemptIds(classId: string, moduleId: string, sectionId: string, studentId: string): Promise<{ attemptId: string; attemptNumber: number }[]>;
  getAttempt(classId: string, moduleId: string, sectionId: string, studentId: string, attemptNumber: number): Promise<AttemptRecord | undefined>;
  /** A student's attempts at a check in a class, in order. */
  listAttempts(classId: string, moduleId: string, sectionId: string, studentId: string): Promise<AttemptRecord[]>;
  /** How many attempts the student has used at the check in all their classes; undefined before the counter's first attempt. */
  getAttemptsUsed(moduleId: string, sectionId: string, studentId: string): Promise<number | undefined>;
  /** Every attempt of a student in a class, at every check, oldest first (their export). */
  listAllAttemptsOfStudent(classId: string, studentId: string): Promise<AttemptRecord[]>;
  /** A student's latest attempts in a class, newest first. */
  listAttemptsOfStudent(classId: string, studentId: string, limit: number): Promise<AttemptRecord[]>;
  /**
   * Stores an attempt under its number, only if that number is free and the student's used-attempts counter is still
   * `used.seen` (undefined: no counter yet) ('taken', and nothing written, when a concurrent attempt took the number or
   * moved the counter: two parallel attempts never both fit the last place of a budget), and at once, moving the counter
   * to `used.next`, all or nothing whatever fails or crashes: its score on the student's progress item
   * in the module (best percent, kept atomically: a lower or concurrent attempt never lowers it; attempts; a pass), the
   * improvement of the best in the class's score totals and, when it passed a section not yet complete, the section's
   * first completion as `ProgressStore.addCompletedSection` records it (`activityOf` decides the activity from the item
   * the write is conditioned on). `seen`: the item as the caller read it (a changed one is read again). Only while the
   * student is enrolled (a DomainError 'notFound' after their unenrolment, and nothing written).
   */
  recordAttempt(
    record: AttemptRecord,
    seen: ProgressWithStandings | undefined,
    activityOf: (before: ProgressWithStandings | undefined) => ActivityContext,
    used: { seen: number | undefined; next: number },
  ): Promise<'recorded' | 'taken'>;
  /** Adds an attempt's answers to the check's statistics in the class for that version. */
  addToStats(classId: string, moduleId: string, sectionId: string, version: number, answers: { questionId: string; correct: boolean; picks?: string[] }[]): Promise<void>;
  getStats(classId: string, moduleId: string, sectionId: string, version: number): Promise<CheckStats | undefined>;
  /**
   * The scores of these students in these modules, from their progress items by key, read in parallel: read beside
   * the same page's progress, the items are read once (one report page).
   */
  listScoresOfStudents(classId: string, moduleIds: string[], studentIds: string[]): Promise<ScoreRecord[]>;
  /** The scores on the class's progress items, or only those of one module: one query per page of items. */
  listScoresOfClass(classId: string, moduleId?: string): Promise<ScoreRecord[]>;
  getScoreTotals(classId: string): Promise<ScoreTotalsRecord>;
}

/** Writes questions from a file's text for the teacher to review; it saves nothing. */
export interface QuestionDrafter {
  /** `isSettled`: a source passage the teacher saved or discarded before, which no draft may come from again. */
  draft(
    pages: readonly TextPage[],
    request: { count: number; kinds: readonly DraftKind[]; isSettled?: (passage: string) => boolean },
  ): Promise<{ drafter: DrafterName; questions: DraftedQuestion[] }>;
}

/** The drafts a teacher saved or discarded per section, by key of their source passage. */
export interface SettledDraftStore {
  /** Adds the keys to the section's settled set (atomically); answers how many the set holds. */
  settle(moduleId: string, sectionId: string, passageKeys: readonly string[]): Promise<number>;
  settledKeys(moduleId: string, sectionId: string): Promise<Set<string>>;
}

/** The teacher's drafting runs per UTC day, counted atomically. */
/** Whose drafting runs a counter counts: one teacher's, or the whole school's (runs of a drafter that costs money). */
export type DraftCounter = { teacherId: string } | 'school';

export interface DraftQuota {
  /** Counts one drafting run on `day` (yyyy-mm-dd); false, and not counted, when `max` were counted already. */
  takeDraft(counter: DraftCounter, day: string, max: number): Promise<boolean>;
  /** Gives back a run taken on `day` that produced no drafts (never below zero). */
  returnDraft(counter: DraftCounter, day: string): Promise<void>;
}
