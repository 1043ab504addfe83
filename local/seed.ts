// Demo data for `npm start`, written idempotently so every start converges on the same state: five users (one per
// role and a second teacher and student), two classes with their rosters, and one module with a section of each
// kind the reader shows (a short PDF, slides, a Word worksheet and a 10 MB, 50-page PDF), assigned to the first class. The module goes through the real API as the teacher, so it is stored exactly as the app
// would store it; it is created only while the teacher has none.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildPath } from '../shared/contract/route';
import { routes } from '../shared/contract';
import { LARGE_PDF, largePdf } from './large-pdf';
import type { SeedUser, StackConfig } from './stack-config';
import { localTableStores } from './table-stores';
import { uploadFile } from './upload-file';
import { ensureUser, signIn, type CreatedUser } from './users';

export const SEED_FILES_DIR = path.join(__dirname, 'seed-files');

export const DEMO_USERS: SeedUser[] = [
  { email: 'teacher@example.com', password: 'Demo-teacher-1', role: 'Teachers', name: 'Ada Teacher' },
  { email: 'teacher2@example.com', password: 'Demo-teacher-2', role: 'Teachers', name: 'Ben Teacher' },
  { email: 'student@example.com', password: 'Demo-student-1', role: 'Students', name: 'Sam Student' },
  { email: 'student2@example.com', password: 'Demo-student-2', role: 'Students', name: 'Kim Student' },
  { email: 'admin@example.com', password: 'Demo-admin-1', role: 'Admins', name: 'Alex Admin' },
];

export const DEMO_CLASSES = [
  {
    classId: 'demo-class-1',
    className: 'Year 9 Science',
    teacher: 'teacher@example.com',
    students: ['student@example.com', 'student2@example.com'],
  },
  { classId: 'demo-class-2', className: 'Year 10 Biology', teacher: 'teacher2@example.com', students: ['student2@example.com'] },
];

const DEMO_MODULE = {
  teacher: 'teacher@example.com',
  /** Assigned, so the demo student has a module to follow from the first sign-in. */
  classId: 'demo-class-1',
  title: 'Cells: the building blocks of life',
  description: 'Read about plant and animal cells, then label a cell on the worksheet.',
  sections: [
    { title: 'Reading: cells', file: 'cells-reading.pdf', contentType: 'application/pdf' },
    {
      title: 'Slides: photosynthesis',
      file: 'photosynthesis-slides.pptx',
      contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    },
    {
      title: 'Worksheet: label a cell',
      file: 'cells-worksheet.docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
    // Written at seed time (local/large-pdf.ts) rather than committed.
    { title: 'Handbook: cell division', file: LARGE_PDF.fileName, contentType: 'application/pdf' },
  ],
};

/** The check on the demo module's first section, so a person trying the product meets scored checks. */
const DEMO_CHECK = {
  passMark: 60,
  maxAttempts: null,
  showCorrectness: true,
  showAnswers: true,
  questions: [
    {
      id: 'powerhouse',
      kind: 'single',
      prompt: 'Which organelle releases energy from food in respiration?',
      options: [
        { id: 'nucleus', text: 'Nucleus' },
        { id: 'mitochondrion', text: 'Mitochondrion' },
        { id: 'ribosome', text: 'Ribosome' },
      ],
      answer: ['mitochondrion'],
      explanation: 'Mitochondria carry out aerobic respiration, releasing energy the cell can use.',
    },
    {
      id: 'plant-only',
      kind: 'multiple',
      prompt: 'Which of these are found in plant cells but not in animal cells?',
      options: [
        { id: 'wall', text: 'Cell wall' },
        { id: 'chloroplast', text: 'Chloroplasts' },
        { id: 'membrane', text: 'Cell membrane' },
        { id: 'vacuole', text: 'Permanent vacuole' },
      ],
      answer: ['wall', 'chloroplast', 'vacuole'],
      explanation: 'Both kinds of cell have a membrane; the wall, chloroplasts and a permanent vacuole are plant features.',
    },
    { id: 'nucleus-dna', kind: 'truefalse', prompt: 'The nucleus contains the genetic material that controls the cell.', answer: true },
    {
      id: 'photosynthesis-site',
      kind: 'text',
      prompt: 'Name the organelle where photosynthesis happens.',
      answer: ['chloroplast', 'chloroplasts'],
      explanation: 'Chloroplasts contain chlorophyll, which absorbs light for photosynthesis.',
    },
    { id: 'magnification', kind: 'number', prompt: 'An image is 20 mm wide and the real cell is 0.1 mm wide. What is the magnification?', answer: { value: 200 } },
  ],
};

const seedFileBytes = (file: string): Promise<Buffer> =>
  file === LARGE_PDF.fileName ? Promise.resolve(largePdf()) : readFile(path.join(SEED_FILES_DIR, file));

export async function seedDemoData(config: StackConfig, log: (line: string) => void): Promise<void> {
  // One at a time: the identity twin keeps each pool in one file.
  const users = new Map<string, CreatedUser>();
  for (const user of DEMO_USERS) users.set(user.email, await ensureUser(config, user));

  const stores = localTableStores(config);
  const idOf = (email: string) => users.get(email)!.userId;
  const nameOf = (email: string) => DEMO_USERS.find((user) => user.email === email)!.name;
  try {
    // Classes store their members' names; an older local stack's e-mail-only names converge on the demo names.
    for (const demoClass of DEMO_CLASSES) {
      await stores.rosters.insertClass({
        classId: demoClass.classId,
        className: demoClass.className,
        teacherId: idOf(demoClass.teacher),
        teacherName: nameOf(demoClass.teacher),
      });
      await stores.rosters.renameTeacherInClasses(idOf(demoClass.teacher), nameOf(demoClass.teacher));
      for (const student of demoClass.students) await stores.rosters.enrollStudent(demoClass.classId, { studentId: idOf(student), name: nameOf(student), email: student });
    }
  } finally {
    stores.destroy();
  }

  try {
    log(await seedDemoModule(config));
  } catch (error) {
    log(`Demo module not seeded: ${(error as Error).message}`);
  }
}

async function seedDemoModule(config: StackConfig): Promise<string> {
  const teacher = DEMO_USERS.find((user) => user.email === DEMO_MODULE.teacher)!;
  const token = await signIn(config, teacher.email, teacher.password);
  const call = async (route: { method: string; path: string }, body?: unknown, params?: Record<string, string>) => {
    const response = await fetch(`${config.apiUrl}${buildPath(route.path, params)}`, {
      method: route.method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${route.method} ${route.path} answered ${response.status}: ${text}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  };

  const existing = (await call(routes.listModules)) as { _id: string; title: string }[];
  if (existing.length > 0) {
    // A stack seeded before checks existed gets the demo check on its demo module.
    const demo = existing.find((module) => module.title === DEMO_MODULE.title);
    return demo ? `Demo module already there.${await seedDemoCheck(call, demo._id)}` : 'Demo module already there.';
  }

  const sections = [];
  for (const section of DEMO_MODULE.sections) {
    const contentUrl = await uploadFile(call, section.file, section.contentType, await seedFileBytes(section.file));
    sections.push({ title: section.title, contentUrl, originalFileName: section.file });
  }
  const module = (await call(routes.createModule, {
    title: DEMO_MODULE.title,
    description: DEMO_MODULE.description,
    sections,
  })) as { _id: string };
  await call(routes.assignModule, { moduleId: module._id }, { classId: DEMO_MODULE.classId });
  return `Demo module "${DEMO_MODULE.title}" created and assigned to ${DEMO_MODULE.classId}.${await seedDemoCheck(call, module._id)}`;
}

type ApiCall = (route: { method: string; path: string }, body?: unknown, params?: Record<string, string>) => Promise<unknown>;

/** Puts the demo check on the module's first section unless it has one. */
async function seedDemoCheck(call: ApiCall, moduleId: string): Promise<string> {
  const module = (await call(routes.getModule, undefined, { id: moduleId })) as { sections: { _id: string }[]; checks?: unknown[] };
  if (module.checks?.length) return '';
  await call(routes.putCheck, DEMO_CHECK, { id: moduleId, sectionId: module.sections[0]._id });
  return ` A ${DEMO_CHECK.questions.length}-question check is on its first section.`;
}
