// The product's main journey end to end, as its people would live it: the app is served with its runtime config, a
// teacher uploads a file and builds a module, assigns it to the class, the student reads it (the file's bytes come
// back from storage through the signed link) and marks it complete, and the teacher's report shows it. Runs on a fresh
// local stack (`npm test`) and on any stack, deployed ones included (`npm run test:deployed`); it removes its module.
import { webConfigSchema } from '../../shared/web-config';
import { CLASS_ID, MEDIA, RUN_ID, startWorld, type World } from './support/world';

jest.setTimeout(120_000);

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(() => world?.stop());

it('serves the app and the config that points it at this stack', async () => {
  const page = await fetch(world.config.url);
  expect(page.status).toBe(200);
  expect(await page.text()).toMatch(/<div id="root">/);

  const config = webConfigSchema.parse(await (await fetch(new URL('/config.json', world.config.url))).json());
  expect(config).toMatchObject({ userPoolId: world.config.cognito.userPoolId, userPoolClientId: world.config.cognito.userPoolClientId });
});

it('a teacher builds and assigns a module, the student reads and completes it, the report shows it', async () => {
  const { teacher, student } = world;
  const bytes = new TextEncoder().encode(`%PDF-1.4\n% smoke ${RUN_ID}\n%%EOF\n`);
  const contentUrl = await world.upload(teacher, 'smoke.pdf', MEDIA.pdf, bytes);
  const created = await world.createModule(teacher, [{ title: 'Read this', contentUrl, originalFileName: 'smoke.pdf' }], `Smoke ${RUN_ID}`);
  try {
    await world.ok('assignModule', { as: teacher, params: { classId: CLASS_ID }, body: { moduleId: created._id } });

    const classes = await world.ok('listStudentClasses', { as: student, params: { userId: student.userId } });
    expect(classes).toContainEqual(expect.objectContaining({ _id: CLASS_ID, assignedModuleIds: expect.arrayContaining([created._id]) }));

    const module = await world.ok('getModule', { as: student, params: { id: created._id } });
    const [section] = module.sections;
    expect(section).toMatchObject({ title: 'Read this', contentType: 'PDF', downloadUrl: expect.any(String) });
    const file = await fetch(world.fileUrl(section.downloadUrl));
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);

    await world.ok('markComplete', {
      as: student,
      body: { studentId: student.userId, moduleId: created._id, classId: CLASS_ID, sectionId: section._id },
    });
    const progress = await world.ok('getProgress', { as: student, params: { studentId: student.userId, moduleId: created._id, classId: CLASS_ID } });
    expect(progress.completedSections).toEqual([section._id]);

    const report = await world.ok('getClassReport', { as: teacher, params: { classId: CLASS_ID } });
    expect(report).toContainEqual(
      expect.objectContaining({
        studentId: student.userId,
        modules: [expect.objectContaining({ moduleId: created._id, completed: 1, total: 1, percentage: 100 })],
      }),
    );
  } finally {
    await world.ok('deleteModule', { as: teacher, params: { id: created._id } });
  }
  const gone = await world.call('getModule', { as: student, params: { id: created._id } });
  expect(gone.status).toBe(404);
});
