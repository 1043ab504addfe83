/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Module } from '@shared/contract/modules';
import { answer, HttpError, withFakeApi } from '../../testing/api-server';
import { FakeXhr } from '../../testing/fake-xhr';
import { renderPage } from '../../testing/test-utils';
import AddSectionsPage from './add-sections-page';
import CreateModulePage from './create-module-page';
import { captureConsoleErrors } from '../../testing/console-errors';
import { loadStoredDraft, storeDraft, type ModuleDraft } from './utils/module-draft';

withFakeApi();

const DRAFT_ID = '0b7d6c1e-2f3a-4b5c-9d8e-7f6a5b4c3d2e';
const draft = { draftId: DRAFT_ID, title: 'Fractions', description: 'Halves, thirds and quarters.', sections: [] };
const pdf = () => new File(['%PDF-1.7'], 'fractions.pdf', { type: 'application/pdf' });

/** Step 2 opened with `stored` as the tab's draft (none: null), as step 1 leaves it. */
function renderAddSections(stored: ModuleDraft | null = draft) {
  if (stored) storeDraft(stored);
  return renderPage(<AddSectionsPage />, { path: '/add-sections', url: '/add-sections' });
}

const finishButton = () => screen.getByRole('button', { name: /Finish & Save Module|Saving/ });

async function addSection(user: ReturnType<typeof userEvent.setup>, title: string, file: File) {
  await user.type(screen.getByLabelText('Section Title'), title);
  await user.upload(screen.getByLabelText('Upload File (PDF, PPT, or Word)'), file);
  await user.click(screen.getByRole('button', { name: 'Add Section' }));
}

const consoleErrors = captureConsoleErrors();

let uploadTickets: ReturnType<typeof answer<'createUpload'>>;
let creations: ReturnType<typeof answer<'createModule'>>;
beforeEach(() => {
  FakeXhr.install();
  uploadTickets = answer('createUpload', { contentUrl: 'protected/t1/1-fractions.pdf', uploadUrl: 'https://s3/put' });
  answer('completeUpload', ({ body }) => ({ contentUrl: body.contentUrl }));
  answer('listModules', []);
  creations = answer('createModule', ({ body }) => ({ ...draft, _id: body._id!, sections: [], sequential: false, createdAt: '', updatedAt: '' }));
});

const savedModules = () => creations.map(({ body }) => body);
/** The module saved from the draft titled `title` with the one section the tests add. */
const draftWithIntro = (title: string) => ({
  _id: DRAFT_ID,
  title,
  description: 'Halves, thirds and quarters.',
  sequential: false,
  sections: [{ title: 'Intro', order: 1, contentType: 'PDF', contentUrl: 'protected/t1/1-fractions.pdf', originalFileName: 'fractions.pdf', role: 'core' }],
});

it('sends the user back to step 1 when the title and description did not come along', async () => {
  const { router } = renderAddSections(null);
  await waitFor(() => expect(router.location.pathname).toBe('/create-module'));
});

it('keeps Finish & Save Module disabled while there are no sections', async () => {
  renderAddSections();
  expect(screen.getByRole('heading', { level: 1, name: 'Add Content' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Added Sections (0)' })).toBeInTheDocument();
  expect(finishButton()).toBeDisabled();
});

it('refuses a section without a title or without a file, naming what is missing', async () => {
  const user = userEvent.setup({ applyAccept: false });
  renderAddSections();

  await user.click(screen.getByRole('button', { name: 'Add Section' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Please provide a section title and select a file.');

  await user.type(screen.getByLabelText('Section Title'), 'Intro');
  // A file of a refused kind is not kept: the alert asks for a file, not for the title already there.
  await user.upload(screen.getByLabelText('Upload File (PDF, PPT, or Word)'), new File(['PK'], 'notes.zip', { type: 'application/zip' }));
  await user.click(screen.getByRole('button', { name: 'Add Section' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Please select a file for this section.');
  expect(screen.getByRole('alert')).not.toHaveTextContent('section title');

  await user.clear(screen.getByLabelText('Section Title'));
  await user.upload(screen.getByLabelText('Upload File (PDF, PPT, or Word)'), pdf());
  await user.click(screen.getByRole('button', { name: 'Add Section' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Please provide a section title.');
  expect(uploadTickets).toHaveLength(0);
  expect(screen.getByLabelText('Section Title')).toBeRequired();
  expect(screen.getByLabelText('Upload File (PDF, PPT, or Word)')).toBeRequired();
});

it('uploads the file when the section is added, lists it, and saves the module then goes to the dashboard', async () => {
  const user = userEvent.setup();
  let finishSave: (value: Module) => void = () => undefined;
  creations = answer('createModule', () => new Promise((resolve) => (finishSave = resolve)));
  const { router } = renderAddSections();

  await addSection(user, 'Intro', pdf());
  expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  expect(finishButton()).toBeDisabled(); // not while a file is still going up
  const progress = screen.getByRole('progressbar');
  const put = await FakeXhr.sent();
  act(() => put.progress(4));
  await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '50'));
  expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument(); // single upload
  act(() => put.respond(200));

  const list = await screen.findByRole('heading', { name: 'Added Sections (1)' });
  const section = within(list.closest('section')!).getByRole('listitem');
  expect(within(section).getByLabelText('Section 1 title')).toHaveValue('Intro');
  expect(section).toHaveTextContent('Content Uploaded');
  expect(screen.getByLabelText('Section Title')).toHaveValue('');

  await waitFor(() => expect(finishButton()).toBeEnabled());
  await user.click(finishButton());
  expect(finishButton()).toBeDisabled();
  expect(finishButton()).toHaveTextContent('Saving...');
  await waitFor(() => expect(savedModules()).toEqual([draftWithIntro('Fractions')]));

  act(() => finishSave({ _id: 'm1', ...draft, sections: [], sequential: false, createdAt: '', updatedAt: '' }));
  await waitFor(() => expect(router.location.pathname).toBe('/teacher-dashboard'));
});

it('shows the save failure and lets the user try again', async () => {
  consoleErrors.expect(/^Saving the module failed: ApiError: boom/);
  const user = userEvent.setup();
  answer('createModule', new HttpError(500, 'boom'));
  renderAddSections();
  await addSection(user, 'Intro', pdf());
  (await FakeXhr.sent()).respond(200);
  await screen.findByRole('heading', { name: 'Added Sections (1)' });

  await user.click(finishButton());
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save the complete module. Please try again.');
  expect(finishButton()).toBeEnabled();
});

it('shows both upload failure texts and adds no section', async () => {
  consoleErrors.expect(/^File upload of "fractions\.pdf" failed: StorageRefusalError/);
  const user = userEvent.setup();
  renderAddSections();
  await addSection(user, 'Intro', pdf());
  (await FakeXhr.sent()).respond(500);

  expect(await screen.findByText('File upload failed. Please try again.')).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('File upload failed. Please check the console for details.');
  expect(screen.getByRole('heading', { name: 'Added Sections (0)' })).toBeInTheDocument();
  expect(screen.getByLabelText('Section Title')).toHaveValue('Intro'); // kept for another try
});

it("shows the server's reason when the uploaded file's content is not its type, and adds no section", async () => {
  const reason = 'The file was refused: it is not a Word file: its content is a zip archive. Upload the file itself, as saved by the program that made it.';
  consoleErrors.expect(/^File upload of "notes\.docx" failed: ApiError: The file was refused/);
  answer('createUpload', { contentUrl: 'protected/t1/1-notes.docx', uploadUrl: 'https://s3/put' });
  answer('completeUpload', new HttpError(400, reason));
  const user = userEvent.setup();
  renderAddSections();
  await addSection(user, 'Notes', new File(['PK\x03\x04'], 'notes.docx'));
  (await FakeXhr.sent()).respond(200);

  expect(await screen.findByRole('alert')).toHaveTextContent(reason);
  expect(screen.getByRole('heading', { name: 'Added Sections (0)' })).toBeInTheDocument();
  expect(screen.getByLabelText('Section Title')).toHaveValue('Notes');
});

it('offers Pause, Resume and Cancel for a multipart file', async () => {
  const user = userEvent.setup();
  answer('createUpload', {
    contentUrl: 'protected/t1/2-big.pptx',
    uploadId: 'u1',
    partSize: 2,
    parts: [1, 2, 3].map((partNumber) => ({ partNumber, uploadUrl: `https://s3/part-${partNumber}` })),
  });
  const aborts = answer('abortUpload', undefined);
  renderAddSections();
  await addSection(user, 'Slides', new File(['abcdef'], 'big.pptx'));

  await user.click(await screen.findByRole('button', { name: 'Pause' }));
  expect(FakeXhr.requests.every((request) => request.aborted)).toBe(true);
  expect(screen.getByText(/Paused big\.pptx/)).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Resume' }));
  expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(aborts.map(({ body }) => body)).toEqual([{ contentUrl: 'protected/t1/2-big.pptx', uploadId: 'u1' }]));
  expect(await screen.findByText('Upload of big.pptx canceled.')).toBeInTheDocument();
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add Section' })).toBeEnabled();
});

it('keeps the added sections through Edit details and back', async () => {
  const user = userEvent.setup();
  storeDraft(draft);
  const { router } = renderPage(<AddSectionsPage />, {
    path: '/add-sections',
    url: '/add-sections',
    also: { '/create-module': <CreateModulePage /> },
  });
  await addSection(user, 'Intro', pdf());
  (await FakeXhr.sent()).respond(200);
  await screen.findByRole('heading', { name: 'Added Sections (1)' });

  await user.click(screen.getByRole('link', { name: 'Edit details' }));
  expect(router.location.pathname).toBe('/create-module');
  const title = screen.getByLabelText('Module Title');
  expect(title).toHaveValue('Fractions');
  await user.type(title, ' 1');
  await user.click(screen.getByRole('button', { name: 'Next: Add Sections' }));

  expect(router.location.pathname).toBe('/add-sections');
  const list = screen.getByRole('heading', { name: 'Added Sections (1)' });
  expect(within(list.closest('section')!).getByLabelText('Section 1 title')).toHaveValue('Intro');
  expect(screen.getByText('Fractions 1')).toBeInTheDocument();

  await user.click(finishButton());
  await waitFor(() => expect(savedModules()).toEqual([draftWithIntro('Fractions 1')]));
});

it('stores each added section with the draft at once, without navigating', async () => {
  const user = userEvent.setup();
  const { router } = renderAddSections();
  const entry = router.location.key;
  await addSection(user, 'Intro', pdf());
  (await FakeXhr.sent()).respond(200);
  await screen.findByRole('heading', { name: 'Added Sections (1)' });

  expect(loadStoredDraft()).toEqual({
    ...draft,
    sequential: false,
    sections: [expect.objectContaining({ title: 'Intro', contentType: 'PDF', contentUrl: 'protected/t1/1-fractions.pdf' })],
  });
  // The same history entry: adding a section no longer replaces it.
  expect(router.location.key).toBe(entry);
});

async function addedSection(user: ReturnType<typeof userEvent.setup>) {
  await addSection(user, 'Intro', pdf());
  (await FakeXhr.sent()).respond(200);
  await screen.findByRole('heading', { name: 'Added Sections (1)' });
  await waitFor(() => expect(finishButton()).toBeEnabled());
}

it('sends one request for a double click on Finish & Save Module', async () => {
  const user = userEvent.setup();
  const { router } = renderAddSections();
  await addedSection(user);

  await user.dblClick(finishButton());

  await waitFor(() => expect(router.location.pathname).toBe('/teacher-dashboard'));
  expect(creations).toHaveLength(1);
});

it('after saving, Back to the draft says it is saved instead of offering to save a copy', async () => {
  const user = userEvent.setup();
  const first = renderAddSections();
  await addedSection(user);
  await user.click(finishButton());
  await waitFor(() => expect(first.router.location.pathname).toBe('/teacher-dashboard'));
  first.unmount();

  // The tab still holds the draft, marked saved, as Back finds it.
  renderAddSections(null);
  expect(screen.getByText(/This module has already been saved/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open the module' })).toHaveAttribute('href', `/teacher-modules/${DRAFT_ID}`);
  expect(screen.queryByRole('button', { name: 'Finish & Save Module' })).not.toBeInTheDocument();
});

it('keeps the draft with its sections in the tab storage, so a reload finds it', async () => {
  const user = userEvent.setup();
  const first = renderAddSections();
  await addedSection(user);
  first.unmount();

  renderAddSections(null);
  expect(screen.getByText('Fractions')).toBeInTheDocument();
  expect(screen.getByLabelText('Section 1 title')).toHaveValue('Intro');
});

it('refuses a file that is not PDF, PowerPoint or Word as soon as it is chosen, uploading nothing', async () => {
  const user = userEvent.setup({ applyAccept: false });
  renderAddSections();
  const input = screen.getByLabelText('Upload File (PDF, PPT, or Word)');
  expect(input).toHaveAttribute('accept', expect.stringContaining('.pptx'));

  await user.upload(input, new File(['x'], 'marks.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));

  // Cleared (a new, empty input) and marked, with the reason.
  const cleared = screen.getByLabelText('Upload File (PDF, PPT, or Word)');
  expect(cleared).toHaveAttribute('aria-invalid', 'true');
  expect(cleared).toHaveAccessibleDescription(expect.stringContaining('Only PDF, PowerPoint (.ppt, .pptx) and Word (.doc, .docx) files can be added.'));
  await user.type(screen.getByLabelText('Section Title'), 'Marks');
  await user.click(screen.getByRole('button', { name: 'Add Section' }));
  expect(uploadTickets).toHaveLength(0);
});

it('refuses a section title over the limit next to the field, before uploading', async () => {
  const user = userEvent.setup();
  renderAddSections();
  const title = screen.getByLabelText('Section Title');
  await user.click(title);
  await user.paste('x'.repeat(201));
  expect(title).toHaveAccessibleDescription(expect.stringContaining('201/200 characters'));
  await user.upload(screen.getByLabelText('Upload File (PDF, PPT, or Word)'), pdf());
  await user.click(screen.getByRole('button', { name: 'Add Section' }));

  expect(title).toHaveAttribute('aria-invalid', 'true');
  expect(title).toHaveAccessibleDescription(expect.stringContaining('Section title must be at most 200 characters.'));
  expect(uploadTickets).toHaveLength(0);
});

it('reorders and removes sections during creation, announcing each move', async () => {
  const user = userEvent.setup();
  const tickets = [
    { contentUrl: 'protected/t1/1-a.pdf', uploadUrl: 'https://s3/a' },
    { contentUrl: 'protected/t1/2-b.pdf', uploadUrl: 'https://s3/b' },
  ];
  answer('createUpload', () => tickets.shift()!);
  renderAddSections();
  await addSection(user, 'First', pdf());
  (await FakeXhr.sent(0)).respond(200);
  await screen.findByRole('heading', { name: 'Added Sections (1)' });
  await addSection(user, 'Second', pdf());
  (await FakeXhr.sent(1)).respond(200);
  await screen.findByRole('heading', { name: 'Added Sections (2)' });

  await user.click(screen.getByRole('button', { name: 'Move section Second up' }));
  expect(screen.getByLabelText('Section 1 title')).toHaveValue('Second');
  expect(screen.getByText('Moved "Second" to position 1 of 2.')).toBeInTheDocument();
  // First place disables its ↑: the focus stays on the moved section, on its ↓ (Enter moves it back down).
  expect(screen.getByRole('button', { name: 'Move section Second down' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(screen.getByLabelText('Section 2 title')).toHaveValue('Second');
  expect(screen.getByRole('button', { name: 'Move section Second up' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(screen.getByLabelText('Section 1 title')).toHaveValue('Second');
  await user.click(screen.getByRole('button', { name: 'Remove section First' }));
  expect(screen.getByRole('heading', { name: 'Added Sections (1)' })).toBeInTheDocument();
});

it('adds several files at once, one section each named from its file, refusing the wrong kind', async () => {
  const user = userEvent.setup({ applyAccept: false });
  const tickets = [
    { contentUrl: 'protected/t1/1-cell-division.pdf', uploadUrl: 'https://s3/a' },
    { contentUrl: 'protected/t1/2-mitosis-slides.pptx', uploadUrl: 'https://s3/b' },
  ];
  const ticketRequests = answer('createUpload', () => tickets.shift()!);
  renderAddSections();

  await user.upload(screen.getByLabelText('Or add several files at once'), [
    new File(['%PDF'], 'cell-division.pdf', { type: 'application/pdf' }),
    new File(['x'], 'marks.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    new File(['pptx'], 'mitosis_slides.pptx', { type: '' }),
  ]);

  expect(screen.getByRole('alert')).toHaveTextContent('Not added: marks.xlsx.');
  await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
  expect(screen.getByText('Adding file 1 of 2...')).toBeInTheDocument();
  FakeXhr.requests[0].respond(200);
  await waitFor(() => expect(FakeXhr.requests).toHaveLength(2));
  expect(finishButton()).toBeDisabled(); // still adding
  FakeXhr.requests[1].respond(200);

  await screen.findByRole('heading', { name: 'Added Sections (2)' });
  expect(screen.getByLabelText('Section 1 title')).toHaveValue('cell division');
  expect(screen.getByLabelText('Section 2 title')).toHaveValue('mitosis slides');
  expect(ticketRequests.at(-1)?.body).toEqual({
    fileName: 'mitosis_slides.pptx',
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    size: 4,
  });
});

it('creates the module with the order mode and the section roles chosen', async () => {
  const user = userEvent.setup();
  renderAddSections();
  await addedSection(user);
  await user.click(screen.getByRole('radio', { name: /In order/ }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Section 1 role' }), 'Optional');
  await user.click(finishButton());
  await waitFor(() => expect(savedModules()).toEqual([{ ...draftWithIntro('Fractions'), sequential: true, sections: [{ ...draftWithIntro('Fractions').sections[0], role: 'optional' }] }]));
});
