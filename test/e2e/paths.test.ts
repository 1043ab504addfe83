// Personalised paths (issue 24) in a real browser, the done-when: a teacher sets "in order" mode and section
// roles in the edit screen and score bands on a check in the check editor, and assigns the module with a due date;
// student A scores 40 % and gets the review section, student B scores 90 % and skips it to the extension; A cannot
// open the next core section until the review is done (the API refuses it too); the teacher nudges, overrides one lock
// for B, and the report shows both students' branches. Every page is checked at 1280 and 375 px. The tests run in
// order and share what they build.
import { routes } from '../../shared/contract';
import { open, signInAs } from './support/app';
import { useBrowser } from './support/browser';
import { apiAs, createClass, createModuleThroughApi, newUser, uniqueTag, type TestClass, type TestUser } from './support/stack';

const session = useBrowser();
jest.setTimeout(240_000);

const tag = uniqueTag();
const MODULE_TITLE = `Membranes ${tag}`;
const QUESTIONS = Array.from({ length: 10 }, (_, index) => ({ id: `q${index + 1}`, kind: 'truefalse', prompt: `Statement ${index + 1} is true.`, answer: true }));
/** `right` of the 10 statements answered true (right), the others false. */
const answers = (right: number) => Object.fromEntries(QUESTIONS.map((question, index) => [question.id, index < right]));

let teacher: TestUser;
let ann: TestUser;
let ben: TestUser;
let schoolClass: TestClass;
let moduleId: string;
let ids: Record<string, string>;

beforeAll(async () => {
  teacher = await newUser('Teachers');
  ann = await newUser('Students', { name: 'ann' });
  ben = await newUser('Students', { name: 'ben' });
  schoolClass = await createClass(teacher, `Year 9 Biology ${tag}`, [ann, ben]);
  moduleId = await createModuleThroughApi(teacher, MODULE_TITLE, ['Intro', 'Cell membranes', 'Membranes again', 'Ion channels', 'Summary']);
  const module = await (await apiAs(teacher))(routes.getModule, { params: { id: moduleId } });
  ids = Object.fromEntries((module.sections as { _id: string; title: string }[]).map((section) => [section.title, section._id]));
  // The check's questions are the checks feature's (its own browser test); this test sets its bands in the editor.
  await (await apiAs(teacher))(routes.putCheck, { params: { id: moduleId, sectionId: ids['Cell membranes'] }, body: { passMark: 70, questions: QUESTIONS } });
});

it('a teacher sets "in order" mode and section roles, then score bands on the check', async () => {
  const { page, checkPage } = session();
  await signInAs(page, teacher);
  await open(page, `/teacher-modules/${moduleId}/edit`);
  await page.getByRole('radio', { name: /In order/ }).check();
  await page.getByLabel('Section 3 role').selectOption('review');
  await page.getByLabel('Section 4 role').selectOption('extension');
  // Checked before saving: no band releases the new review and extension sections yet.
  const stuck = page.getByRole('region', { name: 'Where a student could get stuck' }).getByRole('list', { name: 'Path problems' });
  await stuck.getByText('No score band releases the review section “Membranes again”', { exact: false }).waitFor();
  await stuck.getByText('No score band releases the extension section “Ion channels”', { exact: false }).waitFor();
  await checkPage(page, 'paths-rules');
  await page.getByRole('button', { name: 'Save All Changes' }).click();
  await page.getByRole('heading', { level: 1, name: MODULE_TITLE }).waitFor();

  await open(page, `/teacher-modules/${moduleId}/edit`);
  await page.getByRole('button', { name: /^Check \(\d+ questions\) of section Cell membranes$/ }).click();
  const editor = page.getByRole('region', { name: 'Check: Cell membranes' });
  for (const _band of [1, 2, 3]) await editor.getByRole('button', { name: 'Add band' }).click();
  const band = (number: number) => editor.getByRole('group', { name: `Band ${number}`, exact: true });
  await band(1).getByLabel('Band 1 to (%)').fill('50');
  await band(1).getByRole('checkbox', { name: 'Membranes again' }).check();
  await band(2).getByLabel('Band 2 from (%)').fill('50');
  await band(2).getByLabel('Band 2 to (%)').fill('80');
  await band(3).getByLabel('Band 3 from (%)').fill('80');
  await band(3).getByLabel('Band 3 to (%)').fill('100');
  await band(3).getByRole('checkbox', { name: 'Ion channels' }).check();
  await editor.getByText('Scores 0–49 %: opens Review: Membranes again.').waitFor();
  await checkPage(page, 'paths-bands');
  await editor.getByRole('button', { name: /Save check/ }).click();
  await editor.getByText('Check saved.').waitFor();
  const saved = await (await apiAs(teacher))(routes.getCheck, { params: { id: moduleId, sectionId: ids['Cell membranes'] } });
  expect(saved.bands).toEqual([
    { min: 0, max: 50, release: [ids['Membranes again']] },
    { min: 50, max: 80, release: [] },
    { min: 80, max: 100, release: [ids['Ion channels']] },
  ]);
});

it('the teacher assigns it with a due date', async () => {
  const { page } = session();
  await signInAs(page, teacher);
  await open(page, `/teacher-classes/${schoolClass.classId}`);
  await page.getByLabel('Module', { exact: true }).selectOption({ label: MODULE_TITLE });
  await page.getByLabel('Due date (optional)').fill('2026-01-09T17:00');
  await page.getByLabel('Keep this date that has passed').check();
  await page.getByRole('button', { name: 'Assign Module' }).click();
  await page.getByText(`${MODULE_TITLE} was assigned to this class.`).waitFor();
});

it('student A scores 40 % and gets the review section; the next core section stays locked, in the browser and the API', async () => {
  const asAnn = await apiAs(ann);
  const mark = (sectionId: string) => asAnn(routes.markComplete, { body: { studentId: ann.userId, classId: schoolClass.classId, moduleId, sectionId } });
  await mark(ids.Intro);
  await asAnn(routes.submitAttempt, { params: { id: moduleId, sectionId: ids['Cell membranes'] }, body: { attemptId: crypto.randomUUID(), classId: schoolClass.classId, answers: answers(4) } });

  const { page, checkPage } = session();
  await signInAs(page, ann);
  await open(page, `/student/class/${schoolClass.classId}/module/${moduleId}`);
  const item = (title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^\\d\\. ${title}`) }) });
  await item('Membranes again').getByText('Because you scored 40 % on “Cell membranes”, review this first.').waitFor();
  await item('Summary').getByText('Complete “Membranes again” to open this, or your teacher can open it for you.').waitFor();
  expect(await item('Summary').getByRole('button', { name: 'Mark as Complete' }).count()).toBe(0);
  await checkPage(page, 'paths-student-review');

  await expect(mark(ids.Summary)).rejects.toThrow(/answered 409: .*Complete “Membranes again” to open this/);
  await item('Membranes again').getByRole('button', { name: 'Mark as Complete' }).click();
  await item('Summary').getByRole('button', { name: 'Mark as Complete' }).waitFor();
});

it('student B scores 90 % and skips the review to the extension', async () => {
  const asBen = await apiAs(ben);
  await asBen(routes.markComplete, { body: { studentId: ben.userId, classId: schoolClass.classId, moduleId, sectionId: ids.Intro } });
  await asBen(routes.submitAttempt, { params: { id: moduleId, sectionId: ids['Cell membranes'] }, body: { attemptId: crypto.randomUUID(), classId: schoolClass.classId, answers: answers(9) } });

  const { page, checkPage } = session();
  await signInAs(page, ben);
  await open(page, `/student/class/${schoolClass.classId}/module/${moduleId}`);
  const item = (title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^\\d\\. ${title}`) }) });
  await item('Membranes again').getByText('Because you scored 90 % on “Cell membranes”, you can skip this.').waitFor();
  await item('Ion channels').getByText('Because you scored 90 % on “Cell membranes”, this extension is open to you.').waitFor();
  await item('Summary').getByText('Complete “Ion channels” to open this, or your teacher can open it for you.').waitFor();
  await checkPage(page, 'paths-student-extension');
});

it("the teacher nudges an overdue student, opens B's locked section with a reason, and the report shows both branches", async () => {
  const { page, checkPage } = session();
  await signInAs(page, teacher);
  await open(page, `/analytics/${schoolClass.classId}`);
  const table = page.getByRole('table', { name: /Progress of each student/ });
  await table.getByRole('row').filter({ hasText: ann.email }).getByText('review', { exact: true }).waitFor();
  await table.getByRole('row').filter({ hasText: ben.email }).getByText('extension', { exact: true }).waitFor();
  await checkPage(page, 'paths-report-branches');

  await page.getByLabel('Show').selectOption({ label: 'Overdue' });
  const overdue = page.getByRole('region', { name: /^Overdue work/ });
  await overdue.getByRole('button', { name: `Nudge ${ben.email} about ${MODULE_TITLE}` }).click();
  await overdue.getByText('Reminder sent').waitFor();
  await page.getByLabel('Show').selectOption({ label: 'All students' });

  await table.getByRole('button', { name: ben.email }).click();
  const dialog = page.getByRole('dialog', { name: `${ben.email}: progress in ${schoolClass.className}` });
  await dialog.getByText(`No overrides: ${ben.email} follows the module rules.`).waitFor();
  await dialog.getByLabel('Section').selectOption({ label: 'Summary' });
  await dialog.getByLabel('Reason').fill('Covered ion channels in class');
  await dialog.getByRole('button', { name: 'Save override' }).click();
  await dialog.getByText('Override saved.').waitFor();
  await dialog.getByText(/^Opened/).waitFor();
  await checkPage(page, 'paths-override');

  // The class's list of every override, read when opened.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByText('Path overrides in this class').click();
  await page.getByRole('listitem').filter({ hasText: `${ben.email}: Opened ${MODULE_TITLE} › Summary: Covered ion channels in class` }).waitFor();
  await checkPage(page, 'paths-class-overrides');

  const bell = await (await apiAs(ben))(routes.getNotifications, {});
  expect(bell.items).toContainEqual(expect.objectContaining({ kind: 'nudge', moduleTitle: MODULE_TITLE }));
  const benModule = await (await apiAs(ben))(routes.getModule, { params: { id: moduleId } });
  expect((benModule.sections as { _id: string; state: string; reason?: string }[]).find((section) => section._id === ids.Summary)).toMatchObject({
    state: 'open',
    reason: 'Your teacher opened this for you: Covered ion channels in class',
  });
});
