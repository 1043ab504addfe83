import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readableTextMessages } from '@shared/readable-text';
import { renderPage } from '../../testing/test-utils';
import CreateModulePage from './create-module-page';
import { loadStoredDraft } from './utils/module-draft';

const renderStep1 = () => renderPage(<CreateModulePage />, { path: '/create-module', url: '/create-module' });

it('refuses missing details with the alert and a message next to each field', async () => {
  const user = userEvent.setup();
  const { router } = renderStep1();

  await user.click(screen.getByRole('button', { name: 'Next: Add Sections' }));

  expect(screen.getByRole('alert')).toHaveTextContent('Please fill out both the title and description.');
  expect(screen.getByLabelText('Module Title')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByLabelText('Module Title')).toHaveAccessibleDescription(expect.stringContaining('Title is required.'));
  expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(expect.stringContaining('Description is required.'));
  expect(router.location.pathname).toBe('/create-module');
});

it('refuses a title over 200 characters at step 1, with a counter, before anything is uploaded', async () => {
  const user = userEvent.setup();
  const { router } = renderStep1();
  const title = screen.getByLabelText('Module Title');
  await user.click(title);
  await user.paste('t'.repeat(250));
  await user.type(screen.getByLabelText('Description'), 'Long');
  expect(title).toHaveAccessibleDescription(expect.stringContaining('250/200 characters'));

  await user.click(screen.getByRole('button', { name: 'Next: Add Sections' }));

  expect(title).toHaveAttribute('aria-invalid', 'true');
  expect(title).toHaveAccessibleDescription(expect.stringContaining('Title must be at most 200 characters.'));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(router.location.pathname).toBe('/create-module');

  // The message follows the fix as it is typed.
  await user.clear(title);
  await user.type(title, 'Cells');
  expect(title).not.toHaveAttribute('aria-invalid');
});

it('refuses a title hiding text behind a direction control and a description that shows nothing, next to each field', async () => {
  const user = userEvent.setup();
  const { router } = renderStep1();
  await user.type(screen.getByLabelText('Module Title'), 'Cells\u202Efdp.exe');
  await user.type(screen.getByLabelText('Description'), '\u2800\u2800\u2800');
  await user.click(screen.getByRole('button', { name: 'Next: Add Sections' }));

  expect(screen.getByLabelText('Module Title')).toHaveAccessibleDescription(expect.stringContaining(readableTextMessages('Title').direction));
  expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(expect.stringContaining(readableTextMessages('Description', { multiline: true }).invisible));
  expect(router.location.pathname).toBe('/create-module');
});

it('hands a draft with a fresh id to step 2 and keeps it across a reload of step 1', async () => {
  const user = userEvent.setup();
  const first = renderStep1();
  await user.type(screen.getByLabelText('Module Title'), 'Cells');
  first.unmount();

  const { router } = renderStep1();
  expect(screen.getByLabelText('Module Title')).toHaveValue('Cells');
  await user.type(screen.getByLabelText('Description'), 'What living things are made of');
  await user.click(screen.getByRole('button', { name: 'Next: Add Sections' }));

  await waitFor(() => expect(router.location.pathname).toBe('/add-sections'));
  expect(loadStoredDraft()).toEqual({
    draftId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    title: 'Cells',
    description: 'What living things are made of',
    sections: [],
  });
});

it('says a stored draft was restored and can start a new module instead', async () => {
  const user = userEvent.setup();
  const first = renderStep1();
  await user.type(screen.getByLabelText('Module Title'), 'Forces');
  first.unmount();

  renderStep1();
  expect(screen.getByRole('status')).toHaveTextContent('Your unsaved module draft was restored.');
  await user.click(screen.getByRole('button', { name: 'Start a new module instead' }));
  expect(screen.getByLabelText('Module Title')).toHaveValue('');
  expect(screen.queryByText(/was restored/)).not.toBeInTheDocument();
});
