/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OneRosterAnswer, OneRosterRunSummary } from '@shared/contract/rosters';
import { answer, HttpError, withFakeApi } from '../../testing/api-server';
import { FakeXhr } from '../../testing/fake-xhr';
import { ADMIN, renderPage } from '../../testing/test-utils';
import RostersSyncPage from './rosters-sync-page';

withFakeApi();

const KEY = 'protected/admin-1/u1/bulk.zip';
const none = { create: 0, update: 0, delete: 0, unchanged: 0 };
const PREVIEW: OneRosterAnswer = {
  counts: { users: { ...none, create: 5 }, classes: { ...none, create: 2 }, enrollments: { ...none, create: 7 } },
  errors: [{ file: 'users.csv', line: 4, message: 'The e-mail is missing.' }],
};
const RUN: OneRosterRunSummary = {
  runId: 'r1',
  at: '2026-11-28T02:00:00.000Z',
  by: 'OneRoster sync',
  source: 'bucket',
  mode: 'apply',
  counts: { users: { ...none, unchanged: 5 }, classes: { ...none, unchanged: 2 }, enrollments: { ...none, unchanged: 7 } },
  errors: [{ file: 'enrollments.csv', line: 9, message: 'Unknown class cls-9.' }],
  errorCount: 3,
};

beforeEach(() => {
  FakeXhr.install();
  answer('createUpload', { contentUrl: KEY, uploadUrl: 'https://s3/put' });
  answer('completeUpload', ({ body }) => ({ contentUrl: body.contentUrl }));
});

const open = () => renderPage(<RostersSyncPage />, { path: '/admin/rosters', url: '/admin/rosters', user: ADMIN });

async function uploadPackage(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(screen.getByLabelText('OneRoster package (.zip)'), new File(['PK'], 'bulk.zip', { type: 'application/zip' }));
  const put = await FakeXhr.sent();
  act(() => put.respond(200));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled());
}

const cells = (table: HTMLElement, record: string) =>
  within(within(table).getByRole('rowheader', { name: record }).closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

it('uploads the zip, previews its counts per record with the skipped rows by file and line, then applies with the administrators ticked', async () => {
  answer('listOneRosterRuns', { runs: [] });
  const runs = answer('importOneRoster', ({ body }) => (body.mode === 'preview' ? PREVIEW : { ...PREVIEW, errors: [] }));
  const user = userEvent.setup();
  open();
  expect(await screen.findByText('No package previewed or applied yet.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();

  await uploadPackage(user);
  await user.click(screen.getByRole('button', { name: 'Preview' }));

  const preview = await screen.findByRole('table', { name: 'What applying would change' });
  expect(screen.getByText('Preview: nothing has changed yet')).toBeInTheDocument();
  expect(cells(preview, 'users')).toEqual(['5', '0', '0', '0']);
  expect(cells(preview, 'enrollments')).toEqual(['7', '0', '0', '0']);
  expect(within(screen.getByRole('list', { name: 'Skipped rows' })).getByText('users.csv, line 4: The e-mail is missing.')).toBeInTheDocument();

  await user.click(screen.getByLabelText('Administrators become Admins'));
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(await screen.findByRole('table', { name: 'What was changed' })).toBeInTheDocument();
  expect(screen.getByText('No rows were skipped.')).toBeInTheDocument();
  expect(runs.map(({ body }) => body)).toEqual([
    { contentUrl: KEY, mode: 'preview' },
    { contentUrl: KEY, mode: 'apply', importAdministrators: true },
  ]);
});

it("shows the server's reason when the package is refused, and sends nothing before a file is uploaded", async () => {
  answer('listOneRosterRuns', { runs: [] });
  answer('importOneRoster', new HttpError(400, 'The package has no manifest.csv.'));
  const user = userEvent.setup();
  open();
  await uploadPackage(user);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(await screen.findByText('The package has no manifest.csv.')).toBeInTheDocument();
});

it('lists the runs with their counts, who ran them and the first of their errors', async () => {
  answer('listOneRosterRuns', { runs: [RUN] });
  open();
  const run = (await screen.findByRole('list', { name: 'Runs' })).querySelector('li')!;
  expect(within(run).getByText('Applied by the nightly sync')).toBeInTheDocument();
  expect(cells(within(run).getByRole('table'), 'classes')).toEqual(['0', '0', '0', '2']);
  expect(within(run).getByText('3 rows were skipped; the first 1:')).toBeInTheDocument();
  expect(within(run).getByText('enrollments.csv, line 9: Unknown class cls-9.')).toBeInTheDocument();
});
