/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// "Download my data": one request to the API, then the link to the zip it answered; a failure says what happened
// and the button asks again.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, HttpError, withFakeApi } from '@web/testing/api-server';
import { renderPage } from '@web/testing/test-utils';
import { DataDownload } from './data-download';

withFakeApi();

const zip = { url: 'https://storage.test/protected/exports/me/1/data-export-2026-11-29.zip?signed', fileName: 'data-export-2026-11-29.zip', expiresAt: '2026-11-29T10:15:00.000Z', bytes: 2048 };

it('asks the API for the caller\'s export and offers the zip it links to', async () => {
  const requests = answer('exportOwnData', zip);
  renderPage(<DataDownload />, { path: '/profile', url: '/profile' });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Download my data' }));
  const link = await screen.findByRole('link', { name: 'Save data-export-2026-11-29.zip' });
  expect(link).toHaveAttribute('href', zip.url);
  expect(link).toHaveAttribute('download', zip.fileName);
  expect(screen.getByText(/Your data is ready\. The link works until/)).toBeInTheDocument();
  expect(requests).toHaveLength(1);
});

it('shows the API\'s message when the export fails, and the button tries again', async () => {
  const requests = answer('exportOwnData', new HttpError(500, 'Something went wrong (request 42).'));
  renderPage(<DataDownload />, { path: '/profile', url: '/profile' });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Download my data' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong (request 42).');
  await user.click(screen.getByRole('button', { name: 'Download my data' }));
  await screen.findByRole('alert');
  expect(requests).toHaveLength(2);
  expect(screen.queryByRole('link')).toBeNull();
});
