// The class report's download through the local stack: it answers the class report's figures from the report rows,
// which the writes of a student's progress (a completion, its undo) and a teacher's override keep counting changes on
// in their own transactions; a row kept is read again as it is, and a change makes its cell computed again. The
// rows' store keeps cells only on the conditions that make that safe.
import type { ClassDownload, ClassReportRow } from '../../shared/contract/reports';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { localTableContext } from '@local/table-stores';
import { reportRowChange } from '../../functions/src/reports/adapters/report-row-change';
import { makeReportRowRepository } from '../../functions/src/reports/adapters/report-row-repository';
import { CLASS_ID, MEDIA, pdfBytes, startWorld, type World } from './support/world';

jest.setTimeout(120_000);

let world: World;
let moduleId: string;
let sectionIds: string[];

beforeAll(async () => {
  world = await startWorld();
  const file = await world.upload(world.teacher, 'cells.pdf', MEDIA.pdf, pdfBytes('cells'));
  const cells = await world.createModule(world.teacher, [{ title: 'One', contentUrl: file }, { title: 'Two', contentUrl: file }], 'Cells');
  moduleId = cells._id;
  sectionIds = cells.sections.map((section: { _id: string }) => section._id);
  await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId } });
});

afterAll(() => world?.stop());

const download = async () => (await world.ok('getClassDownload', { as: world.teacher, params: { classId: CLASS_ID } })) as ClassDownload;
const studentCell = async () => {
  const answer = await download();
  if (!answer.ready) throw new Error('not ready');
  return answer.rows.find((row) => row.studentId === world.student.userId)!.cells[0];
};
const reportCell = async () => {
  const rows = (await world.ok('getClassReport', { as: world.teacher, params: { classId: CLASS_ID } })) as ClassReportRow[];
  const { percentage, completed, total } = rows.find((row) => row.studentId === world.student.userId)!.modules[0]!;
  return [percentage, completed, total];
};
const mark = (sectionId: string, completed = true) =>
  world.ok('markComplete', { as: world.student, body: { studentId: world.student.userId, moduleId, classId: CLASS_ID, sectionId, completed } });
const rowItem = async () => (await world.scanTable()).find((item) => String(item.sk).startsWith('REPORT_ROW#') && item.studentId === world.student.userId);

test('answers the report’s figures, kept in the student’s row, and follows completions, undos and overrides', async () => {
  expect(await studentCell()).toEqual([0, 0, 2]);
  const kept = await rowItem();
  expect(kept).toMatchObject({ entity: 'ReportRow', classId: CLASS_ID, [`cell#${moduleId}`]: expect.any(String) });

  await mark(sectionIds[0]!);
  expect(await rowItem()).toMatchObject({ [`changes#${moduleId}`]: 1 });
  expect(await studentCell()).toEqual([50, 1, 2]);
  expect(await studentCell()).toEqual(await reportCell());

  await mark(sectionIds[0]!, false);
  expect(await studentCell()).toEqual([0, 0, 2]);

  const overrides = { classId: CLASS_ID, studentId: world.student.userId };
  await world.ok('addPathOverride', { as: world.teacher, params: overrides, body: { moduleId, kind: 'excuse', sectionId: sectionIds[1], reason: 'Was ill' } }, 201);
  expect(await rowItem()).toMatchObject({ [`changes#${moduleId}`]: 3 });
  expect(await studentCell()).toEqual([0, 0, 1]);
  expect(await studentCell()).toEqual(await reportCell());

  await world.ok('removePathOverride', { as: world.teacher, params: { ...overrides, moduleId, kind: 'excuse' }, path: `/api/classes/${CLASS_ID}/students/${world.student.userId}/overrides/${moduleId}/excuse?sectionId=${sectionIds[1]}` }, 200);
  expect(await studentCell()).toEqual([0, 0, 2]);
});

test('a row keeps cells only while its change counts are those they were computed at, and only for an enrolled student', async () => {
  const context = localTableContext(world.config);
  const rows = makeReportRowRepository(context);
  const cell = (seen: number) => ({ seen, stamp: 'stamp', percentage: 50, completed: 1, total: 2, lastActivityAt: null });
  const keptCell = async (studentId: string) => (await rows.listReportRows(CLASS_ID)).find((row) => row.studentId === studentId)?.cells['race-module'];
  const studentId = world.otherStudent.userId;
  try {
    await world.ok('enrolStudents', { as: world.admin, params: { classId: CLASS_ID }, body: { studentIds: [studentId] } });
    // No write yet: a count of 0.
    await expect(rows.saveReportCells(CLASS_ID, studentId, { 'race-module': cell(0) })).resolves.toBe(true);
    // A write of the student's progress in the module counts a change: a cell computed before it is not kept.
    await context.client.send(new TransactWriteCommand({ TransactItems: [reportRowChange(context.tableName, { classId: CLASS_ID, moduleId: 'race-module', studentId })] }));
    await expect(rows.saveReportCells(CLASS_ID, studentId, { 'race-module': { ...cell(0), percentage: 0 } })).resolves.toBe(false);
    expect(await keptCell(studentId)).toMatchObject({ seen: 0, percentage: 50 });
    await expect(rows.saveReportCells(CLASS_ID, studentId, { 'race-module': { ...cell(1), percentage: 100 } })).resolves.toBe(true);
    expect(await keptCell(studentId)).toMatchObject({ seen: 1, percentage: 100 });
    // Not enrolled: nothing kept (an erase's sweep may already have taken the row).
    await expect(rows.saveReportCells(CLASS_ID, 'never-enrolled', { 'race-module': cell(0) })).resolves.toBe(false);
    expect(await keptCell('never-enrolled')).toBeUndefined();
  } finally {
    context.client.destroy();
  }
});

test('another teacher gets 404 and a student 403, and neither changes a row', async () => {
  const before = await world.scanTable();
  expect(await world.call('getClassDownload', { as: world.otherTeacher, params: { classId: CLASS_ID } })).toMatchObject({ status: 404 });
  expect(await world.call('getClassDownload', { as: world.student, params: { classId: CLASS_ID } })).toMatchObject({ status: 403 });
  const rows = (items: Record<string, unknown>[]) => items.filter((item) => String(item.sk).startsWith('REPORT_ROW#'));
  expect(rows(await world.scanTable())).toEqual(rows(before));
});
