// Domain records for use-case tests: a teacher with a module of two PDF sections, a class they teach with one
// student, and a second teacher's class; ids shared with the handler tests' callers.
import type { Caller } from '../../src/kernel/caller';
import type { ModuleRecord } from '../../src/modules/port';
import type { ProgressRecord } from '../../src/progress/port';
import { OTHER_STUDENT_ID, OTHER_TEACHER_ID, STUDENT_ID, TEACHER_ID } from '@test/unit-helpers/events';
import { CLASS_ID, CREATED_AT, fileKey, MODULE_ID, section, UPDATED_AT } from '@test/unit-helpers/fixtures';
import type { ClassSetup } from '../../src/classes/fakes/class-store';
import type { InMemoryPorts } from './ports';

export { CLASS_ID, CREATED_AT, fileKey, MODULE_ID, section, UPDATED_AT };
export const OTHER_CLASS_ID = 'class-2';

/** Matches the DomainError a use case throws: its kind and (part of) its message. */
export const refused = (kind: string, message?: string | RegExp) =>
  expect.objectContaining({ name: 'DomainError', kind, ...(message ? { message: expect.stringMatching(message) } : {}) });

export const callers = {
  teacher: { userId: TEACHER_ID, roles: ['Teachers'] },
  otherTeacher: { userId: OTHER_TEACHER_ID, roles: ['Teachers'] },
  student: { userId: STUDENT_ID, roles: ['Students'] },
  otherStudent: { userId: OTHER_STUDENT_ID, roles: ['Students'] },
  admin: { userId: 'admin-1', roles: ['Admins'] },
} satisfies Record<string, Caller>;

export const MEDIA = {
  pdf: 'application/pdf',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

export const moduleRecord = (overrides: Partial<ModuleRecord> = {}): ModuleRecord => ({
  moduleId: MODULE_ID,
  ownerId: TEACHER_ID,
  title: 'Cells',
  description: 'What living things are made of',
  sections: [section('section-1', 1), section('section-2', 2)],
  createdAt: CREATED_AT,
  updatedAt: UPDATED_AT,
  ...overrides,
});

export const classRecord = (overrides: Partial<ClassSetup> = {}): ClassSetup => ({
  classId: CLASS_ID,
  className: 'Biology 7A',
  teacherId: TEACHER_ID,
  teacherName: 'teacher@example.com',
  students: { [STUDENT_ID]: 'student@example.com' },
  assignedModuleIds: [MODULE_ID],
  ...overrides,
});

export const progressRecord = (overrides: Partial<ProgressRecord> = {}): ProgressRecord => ({
  classId: CLASS_ID,
  moduleId: MODULE_ID,
  studentId: STUDENT_ID,
  completedSections: ['section-1'],
  updatedAt: UPDATED_AT,
  ...overrides,
});

/** Stores modules with the references to their files, as saving them through the service does. */
export function givenModules(ports: InMemoryPorts, ...modules: ModuleRecord[]): void {
  ports.modules.put(...modules);
  for (const module of modules) ports.fileReferences.use(module.moduleId, module.sections.map((section) => section.contentUrl));
}

/** The module (with its files) in the teacher's class, where the student is enrolled; another teacher's class. */
export function givenSchool(ports: InMemoryPorts, overrides: { module?: Partial<ModuleRecord>; class?: Partial<ClassSetup> } = {}) {
  const module = moduleRecord(overrides.module);
  givenModules(ports, module);
  for (const { contentUrl } of module.sections) ports.files.put(contentUrl, MEDIA.pdf);
  ports.classes.put(
    classRecord(overrides.class),
    classRecord({
      classId: OTHER_CLASS_ID,
      className: 'Chemistry 8B',
      teacherId: OTHER_TEACHER_ID,
      teacherName: 'teacher2@example.com',
      students: { [OTHER_STUDENT_ID]: 'student2@example.com' },
      assignedModuleIds: [],
    }),
  );
}
