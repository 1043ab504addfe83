// The shapes the API answers with. Field names follow the product specification (section 3) exactly,
// so a client of the old backend keeps working.
import type { CheckStanding, CheckSummary, ModuleScores, ModuleScoreSummary, ScoreTotals } from './checks';
import type { Branch, SectionRole, SectionState } from './paths';

export const CONTENT_TYPES = ['PDF', 'PPT', 'WORD', 'UNKNOWN'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export interface Section {
  _id: string;
  title: string;
  /** 1-based position in the module. */
  order: number;
  contentType: ContentType;
  /** Storage key of the uploaded file. */
  contentUrl: string;
  originalFileName: string;
  /** The file's size in bytes, stored when the section is saved; absent on sections saved before it was kept. */
  size?: number;
  /** Signed, short-lived link for viewing; derived on read, never stored; absent for a section locked to the student. */
  downloadUrl?: string;
  /** Who the section is for (shared/paths.ts); 'core' for sections saved before roles. */
  role: SectionRole;
  /** On a student's read (`?classId=`), where the section stands on their path. */
  state?: SectionState;
  /** Why: for locked and skipped sections what unlocks or skipped them, for released review and extension sections why they opened. */
  reason?: string;
  /** On a student's read (`?classId=`), the page or slide they were last on in the section's file. */
  lastPage?: number;
}

export interface Module {
  _id: string;
  title: string;
  description: string;
  sections: Section[];
  /** In order: a section locks until the previous required one is complete; false for modules saved before. */
  sequential: boolean;
  createdAt: string;
  /** Also the concurrency token: send it back on update to avoid overwriting someone else's edit. */
  updatedAt: string;
  /** The sections that carry a check (GET only; absent when none does): the reader offers the check instead of Mark as Complete. */
  checks?: CheckSummary[];
  /** What deleting the module would take away (its owner's GET with `?usage=true` only). */
  usage?: ModuleUsage;
}

export interface ModuleUsage {
  /** The classes it is assigned to. */
  classes: { classId: string; className: string }[];
  /** Students with completions or check scores in it, over those classes. */
  studentsWithProgress: number;
  /** Attempts on the current versions of its checks (each with its score). */
  checkAttempts: number;
  /** Teachers' overrides of students' paths in it (opened, excused sections, unlocks, extra attempts), over those classes. */
  overrides: number;
  /** Prerequisites in those classes that name it, as the module waited for or the one waiting. */
  prerequisites: number;
}

export interface UserRef {
  _id: string;
  username: string;
}

/**
 * A student on a class's detail view. Beyond the spec's fields: their e-mail, shown beside the name (two students may
 * share one), only to the class's teacher and admins, and absent on enrolments written before it was kept.
 */
export interface StudentRef extends UserRef {
  email?: string;
}

export interface ModuleRef {
  _id: string;
  title: string;
  description: string;
  /** When the class should have finished it (UTC ISO instant); absent when it has no due date. */
  dueAt?: string;
  /** The module of the class a student completes (or passes the checks of) before this one opens; absent: none. */
  prerequisiteModuleId?: string;
}

/** A class in lists: ids only. */
export interface ClassSummary {
  _id: string;
  className: string;
  teacherId: UserRef;
  studentIds: string[];
  assignedModuleIds: string[];
}

/** A class on its detail view: students and modules populated. */
export interface ClassDetail {
  _id: string;
  className: string;
  teacherId: UserRef;
  studentIds: StudentRef[];
  assignedModuleIds: ModuleRef[];
}

export interface Progress {
  studentId: string;
  moduleId: string;
  classId: string;
  completedSections: string[];
  /** Absent while nothing has been recorded. */
  updatedAt?: string;
}

/** Completion of the student's own required sections (their path: core, and review or extension released to them). */
export interface ModuleProgress {
  moduleId: string;
  moduleTitle: string;
  percentage: number;
  completed: number;
  total: number;
  /** The branch the student's path takes (absent when the module has no review or extension sections). */
  branch?: Branch;
}

/** A class report cell: the module's completion and when each of its completed sections was done. */
export interface ReportCell extends ModuleProgress {
  /**
   * Section id → when it was first completed, for the completed sections still in the module; null for a section
   * completed before completion times were recorded.
   */
  completedAt: Record<string, string | null>;
  /** The module's checks (absent when it has none): n of m passed and the mean best percent (each check: the module drill-down). */
  scores?: ModuleScoreSummary;
  /** The class's prerequisite the student is not done with, which keeps this module shut to them (absent when open). */
  waitsFor?: { moduleId: string; moduleTitle: string };
  /** Present (true) when the student attempted a check of the module without passing it and the module is not done. */
  struggling?: true;
}

/** One module of a student's class: completion and the first section still to do (null when none is left). */
export interface StudentModuleProgress extends ModuleProgress {
  completedSections: string[];
  nextSectionId: string | null;
  /** The module's due date in this class (UTC ISO instant); absent when it has none. */
  dueAt?: string;
  /** Why the module is shut to the student ("Complete “X” to open this."); absent when it is open. */
  lockedReason?: string;
  /** The student's own scores on the module's checks (absent when it has none). */
  scores?: ModuleScores;
}

/** A student's progress in every module of a class, in syllabus order. */
export interface StudentClassProgress {
  classId: string;
  studentId: string;
  modules: StudentModuleProgress[];
}

export interface ClassReportRow {
  studentId: string;
  studentName: string;
  /** Shown beside the name; absent on enrolments written before it was kept (until `npm run migrate`). */
  studentEmail?: string;
  /** Present (true) when the student's account is disabled: they cannot sign in, and the report marks them. */
  disabled?: true;
  /** The student's latest completion or check attempt in this class's modules; null before their first. */
  lastActivityAt: string | null;
  modules: ReportCell[];
}

/** The module drill-down: each student of the class × the module's sections (in order), with completion times. */
export interface ModuleReport {
  moduleId: string;
  moduleTitle: string;
  sections: { _id: string; title: string }[];
  /** The sections with a check, in order (absent when none has one). */
  checks?: { sectionId: string; passMark: number }[];
  /**
   * `studentEmail` as in the class report (the class's teacher and admins); `scores`: section id → the student's
   * standing on its check (absent when the module has no check); `branch`: which branch each student's path takes
   * (absent when the module has no review or extension sections); `closed`: section id → how a section not complete
   * stands on the student's path when it is not simply open (absent when none is), so the drill-down tells locked,
   * skipped and excused apart from not done.
   */
  rows: {
    studentId: string;
    studentName: string;
    studentEmail?: string;
    completedAt: Record<string, string | null>;
    closed?: Record<string, 'locked' | 'skipped' | 'excused'>;
    scores?: Record<string, CheckStanding>;
    branch?: Branch;
  }[];
}

/**
 * One line of a bell. Teachers: a student's completion in a module ("completed" when all of it, else "progress"), or
 * students who have not started a module assigned a week or more ago. Students: a module newly assigned to a class,
 * their teacher's reminder of a module's due date ("nudge"), or their own finish of a module ("finished": every
 * required section on their path complete).
 */
export interface Notification {
  id: string;
  kind: 'completed' | 'progress' | 'not-started' | 'assigned' | 'nudge' | 'finished';
  at: string;
  classId: string;
  className: string;
  moduleId: string;
  moduleTitle: string;
  studentName?: string;
  /** progress: sections done of sectionTotal; not-started: how many students. */
  count?: number;
  sectionTotal?: number;
  /** not-started: when the module was assigned. */
  assignedAt?: string;
  /** nudge: who reminded the student, and the module's due date then. */
  teacherName?: string;
  dueAt?: string;
}

/** A teacher's reminder to one student of a module's due date (one per student, module and UTC day). */
export interface Nudge {
  classId: string;
  moduleId: string;
  studentId: string;
  dueAt: string;
  /** When it was sent: the first nudge of the day (a repeat that day answers it). */
  sentAt: string;
}

export interface Notifications {
  unread: number;
  items: Notification[];
}

/** One page of a class report (`?limit=&cursor=`): rows in student-id order, and the cursor of the next page. */
export interface ClassReportPage {
  rows: ClassReportRow[];
  studentCount: number;
  next?: string;
}

/** A class's completion per module from its counters (the dashboards' read: one small item per module). */
export interface ClassCompletion {
  classId: string;
  studentCount: number;
  /** Completed required sections over every student's required sections (the core ones), as a percentage (0 with none). */
  averagePercentage: number;
  /** `sections`: the module's core sections, required of every student; `completions` counts only those. */
  modules: { moduleId: string; moduleTitle: string; sections: number; completions: number; percentage: number }[];
  /** The students who completed a section in the last 7 UTC days (today included), whether still enrolled or not. */
  activeStudentIds: string[];
  /** Best percents of the class's students on the assigned modules' checks (absent before the first attempt). */
  scores?: ScoreTotals;
}

export interface SingleUploadTicket {
  contentUrl: string;
  uploadUrl: string;
}

/** A presigned PUT for one part of a multipart upload. */
export interface UploadPartUrl {
  partNumber: number;
  uploadUrl: string;
}

export interface MultipartUploadTicket {
  contentUrl: string;
  uploadId: string;
  partSize: number;
  parts: UploadPartUrl[];
}

export type UploadTicket = SingleUploadTicket | MultipartUploadTicket;

/** Fresh part URLs for an upload whose first ones expired (or are about to), in the order they were asked for. */
export interface RenewedUploadParts {
  parts: UploadPartUrl[];
}
