// What the bells read: teachers' activity, students' reminders and finished modules, the read marker.
import type { ActivityContext, ProgressRecord } from '../progress/port';

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
  /** Every reminder the student was sent and still holds, oldest day first (their export). */
  listNudges(studentId: string): Promise<NudgeRecord[]>;
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
