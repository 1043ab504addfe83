import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { DOWNLOAD_URL_TTL_SECONDS } from '../../../../shared/constants';
import { api, ApiError } from '../../lib/api-client';
import { moduleFixture } from '../../testing/fixtures';
import { renderPage } from '../../testing/test-utils';
import { createQueryClient } from '../../app/query-client';
import ModuleDetailPage from './module-detail-page';
import ModuleLibraryPage from './module-library-page';
import { captureConsoleErrors } from '../../testing/console-errors';

jest.mock('../../lib/api-client', () =>
  jest.requireActual('../../testing/mock-api-client').mockApiClient('getModule', 'deleteModule', 'listModules'),
);
const mockedApi = jest.mocked(api);

const stored = moduleFixture({
  sections: [{ _id: 's1', title: 'Intro', order: 1, contentType: 'PDF', contentUrl: 'k', originalFileName: 'i.pdf', downloadUrl: 'https://s3/i' }],
});

const renderDetail = () =>
  renderPage(<ModuleDetailPage />, {
    path: '/teacher-modules/:moduleId',
    url: '/teacher-modules/m1',
    also: { '/teacher-modules': <ModuleLibraryPage /> },
  });

afterEach(() => {
  focusManager.setFocused(undefined);
  jest.useRealTimers();
});

const consoleErrors = captureConsoleErrors();

beforeEach(() => {
  jest.clearAllMocks();
  mockedApi.getModule.mockResolvedValue(stored);
  mockedApi.listModules.mockResolvedValue([]);
});

it('asks before deleting, then shows Module deleted successfully. on the library', async () => {
  const user = userEvent.setup();
  mockedApi.deleteModule.mockResolvedValue(undefined);
  const { router } = renderDetail();

  expect(await screen.findByRole('heading', { level: 1, name: 'Fractions' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Sections (1)' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/teacher-modules/m1/edit');

  await user.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = screen.getByRole('alertdialog');
  expect(dialog).toHaveTextContent('Are you sure you want to delete this module?');
  expect(mockedApi.deleteModule).not.toHaveBeenCalled();

  await user.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
  expect(mockedApi.deleteModule).toHaveBeenCalledWith('m1');
  await waitFor(() => expect(router.location.pathname).toBe('/teacher-modules'));
  const flash = await screen.findByText('Module deleted successfully.');
  expect(flash.closest('[role="status"]')).toHaveClass('alert-success');
});

it('keeps the module and alerts Failed to delete module. on failure', async () => {
  consoleErrors.expect(/^Deleting the module failed: ApiError: boom/);
  const user = userEvent.setup();
  mockedApi.deleteModule.mockRejectedValue(new ApiError(500, 'boom'));
  const { router } = renderDetail();

  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  await user.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);

  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete module.');
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(router.location.pathname).toBe('/teacher-modules/m1');
});

it('says Module not found. for a 404', async () => {
  mockedApi.getModule.mockRejectedValue(new ApiError(404, 'Not found'));
  renderDetail();
  expect(await screen.findByRole('alert')).toHaveTextContent('Module not found.');
});

it('keeps showing the module when a background refresh fails', async () => {
  const { queryClient } = renderDetail();
  await screen.findByRole('heading', { level: 1, name: 'Fractions' });

  mockedApi.getModule.mockRejectedValue(new ApiError(500, 'boom'));
  await act(() => queryClient.refetchQueries());
  await waitFor(() => expect(mockedApi.getModule).toHaveBeenCalledTimes(2));
  await waitFor(() => expect(queryClient.getQueryCache().getAll().some((query) => query.state.status === 'error')).toBe(true));
  await act(async () => undefined);

  expect(screen.getByRole('heading', { level: 1, name: 'Fractions' })).toBeInTheDocument();
  expect(screen.queryByText('Failed to load module.')).not.toBeInTheDocument();
});

describe('signed View Content links', () => {
  const TTL_MS = DOWNLOAD_URL_TTL_SECONDS * 1000;
  const resigned = moduleFixture({ sections: [{ ...stored.sections[0], downloadUrl: 'https://s3/i?fresh' }] });
  const viewContent = () => within(screen.getByRole('listitem')).getByRole('link', { name: /View Content/ });
  // With the app's cache defaults (30 s fresh, no refetch on focus), which the module query must override.
  const renderWithAppCache = () =>
    renderPage(<ModuleDetailPage />, { path: '/teacher-modules/:moduleId', url: '/teacher-modules/m1', queryClient: createQueryClient() });

  it('are fetched again before they expire while the page stays open', async () => {
    jest.useFakeTimers();
    renderWithAppCache();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fractions' })).toBeInTheDocument();
    expect(viewContent()).toHaveAttribute('href', 'https://s3/i');
    mockedApi.getModule.mockResolvedValue(resigned);

    // A minute before the first links expire, new ones are on screen.
    await act(async () => jest.advanceTimersByTime(TTL_MS - 60_000));
    expect(mockedApi.getModule).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(viewContent()).toHaveAttribute('href', 'https://s3/i?fresh'));
  });

  it('are fetched again when the user comes back to the window after they went stale', async () => {
    jest.useFakeTimers();
    renderWithAppCache();
    await screen.findByRole('heading', { level: 1, name: 'Fractions' });
    mockedApi.getModule.mockResolvedValue(resigned);

    // Away (the interval does not run in the background) until the links are about to expire.
    act(() => focusManager.setFocused(false));
    await act(async () => jest.advanceTimersByTime(TTL_MS - 60_000));
    expect(mockedApi.getModule).toHaveBeenCalledTimes(1);

    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(viewContent()).toHaveAttribute('href', 'https://s3/i?fresh'));
    expect(mockedApi.getModule).toHaveBeenCalledTimes(2);
  });
});
