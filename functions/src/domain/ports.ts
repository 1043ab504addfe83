// What the use cases need from the outside world, in the domain's terms. Adapters implement these (DynamoDB and S3 in
// repositories/ and storage/, Cognito in directory/, in-memory ones for tests); each handler wires the ones its route uses.
import type { AttemptResult, CheckInput, CheckSummary, DraftedQuestion } from '@shared/contract/checks';
import type { ContentType } from '@shared/content-type';
import type { Section } from '@shared/contract/modules';
import type { DrafterName, DraftKind } from '@shared/drafts';
import type { OverrideKind, ScoreBand, SectionRole } from '@shared/paths';
import type { AuditEntry, AuditPage, AuditQuery } from '@shared/contract/audit';
import type { Person } from '@shared/contract/people';
import type { PersonStatus } from '@shared/people';
import type { Role } from '@shared/roles';
import type { SectionText, TextPage } from '@shared/contract/search';
import type { SectionTextStatus } from '@shared/section-text';

export interface ModuleRecord {
  moduleId: string;
  ownerId: string;
  title: string;
  description: string;
  /** A section's role is absent on sections saved before roles: core. */
  sections: (Omit<Section, 'downloadUrl' | 'role' | 'state' | 'reason'> & { role?: SectionRole })[];
  /** Absent on modules saved before order modes: any order. */
  sequential?: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A class; teacherId and teacherName are '' while an admin-created class has no teacher. */
export interface ClassRecord {
  classId: string;
  className: string;
  teacherId: string;
  teacherName: string;
  /** Kept by the enrolments themselves (atomic ADD), never by reading the roster. */
  studentCount: number;
  assignedModuleIds: string[];
  /** Module id → when it was first assigned; absent for modules assigned before times were kept. */
  assignedAt?: Record<string, string>;
  /** Module id → its due date in this class (UTC ISO instant); modules without one are absent. */
  dueAt?: Record<string, string>;
  /** Module id → the module of the class to complete first (its prerequisite); modules without one are absent. */
  prerequisites?: Record<string, string>;
  /** How many times the prerequisites were changed (absent: never): a save is conditional on it being as read. */
  prerequisitesVersion?: number;
  /** The admin who created the class through the API (absent for seeded or older classes): a repeat of their create answers it. */
  createdBy?: string;
}

/** One student on a class's roster (the roster is one item per enrolment, read in pages). */
export interface Enrolment {
  studentId: string;
  name: string;
  /** Shown beside the name (two students may share one); absent on items written before it was kept, until `npm run migrate`. */
  email?: string;
  /** Absent for enrolments moved from a roster written before enrolment items (their date was not recorded). */
  enrolledAt?: string;
}

/** Who is enrolled, as the roster keeps them. */
export interface EnrolledStudent {
  studentId: string;
  name: string;
  email: string;
}

/** Where a page of a list starts: after this key (opaque to the domain). */
export interface PageRequest {
  limit: number;
  after?: string;
}

export interface RosterPage {
  students: Enrolment[];
  /** The key to pass as `after` for the next page; absent on the last one. */
  next?: string;
}

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

export interface ModuleStore {
  getModule(moduleId: string): Promise<ModuleRecord | undefined>;
  /** The modules that exist among these ids, in no particular order. */
  getModules(moduleIds: string[]): Promise<ModuleRecord[]>;
  listModulesByOwner(ownerId: string): Promise<ModuleRecord[]>;
  /** Only the id and version of each of a teacher's modules: whether anything in the library changed, read cheaply. */
  listModuleVersionsByOwner(ownerId: string): Promise<Pick<ModuleRecord, 'moduleId' | 'updatedAt'>[]>;
  /** Stores a new module; false when one with this id exists already. */
  insertModule(record: ModuleRecord): Promise<boolean>;
  /** Replaces a module only if it still has this owner and this updatedAt; false when it changed or is gone. */
  replaceModule(record: ModuleRecord, expectedUpdatedAt: string): Promise<boolean>;
  /** Deletes a module if the given teacher owns it; the deleted module, or undefined. */
  deleteOwnedModule(moduleId: string, ownerId: string): Promise<ModuleRecord | undefined>;
  /** How many modules a teacher owns. */
  countModulesOfOwner(ownerId: string): Promise<number>;
}

/**
 * Which modules use each stored file, so a file is deleted only when no module refers to it. A module adds its
 * references before it is written and releases them after; a file whose last reference was released is marked for
 * deletion first, and a marked file takes no new reference, so a module being saved can never lose its file.
 */
export interface FileReferenceStore {
  /** Records that a module uses these files; answers the keys refused because they are marked for deletion. */
  addReferences(moduleId: string, keys: string[]): Promise<string[]>;
  /** Takes back references added for a module write that did not happen (no file is marked or deleted). */
  withdrawReferences(moduleId: string, keys: string[]): Promise<void>;
  /**
   * Removes a module's use of a file; true when no module uses it any more and it is now marked for deletion (only
   * then may the file be deleted). A file without a record of its users is never released.
   */
  releaseReference(moduleId: string, key: string): Promise<boolean>;
  /** Drops the record of a marked file once it was deleted from storage. */
  forgetFile(key: string): Promise<void>;
}

export interface ClassStore {
  getClass(classId: string): Promise<ClassRecord | undefined>;
  getClasses(classIds: string[]): Promise<ClassRecord[]>;
  /** The class if this student is enrolled in it: its item and their membership in one BatchGetItem. */
  getClassOfStudent(classId: string, studentId: string): Promise<ClassRecord | undefined>;
  listClassesByTeacher(teacherId: string): Promise<ClassRecord[]>;
  listClassIdsOfStudent(studentId: string): Promise<string[]>;
  /** One GetItem on the student's membership, whatever the class size. */
  isEnrolled(classId: string, studentId: string): Promise<boolean>;
  /** One student's roster entry (name, enrolment date). */
  getEnrolment(classId: string, studentId: string): Promise<Enrolment | undefined>;
  /** One page of the roster, in a stable order (by student id). */
  listStudents(classId: string, page: PageRequest): Promise<RosterPage>;
  /** The whole roster, every page (spec answers that list every student). */
  listAllStudents(classId: string): Promise<Enrolment[]>;
  /** Creates a class with no students or modules; false when one with this id exists already. */
  insertClass(record: Pick<ClassRecord, 'classId' | 'className' | 'teacherId' | 'teacherName' | 'createdBy'>): Promise<boolean>;
  /**
   * Enrols a student: their enrolment item is written only if absent (so concurrent or repeated enrolments count
   * once), the class's count goes up atomically, then their membership (which grants access) is written.
   */
  enrollStudent(classId: string, student: EnrolledStudent, enrolledAt?: string): Promise<EnrolOutcome>;
  /**
   * Adds a module atomically if the class is taught by this teacher, in the same update setting its due date (or
   * removing it, without one); the updated class, or undefined.
   */
  addAssignedModule(classId: string, teacherId: string, moduleId: string, assignedAt?: string, dueAt?: string): Promise<ClassRecord | undefined>;
  /**
   * Sets (or, with null, removes) a module's prerequisite if the class is taught by this teacher, holds both modules
   * and its prerequisites are still at `expectedVersion` (the class's `prerequisitesVersion` as read); the updated
   * class, or undefined when not.
   */
  setPrerequisite(classId: string, teacherId: string, moduleId: string, prerequisiteModuleId: string | null, expectedVersion: number | undefined): Promise<ClassRecord | undefined>;
  /** Removes a module from an existing class (fails when there is no such class). */
  removeAssignedModule(classId: string, moduleId: string): Promise<void>;
  /**
   * Takes a module off a class this teacher teaches (progress stays), with its prerequisite and the prerequisites of
   * other modules that name it, atomically; the updated class, undefined when not theirs, 'changed' when the class's
   * prerequisites kept changing meanwhile.
   */
  removeAssignedModuleOfTeacher(classId: string, teacherId: string, moduleId: string): Promise<ClassRecord | undefined | 'changed'>;
  // Administration: every class, changes by admins, names that follow a rename.
  listAllClasses(): Promise<ClassRecord[]>;
  /** False when the class does not exist (the same for the other changes). */
  renameClass(classId: string, className: string): Promise<boolean>;
  /**
   * Sets (or, with null, removes) the class's teacher, on the condition (in the same transaction) that the teacher's
   * role is as read: no role change of theirs since (`roleVersion`) nor one under way at `at` (a conflict otherwise).
   */
  setClassTeacher(classId: string, teacher: ({ id: string; name: string } & TeacherRoleAsRead) | null): Promise<boolean>;
  /**
   * Removes their membership (access) first, then the roster entry and one from the count; their progress stays.
   * True for the call that removed the roster entry (of concurrent or repeated calls, exactly one).
   */
  unenrollStudent(classId: string, studentId: string): Promise<boolean>;
  /** The class, its enrolments and its progress; modules stay. */
  deleteClassAndItsData(classId: string): Promise<void>;
  /**
   * Class items keep their members' display names (so rosters and reports need no look-ups); a rename follows. A
   * student's enrolments also keep their e-mail, written again with the name (which fills it on older items).
   */
  renameTeacherInClasses(teacherId: string, name: string): Promise<void>;
  renameStudentInClasses(student: EnrolledStudent): Promise<void>;
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

/** Activity is written by a completion, which always sets updatedAt. */
export type ActivityRecord = ProgressRecord & Omit<ActivityContext, 'teacherId' | 'finishesModule'> & { updatedAt: string };

/** A student finished a module of a class: every required section on their path complete (first time only). */
export interface FinishedModuleRecord {
  studentId: string;
  classId: string;
  moduleId: string;
  className: string;
  moduleTitle: string;
  finishedAt: string;
}

/** The bells' reads and the read marker. */
export interface NoticeStore {
  /** The latest progress items in the teacher's classes, newest first: one query. */
  recentActivity(teacherId: string, limit: number): Promise<ActivityRecord[]>;
  /** How many students have a progress item (started) in a module of a class: one counting query. */
  countStarted(classId: string, moduleId: string): Promise<number>;
  /** When the person last marked their notifications read. */
  getReadAt(userId: string): Promise<string | undefined>;
  setReadAt(userId: string, at: string): Promise<void>;
  /**
   * Records a teacher's reminder unless one for the same student, class and module was sent on the same UTC day (a
   * conditional put): true when this one was recorded, false for a repeat (the day's first stays).
   */
  addNudge(nudge: NudgeRecord): Promise<boolean>;
  /** The student's latest reminders, newest day first: one query. */
  recentNudges(studentId: string, limit: number): Promise<NudgeRecord[]>;
  /** The modules the student finished (one item per class and module, written by the completion): one query. */
  finishedModules(studentId: string): Promise<FinishedModuleRecord[]>;
}

/** A teacher's reminder of a module's due date, kept for the student's bell with the names it shows. */
export interface NudgeRecord {
  studentId: string;
  classId: string;
  moduleId: string;
  className: string;
  moduleTitle: string;
  teacherName: string;
  dueAt: string;
  sentAt: string;
}

/** One override a teacher gave a student in a module (a `release` or `excuse` names its section; an `unlock` none). */
export interface OverrideRecord {
  kind: OverrideKind;
  sectionId?: string;
  /** For `attempts`: the extra attempts granted in all. */
  extra?: number;
  reason: string;
  at: string;
  teacherName: string;
}

/** A student's overrides in one module of a class: one item per (class, module, student), read by key beside their progress. */
export interface PathOverrideRecord extends ProgressKey {
  overrides: OverrideRecord[];
}

export interface PathOverrideStore {
  getOverrides(key: ProgressKey): Promise<PathOverrideRecord | undefined>;
  /** The student's items in these modules of the class (by key, one BatchGet). */
  listOverridesOfStudent(classId: string, moduleIds: string[], studentId: string): Promise<PathOverrideRecord[]>;
  /** These students' items in these modules (by key, in the same round trip as reads started beside it). */
  listOverridesOfStudents(classId: string, moduleIds: string[], studentIds: string[]): Promise<PathOverrideRecord[]>;
  /** Every student's items in the class, or in one module of it (one Query). */
  listOverridesOfClass(classId: string, moduleId?: string): Promise<PathOverrideRecord[]>;
  /**
   * Adds one (the same kind on the same section again replaces it: the newest reason stands), but the `extra` of an
   * `attempts` override is added to the extra already granted, atomically.
   */
  addOverride(key: ProgressKey, override: OverrideRecord): Promise<void>;
  /** Removes one if it is there (a conditional update); false when it was not (already removed, or never given). */
  removeOverride(key: ProgressKey, override: Pick<OverrideRecord, 'kind' | 'sectionId'>): Promise<boolean>;
}

export type EnrolOutcome = 'enrolled' | 'alreadyEnrolled' | 'noClass';

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
  /** The class's progress items, or only those of one module: one query per page of items. */
  listProgressOfClass(classId: string, moduleId?: string): Promise<ProgressRecord[]>;
  deleteProgressOfModule(classId: string, moduleId: string): Promise<void>;
  /**
   * Adds one student's recorded completions and best scores in these modules to the class's counters and score totals
   * (`1`, when they are enrolled again) or takes them out (`-1`, when unenrolled): their progress stays, but only
   * enrolled students count, in the completion figures and in the Avg. Score.
   */
  countProgressOfStudent(classId: string, moduleIds: string[], studentId: string, direction: 1 | -1): Promise<void>;
}

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

export interface StoredFile {
  mediaType: string | undefined;
  size: number;
}

/** How storage ended a multipart upload the client asked to finish or cancel. */
export type MultipartOutcome = 'done' | 'noSuchUpload' | 'partsMismatch';

export interface FileStore {
  /** The stored file's metadata, or undefined when no such file exists. */
  describeFile(key: string): Promise<StoredFile | undefined>;
  /** Up to `bytes` bytes from the start of a stored file (a ranged read), or undefined when no such file exists. */
  readFileStart(key: string, bytes: number): Promise<Uint8Array | undefined>;
  /** A short-lived link to read a file (it downloads when opened as a page; the reader fetches it itself). */
  downloadUrl(key: string, fileName: string, contentType: ContentType): Promise<string>;
  /** A presigned PUT that storage accepts only with exactly this Content-Type and Content-Length. */
  singleUploadUrl(key: string, mediaType: string, size: number): Promise<string>;
  startMultipartUpload(key: string, mediaType: string): Promise<string>;
  /** A presigned PUT of one part that storage accepts only with exactly this Content-Length. */
  partUploadUrl(key: string, uploadId: string, partNumber: number, size: number): Promise<string>;
  completeMultipartUpload(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<MultipartOutcome>;
  abortMultipartUpload(key: string, uploadId: string): Promise<Exclude<MultipartOutcome, 'partsMismatch'>>;
  deleteFiles(keys: string[]): Promise<void>;
}

/** A multipart upload the API started: what it was declared to be, and who may continue, finish or cancel it. */
export interface UploadRecord {
  uploadId: string;
  contentUrl: string;
  ownerId: string;
  size: number;
  partSize: number;
  /** ISO time after which it cannot be continued (storage aborts incomplete uploads then). */
  expiresAt: string;
}

export interface UploadStore {
  /**
   * Holds one of the owner's open-upload slots for this key until it is released or `expiresAt` passes; false, and
   * nothing held, when `max` unexpired slots are held already (atomic: concurrent holders never pass `max`).
   */
  holdUploadSlot(ownerId: string, contentUrl: string, expiresAt: string, now: Date, max: number): Promise<boolean>;
  releaseUploadSlot(ownerId: string, contentUrl: string): Promise<void>;
  recordUpload(record: UploadRecord): Promise<void>;
  getUpload(uploadId: string): Promise<UploadRecord | undefined>;
  /** Counts one more signing of the upload's part URLs; false, and not counted, when `max` were counted already. */
  countRenewal(uploadId: string, max: number): Promise<boolean>;
  forgetUpload(uploadId: string): Promise<void>;
}

export interface Clock {
  now(): Date;
}

// ---- The text of sections' files (extraction, the reader's text, search, the drafter) ----

/** A file's stored text, keyed by the file's storage key (files are shared by reference: one text serves every module). */
export interface StoredText extends SectionText {
  /** When extraction started (pending) or ended (every other status), ISO. */
  at: string;
}

export interface SectionTextStore {
  /** The stored text of each of these files that has one, by key (an absent key: never extracted). */
  getTexts(contentUrls: string[]): Promise<Map<string, StoredText>>;
  /** Marks a file's text as being extracted, for its owner. */
  markPending(contentUrl: string, ownerId: string, at: string): Promise<void>;
  /** Stores a file's text and counts one more change to its owner's texts (searches rebuild on it). */
  saveText(contentUrl: string, ownerId: string, text: { status: Exclude<SectionTextStatus, 'pending'>; pages: TextPage[]; detail?: string }, at: string): Promise<void>;
  /** A number that changes whenever one of the owner's texts is stored. */
  textVersion(ownerId: string): Promise<number>;
}

/** Reads a stored file's bytes, refusing one larger than `maxBytes` without reading it. */
export interface FileReader {
  readFile(key: string, maxBytes: number): Promise<Uint8Array | 'missing' | 'too-large'>;
}

/** The extraction library (functions/src/extraction), given to the use case. */
export type TextExtractor = (bytes: Uint8Array, key: string) => Promise<{ status: Exclude<SectionTextStatus, 'pending'>; pages: TextPage[]; detail?: string }>;

// ---- Drafted questions ----

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

// ---- Administration: the people directory, the audit trail, rosters and school figures ----

export interface NewPerson {
  email: string;
  name: string;
  role: Role;
}

export interface PeopleQuery {
  /** Every word must occur in the name or e-mail, whatever the case and accents (`shared/people-search.ts`). */
  search?: string;
  role?: Role;
  status?: PersonStatus;
  /** The cursor of the previous page. */
  next?: string;
}

/** What a change to a person touched, so that the copy sets only that (concurrent changes of others are kept). */
export type PersonField = 'name' | 'role' | 'status';

/**
 * The table's searchable copy of the directory (one small item per person, in name order), kept by the people use
 * cases on every change and rebuilt from the directory by `npm run migrate`. Cognito stays the authority on sign-in.
 */
export interface PeopleIndex {
  /** Writes the whole person (an invitation, a repair). */
  save(person: Person): Promise<void>;
  /** Sets the changed fields from `person`; the others only where the copy lacks the person (written before copies). */
  update(person: Person, changed: readonly PersonField[]): Promise<void>;
  /** The person has signed in since being invited: 'invited' becomes 'active' (and nothing else does). */
  markSignedIn(userId: string): Promise<void>;
  /** One page in name order, of people in any of `statuses`; a `next` this index did not give is a DomainError 'invalid'. */
  search(
    query: Omit<PeopleQuery, 'status'> & { statuses?: readonly PersonStatus[] },
    pageSize: number,
  ): Promise<{ people: Person[]; next?: string }>;
  /** Makes the copy exactly these people: each saved, copies of anyone else removed. */
  replaceAll(people: Person[]): Promise<{ saved: number; removed: number }>;
  /** Which of these people are disabled, by their copies' status, read by key (≤ 100 a call, all at once). */
  disabledAmong(userIds: string[]): Promise<Set<string>>;
}

/**
 * What makes a change of someone's role or access reach the tokens they already hold, and what serializes changes of
 * their role (one small record per person).
 */
export interface PersonAccess {
  /** Tokens issued at or before this second (epoch seconds) are refused: the person's last role or access change. */
  tokensRevokedAt?: number;
  /** When the server first saw the person's two-factor authentication on (epoch ms); earlier sign-ins did not use it. */
  secondFactorSince?: number;
  /** A role change in progress holds the person until then (epoch ms): no other role change, no class to teach. */
  roleChangeUntil?: number;
  /** How many role changes the person has had: a teacher assignment holds only if none came between. */
  roleVersion?: number;
}

/** A teacher's role as an assignment read it (their access record's roleVersion), and when (epoch ms). */
export interface TeacherRoleAsRead {
  roleVersion?: number;
  at: number;
}

export interface PersonAccessStore {
  /** The record as it is now (strongly consistent); empty for someone never changed. */
  read(userId: string): Promise<PersonAccess>;
  /** Refuses every token issued at or before `atSecond` (epoch seconds); never moves the mark back. */
  revokeTokens(userId: string, atSecond: number): Promise<void>;
  /** Records that the second factor is on, once: answers since when it is known to be (the first record stays). */
  markSecondFactorOn(userId: string, at: number): Promise<number>;
  /** The second factor was seen off: its record goes, so turning it on again starts a new one. */
  forgetSecondFactor(userId: string): Promise<void>;
  /** Takes the person for a role change until `until` (epoch ms); false when another change holds them (and not expired). */
  beginRoleChange(userId: string, now: number, until: number): Promise<boolean>;
  /** Lets the person go after a role change begun with `until`. */
  endRoleChange(userId: string, until: number): Promise<void>;
}

/** The identity service's users. A person's id is their `sub`; their role is the one group of ours they are in. */
export interface UserDirectory {
  /** Creates the user in the role's group; 'exists' (and nothing created) when the e-mail has an account already. */
  create(person: NewPerson): Promise<{ person: Person; temporaryPassword?: string } | 'exists'>;
  /** Sends the invitation again with a fresh temporary password (returned only where no e-mail is sent). */
  resendInvitation(person: Person): Promise<{ temporaryPassword?: string }>;
  get(userId: string): Promise<Person | undefined>;
  findByEmail(email: string): Promise<Person | undefined>;
  /** Everyone in the directory, with their role (the people index's repair). */
  listEveryone(): Promise<Person[]>;
  /** Everyone in a role's group, every page. */
  listRole(role: Role): Promise<Person[]>;
  setName(userId: string, name: string): Promise<void>;
  /** Puts the person in the new role's group and takes them out of every other role's group. */
  setRole(person: Person, role: Role): Promise<void>;
  /** Ends every session of the person (global sign-out: refresh tokens revoked, tokens refused by the identity service). */
  signOut(userId: string): Promise<void>;
  /** Disables sign-in and ends every session (signOut). */
  disable(userId: string): Promise<void>;
  enable(userId: string): Promise<void>;
}

export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  recent(limit: number): Promise<AuditEntry[]>;
  /** One page, newest first, of the entries matching every filter given; a `next` it did not give is a DomainError 'invalid'. */
  page(query: AuditQuery, pageSize: number): Promise<AuditPage>;
}

/** Class items keep their members' display names (so rosters and reports need no look-ups); a rename follows. */
export interface RosterNames {
  renameTeacher(teacherId: string, name: string): Promise<void>;
  /** The student's name and e-mail on each of their enrolments. */
  renameStudent(student: EnrolledStudent): Promise<void>;
  /** The names of the classes this person teaches. */
  classesTaughtBy(teacherId: string): Promise<string[]>;
}

/** Whole-school figures for the admin dashboard. */
export interface SchoolFigures {
  classes(): Promise<{ total: number; withoutTeacher: number; withoutStudents: number }>;
  /** Modules owned by these teachers. */
  modulesOf(teacherIds: string[]): Promise<number>;
}


export interface IdGenerator {
  newId(): string;
}

/** Where the domain reports what went wrong without failing the request (e.g. a clean-up that can be retried). */
export interface Log {
  warn(message: string, details: Record<string, unknown>): void;
}
