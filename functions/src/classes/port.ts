// What the class use cases need from storage: classes, their rosters as read, and the modules assigned to them.
import type { PageRequest } from '../kernel/ports';

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
  /** Archived (school-year): read-only for everyone, off the teacher's and students' dashboards. */
  archivedAt?: string;
  /** Retention began removing its students' data (it can no longer be unarchived), and when it finished. */
  studentDataRemovalStartedAt?: string;
  studentDataRemovedAt?: string;
  /** A class made by a rollover: the year label it was given and the class it came from. */
  yearLabel?: string;
  rolledOverFrom?: string;
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

export interface RosterPage {
  students: Enrolment[];
  /** The key to pass as `after` for the next page; absent on the last one. */
  next?: string;
}

/** A class as its teacher, its students and the other use cases read it, and the modules assigned to it. */
export interface ClassStore {
  getClass(classId: string): Promise<ClassRecord | undefined>;
  getClasses(classIds: string[]): Promise<ClassRecord[]>;
  /** The class if this student is enrolled in it: its item and their membership in one BatchGetItem. */
  getClassOfStudent(classId: string, studentId: string): Promise<ClassRecord | undefined>;
  listClassesByTeacher(teacherId: string): Promise<ClassRecord[]>;
  listClassIdsOfStudent(studentId: string): Promise<string[]>;
  /** The classes the student was unenrolled from (their records there stay): their export reads those too. */
  listFormerClassIdsOfStudent(studentId: string): Promise<string[]>;
  /** One GetItem on the student's membership, whatever the class size. */
  isEnrolled(classId: string, studentId: string): Promise<boolean>;
  /** One student's roster entry (name, enrolment date). */
  getEnrolment(classId: string, studentId: string): Promise<Enrolment | undefined>;
  /** One page of the roster, in a stable order (by student id). */
  listStudents(classId: string, page: PageRequest): Promise<RosterPage>;
  /** The whole roster, every page (spec answers that list every student). */
  listAllStudents(classId: string): Promise<Enrolment[]>;
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
}
