// What the administration of classes writes: classes created, renamed, given a teacher or deleted, students enrolled.
import type { ClassRecord, EnrolledStudent } from '../classes/port';

export type EnrolOutcome = 'enrolled' | 'alreadyEnrolled' | 'noClass';

/** A teacher's role as an assignment read it (their access record's roleVersion), and when (epoch ms). */
export interface TeacherRoleAsRead {
  roleVersion?: number;
  at: number;
}

/** The administration of classes (and the names on rosters that follow a rename); reads go through the ClassStore. */
export interface RosterStore {
  /** Creates a class with no students or modules; false when one with this id exists already. */
  insertClass(record: Pick<ClassRecord, 'classId' | 'className' | 'teacherId' | 'teacherName' | 'createdBy'>): Promise<boolean>;
  /**
   * Enrols a student: their enrolment item is written only if absent (so concurrent or repeated enrolments count
   * once), the class's count goes up atomically, then their membership (which grants access) is written.
   */
  enrollStudent(classId: string, student: EnrolledStudent, enrolledAt?: string): Promise<EnrolOutcome>;
  listAllClasses(): Promise<ClassRecord[]>;
  /** False when the class does not exist (the same for the other changes). */
  renameClass(classId: string, className: string): Promise<boolean>;
  /**
   * Sets (or, with null, removes) the class's teacher, on the condition (in the same transaction) that the teacher's
   * role is as read: no role change of theirs since (`roleVersion`) nor one under way at `at` (a conflict otherwise).
   */
  setClassTeacher(classId: string, teacher: ({ id: string; name: string } & TeacherRoleAsRead) | null): Promise<boolean>;
  /**
   * Records the class as one they left (their progress, attempts and overrides stay there: their export finds them by
   * it), then removes their membership (access), then the roster entry and one from the count.
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

/** Which record here an information system's `sourcedId` names (OneRoster import). */
export interface OneRosterLinks {
  people: { sourcedId: string; userId: string }[];
  classes: { sourcedId: string; classId: string; schoolSourcedId?: string; termSourcedId?: string }[];
  enrollments: { sourcedId: string; classId: string; studentId: string }[];
}

export type OneRosterLinkKind = keyof OneRosterLinks;
export type OneRosterLink<K extends OneRosterLinkKind> = OneRosterLinks[K][number];

/** One import of a OneRoster package, as the admin page's history lists it. */
export interface OneRosterRun {
  runId: string;
  at: string;
  /** Who ran it: an admin, or the bucket's nightly sync. */
  by: string;
  source: 'upload' | 'bucket';
  mode: 'preview' | 'apply';
  counts: Record<'users' | 'classes' | 'enrollments', { create: number; update: number; delete: number; unchanged: number }>;
  /** The first errors (a run keeps at most ONEROSTER_RUN_ERRORS of them) and how many there were in all. */
  errors: { file: string; line: number; message: string }[];
  errorCount: number;
}

/**
 * The links from the information system's ids to this platform's records, one small item per link in one partition
 * (written with conditions: a sourcedId names one record), and the history of runs.
 */
export interface OneRosterStore {
  readLinks(): Promise<OneRosterLinks>;
  /** Writes the link unless the sourcedId names another record already (then false, nothing written). */
  link<K extends OneRosterLinkKind>(kind: K, link: OneRosterLink<K>): Promise<boolean>;
  unlink(kind: OneRosterLinkKind, sourcedId: string): Promise<void>;
  recordRun(run: OneRosterRun): Promise<void>;
  /** Newest first. */
  recentRuns(limit: number): Promise<OneRosterRun[]>;
}
