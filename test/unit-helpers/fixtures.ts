// Table items as the repositories store them, keys written out here independently of the code under test, for the
// repositories' command tests; and storage keys for the upload handlers' tests.
import type { Section } from '../../shared/contract/modules';
import type { SectionRole } from '../../shared/paths';
import type { TextPage } from '../../shared/contract/search';
import { STUDENT_ID, TEACHER_ID } from './events';

export type Item = Record<string, unknown> & { pk: string; sk: string };

export const MODULE_ID = 'module-1';
export const CLASS_ID = 'class-1';
export const CREATED_AT = '2024-05-01T10:00:00.000Z';
export const UPDATED_AT = '2024-05-02T10:00:00.000Z';

export const fileKey = (name: string, owner = TEACHER_ID) => `protected/${owner}/1714557600000-${name}`;

/** A section as stored: its role absent on sections saved before roles. */
export type StoredSection = Omit<Section, 'downloadUrl' | 'role' | 'state' | 'reason'> & { role?: SectionRole };

export const section = (id: string, order: number, overrides: Partial<StoredSection> = {}): StoredSection => ({
  _id: id,
  title: `Section ${order}`,
  order,
  contentType: 'PDF',
  contentUrl: fileKey(`${id}.pdf`),
  originalFileName: `${id}.pdf`,
  ...overrides,
});

export interface ModuleFixture {
  moduleId?: string;
  ownerId?: string;
  title?: string;
  description?: string;
  sections?: StoredSection[];
  updatedAt?: string;
}

export function moduleItem({
  moduleId = MODULE_ID,
  ownerId = TEACHER_ID,
  title = 'Cells',
  description = 'What living things are made of',
  sections = [section('section-1', 1), section('section-2', 2)],
  updatedAt = UPDATED_AT,
}: ModuleFixture = {}): Item {
  return {
    pk: `MODULE#${moduleId}`,
    sk: 'MODULE',
    gsi1pk: `TEACHER#${ownerId}`,
    gsi1sk: `MODULE#${moduleId}`,
    entity: 'Module',
    moduleId,
    ownerId,
    title,
    description,
    sections,
    createdAt: CREATED_AT,
    updatedAt,
  };
}

export interface ClassFixture {
  classId?: string;
  className?: string;
  teacherId?: string;
  teacherName?: string;
  studentCount?: number;
  /** A roster in the previous shape (a map on the class item), as items written before enrolment items hold it. */
  legacyStudents?: Record<string, string>;
  assignedModuleIds?: string[];
}

export function classItem({
  classId = CLASS_ID,
  className = 'Biology 7A',
  teacherId = TEACHER_ID,
  teacherName = 'teacher@example.com',
  studentCount = 1,
  legacyStudents,
  assignedModuleIds = [MODULE_ID],
}: ClassFixture = {}): Item {
  return {
    pk: `CLASS#${classId}`,
    sk: 'CLASS',
    gsi1pk: `TEACHER#${teacherId}`,
    gsi1sk: `CLASS#${classId}`,
    entity: 'Class',
    classId,
    className,
    teacherId,
    teacherName,
    ...(legacyStudents ? { students: legacyStudents } : { studentCount }),
    // DynamoDB has no empty sets: the attribute is absent until a module is assigned.
    ...(assignedModuleIds.length ? { assignedModuleIds: new Set(assignedModuleIds) } : {}),
  };
}

export const enrolmentItem = (studentId: string, name: string, classId = CLASS_ID, enrolledAt = CREATED_AT): Item => ({
  pk: `CLASS#${classId}`,
  sk: `STUDENT#${studentId}`,
  entity: 'Enrolment',
  classId,
  studentId,
  name,
  enrolledAt,
});

export const membershipItem = (studentId: string, classId: string): Item => ({
  pk: `USER#${studentId}`,
  sk: `CLASS#${classId}`,
  entity: 'Membership',
  studentId,
  classId,
});

export const progressItem = (
  { classId = CLASS_ID, moduleId = MODULE_ID, studentId = STUDENT_ID } = {},
  completedSections: string[] = ['section-1'],
): Item => ({
  pk: `CLASS#${classId}`,
  sk: `PROGRESS#${moduleId}#${studentId}`,
  entity: 'Progress',
  classId,
  moduleId,
  studentId,
  completedSections: new Set(completedSections),
  updatedAt: UPDATED_AT,
});

/** The stored record of a multipart upload the teacher started: 11 MiB in parts of 5 MiB, valid for years. */
export const uploadItem = (overrides: Record<string, unknown> = {}): Item => ({
  pk: 'UPLOAD#upload-1',
  sk: 'UPLOAD',
  entity: 'Upload',
  uploadId: 'upload-1',
  contentUrl: fileKey('lecture.pptx'),
  ownerId: TEACHER_ID,
  size: 11 * 1024 * 1024,
  partSize: 5 * 1024 * 1024,
  expiresAt: '2999-01-01T00:00:00.000Z',
  ...overrides,
});

/** A section's text with enough statements to draft from (what extraction keeps of a short reading), heading first. */
export const SECTION_TEXT: TextPage[] = [
  {
    number: 1,
    text: [
      'Cells: the building blocks of life',
      'The nucleus holds the genetic material, which controls the cell.',
      'The cell membrane controls which substances enter and leave the cell.',
      'Mitochondria release energy from glucose in aerobic respiration.',
      'Chloroplasts contain chlorophyll, which absorbs light for photosynthesis.',
      'The cell wall is made of cellulose and keeps the plant cell firm.',
    ].join('\n'),
  },
];
