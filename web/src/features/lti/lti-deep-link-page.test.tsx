/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// The deep linking page over the fake API: the teacher's modules, one answer per request posted to the LMS as `JWT`,
// Cancel, a double click, a reload after the answer, and a request that is not theirs.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LtiDeepLink } from '@shared/contract/lti';
import { LTI_APP_PATHS, LTI_DEEP_LINK_PAGE } from '@shared/lti';
import { WEB_PAGES } from '@shared/web-pages';
import { answer, HttpError, withFakeApi } from '../../testing/api-server';
import { captureConsoleErrors } from '../../testing/console-errors';
import { renderPage, TEACHER } from '../../testing/test-utils';
import LtiDeepLinkPage from './lti-deep-link-page';

withFakeApi();
const consoleErrors = captureConsoleErrors();

const OPEN: LtiDeepLink = {
  requestId: 'request-1',
  platformName: 'Local LMS',
  status: 'open',
  modules: [
    { moduleId: 'atoms', title: 'Atoms', graded: false },
    { moduleId: 'cells', title: 'Cells', graded: true },
  ],
};
const RESPONSE = { returnUrl: 'https://lms.example.edu/deep-linking/return', jwt: 'header.payload.signature' };

/** What the page form-posts: jsdom does not navigate, so the submit is recorded with the form as it was. */
let posted: { action: string; method: string; fields: Record<string, string> }[];
beforeEach(() => {
  posted = [];
  jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    posted.push({ action: this.action, method: this.method, fields: Object.fromEntries(new FormData(this) as unknown as Iterable<[string, string]>) });
  });
});
afterEach(() => jest.restoreAllMocks());

const open = () => renderPage(<LtiDeepLinkPage />, { path: LTI_DEEP_LINK_PAGE, url: LTI_APP_PATHS.deepLink('request-1'), user: TEACHER });

it('is the page the launch hands a deep linking request to', () => {
  expect(WEB_PAGES.find((page) => page.path === LTI_DEEP_LINK_PAGE)).toMatchObject({ module: 'lti/lti-deep-link-page', audience: 'Teachers' });
});

it('lists the teacher’s modules, saying which bring a gradebook column', async () => {
  answer('getLtiDeepLink', OPEN);
  open();
  expect(await screen.findByRole('heading', { name: 'Choose a module for your Local LMS course' })).toBeInTheDocument();
  const modules = screen.getByRole('list', { name: 'Your modules' });
  expect(modules).toHaveTextContent('AtomsNo checks: no gradebook column');
  expect(modules).toHaveTextContent('CellsHas checks: scores go to the LMS gradebook');
});

it('choosing a module posts the signed response to the LMS once, however often it is clicked', async () => {
  answer('getLtiDeepLink', OPEN);
  let release!: () => void;
  const sent = answer('answerLtiDeepLink', () => new Promise((resolve) => (release = () => resolve(RESPONSE))));
  open();
  const add = await screen.findByRole('button', { name: 'Add Cells' });

  await userEvent.click(add);
  await userEvent.click(add);
  expect(screen.getByRole('button', { name: 'Add Atoms' })).toBeDisabled();
  release();

  expect(await screen.findByText('Adding “Cells” to your LMS course...')).toBeInTheDocument();
  await waitFor(() => expect(posted).toEqual([{ action: RESPONSE.returnUrl, method: 'post', fields: { JWT: RESPONSE.jwt } }]));
  expect(sent.map((request) => request.body)).toEqual([{ moduleId: 'cells' }]);
});

it('Cancel answers with no module', async () => {
  answer('getLtiDeepLink', OPEN);
  const sent = answer('answerLtiDeepLink', RESPONSE);
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Cancel and add nothing' }));
  expect(await screen.findByText('Going back to your LMS course...')).toBeInTheDocument();
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(sent[0].body).toEqual({ moduleId: null });
});

it('after the answer (a reload, Back) it says so and offers nothing to send', async () => {
  answer('getLtiDeepLink', { ...OPEN, status: 'answered' });
  open();
  expect(await screen.findByText('This request from Local LMS was answered already. To add another module, start again from your LMS course.')).toBeInTheDocument();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});

it('answered meanwhile in another tab: the refusal is shown and the page reads the request again', async () => {
  let reads = 0;
  answer('getLtiDeepLink', () => {
    reads += 1;
    return reads > 1 ? { ...OPEN, status: 'answered' as const } : OPEN;
  });
  answer('answerLtiDeepLink', new HttpError(409, 'This request was answered already: your LMS course has your choice.'));
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Add Atoms' }));
  expect(await screen.findByText(/This request from Local LMS was answered already/)).toBeInTheDocument();
  expect(posted).toEqual([]);
});

it('a request that is not theirs, or expired, says so', async () => {
  consoleErrors.expect(/Loading the deep linking request failed/);
  answer('getLtiDeepLink', new HttpError(404, 'This request to add a module to your LMS course does not exist, is not yours or has expired.'));
  open();
  expect(await screen.findByText(/does not exist, is not yours or has expired/)).toBeInTheDocument();
});

it('a teacher without modules can still go back with nothing', async () => {
  answer('getLtiDeepLink', { ...OPEN, modules: [] });
  open();
  expect(await screen.findByText(/You have no modules yet/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Cancel and add nothing' })).toBeEnabled();
});
