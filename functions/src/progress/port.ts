// What a student's progress and the teachers' reports read and write: progress items, reading tallies, counters.

/** How many section completions the students of a class have recorded in one module (kept as they happen). */
export interface CompletionCounter {
  moduleId: string;
  /** Every first completion in the module, whichever section (what the counter held before it counted per section). */
  completions: number;
  /** First completions per section id: a removed section, or one whose completion was reset, stops counting. */
  bySection: Record<string, number>;
  /** Enrolled students with at least one completion in the module (the bell's "have not started"). */
  startedStudents: number;
}

export interface ProgressRecord {
  classId: string;
  moduleId: string;
  studentId: string;
  completedSections: string[];
  /** Section id → first completion time; absent for sections completed before times were recorded. */
  completedAt?: Record<string, string>;
  /** Absent on an item that holds only scores (attempts, no section completed yet). */
  updatedAt?: string;
  /** When the student last attempted one of the module's checks (absent before their first attempt): activity too. */
  lastAttemptAt?: string;
  /** Section id → the student's reading of its file (absent: never opened); read with the whole item, never by a report page. */
  reading?: Record<string, ReadingTally>;
  /** When the reader's minutes were last counted (or a file first opened) in the module: minutes count only as time passes. */
  readingCountedAt?: string;
}

/** A student's reading of one section's file: opens, whole minutes, the page or slide last shown (absent: none reported). */
export interface ReadingTally {
  opened: number;
  minutes: number;
  page?: number;
}

/**
 * One report of the reader: the file was opened (counts one), minutes to add, the page or slide now shown, and the
 * time minutes are counted to (`countedAt.to`), written only if the item's is still `countedAt.from` (absent: none yet).
 */
export interface ReadingReport {
  opened: boolean;
  minutes: number;
  page?: number;
  countedAt?: { from?: string; to: string };
}

/** What a report page reads of one module's progress items: its current sections, and those of them with a check. */
export interface ModuleReadPlan {
  moduleId: string;
  sectionIds: string[];
  checkedSectionIds: string[];
}

/** A progress record with the student's standing on each check of the module they attempted (one item holds both). */
export interface ProgressWithStandings extends ProgressRecord {
  checks: CheckStandings;
}

/** A student's standing on each check of a module they attempted. */
export type CheckStandings = Record<string, { bestPercent: number; passed: boolean; attempts: number }>;

/** A progress record as a report page reads it: the plan's sections, and the standing on each checked one attempted. */
export type ReportedProgress = ProgressWithStandings;

export interface ProgressKey {
  classId: string;
  moduleId: string;
  studentId: string;
}

export interface ProgressStore {
  /** The student's item in the module: completions and standings on its checks (their path's inputs), in one read. */
  getProgress(key: ProgressKey): Promise<ProgressWithStandings | undefined>;
  /**
   * Records a student's first completion of a section as one atomic change (all of it or none, whatever fails or
   * crashes): the record gains the section (created if need be) with its first completion time and the activity
   * context, the (class, module) completion counter one completion (and one started student with the record's first
   * section), and the class's active students of the day of `updatedAt` (UTC) the student. Concurrent calls never lose
   * a section nor count one twice; a section already complete is answered as stored and changes nothing. `seen` is the
   * record as the caller last read it (saves a read; a stale one only costs a retry). `activityOf` decides the activity
   * context from the record the write is conditioned on (it is asked again after a re-read), so `finishesModule` holds
   * of the state the write produces, whatever completions race. Only while the student is enrolled: after their
   * unenrolment it refuses (a DomainError 'notFound') and counts nothing.
   */
  addCompletedSection(
    key: ProgressKey,
    sectionId: string,
    updatedAt: string,
    activityOf?: (before: ProgressWithStandings | undefined) => ActivityContext,
    seen?: ProgressWithStandings,
  ): Promise<ProgressRecord>;
  /**
   * Takes a section out of a student's completions as one atomic change: the record loses the section and its
   * completion time, the (class, module) counter one completion (and one started student when it was the record's
   * last section). A section not complete is answered as stored and changes nothing, so a repeated undo counts once.
   * Only while the student is enrolled, as a completion.
   */
  removeCompletedSection(key: ProgressKey, sectionId: string, updatedAt: string): Promise<ProgressRecord | undefined>;
  /**
   * Adds a reader's report to the student's reading of a section, in one atomic update of their item in the module
   * (created if need be): opens and minutes are added (concurrent reports all count), the page replaces the last one,
   * and with `countedAt` the item's time of the last counted minutes moves on, on the condition that it is still the
   * one the minutes were counted from ('stale', and nothing written, when another report moved it meanwhile).
   * Answers the section's reading after it.
   */
  recordReading(key: ProgressKey, sectionId: string, report: ReadingReport): Promise<ReadingTally | 'stale'>;
  /** One student's records in the given modules of a class, by exact keys (no classmate's record is read). */
  listProgressOfStudent(classId: string, moduleIds: string[], studentId: string): Promise<ProgressRecord[]>;
  /**
   * The records of these students in the planned modules, by exact keys, read in parallel (one report page), with only
   * what a report cell shows: completion of the plan's sections and the standing on its checks.
   */
  listProgressOfStudents(classId: string, modules: ModuleReadPlan[], studentIds: string[]): Promise<ReportedProgress[]>;
  /** The class's completion counters (one small item per module). */
  listCompletionCounters(classId: string): Promise<CompletionCounter[]>;
  /** The students who marked a section complete on any of these UTC days (yyyy-mm-dd), by key: one BatchGet. */
  listActiveStudents(classId: string, days: string[]): Promise<string[]>;
  /** One student's items in every module of a class, assigned now or not (their export): the class's progress, filtered. */
  listProgressOfStudentInClass(classId: string, studentId: string): Promise<ProgressRecord[]>;
  /** The UTC days (yyyy-mm-dd) the student was counted active in the class (their export). */
  listActiveDaysOfStudent(classId: string, studentId: string): Promise<string[]>;
  /**
   * The class's progress items, or only those of one module, with the standings on the checks they hold (one item
   * holds both, so a whole report reads it once): one query per page of items.
   */
  listProgressOfClass(classId: string, moduleId?: string): Promise<ReportedProgress[]>;
  deleteProgressOfModule(classId: string, moduleId: string): Promise<void>;
  /**
   * Adds one student's recorded completions and best scores in these modules to the class's counters and score totals
   * (`1`, when they are enrolled again) or takes them out (`-1`, when unenrolled): their progress stays, but only
   * enrolled students count, in the completion figures and in the Avg. Score.
   */
  countProgressOfStudent(classId: string, moduleIds: string[], studentId: string, direction: 1 | -1): Promise<void>;
}

/**
 * What the teacher's bell needs to word a completion, stored on the progress item with the same update: the item is
 * then listed on the teacher's activity index, newest first.
 */
export interface ActivityContext {
  teacherId: string;
  studentName: string;
  moduleTitle: string;
  className: string;
  sectionTotal: number;
  /**
   * This completion makes the student's path through the module complete: the same write records that they finished
   * it, for their own bell (kept once per class and module: the first finish's time stays).
   */
  finishesModule?: boolean;
}
