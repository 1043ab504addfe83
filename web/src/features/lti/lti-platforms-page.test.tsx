/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LtiPlatform } from '@shared/contract/lti';
import { answer, HttpError, withFakeApi } from '../../testing/api-server';
import { ADMIN, renderPage } from '../../testing/test-utils';
import LtiPlatformsPage from './lti-platforms-page';

withFakeApi();

const CANVAS: LtiPlatform = {
  platformId: 'p1',
  name: 'Canvas',
  issuer: 'https://canvas.example.edu',
  clientId: '1000',
  deploymentIds: ['1:abc'],
  authLoginUrl: 'https://canvas.example.edu/auth',
  accessTokenUrl: 'https://canvas.example.edu/token',
  jwksUrl: 'https://canvas.example.edu/jwks',
  registeredAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const open = () => renderPage(<LtiPlatformsPage />, { path: '/admin/lti', url: '/admin/lti', user: ADMIN });

const fill = async (values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label, { exact: false });
    await userEvent.clear(input);
    await userEvent.click(input);
    await userEvent.paste(value);
  }
};

it("shows the tool's own URLs on this origin, to paste into the LMS", async () => {
  answer('listLtiPlatforms', []);
  open();
  expect(await screen.findByText('No LMS registered yet: register the first one above.')).toBeInTheDocument();
  expect(screen.getByText(`${window.location.origin}/lti/login`)).toBeInTheDocument();
  expect(screen.getByText(`${window.location.origin}/lti/jwks.json`)).toBeInTheDocument();
  expect(screen.getAllByText(`${window.location.origin}/lti/launch`)).toHaveLength(2);
});

it('registers an LMS with its deployment IDs split at commas, and refuses a bad URL before sending', async () => {
  answer('listLtiPlatforms', []);
  const sent = answer('registerLtiPlatform', ({ body }) => ({ ...CANVAS, ...body }));
  open();
  await screen.findByText(/No LMS registered yet/);
  await fill({
    Name: 'Canvas',
    'Issuer (platform ID)': CANVAS.issuer,
    'Client ID': CANVAS.clientId,
    'Deployment IDs': '1:abc, 2:def',
    'Authentication request URL': CANVAS.authLoginUrl,
    'Access token URL': CANVAS.accessTokenUrl,
    'Keyset (JWKS) URL': 'jwks',
  });
  await userEvent.click(screen.getByRole('button', { name: 'Register LMS' }));
  expect(await screen.findByText('jwksUrl must be a full URL, such as https://lms.example.edu/path.')).toBeInTheDocument();
  expect(sent).toHaveLength(0);

  await fill({ 'Keyset (JWKS) URL': CANVAS.jwksUrl });
  await userEvent.click(screen.getByRole('button', { name: 'Register LMS' }));
  expect(await screen.findByText('Canvas registered.')).toBeInTheDocument();
  expect(sent[0].body).toEqual({ ...CANVAS, platformId: undefined, registeredAt: undefined, updatedAt: undefined, deploymentIds: ['1:abc', '2:def'], frameOrigins: [] });
});

it('says why LMS web addresses are asked for, sends them as a list, and refuses one with a path before sending', async () => {
  answer('listLtiPlatforms', [CANVAS]);
  const sent = answer('editLtiPlatform', ({ body }) => ({ ...CANVAS, ...body }));
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Canvas' }));
  expect(screen.getByText(/The app shows inside an LMS's course pages only for the LMSs registered here/)).toBeInTheDocument();
  await fill({ 'LMS web addresses': 'https://school.instructure.com/courses/1' });
  await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText(/Each LMS web address must be the scheme and host only/)).toBeInTheDocument();
  expect(sent).toHaveLength(0);
  await fill({ 'LMS web addresses': 'https://school.instructure.com, https://district.instructure.com' });
  await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Canvas saved.')).toBeInTheDocument();
  expect(sent[0].body).toMatchObject({ frameOrigins: ['https://school.instructure.com', 'https://district.instructure.com'] });
});

it("edits a registered LMS from its values, and shows the server's refusal", async () => {
  answer('listLtiPlatforms', [CANVAS]);
  const sent = answer('editLtiPlatform', () => new HttpError(409, 'Another registered LMS has this issuer and client ID; change them, or remove that registration first.'));
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Canvas' }));
  expect(screen.getByLabelText('Deployment IDs', { exact: false })).toHaveValue('1:abc');
  await fill({ 'Client ID': '2000' });
  await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText(/Another registered LMS has this issuer and client ID/)).toBeInTheDocument();
  expect(sent[0].params).toEqual({ platformId: 'p1' });
  expect(sent[0].body).toMatchObject({ clientId: '2000', name: 'Canvas' });
});

it('removes a registered LMS after asking', async () => {
  answer('listLtiPlatforms', [CANVAS]);
  const removed = answer('removeLtiPlatform', undefined);
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Remove Canvas' }));
  await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
  expect(await screen.findByText('Canvas removed.')).toBeInTheDocument();
  expect(removed).toHaveLength(1);
});
