// "Download my data" in a real browser, through the local stack: a student opens their profile, asks for their data,
// and saves the zip the link gives, which holds their account and their class. The profile with the link is checked
// at 1280 and 375 px.
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { open, signInAs } from './support/app';
import { useBrowser, waitForLoaded } from './support/browser';
import { createClass, newUser } from './support/stack';

const session = useBrowser();

it('a student downloads their data from the profile: a zip with their account and class', async () => {
  const { page, checkPage } = session();
  const teacher = await newUser('Teachers');
  const student = await newUser('Students');
  const schoolClass = await createClass(teacher, 'Biology 7A', [student]);

  await signInAs(page, student);
  await open(page, '/profile');
  const section = page.getByRole('region', { name: 'Your data' });
  await section.getByRole('button', { name: 'Download my data' }).click();
  const link = section.getByRole('link', { name: /^Save data-export-\d{4}-\d\d-\d\d\.zip$/ });
  await link.waitFor();
  await waitForLoaded(page);
  await checkPage(page, 'profile-data-download');

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^data-export-\d{4}-\d\d-\d\d\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(JSON.parse(strFromU8(files['profile.json']!)).person.email).toBe(student.email);
  expect(strFromU8(files['classes.csv']!)).toContain(`student,${schoolClass.classId},Biology 7A`);
});
