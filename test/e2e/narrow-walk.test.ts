// Issue 27's walk at 375 px: the reader (the seeded module's PDF, slides and Word sections), the class report and the
// admin pages show no text cut sideways or too small to read, and nothing makes a page scroll sideways
// (support/readability.ts). Each page is screenshotted into .artifacts/narrow-walk/ for people to look at. The
// report's module headings, cut to three lines on a phone, show their full title on focus.
import type { Page } from 'playwright-core';
import { routes } from '../../shared/contract';
import { createUser, DEMO_USERS } from '../integration/harness';
import { open, signInAs, submitLogin, submitTotpCode, waitForPath } from './support/app';
import { NARROW, useBrowser, waitForLoaded, WIDE } from './support/browser';
import { readabilityFindings } from './support/readability';
import { apiAs, createClass, createModuleThroughApi, newUser, stackConfig, uniqueTag, type TestUser } from './support/stack';

const session = useBrowser();
const CLASS_ID = 'demo-class-1';

const demoUser = (email: string): TestUser => {
  const user = DEMO_USERS.find((each) => each.email === email)!;
  return { userId: '', email: user.email, password: user.password, role: user.role };
};

/** Opens `path`, waits for its heading and what it loads, and answers what the readability check finds. */
async function walkTo(page: Page, path: string, name: string, heading: string | RegExp): Promise<string[]> {
  await open(page, path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await waitForLoaded(page);
  return readabilityFindings(page, name);
}

it('a student reads the seeded PDF, slides and Word sections at 375 px with nothing cut or too small', async () => {
  const student = demoUser('student2@example.com');
  const asStudent = await apiAs(student);
  const klass = await asStudent(routes.getClass, { params: { classId: CLASS_ID } });
  const [moduleRef] = klass.assignedModuleIds as { _id: string }[];
  const module = await asStudent(routes.getModule, { params: { id: moduleRef!._id } });
  const sectionTitled = (title: string) => (module.sections as { _id: string; title: string }[]).find((section) => section.title === title)!._id;

  const { page } = session();
  await page.setViewportSize(NARROW);
  await signInAs(page, student);
  const findings: string[] = [];
  const reader = (title: string) => `/student/class/${CLASS_ID}/module/${moduleRef!._id}/section/${sectionTitled(title)}`;

  await open(page, reader('Reading: cells'));
  await page.getByText('Page 1 of 2', { exact: true }).waitFor();
  findings.push(...(await readabilityFindings(page, 'reader-pdf')));
  // The in-file search box under Tools, with a search done: wide enough to read what was typed, nothing off the side.
  await page.getByRole('toolbar', { name: 'Page controls' }).getByRole('button', { name: 'Tools' }).click();
  const searchBox = page.getByRole('searchbox', { name: 'Search this file' });
  await searchBox.fill('mitochondria');
  await searchBox.press('Enter');
  await page.locator('.viewer-search-status').filter({ hasText: /\S/ }).waitFor();
  const box = (await searchBox.boundingBox())!;
  const searchRow = (await page.locator('.viewer-search').boundingBox())!;
  findings.push(
    ...(box.width < 200 ? [`reader-pdf-search: the search box is ${Math.round(box.width)} px wide`] : []),
    ...(searchRow.x + searchRow.width > NARROW.width ? ['reader-pdf-search: the search row runs off the screen'] : []),
    ...(await readabilityFindings(page, 'reader-pdf-search')),
  );
  await open(page, reader('Slides: photosynthesis'));
  await page.getByText(/^Slide 1 of \d+$/).waitFor();
  findings.push(...(await readabilityFindings(page, 'reader-slides')));
  await open(page, reader('Worksheet: label a cell'));
  await page.getByRole('heading', { level: 1, name: /Worksheet: label a cell/ }).waitFor();
  await page.locator('iframe.document-frame').waitFor();
  findings.push(...(await readabilityFindings(page, 'reader-word')));
  expect(findings).toEqual([]);
});

it("the class report at 375 px: nothing cut or too small, and a module's heading shows its full title on focus", async () => {
  const { page } = session();
  await page.setViewportSize(NARROW);
  await signInAs(page, demoUser('teacher@example.com'));
  const findings = await walkTo(page, `/analytics/${CLASS_ID}`, 'class-report', /^Student Progress Report: /);
  expect(findings).toEqual([]);
  // The table's caption wraps inside the part of the table on screen (the table itself scrolls sideways).
  const region = page.getByRole('region', { name: /^Progress of each student/ });
  const [captionBox, regionBox] = [await page.getByText(/^Progress of each student/).boundingBox(), await region.boundingBox()];
  expect(captionBox!.x + captionBox!.width).toBeLessThanOrEqual(regionBox!.x + regionBox!.width);

  const title = 'Cells: the building blocks of life';
  const heading = page.getByRole('columnheader', { name: title });
  const tip = heading.locator('.report-column-tip');
  expect(await tip.isVisible()).toBe(false);
  await heading.getByRole('button', { name: title }).focus();
  await tip.waitFor({ state: 'visible' });
  expect(await tip.textContent()).toBe(title);
  // The tip shows the whole title: nothing of it is cut, and all of it is inside the table's visible box.
  type Box = { scrollWidth: number; clientWidth: number; scrollHeight: number; clientHeight: number };
  expect(await tip.evaluate((box: Box) => box.scrollWidth <= box.clientWidth && box.scrollHeight <= box.clientHeight)).toBe(true);
  const [tipBox, tableBox] = [await tip.boundingBox(), await region.boundingBox()];
  expect(tipBox!.x).toBeGreaterThanOrEqual(tableBox!.x);
  expect(tipBox!.x + tipBox!.width).toBeLessThanOrEqual(tableBox!.x + tableBox!.width);
  await readabilityFindings(page, 'class-report-heading-focused');
});

it('the admin pages at 375 px: dashboard, people, classes, a class, its login slips and the audit trail', async () => {
  const admin = { email: `e2e-admin-${uniqueTag()}@example.com`, password: 'E2e-admin-pass-1' };
  const { totpSecret } = await createUser(stackConfig(), { ...admin, role: 'Admins', name: 'Walk Admin', secondFactor: true });
  const { page } = session();
  await page.setViewportSize(NARROW);
  await open(page, '/admin-login');
  await submitLogin(page, admin.email, admin.password);
  await submitTotpCode(page, totpSecret!);
  await waitForPath(page, '/admin-dashboard');

  const findings = [
    ...(await walkTo(page, '/admin-dashboard', 'admin-dashboard', /^Welcome back/)),
    ...(await walkTo(page, '/admin/people', 'admin-people', 'People')),
    ...(await walkTo(page, '/admin/classes', 'admin-classes', 'Classes')),
    ...(await walkTo(page, `/admin/classes/${CLASS_ID}`, 'admin-class', 'Year 9 Science')),
    // The class's report there: a module's full title shows only on focus, as in the teacher's report.
    ...((await page.locator('.report-column-tip').first().isVisible()) ? ["admin-class: a module's full-title tip shows unfocused"] : []),
    ...(await walkTo(page, `/admin/classes/${CLASS_ID}/login-slips`, 'admin-login-slips', /^Login slips/)),
    ...(await walkTo(page, '/admin/audit', 'admin-audit-trail', 'Audit Trail')),
  ];
  expect(findings).toEqual([]);
});

/** Each of `locator`'s elements that is not wholly in the window sideways, or cut inside its own box. */
async function cutOrOffScreen(page: Page, locator: ReturnType<Page['locator']>, name: string): Promise<string[]> {
  const width = page.viewportSize()!.width;
  type Box = { scrollWidth: number; clientWidth: number; textContent: string | null; getBoundingClientRect(): { left: number; right: number } };
  const boxes = await locator.evaluateAll((elements: Box[]) =>
    elements.map((element) => {
      const { left, right } = element.getBoundingClientRect();
      return { text: (element.textContent ?? '').trim().slice(0, 40), left, right, cut: element.scrollWidth > element.clientWidth + 1 };
    }),
  );
  return boxes.flatMap(({ text, left, right, cut }) => (left < 0 || right > width || cut ? [`${name}: "${text}" is cut or off the screen (${Math.round(left)}–${Math.round(right)} px)`] : []));
}

it('at 375 px a list\'s preview shows every line\'s errors, and a roster its students\' long e-mails, in sight and whole', async () => {
  const admin = { email: `e2e-admin-${uniqueTag()}@example.com`, password: 'E2e-admin-pass-1' };
  const { totpSecret } = await createUser(stackConfig(), { ...admin, role: 'Admins', name: 'Walk Admin', secondFactor: true });
  const teacher = await newUser('Teachers');
  const pupil = await newUser('Students', { name: 'a-pupil-with-a-very-long-name-for-the-roster' });
  const schoolClass = await createClass(teacher, `Roster walk ${uniqueTag()}`, [{ ...pupil, name: 'Pia Pupil' }]);
  const { page } = session();
  await page.setViewportSize(NARROW);
  await open(page, '/admin-login');
  await submitLogin(page, admin.email, admin.password);
  await submitTotpCode(page, totpSecret!);
  await waitForPath(page, '/admin-dashboard');

  await walkTo(page, '/admin/people', 'admin-people', 'People');
  await page.getByLabel('People to invite').fill('email,name,role,class\nnot-an-address,Nora Nobody,Students,Year 9 Science\nnew-walker@example.com,New Walker,Students,No Such Class Anywhere');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Invitation preview' });
  await preview.getByText('Error: e-mail').waitFor();
  const findings = [
    ...(await cutOrOffScreen(page, preview.locator('td'), 'bulk-preview')),
    ...(await readabilityFindings(page, 'bulk-preview')),
    ...(await walkTo(page, `/admin/classes/${schoolClass.classId}`, 'admin-class-long-email', schoolClass.className)),
  ];
  const roster = page.getByRole('region', { name: /^Students \(/ });
  await roster.getByText(pupil.email).waitFor();
  findings.push(...(await cutOrOffScreen(page, roster.locator('.person-label-email'), 'admin-class-roster')));
  expect(findings).toEqual([]);
});

it('the class report keeps "Locked: needs …" and each status in its cell, at 375 and at 1280 px', async () => {
  const teacher = await newUser('Teachers');
  const pupil = await newUser('Students');
  const schoolClass = await createClass(teacher, `Report walk ${uniqueTag()}`, [pupil]);
  const first = await createModuleThroughApi(teacher, 'Photosynthesis and respiration in green plants', ['Leaves']);
  const second = await createModuleThroughApi(teacher, 'Ecosystems', ['Food webs']);
  const asTeacher = await apiAs(teacher);
  for (const moduleId of [first, second]) await asTeacher(routes.assignModule, { params: { classId: schoolClass.classId }, body: { moduleId } });
  await asTeacher(routes.setModulePrerequisite, { params: { classId: schoolClass.classId, moduleId: second }, body: { prerequisiteModuleId: first } });

  const { page } = session();
  await signInAs(page, teacher);
  const findings: string[] = [];
  for (const [size, name] of [[NARROW, 'report-locked-375'], [WIDE, 'report-locked-1280']] as const) {
    await page.setViewportSize(size);
    findings.push(...(await walkTo(page, `/analytics/${schoolClass.classId}`, name, /^Student Progress Report: /)));
    await page.getByText(/^Locked: needs /).first().waitFor();
  }
  expect(findings).toEqual([]);
});

it('the readability check names text cut sideways, an ellipsis that hides the full text, tiny text, text running out of its cell and a sideways page', async () => {
  const { page } = session();
  await page.setViewportSize(NARROW);
  await open(page, '/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(await readabilityFindings(page, 'readability-check-landing')).toEqual([]);
  // The broken elements go in once React has hydrated the prerendered page (its carousel's controls come alive then):
  // markup added before would not match what React renders, and React would report it.
  await page.getByRole('button', { name: 'Next example' }).and(page.locator(':enabled')).waitFor();
  await page.evaluate(`(() => {
    const add = (className, css, text) => {
      const element = document.createElement('p');
      element.className = className;
      element.style.cssText = css;
      element.textContent = text;
      document.querySelector('main').append(element);
    };
    const long = 'Photosynthesis unit: light and dark reactions';
    add('cut', 'width: 80px; overflow: hidden; white-space: nowrap', long);
    add('ellipsis-untold', 'width: 80px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis', long);
    add('tiny', 'font-size: 10px', 'Small print');
    add('wide', 'width: 500px', 'Wide');
    const table = document.createElement('table');
    table.style.cssText = 'table-layout: fixed; width: 100px';
    const cell = table.insertRow().insertCell();
    cell.className = 'overrun';
    const words = document.createElement('span');
    words.style.cssText = 'white-space: nowrap';
    words.textContent = 'Locked: needs Photosynthesis';
    cell.append(words);
    document.querySelector('main').append(table);
  })()`);
  const findings = await readabilityFindings(page, 'readability-check-broken');
  expect(findings).toEqual([
    expect.stringMatching(/^readability-check-broken: the page is \d+ px wide in a 375 px window$/),
    expect.stringMatching(/p\.cut "Photosynthesis.*": text cut sideways \(\d+ px in 80 px, no ellipsis\)/),
    expect.stringMatching(/p\.ellipsis-untold .*ellipsis without the full text told/),
    'readability-check-broken: p.tiny "Small print": text of 10px',
    expect.stringMatching(/td\.overrun "Locked: needs Photosynthesis": text runs out of its cell \(\d+ px in \d+ px\)/),
  ]);
});
