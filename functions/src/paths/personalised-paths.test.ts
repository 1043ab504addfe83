// Personalised paths through the services, over in-memory stores: the rules saved with the module and its check, the
// student's module read (states, reasons, no link to a locked file), the server refusing a locked section's completion
// and attempts, and progress counting the student's own required sections.
import { checkInputSchema, type AttemptInput } from '@shared/contract/checks';
import type { ScoreBand } from '@shared/paths';
import { section } from '@test/unit-helpers/fixtures';
import { callers, CLASS_ID, givenSchool, MODULE_ID, refused } from '../../test/in-memory/records';
import { inMemoryPorts, type InMemoryPorts } from '../../test/in-memory/ports';
import { makeCheckService } from '../checks/checks';
import { makeModuleService } from '../modules/modules';
import { makeProgressService } from '../progress/progress';
import { makeReportService } from '../reports/reports';

const { teacher, student } = callers;
const BANDS: ScoreBand[] = [
  { min: 0, max: 50, release: ['review'] },
  { min: 50, max: 80, release: [] },
  { min: 80, max: 100, release: ['extension'] },
];
const SECTIONS = [
  section('intro', 1, { title: 'Introduction', role: 'core' }),
  section('membranes', 2, { title: 'Cell membranes' }),
  section('review', 3, { title: 'Membranes again', role: 'review' }),
  section('extension', 4, { title: 'Ion channels', role: 'extension' }),
  section('closing', 5, { title: 'Summary', role: 'core' }),
];
const check = checkInputSchema.parse({
  passMark: 70,
  bands: BANDS,
  questions: [
    { id: 'q1', kind: 'truefalse', prompt: 'Membranes are lipid bilayers.', answer: true },
    { id: 'q2', kind: 'truefalse', prompt: 'Water crosses freely.', answer: false },
    { id: 'q3', kind: 'truefalse', prompt: 'Ions need channels.', answer: true },
  ],
});
const ONE_RIGHT = { q1: true, q2: true, q3: false };
const ALL_RIGHT = { q1: true, q2: false, q3: true };

let ports: InMemoryPorts;
let checks: ReturnType<typeof makeCheckService>;
let modules: ReturnType<typeof makeModuleService>;
let progress: ReturnType<typeof makeProgressService>;
let reports: ReturnType<typeof makeReportService>;
let attempts = 0;
const attempt = (answers: AttemptInput['answers']): AttemptInput => ({
  attemptId: `00000000-0000-4000-8000-${String(++attempts).padStart(12, '0')}`,
  classId: CLASS_ID,
  answers,
});
const complete = (sectionId: string) => progress.markComplete(student, { studentId: student.userId, moduleId: MODULE_ID, classId: CLASS_ID, sectionId });
const read = async () => Object.fromEntries((await modules.get(student, MODULE_ID, CLASS_ID)).sections.map((each) => [each._id, each]));

beforeEach(async () => {
  ports = inMemoryPorts();
  givenSchool(ports, { module: { sections: SECTIONS, sequential: true } });
  checks = makeCheckService(ports);
  modules = makeModuleService(ports);
  progress = makeProgressService(ports);
  reports = makeReportService(ports);
  await checks.save(teacher, MODULE_ID, 'membranes', check);
});

describe('the rules are saved with the module and its check', () => {
  it('keeps roles and the order mode when an edit leaves them out, and changes them when it names them', async () => {
    const current = await modules.get(teacher, MODULE_ID);
    const sections = current.sections.map(({ _id, title, contentUrl }) => ({ _id, title, contentUrl }));
    const kept = await modules.update(teacher, MODULE_ID, { title: 'Cells', description: 'D', sections });
    expect(kept.sequential).toBe(true);
    expect(kept.sections.map((each) => each.role)).toEqual(['core', 'core', 'review', 'extension', 'core']);
    const changed = await modules.update(teacher, MODULE_ID, { title: 'Cells', description: 'D', sequential: false, sections: [{ ...sections[0], role: 'optional' }] });
    expect(changed).toMatchObject({ sequential: false, sections: [{ _id: 'intro', role: 'optional' }] });
  });

  it("answers the check with its bands and puts them in the module's check index, which the path reads", async () => {
    expect(await checks.read(teacher, MODULE_ID, 'membranes')).toMatchObject({ bands: BANDS });
    expect((await ports.checks.listCheckSummaries([MODULE_ID])).get(MODULE_ID)).toEqual([expect.objectContaining({ sectionId: 'membranes', bands: BANDS })]);
  });

  it('keeps the bands when a save leaves them out (an editor unaware of them), and removes them on an empty list', async () => {
    const { bands: _left, ...withoutBands } = check;
    expect(await checks.save(teacher, MODULE_ID, 'membranes', { ...withoutBands, passMark: 60 })).toMatchObject({ passMark: 60, bands: BANDS });
    expect(await checks.save(teacher, MODULE_ID, 'membranes', { ...check, bands: [] })).toMatchObject({ bands: [] });
    expect((await ports.checks.listCheckSummaries([MODULE_ID])).get(MODULE_ID)![0]).not.toHaveProperty('bands');
  });

  it('refuses a band releasing a core section or skipping an earlier one, naming the field, and stores nothing', async () => {
    const bands = [{ min: 0, max: 100, release: ['closing'], skip: ['intro'] }];
    const saving = checks.save(teacher, MODULE_ID, 'membranes', { ...check, passMark: 10, bands });
    await expect(saving).rejects.toEqual(
      expect.objectContaining({
        kind: 'invalid',
        fields: {
          'bands.0.release.0': 'Band 1 can only release review or extension sections of this module.',
          'bands.0.skip.0': 'Band 1 can only skip optional sections after this check.',
        },
      }),
    );
    expect(await checks.read(teacher, MODULE_ID, 'membranes')).toMatchObject({ passMark: 70, bands: BANDS });
  });

  it('gives a copy of the module the bands, naming its own sections in the same positions', async () => {
    const { module } = await modules.create(teacher, {
      title: 'Copy',
      description: 'D',
      copyChecksFrom: MODULE_ID,
      sections: SECTIONS.map(({ title, contentUrl, role }) => ({ title, contentUrl, role })),
    });
    const ids = module.sections.map((each) => each._id);
    expect(await checks.read(teacher, module._id, ids[1])).toMatchObject({
      bands: [{ min: 0, max: 50, release: [ids[2]] }, { release: [] }, { release: [ids[3]] }],
    });
  });
});

describe("a student's path", () => {
  it('gives each section its state and reason, and no file link for a locked one; the owner sees no path', async () => {
    const sections = await read();
    expect(sections.intro).toMatchObject({ state: 'open', downloadUrl: expect.any(String) });
    expect(sections.membranes).toMatchObject({ state: 'locked', reason: 'Complete “Introduction” to open this, or your teacher can open it for you.' });
    expect(sections.review).toMatchObject({ state: 'locked', reason: 'Score below 50\u00a0% on the check in “Cell membranes” to open this, or your teacher can open it for you.' });
    for (const id of ['membranes', 'review', 'extension', 'closing']) expect(sections[id]).not.toHaveProperty('downloadUrl');
    const owner = await modules.get(teacher, MODULE_ID);
    expect(owner.sections.every((each) => each.state === undefined && each.downloadUrl !== undefined)).toBe(true);
  });

  it('refuses an attempt and a completion on a locked section with what unlocks it, storing nothing', async () => {
    await expect(checks.submit(student, MODULE_ID, 'membranes', attempt(ALL_RIGHT))).rejects.toEqual(refused('conflict', 'Complete “Introduction” to open this, or your teacher can open it for you.'));
    await expect(complete('closing')).rejects.toEqual(refused('conflict', 'Pass the check in “Cell membranes” or score below 50\u00a0% on it to open this, or your teacher can open it for you.'));
    await expect(complete('review')).rejects.toEqual(refused('conflict', /^Score below 50\u00a0% on the check in “Cell membranes” to open this/));
    expect(ports.attempts.all()).toEqual([]);
    expect(ports.progress.all()).toEqual([]);
  });

  it('after a low score: the review opens at once with why, blocks the next core section until done, and counts in progress', async () => {
    await complete('intro');
    await checks.submit(student, MODULE_ID, 'membranes', attempt(ONE_RIGHT));
    const sections = await read();
    expect(sections.review).toMatchObject({ state: 'open', reason: 'Because you scored 33\u00a0% on “Cell membranes”, review this first.', downloadUrl: expect.any(String) });
    expect(sections.closing).toMatchObject({ state: 'locked', reason: 'Complete “Membranes again” to open this, or your teacher can open it for you.' });
    await expect(complete('closing')).rejects.toEqual(refused('conflict', 'Complete “Membranes again” to open this, or your teacher can open it for you.'));

    const [own] = (await progress.studentClassProgress(student, CLASS_ID, student.userId)).modules;
    expect(own).toMatchObject({ completed: 1, total: 4, percentage: 25, nextSectionId: 'membranes' });
    const [row] = await reports.classReport(teacher, CLASS_ID);
    expect(row.modules[0]).toMatchObject({ completed: 1, total: 4, percentage: 25, branch: 'review' });
    const drillDown = await reports.moduleReport(teacher, CLASS_ID, MODULE_ID);
    expect(drillDown.rows[0]).toMatchObject({ studentId: student.userId, branch: 'review' });
    // Closed sections are told apart in the drill-down: the extension still locked, the closing one behind the review.
    expect(drillDown.rows[0].closed).toEqual({ extension: 'locked', closing: 'locked' });

    await complete('review');
    await expect(complete('closing')).resolves.toMatchObject({ completedSections: ['intro', 'review', 'closing'] });
    // The bell: 3 done of their 4 required sections (the check not passed yet).
    expect([...ports.progress.activity.values()]).toEqual([expect.objectContaining({ sectionTotal: 4 })]);
  });

  it('after a high score: the review is skipped (not behind), the extension released, and the count is their own', async () => {
    await complete('intro');
    await checks.submit(student, MODULE_ID, 'membranes', attempt(ALL_RIGHT));
    const sections = await read();
    expect(sections.review).toMatchObject({ state: 'skipped', reason: 'Because you scored 100\u00a0% on “Cell membranes”, you can skip this.' });
    expect(sections.extension).toMatchObject({ state: 'open', reason: 'Because you scored 100\u00a0% on “Cell membranes”, this extension is open to you.' });
    expect(sections.membranes).toMatchObject({ state: 'complete' });
    await expect(complete('review')).rejects.toEqual(refused('conflict', /you can skip this/));

    const [own] = (await progress.studentClassProgress(student, CLASS_ID, student.userId)).modules;
    expect(own).toMatchObject({ completed: 2, total: 4, percentage: 50, nextSectionId: 'extension', branch: 'extension' });
    // The teacher's bell words the pass "2 of 4": their path, the extension in, the review out.
    expect([...ports.progress.activity.values()]).toEqual([expect.objectContaining({ sectionTotal: 4 })]);
    const page = await reports.classReportPage(teacher, CLASS_ID, {});
    expect(page.rows[0].modules[0]).toMatchObject({ completed: 2, total: 4, percentage: 50 });
  });

  it('a module without rules reads as before: every section open, core, counted', async () => {
    givenSchool(ports, { module: { sections: [section('section-1', 1), section('section-2', 2)] } });
    const module = await modules.get(student, MODULE_ID, CLASS_ID);
    expect(module.sequential).toBe(false);
    expect(module.sections.map(({ role, state }) => ({ role, state }))).toEqual([
      { role: 'core', state: 'open' },
      { role: 'core', state: 'open' },
    ]);
    await progress.markComplete(student, { studentId: student.userId, moduleId: MODULE_ID, classId: CLASS_ID, sectionId: 'section-2' });
    const [own] = (await progress.studentClassProgress(student, CLASS_ID, student.userId)).modules;
    expect(own).toEqual(expect.objectContaining({ completed: 1, total: 2, percentage: 50, nextSectionId: 'section-1' }));
    expect(own).not.toHaveProperty('branch');
  });
});
