/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SAVED_CONFIRMATION_MS } from '@shared/constants';
import type { Module } from '@shared/contract/modules';
import { ApiError } from '../../lib/api-client';
import { answer, HttpError, withFakeApi } from '../../testing/api-server';
import { FakeXhr } from '../../testing/fake-xhr';
import { moduleFixture } from '../../testing/fixtures';
import { renderPage } from '../../testing/test-utils';
import EditModulePage from './edit-module-page';
import { captureConsoleErrors } from '../../testing/console-errors';

withFakeApi();

const stored = moduleFixture({
  sections: [
    { _id: 's1', title: 'Intro', order: 1, role: 'core', contentType: 'PDF', contentUrl: 'protected/t/1-intro.pdf', originalFileName: 'intro.pdf' },
    { _id: 's2', title: 'Practice', order: 2, role: 'core', contentType: 'WORD', contentUrl: 'protected/t/2-practice.docx', originalFileName: 'practice.docx' },
  ],
});

const renderEdit = () => renderPage(<EditModulePage />, { path: '/teacher-modules/:moduleId/edit', url: '/teacher-modules/m1/edit' });

const consoleErrors = captureConsoleErrors();

let moduleReads: ReturnType<typeof answer<'getModule'>>;
let updates: ReturnType<typeof answer<'updateModule'>>;
let previews: ReturnType<typeof answer<'previewPathChanges'>>;
beforeEach(() => {
  previews = answer('previewPathChanges', { students: 3, changed: 2 });
  FakeXhr.install();
  moduleReads = answer('getModule', stored);
  answer('listModules', [stored]);
  updates = answer('updateModule', stored);
  answer('completeUpload', ({ body }) => ({ contentUrl: body.contentUrl }));
});
afterEach(() => jest.useRealTimers());

describe('Save All Changes', () => {
  it('reads Saving... while busy, Saved! for the confirmation time, then goes to the module', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    let finishSave: (module: Module) => void = () => undefined;
    updates = answer('updateModule', () => new Promise((resolve) => (finishSave = resolve)));
    const { router } = renderEdit();

    const title = await screen.findByLabelText('Module Title');
    await user.clear(title);
    await user.type(title, 'Fractions, part 1');
    await user.click(screen.getByRole('button', { name: 'Remove section Intro' }));
    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));

    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0].params.id).toBe('m1');
    expect(updates[0].body).toEqual({
      title: 'Fractions, part 1',
      description: 'Halves and quarters.',
      updatedAt: stored.updatedAt,
      sequential: false,
      sections: [{ _id: 's2', title: 'Practice', order: 1, contentUrl: 'protected/t/2-practice.docx', originalFileName: 'practice.docx', role: 'core' }],
    });

    act(() => finishSave({ ...stored, title: 'Fractions, part 1', sections: [stored.sections[1]] }));
    expect(await screen.findByRole('button', { name: 'Saved!' })).toBeDisabled();

    act(() => jest.advanceTimersByTime(SAVED_CONFIRMATION_MS - 1));
    expect(screen.getByRole('button', { name: 'Saved!' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/teacher-modules/m1/edit');

    act(() => jest.advanceTimersByTime(1));
    expect(router.location.pathname).toBe('/teacher-modules/m1');
  });

  it('saves sections in the order the teacher arranged them, keeping their ids', async () => {
    const user = userEvent.setup();
    renderEdit();

    await user.click(await screen.findByRole('button', { name: 'Move section Practice up' }));
    expect(screen.getByRole('button', { name: 'Move section Practice up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move section Intro down' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));

    await waitFor(() => expect(updates).toHaveLength(1));
    const sent = updates[0].body;
    expect(sent.sections.map((section) => [section._id, section.order])).toEqual([
      ['s2', 1],
      ['s1', 2],
    ]);
  });

  it('sends a newly added section with its stored file and original name (the server derives the type)', async () => {
    const user = userEvent.setup();
    answer('createUpload', { contentUrl: 'protected/t/3-slides.pptx', uploadUrl: 'https://s3/put' });
    renderEdit();

    await user.type(await screen.findByLabelText('Section Title'), 'Slides');
    await user.upload(
      screen.getByLabelText('Upload File (PDF, PPT, or Word)'),
      new File(['pptx'], 'slides.pptx', { type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' }),
    );
    await user.click(screen.getByRole('button', { name: 'Add Section' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    FakeXhr.requests[0].respond(200);
    expect(await screen.findByRole('heading', { name: 'Sections (3)' })).toBeInTheDocument();
    expect(
      // The type icon's letter is decorative (aria-hidden); what is read is the type and the file name.
      screen.getByText((_, element) => Boolean(element?.matches('.draft-section-file') && element.textContent?.endsWith('PowerPoint · slides.pptx'))),
    ).toBeInTheDocument();

    await waitFor(() => expect(screen.getByRole('button', { name: 'Save All Changes' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    const sent = updates[0].body;
    expect(sent.sections[2]).toEqual({
      title: 'Slides',
      order: 3,
      contentUrl: 'protected/t/3-slides.pptx',
      originalFileName: 'slides.pptx',
      role: 'core',
    });
  });

  it('refuses an empty title next to the field, before sending anything', async () => {
    const user = userEvent.setup();
    renderEdit();

    await user.clear(await screen.findByLabelText('Module Title'));
    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the marked fields, then save again.');
    const title = screen.getByLabelText('Module Title');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(expect.stringContaining('Title is required.'));
    expect(updates).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Save All Changes' })).toBeEnabled();
  });

  it("shows a 400's field messages next to the fields they name, not the raw server text", async () => {
    consoleErrors.expect(/^Saving the module failed: ApiError: sections\.1\.title: Section title is not allowed\./);
    const user = userEvent.setup();
    answer(
      'updateModule',
      new HttpError(400, 'sections.1.title: Section title is not allowed.', { fields: { 'sections.1.title': 'Section title is not allowed.' } }),
    );
    const { router } = renderEdit();

    await user.click(await screen.findByRole('button', { name: 'Save All Changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the marked fields, then save again.');
    expect(screen.queryByText(/sections\.1\.title/)).not.toBeInTheDocument();
    const second = screen.getByLabelText('Section 2 title');
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(second).toHaveAccessibleDescription(expect.stringContaining('Section title is not allowed.'));
    expect(screen.getByRole('button', { name: 'Save All Changes' })).toBeEnabled();
    expect(router.location.pathname).toBe('/teacher-modules/m1/edit');
  });

  it('asks before saving a module with no sections, and saves only when confirmed', async () => {
    const user = userEvent.setup();
    updates = answer('updateModule', { ...stored, sections: [] });
    renderEdit();

    await user.click(await screen.findByRole('button', { name: 'Remove section Intro' }));
    await user.click(screen.getByRole('button', { name: 'Remove section Practice' }));
    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Students it is assigned to will see an empty module.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(updates).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));
    await user.click(screen.getByRole('button', { name: 'Save without sections' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({ params: { id: 'm1' }, body: { sections: [] } });
  });

  it('renames a section in place, keeping its id', async () => {
    const user = userEvent.setup();
    renderEdit();

    const first = await screen.findByLabelText('Section 1 title');
    await user.clear(first);
    await user.type(first, 'Introduction');
    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));

    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0].body.sections[0]).toMatchObject({ _id: 's1', title: 'Introduction' });
  });

  it.each([
    ['Keep completion', { _id: 's1' }],
    ['Reset completion', {}],
  ])('replaces a section file and, on "%s", sends the section with that id', async (choice, id) => {
    const user = userEvent.setup();
    answer('createUpload', { contentUrl: 'protected/t/4-intro-v2.pdf', uploadUrl: 'https://s3/put' });
    const { container } = renderEdit();

    await screen.findByRole('button', { name: 'Replace the file of section Intro' });
    const input = container.querySelector<HTMLInputElement>('.replace-file input[type=file]')!;
    await user.upload(input, new File(['%PDF-2'], 'intro-v2.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    FakeXhr.requests[0].respond(200);
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Reset their completion, since the content changed?');
    await user.click(screen.getByRole('button', { name: choice }));
    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));

    await waitFor(() => expect(updates).toHaveLength(1));
    const sent = updates[0].body.sections[0];
    expect(sent).toEqual({ ...id, title: 'Intro', order: 1, contentUrl: 'protected/t/4-intro-v2.pdf', originalFileName: 'intro-v2.pdf', role: 'core' });
  });

  it('refuses a replacement file that is not PDF, PowerPoint or Word, uploading nothing', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const uploadTickets = answer('createUpload', new HttpError(500, 'not answered by this test'));
    const { container } = renderEdit();
    await screen.findByRole('button', { name: 'Replace the file of section Intro' });
    await user.upload(container.querySelector<HTMLInputElement>('.replace-file input[type=file]')!, new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Only PDF, PowerPoint (.ppt, .pptx) and Word (.doc, .docx) files can be added.');
    expect(uploadTickets).toHaveLength(0);
  });

  it("says why a replacement file was refused (a renamed file whose content is not its type), not only that it failed", async () => {
    const reason = 'The file was refused: it is not a PDF file: its content is a zip archive. Upload the file itself, as saved by the program that made it.';
    consoleErrors.expect(/^File upload of "intro-v2\.pdf" failed: ApiError: The file was refused/);
    const user = userEvent.setup();
    answer('createUpload', { contentUrl: 'protected/t/4-intro-v2.pdf', uploadUrl: 'https://s3/put' });
    answer('completeUpload', new HttpError(400, reason));
    const { container } = renderEdit();
    await screen.findByRole('button', { name: 'Replace the file of section Intro' });
    await user.upload(container.querySelector<HTMLInputElement>('.replace-file input[type=file]')!, new File(['PK\x03\x04'], 'intro-v2.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    FakeXhr.requests[0].respond(200);
    expect(await screen.findByText(`intro-v2.pdf was not uploaded. ${reason}`)).toBeInTheDocument();
    expect(screen.queryByText('File upload failed. Please try again.')).not.toBeInTheDocument();
  });

  it('keeps unsaved changes across a reload and offers to discard them', async () => {
    const user = userEvent.setup();
    const first = renderEdit();
    await user.type(await screen.findByLabelText('Module Title'), ' (draft)');
    first.unmount();

    renderEdit();
    expect(await screen.findByLabelText('Module Title')).toHaveValue('Fractions (draft)');
    expect(screen.getByText(/Your unsaved changes to this module were restored/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard them' }));
    expect(screen.getByLabelText('Module Title')).toHaveValue('Fractions');
  });

  it('tells the user to reload after a concurrent edit (409)', async () => {
    consoleErrors.expect(/^Saving the module failed: ApiError: This module was changed/);
    const user = userEvent.setup();
    answer('updateModule', new HttpError(409, 'This module was changed by someone else.'));
    renderEdit();

    await user.click(await screen.findByRole('button', { name: 'Save All Changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This module was changed by someone else. Reload the page to get the latest version');
    expect(screen.getByRole('button', { name: 'Reload now' })).toBeInTheDocument();
  });
});

describe('background refreshes while the form is open', () => {
  it('sends the version the form started from, not a newer one a background refetch brought', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderEdit();
    await screen.findByRole('heading', { name: 'Sections (2)' });

    // Another tab saved meanwhile: a refetch swaps in its version (and its sections) under the open form.
    const newer = moduleFixture({ updatedAt: '2026-01-02T00:00:00.000Z', sections: [stored.sections[0]] });
    const newerReads = answer('getModule', newer);
    await act(() => queryClient.refetchQueries());
    expect([moduleReads.length, newerReads.length]).toEqual([1, 1]);
    expect(screen.getByRole('heading', { name: 'Sections (2)' })).toBeInTheDocument(); // the form was not reset

    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    // The server can then refuse the stale edit (409) instead of silently dropping the other tab's changes.
    expect(updates[0].body.updatedAt).toBe(stored.updatedAt);
  });

  it('keeps the form and its changes when a background refresh of the module fails', async () => {
    consoleErrors.expect(/^Loading the module for editing failed: ApiError: boom/);
    const user = userEvent.setup();
    const { queryClient } = renderEdit();
    await user.type(await screen.findByLabelText('Module Title'), ' (draft)');

    const failedReads = answer('getModule', new HttpError(500, 'boom'));
    await act(() => queryClient.refetchQueries());
    // The page has rendered with the failed refresh once it has logged it.
    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Loading the module for editing failed:', expect.any(ApiError)));

    expect([moduleReads.length, failedReads.length]).toEqual([1, 1]);
    expect(screen.getByLabelText('Module Title')).toHaveValue('Fractions (draft)');
    expect(screen.queryByText('Failed to load module.')).not.toBeInTheDocument();
  });
});

describe('loading', () => {
  it('says Module not found. for a 404', async () => {
    consoleErrors.expect(/^Loading the module for editing failed: ApiError: Not found/);
    answer('getModule', new HttpError(404, 'Not found'));
    renderEdit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Module not found.');
  });

  it('says Failed to load module. for any other failure', async () => {
    consoleErrors.expect(/^Loading the module for editing failed: ApiError: boom/);
    answer('getModule', new HttpError(500, 'boom'));
    renderEdit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load module.');
  });
});

describe('path rules', () => {
  it('sends the order mode and each section’s role in the PUT body, with a hint of what the role does', async () => {
    const user = userEvent.setup();
    renderEdit();

    const order = await screen.findByRole('group', { name: 'Order' });
    expect(screen.getByRole('radio', { name: /Any order/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /In order — a section locks until the previous required one is complete/ }));
    expect(order).toBeInTheDocument();

    const role = screen.getByRole('combobox', { name: 'Section 2 role' });
    expect(role).toHaveValue('core');
    await user.selectOptions(role, 'Review');
    expect(role).toHaveAccessibleDescription('Opens only for students a check’s score band sends back to review.');
    // Before saving, the server says how many students' paths the new rules change.
    expect(await screen.findByText('Saving changes the path of 2 students of 3. Completed work stays complete.')).toBeInTheDocument();
    expect(previews.at(-1)!.body).toEqual({ sequential: true, sections: [{ _id: 's1', role: 'core' }, { _id: 's2', role: 'review' }] });

    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0].body.sequential).toBe(true);
    expect(updates[0].body.sections.map(({ _id, role: sent }) => [_id, sent])).toEqual([
      ['s1', 'core'],
      ['s2', 'review'],
    ]);
  });

  it('starts from the module’s stored order mode and roles', async () => {
    answer('getModule', { ...stored, sequential: true, sections: [stored.sections[0], { ...stored.sections[1], role: 'extension' }] });
    renderEdit();
    expect(await screen.findByRole('radio', { name: /In order/ })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Section 2 role' })).toHaveValue('extension');
    expect(screen.getByRole('combobox', { name: 'Section 1 role' })).toHaveValue('core');
  });
});
