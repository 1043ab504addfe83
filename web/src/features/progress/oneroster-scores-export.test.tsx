/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// "Export scores (OneRoster)" on the class report: one request per click (a double click asks once), the zip it
// links to downloaded at once and offered as a link; a dropped connection says so and the button asks again.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_CONNECTION } from '@web/lib/api-connection';
import { answer, CONNECTION_FAILS } from '../../testing/api-server';
import { renderClassReport, withClassReportPage } from '../../testing/class-report-page';
import { ONEROSTER_EXPORT_MESSAGES } from './components/oneroster-scores-export';

withClassReportPage([{ _id: 'm1', title: 'Fractions', description: '' }]);

const zip = {
  url: 'https://storage.test/protected/exports/classes/c1/e1/oneroster-scores-2026-12-06.zip?signed',
  fileName: 'oneroster-scores-2026-12-06.zip',
  expiresAt: '2026-12-06T10:15:00.000Z',
  bytes: 1024,
};

let followed: { href: string; download: string }[];
beforeEach(() => {
  followed = [];
  answer('getClassReport', { rows: [], studentCount: 0 });
  // jsdom does not download: the link the page follows is recorded instead.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    followed.push({ href: this.href, download: this.download });
  });
});
afterEach(() => jest.restoreAllMocks());

it('downloads the class’s gradebook zip once on a double click, and offers its link', async () => {
  let release: () => void = () => undefined;
  const requests = answer('exportOneRosterScores', () => new Promise((resolve) => (release = () => resolve(zip))));
  renderClassReport();
  const button = await screen.findByRole('button', { name: ONEROSTER_EXPORT_MESSAGES.button });
  await userEvent.setup().dblClick(button);
  expect(await screen.findByRole('button', { name: ONEROSTER_EXPORT_MESSAGES.pending })).toBeDisabled();
  release();

  const link = await screen.findByRole('link', { name: `Save ${zip.fileName}` });
  expect(link).toHaveAttribute('href', zip.url);
  expect(followed).toEqual([{ href: zip.url, download: zip.fileName }]);
  expect(requests).toHaveLength(1);
  expect(requests[0]!.params).toEqual({ classId: 'c1' });
  expect(screen.getByRole('button', { name: ONEROSTER_EXPORT_MESSAGES.button })).toBeEnabled();
});

it('says the connection dropped, downloads nothing, and the button asks again', async () => {
  const requests = answer('exportOneRosterScores', CONNECTION_FAILS);
  renderClassReport();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: ONEROSTER_EXPORT_MESSAGES.button }));
  expect(await screen.findByRole('alert')).toHaveTextContent(NO_CONNECTION);
  expect(followed).toEqual([]);
  answer('exportOneRosterScores', zip);
  await user.click(screen.getByRole('button', { name: ONEROSTER_EXPORT_MESSAGES.button }));
  await waitFor(() => expect(followed).toHaveLength(1));
  expect(requests).toHaveLength(1);
});
