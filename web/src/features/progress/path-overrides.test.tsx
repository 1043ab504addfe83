/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// The student drill-down's path overrides on the report page: the list, adding one with a reason, removing one, and
// the report read again afterwards (its cells follow the student's path); and the class's list of every override.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassReportRow } from '@shared/contract/reports';
import type { ClassOverrides, StudentOverrides } from '@shared/contract/paths';
import { answer, HttpError } from '../../testing/api-server';
import { renderClassReport, withClassReportPage } from '../../testing/class-report-page';
import { moduleFixture } from '../../testing/fixtures';
import { expectCellNames } from '../../testing/report-cells';

const klass = withClassReportPage([{ _id: 'm1', title: 'Fractions', description: '' }]);
const row: ClassReportRow = {
  studentId: 'st1',
  studentName: 'Sam',
  lastActivityAt: null,
  modules: [{ moduleId: 'm1', moduleTitle: 'Fractions', percentage: 0, completed: 0, total: 2, completedAt: {} }],
};
const fractions = moduleFixture({
  sections: [
    { _id: 's1', title: 'Halves', order: 1, role: 'core', contentType: 'PDF', contentUrl: 'protected/t/1-halves.pdf', originalFileName: 'halves.pdf' },
    { _id: 's2', title: 'Halves again', order: 2, role: 'review', contentType: 'PDF', contentUrl: 'protected/t/2-again.pdf', originalFileName: 'again.pdf' },
  ],
});
const none: StudentOverrides = { classId: 'c1', studentId: 'st1', overrides: [] };

beforeEach(() => {
  answer('listModules', [fractions]);
  answer('getStudentReading', { classId: 'c1', studentId: 'st1', modules: [] });
});

async function openSam() {
  const user = userEvent.setup();
  renderClassReport();
  await user.click(await screen.findByRole('button', { name: 'Sam' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Sam: progress in Year 7 Maths' }) };
}

it('lists no override at first, then saves one with its reason and reads the report again', async () => {
  const reports = answer('getClassReport', { rows: [row], studentCount: 1 });
  answer('listPathOverrides', none);
  const added: StudentOverrides = {
    ...none,
    overrides: [{ moduleId: 'm1', moduleTitle: 'Fractions', kind: 'release', sectionId: 's2', sectionTitle: 'Halves again', reason: 'Asked for more practice', at: '2026-03-02T10:00:00.000Z', teacherName: 'Ms Rivera' }],
  };
  const sent = answer('addPathOverride', added);
  const { user, dialog } = await openSam();
  expect(await within(dialog).findByText('No overrides: Sam follows the module rules.')).toBeInTheDocument();

  await user.selectOptions(within(dialog).getByLabelText('Section'), 's2');
  await user.click(within(dialog).getByRole('button', { name: 'Save override' }));
  expect(within(dialog).getByText('Give a reason: the student sees it.')).toBeInTheDocument();
  expect(sent).toHaveLength(0);

  const readsBefore = reports.length;
  await user.type(within(dialog).getByLabelText('Reason'), 'Asked for more practice');
  await user.click(within(dialog).getByRole('button', { name: 'Save override' }));
  expect(await within(dialog).findByText('Override saved.')).toBeInTheDocument();
  expect(sent.map((request) => [request.params, request.body])).toEqual([
    [{ classId: 'c1', studentId: 'st1' }, { moduleId: 'm1', kind: 'release', sectionId: 's2', reason: 'Asked for more practice' }],
  ]);
  const listed = within(dialog).getByRole('listitem');
  expect(listed).toHaveTextContent('Opened Fractions › Halves again: Asked for more practice (Ms Rivera,');
  expect(reports.length).toBeGreaterThan(readsBefore);
});

it('removes an override: sends which one, lists what the server answers and reads the report again', async () => {
  const reports = answer('getClassReport', { rows: [row], studentCount: 1 });
  const release = { moduleId: 'm1', moduleTitle: 'Fractions', kind: 'release', sectionId: 's2', sectionTitle: 'Halves again', reason: 'More practice', at: '2026-03-02T10:00:00.000Z', teacherName: 'Ms Rivera' } as const;
  const unlock = { moduleId: 'm1', moduleTitle: 'Fractions', kind: 'unlock', reason: 'Ready', at: '2026-03-01T10:00:00.000Z', teacherName: 'Ms Rivera' } as const;
  answer('listPathOverrides', { ...none, overrides: [release, unlock] });
  const removals = answer('removePathOverride', { ...none, overrides: [unlock] });
  const { user, dialog } = await openSam();

  const readsBefore = reports.length;
  await user.click(await within(dialog).findByRole('button', { name: 'Remove override: Opened Fractions › Halves again' }));
  expect(await within(dialog).findByText('Override removed.')).toBeInTheDocument();
  expect(removals.map((request) => [request.params, request.query.get('sectionId')])).toEqual([[{ classId: 'c1', studentId: 'st1', moduleId: 'm1', kind: 'release' }, 's2']]);
  expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('Unlocked Fractions: Ready')]);
  expect(reports.length).toBeGreaterThan(readsBefore);

  // An unlock names no section.
  await user.click(within(dialog).getByRole('button', { name: 'Remove override: Unlocked Fractions' }));
  await waitFor(() => expect(removals).toHaveLength(2));
  expect(removals[1]!.query.has('sectionId')).toBe(false);
});

it('unlocks a module naming no section, and shows the server’s refusal', async () => {
  answer('getClassReport', { rows: [row], studentCount: 1 });
  answer('listPathOverrides', none);
  const sent = answer('addPathOverride', new HttpError(404, 'This student is not enrolled in this class.'));
  const { user, dialog } = await openSam();
  await within(dialog).findByText(/No overrides/);
  await user.selectOptions(within(dialog).getByLabelText('Change'), 'unlock');
  expect(within(dialog).queryByLabelText('Section')).not.toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('Reason'), 'Ready for it');
  await user.click(within(dialog).getByRole('button', { name: 'Save override' }));
  expect(await within(dialog).findByText('This student is not enrolled in this class.')).toBeInTheDocument();
  expect(sent[0]!.body).toEqual({ moduleId: 'm1', kind: 'unlock', reason: 'Ready for it' });
});

it('gives more attempts at a check: says what will change before saving, sends how many, lists the total granted', async () => {
  answer('getClassReport', { rows: [row], studentCount: 1 });
  answer('listPathOverrides', none);
  const granted: StudentOverrides = {
    ...none,
    overrides: [{ moduleId: 'm1', moduleTitle: 'Fractions', kind: 'attempts', sectionId: 's1', sectionTitle: 'Halves', extra: 2, reason: 'Was ill', at: '2026-03-02T10:00:00.000Z', teacherName: 'Ms Rivera' }],
  };
  const sent = answer('addPathOverride', granted);
  const { user, dialog } = await openSam();
  await within(dialog).findByText(/No overrides/);
  expect(within(dialog).getByText(/“Halves” opens for Sam now, whatever the rules. Nothing else closes/)).toBeInTheDocument();
  await user.selectOptions(within(dialog).getByLabelText('Change'), 'attempts');
  await user.selectOptions(within(dialog).getByLabelText('How many more attempts'), '2');
  expect(within(dialog).getByText('Sam gets 2 more attempts at the check in “Halves” (added to any given before). Nothing else changes.')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('Reason'), 'Was ill');
  await user.click(within(dialog).getByRole('button', { name: 'Save override' }));
  expect(await within(dialog).findByText('Override saved.')).toBeInTheDocument();
  expect(sent[0]!.body).toEqual({ moduleId: 'm1', kind: 'attempts', sectionId: 's1', extra: 2, reason: 'Was ill' });
  expect(within(dialog).getByRole('listitem')).toHaveTextContent('More attempts at Fractions › Halves (2 more attempts): Was ill');
});

it("lists every override of the class once its list is opened (not before), and reads it again after a change in a student's drill-down", async () => {
  answer('getClassReport', { rows: [row], studentCount: 1 });
  const everyOverride: ClassOverrides = {
    classId: 'c1',
    overrides: [
      { studentId: 'st1', studentName: 'Sam', moduleId: 'm1', moduleTitle: 'Fractions', kind: 'excuse', sectionId: 's2', sectionTitle: 'Halves again', reason: 'Away that week', at: '2026-03-02T10:00:00.000Z', teacherName: 'Ms Rivera' },
      { studentId: 'st2', studentName: 'Ali', moduleId: 'm1', moduleTitle: 'Fractions', kind: 'unlock', reason: 'Ready early', at: '2026-03-01T10:00:00.000Z', teacherName: 'Ms Rivera' },
    ],
  };
  const classReads = answer('listClassOverrides', everyOverride);
  answer('listPathOverrides', none);
  answer('addPathOverride', { ...none, overrides: [everyOverride.overrides[0]!] });
  const { user, dialog } = await openSam();
  expect(classReads).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));

  await user.click(screen.getByText('Path overrides in this class'));
  const list = await screen.findByText(/^Ali:/);
  expect(classReads.map((request) => request.params)).toEqual([{ classId: 'c1' }]);
  expect(list.closest('ul')!.textContent).toMatch(/^Sam: Excused Fractions › Halves again: Away that week \(Ms Rivera, .*\)Ali: Unlocked Fractions: Ready early \(Ms Rivera, .*\)$/);

  await user.click(screen.getByRole('button', { name: 'Sam' }));
  const again = screen.getByRole('dialog', { name: 'Sam: progress in Year 7 Maths' });
  await user.type(within(again).getByLabelText('Reason'), 'Away that week');
  await user.click(within(again).getByRole('button', { name: 'Save override' }));
  await waitFor(() => expect(classReads).toHaveLength(2));
});

it("shows who is on which branch in a module's drill-down", async () => {
  answer('getClassReport', { rows: [row], studentCount: 1 });
  answer('getModuleReport', {
    moduleId: 'm1',
    moduleTitle: 'Fractions',
    sections: [{ _id: 's1', title: 'Halves' }],
    rows: [
      { studentId: 'st1', studentName: 'Sam', completedAt: {}, branch: 'review' },
      { studentId: 'st2', studentName: 'Ali', completedAt: {}, branch: 'extension' },
      { studentId: 'st3', studentName: 'Bo', completedAt: {}, branch: 'review' },
    ],
  });
  const user = userEvent.setup();
  renderClassReport();
  await user.click(await screen.findByRole('button', { name: 'Fractions' }));
  const branches = within(await screen.findByRole('region', { name: 'Branches of Fractions' }));
  expect(branches.getAllByRole('term').map((term) => term.textContent)).toEqual(['Review (2)', 'Core (0)', 'Extension (1)']);
  expect(branches.getAllByRole('definition').map((names) => names.textContent)).toEqual(['Sam, Bo', '—', 'Ali']);
});

it("tells locked, skipped and excused sections apart from ones not done in a module's drill-down", async () => {
  answer('getClassReport', { rows: [row], studentCount: 1 });
  answer('getModuleReport', {
    moduleId: 'm1',
    moduleTitle: 'Fractions',
    sections: ['Halves', 'Thirds', 'Quarters', 'Fifths', 'Sixths'].map((title, index) => ({ _id: `s${index + 1}`, title })),
    rows: [{ studentId: 'st1', studentName: 'Sam', completedAt: { s1: null }, closed: { s2: 'excused', s3: 'skipped', s4: 'locked' } }],
  });
  const user = userEvent.setup();
  renderClassReport();
  await user.click(await screen.findByRole('button', { name: 'Fractions' }));
  const sections = within(await screen.findByRole('region', { name: 'Sections of Fractions' }));
  expect(sections.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['✓ Done (date not recorded)', '– Excused', '– Skipped', '🔒 Locked', '○ Not done']);
});

it("shows each student's branch beside their cell in the report", async () => {
  answer('getClassReport', { rows: [{ ...row, modules: [{ ...row.modules[0]!, branch: 'review' }] }], studentCount: 1 });
  renderClassReport();
  const table = await screen.findByRole('table', { name: /Progress of each student/ });
  expectCellNames(within(table).getAllByRole('row')[1]!, ['Never', 'Not started 0% (0/2) review']);
});

it('marks a cell the class prerequisite keeps shut, naming the module the student must complete first', async () => {
  const waiting = { ...row.modules[0]!, moduleId: 'm2', moduleTitle: 'Decimals', waitsFor: { moduleId: 'm1', moduleTitle: 'Fractions' } };
  answer('getClassReport', { rows: [{ ...row, modules: [row.modules[0]!, waiting] }], studentCount: 1 });
  answer('getClass', { ...klass, assignedModuleIds: [...klass.assignedModuleIds, { _id: 'm2', title: 'Decimals', description: '' }] });
  renderClassReport();
  const table = await screen.findByRole('table', { name: /Progress of each student/ });
  expectCellNames(within(table).getAllByRole('row')[1]!, ['Never', 'Not started 0% (0/2)', 'Not started 0% (0/2) Locked: needs Fractions']);
});
