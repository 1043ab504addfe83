// Pacing (issue 24) in the browser: a teacher assigns a module with a due date typed in the school's time zone (one
// already past) and another due later; the student's syllabus orders them by due date and marks the late one Overdue,
// as does their dashboard; the teacher can change a due date; the teacher's report filters Overdue and nudges the student, whose bell words the reminder (the module was due).
// Checked with axe and for sideways scrolling at 1280 and 375 px.
import { routes } from '../../shared/contract';
import { open, signInAs } from './support/app';
import { useBrowser } from './support/browser';
import { apiAs, createClass, createModuleThroughApi, newUser, uniqueTag, type TestClass, type TestUser } from './support/stack';

const session = useBrowser();
let teacher: TestUser;
let student: TestUser;
let schoolClass: TestClass;

beforeAll(async () => {
  teacher = await newUser('Teachers');
  student = await newUser('Students', { name: 'pat' });
  schoolClass = await createClass(teacher, `Year 8 Biology ${uniqueTag()}`, [student]);
  await createModuleThroughApi(teacher, 'Plants', ['Leaves', 'Roots']);
  const later = await createModuleThroughApi(teacher, 'Animals', ['Mammals']);
  await (await apiAs(teacher))(routes.assignModule, { params: { classId: schoolClass.classId }, body: { moduleId: later, dueAt: '2099-03-01T17:00:00Z' } });
});

it("a teacher assigns a module due at a time in the school's zone, named beside the input", async () => {
  const { page, checkPage } = session();
  await signInAs(page, teacher);
  await open(page, `/teacher-classes/${schoolClass.classId}`);
  await page.getByRole('heading', { level: 1, name: schoolClass.className }).waitFor();
  await page.getByLabel('Module', { exact: true }).selectOption({ label: 'Plants' });
  const due = page.getByLabel('Due date (optional)');
  await due.fill('2026-01-09T17:00');
  await page.getByText('School time: Europe/London (GMT+0)').waitFor();
  // The date has passed (the module is to be overdue): the form asks first, and assigns once the teacher confirms.
  await page.getByRole('button', { name: 'Assign Module' }).click();
  await page.getByRole('alert').getByText('Choose a later date, or tick “Keep this date that has passed”.').waitFor();
  await page.getByLabel('Keep this date that has passed').check();
  await checkPage(page, 'pacing-assign-form');
  await page.getByRole('button', { name: 'Assign Module' }).click();
  await page.getByText('Plants was assigned to this class.').waitFor();
  const assigned = page.getByRole('region', { name: /Assigned Modules/ });
  // In the reader's own zone (the machine's), named.
  await assigned.getByText(/^Due \w{3} \d+ Jan, \d\d:\d\d \(GMT[^)]*\)$/).waitFor();

  // Its due date can be changed later, in the school's time again.
  await assigned.getByRole('button', { name: 'Due date of Plants' }).click();
  const dialog = page.getByRole('dialog', { name: 'Due date of Plants' });
  expect(await dialog.getByLabel('Due date (optional)').inputValue()).toBe('2026-01-09T17:00');
  await checkPage(page, 'pacing-due-date-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

it('the student sees the late module first on the syllabus and the dashboard, marked Overdue', async () => {
  const { page, checkPage } = session();
  await signInAs(page, student);
  const dashboardCard = page.getByRole('list', { name: `Due dates in ${schoolClass.className}` });
  await dashboardCard.getByText('Overdue').waitFor();
  expect((await dashboardCard.getByRole('listitem').allTextContents())[0]).toMatch(/^Plants Due \w{3} \d+ Jan, \d\d:\d\d \(GMT[^)]*\)Overdue$/);
  await checkPage(page, 'pacing-student-dashboard');

  await open(page, `/student/class/${schoolClass.classId}`);
  const syllabus = page.getByRole('region', { name: 'Syllabus' });
  await syllabus.getByText('Overdue').waitFor();
  expect(await syllabus.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Plants', 'Animals']);
  await checkPage(page, 'pacing-syllabus');
});

it('the teacher filters Overdue and nudges the student, whose bell then words the reminder', async () => {
  const { page, checkPage } = session();
  await signInAs(page, teacher);
  await open(page, `/analytics/${schoolClass.classId}`);
  await page.getByRole('table', { name: /Progress of each student/ }).waitFor();
  await page.getByLabel('Show').selectOption({ label: 'Overdue' });
  const overdue = page.getByRole('region', { name: 'Overdue work (1)' });
  await overdue.getByRole('button', { name: `Nudge ${student.email} about Plants` }).click();
  await overdue.getByText('Reminder sent').waitFor();
  await checkPage(page, 'pacing-report-overdue');

  const bell = await (await apiAs(student))(routes.getNotifications, {});
  expect(bell.items).toContainEqual(expect.objectContaining({ kind: 'nudge', moduleTitle: 'Plants', teacherName: teacher.email }));
});

it("the student's bell says who reminded them of what, and when it was due (the due date has passed)", async () => {
  const { page } = session();
  await signInAs(page, student);
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await page.getByRole('list', { name: 'Recent activity' }).getByText(new RegExp(`^${teacher.email} reminded you: Plants was due \\w{3} \\d+ Jan, \\d\\d:\\d\\d \\(GMT[^)]*\\)$`))
    .waitFor();
});
