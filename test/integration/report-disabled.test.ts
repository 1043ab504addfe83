// The class report marks a disabled student, through the local stack: the admin disables a student of the class, and
// the report (the whole one and a page) says so from the people index, read beside the page's progress; enabled
// again, the mark goes.
import type { ClassReportPage, ClassReportRow } from '../../shared/contract/reports';
import { CLASS_ID, MEDIA, pdfBytes, startWorld, type World } from './support/world';

jest.setTimeout(120_000);

let world: World;

beforeAll(async () => {
  world = await startWorld();
  const file = await world.upload(world.teacher, 'cells.pdf', MEDIA.pdf, pdfBytes('cells'));
  const cells = await world.createModule(world.teacher, [{ title: 'Reading', contentUrl: file }], 'Cells');
  await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: cells._id } });
});

afterAll(() => world?.stop());

const studentRows = async () => {
  const whole = (await world.ok('getClassReport', { as: world.teacher, params: { classId: CLASS_ID } })) as ClassReportRow[];
  const page = (await world.ok('getClassReport', { as: world.teacher, params: { classId: CLASS_ID }, path: `/api/progress/class/${CLASS_ID}?limit=100` })) as ClassReportPage;
  return [whole, page.rows].map((rows) => rows.find((row) => row.studentId === world.student.userId));
};

test('a disabled student is marked in the report until enabled again', async () => {
  for (const row of await studentRows()) expect(row).not.toHaveProperty('disabled');
  await world.ok('disablePerson', { as: world.admin, params: { userId: world.student.userId } });
  for (const row of await studentRows()) expect(row).toMatchObject({ disabled: true });
  await world.ok('enablePerson', { as: world.admin, params: { userId: world.student.userId } });
  for (const row of await studentRows()) expect(row).not.toHaveProperty('disabled');
});
