// Scores out: a class's check scores as a OneRoster 1.2 gradebook package (manifest.csv, categories.csv,
// lineItems.csv, results.csv) for the school's information system. One category per module, one line item per check,
// one result per student and check they have a score on: their best. A class or person imported from the SIS is
// named by its sourcedId, so the SIS recognises its own records; the rest by this platform's ids. Pure.
import { zipSync } from 'fflate';

export interface GradebookClass {
  classId: string;
  name: string;
  sourcedId?: string;
  /** The class's school and term as imported (classes.csv schoolSourcedId, first termSourcedIds). */
  schoolSourcedId?: string;
  termSourcedId?: string;
}

export interface GradebookCheck {
  moduleId: string;
  moduleTitle: string;
  sectionId: string;
  title: string;
  /** When the module was assigned to the class; its due date when it has one. ISO 8601. */
  assignedAt: string;
  dueAt?: string;
}

export interface GradebookStudent {
  studentId: string;
  sourcedId?: string;
}

export interface GradebookScore {
  moduleId: string;
  sectionId: string;
  studentId: string;
  bestPercent: number;
  /** The day the best stood as exported: the student's latest attempt in the module (the standings keep no time of the best). ISO 8601. */
  scoredAt: string;
}

export interface GradebookInput {
  class: GradebookClass;
  /** In the order the class meets them. */
  checks: GradebookCheck[];
  students: GradebookStudent[];
  scores: GradebookScore[];
}

/** The binding's columns, in its order (1EdTech OneRoster 1.2 CSV binding, gradebook files). */
export const GRADEBOOK_COLUMNS = {
  'categories.csv': ['sourcedId', 'status', 'dateLastModified', 'title', 'weight'],
  'lineItems.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'title',
    'description',
    'assignDate',
    'dueDate',
    'classSourcedId',
    'categorySourcedId',
    'academicSessionSourcedId',
    'resultValueMin',
    'resultValueMax',
    'schoolSourcedId',
  ],
  'results.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'lineItemSourcedId',
    'studentSourcedId',
    'scoreStatus',
    'score',
    'scoreDate',
    'comment',
    'textScore',
    'classSourcedId',
    'inProgress',
    'incomplete',
    'late',
    'missing',
  ],
} as const;

type GradebookFile = keyof typeof GRADEBOOK_COLUMNS;
type GradebookRow<File extends GradebookFile> = Partial<Record<(typeof GRADEBOOK_COLUMNS)[File][number], string>>;

/** The package's files as text. Bulk: the files are the class's whole gradebook, so status and dateLastModified stay blank. */
export function gradebookFiles({ class: item, checks, students, scores }: GradebookInput): Record<string, string> {
  const classSourcedId = item.sourcedId ?? item.classId;
  const studentIds = new Map(students.map((student) => [student.studentId, student.sourcedId ?? student.studentId]));
  const lineItemId = (check: { moduleId: string; sectionId: string }) => `${classSourcedId}:${check.moduleId}:${check.sectionId}`;
  const categoryId = (moduleId: string) => `${classSourcedId}:${moduleId}`;

  const categories = new Map<string, GradebookRow<'categories.csv'>>();
  for (const check of checks) {
    if (!categories.has(check.moduleId)) categories.set(check.moduleId, { sourcedId: categoryId(check.moduleId), title: check.moduleTitle });
  }
  const lineItems = checks.map(
    (check): GradebookRow<'lineItems.csv'> => ({
      sourcedId: lineItemId(check),
      title: check.title,
      description: check.moduleTitle,
      assignDate: check.assignedAt,
      dueDate: check.dueAt ?? check.assignedAt,
      classSourcedId,
      categorySourcedId: categoryId(check.moduleId),
      academicSessionSourcedId: item.termSourcedId ?? '',
      resultValueMin: '0',
      resultValueMax: '100',
      schoolSourcedId: item.schoolSourcedId ?? '',
    }),
  );
  const checked = new Set(checks.map(lineItemId));
  const results = scores.flatMap((score): GradebookRow<'results.csv'>[] => {
    const studentSourcedId = studentIds.get(score.studentId);
    if (!studentSourcedId || !checked.has(lineItemId(score))) return [];
    return [
      {
        sourcedId: `${lineItemId(score)}:${studentSourcedId}`,
        lineItemSourcedId: lineItemId(score),
        studentSourcedId,
        scoreStatus: 'fully graded',
        score: String(score.bestPercent),
        scoreDate: score.scoredAt.slice(0, 10),
        classSourcedId,
      },
    ];
  });

  return {
    'manifest.csv': csv(
      ['propertyName', 'value'],
      [
        { propertyName: 'manifest.version', value: '1.0' },
        { propertyName: 'oneroster.version', value: '1.2' },
        ...MANIFEST_FILES.map((file) => ({ propertyName: `file.${file}`, value: `${file}.csv` in GRADEBOOK_COLUMNS ? 'bulk' : 'absent' })),
      ],
    ),
    'categories.csv': csv(GRADEBOOK_COLUMNS['categories.csv'], [...categories.values()]),
    'lineItems.csv': csv(GRADEBOOK_COLUMNS['lineItems.csv'], lineItems),
    'results.csv': csv(GRADEBOOK_COLUMNS['results.csv'], results),
  };
}

export function gradebookZip(input: GradebookInput): Uint8Array {
  const encoder = new TextEncoder();
  return zipSync(Object.fromEntries(Object.entries(gradebookFiles(input)).map(([name, text]) => [name, encoder.encode(text)])));
}

/** Every file a 1.2 manifest lists (the binding asks for each, absent or not). */
const MANIFEST_FILES = [
  'academicSessions',
  'categories',
  'classes',
  'classResources',
  'courses',
  'courseResources',
  'demographics',
  'enrollments',
  'lineItemLearningObjectiveIds',
  'lineItems',
  'lineItemScoreScales',
  'orgs',
  'resources',
  'resultLearningObjectiveIds',
  'results',
  'resultScoreScales',
  'roles',
  'scoreScales',
  'userProfiles',
  'userResources',
  'users',
];

/** RFC 4180: CRLF line ends; a cell with a comma, a quote or a line break in quotes, its quotes doubled. */
function csv<Column extends string>(columns: readonly Column[], rows: Partial<Record<Column, string>>[]): string {
  const cell = (value = '') => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return [columns.join(','), ...rows.map((row) => columns.map((column) => cell(row[column])).join(','))].map((line) => `${line}\r\n`).join('');
}
