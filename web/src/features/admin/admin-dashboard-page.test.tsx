/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchMFAPreference } from 'aws-amplify/auth';
import { SECOND_FACTOR_REQUIRED_MESSAGE, SECOND_FACTOR_SIGN_IN_MESSAGE } from '@shared/second-factor';
import { answer, HttpError, withFakeApi } from '../../testing/api-server';
import { ADMIN, renderPage } from '../../testing/test-utils';
import AdminDashboardPage from './admin-dashboard-page';

jest.mock('aws-amplify/auth', () => ({ fetchMFAPreference: jest.fn() }));

withFakeApi();
// A stage without school sign-in answers no domains (the section then shows nothing); the tests below that need
// domains answer their own.
beforeEach(() => answer('getSchoolSignIn', { domains: [] }));

const counts = { active: 0, invited: 0, disabled: 0 };
const renderDashboard = () => renderPage(<AdminDashboardPage />, { path: '/admin-dashboard', url: '/admin-dashboard', user: ADMIN });

it('asks an admin without two-factor authentication nothing the API would refuse, and shows the way to turn it on', async () => {
  jest.mocked(fetchMFAPreference).mockResolvedValue({});
  const asked = answer('getAdminOverview', new HttpError(403, SECOND_FACTOR_REQUIRED_MESSAGE, { reason: 'secondFactorRequired' }));
  renderDashboard();

  expect(await screen.findByText(SECOND_FACTOR_REQUIRED_MESSAGE)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Set up two-factor authentication' })).toHaveAttribute('href', '/profile');
  expect(screen.queryByRole('heading', { name: 'People' })).not.toBeInTheDocument();
  expect(asked).toHaveLength(0);
});

it('reads the figures once two-factor authentication is on', async () => {
  jest.mocked(fetchMFAPreference).mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
  const asked = answer('getAdminOverview', {
    people: { Teachers: { ...counts, active: 3 }, Students: { ...counts, active: 40 }, Admins: { ...counts, active: 1 } },
    classes: { total: 2, withoutTeacher: 0, withoutStudents: 1 },
    modules: 5,
    recentChanges: [],
  });
  renderDashboard();

  expect(await screen.findByRole('heading', { name: 'People' })).toBeInTheDocument();
  expect(await screen.findByText('No changes yet.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'import rosters from your information system' })).toHaveAttribute('href', '/admin/rosters');
  expect(asked).toHaveLength(1);
  expect(screen.queryByText(SECOND_FACTOR_REQUIRED_MESSAGE)).not.toBeInTheDocument();
});

it('once two-factor is turned on in the profile (every query refreshed), reads the figures without showing the prompt meanwhile', async () => {
  let turnedOn = false;
  let resolveReading: () => void = () => undefined;
  jest.mocked(fetchMFAPreference).mockImplementation(() =>
    turnedOn ? new Promise((resolve) => (resolveReading = () => resolve({ enabled: ['TOTP'] }))) : Promise.resolve({}),
  );
  answer('getAdminOverview', {
    people: { Teachers: counts, Students: counts, Admins: { ...counts, active: 1 } },
    classes: { total: 0, withoutTeacher: 0, withoutStudents: 0 },
    modules: 0,
    recentChanges: [],
  });
  const { queryClient } = renderDashboard();
  expect(await screen.findByText(SECOND_FACTOR_REQUIRED_MESSAGE)).toBeInTheDocument();

  turnedOn = true;
  void queryClient.invalidateQueries();
  // While the new reading is on its way, the old "off" no longer shows the prompt.
  await waitFor(() => expect(screen.queryByText(SECOND_FACTOR_REQUIRED_MESSAGE)).not.toBeInTheDocument());
  resolveReading();
  expect(await screen.findByText('No changes yet.')).toBeInTheDocument();
});

it('still shows the way to turn it on when the API refuses (two-factor turned off elsewhere meanwhile)', async () => {
  jest.mocked(fetchMFAPreference).mockResolvedValue({ enabled: ['TOTP'] });
  answer('getAdminOverview', new HttpError(403, SECOND_FACTOR_REQUIRED_MESSAGE, { reason: 'secondFactorRequired' }));
  renderDashboard();

  expect(await screen.findByRole('link', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'People' })).not.toBeInTheDocument();
});

it('shows a session that began without the code only the way out: no empty figures, no "No changes yet."', async () => {
  jest.mocked(fetchMFAPreference).mockResolvedValue({ enabled: ['TOTP'] });
  answer('getAdminOverview', new HttpError(403, SECOND_FACTOR_SIGN_IN_MESSAGE, { reason: 'secondFactorSignInRequired' }));
  renderDashboard();

  expect(await screen.findByText(SECOND_FACTOR_SIGN_IN_MESSAGE)).toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: 'Sign Out' })).toHaveLength(1);
  expect(screen.queryByRole('heading', { name: 'People' })).not.toBeInTheDocument();
  expect(screen.queryByText('No changes yet.')).not.toBeInTheDocument();
});

it('says the figures could not be loaded when the API fails, and shows none', async () => {
  jest.mocked(fetchMFAPreference).mockResolvedValue({ enabled: ['TOTP'] });
  answer('getAdminOverview', new HttpError(500, 'Something went wrong.'));
  renderDashboard();

  expect(await screen.findByText(/Could not load the figures/)).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Classes and modules' })).not.toBeInTheDocument();
  expect(screen.queryByText('No changes yet.')).not.toBeInTheDocument();
});

it("lets new people of a school sign-in domain in as students, and stops it, saying which providers sign the domain in", async () => {
  jest.mocked(fetchMFAPreference).mockResolvedValue({ enabled: ['TOTP'] });
  answer('getAdminOverview', {
    people: { Teachers: counts, Students: counts, Admins: { ...counts, active: 1 } },
    classes: { total: 0, withoutTeacher: 0, withoutStudents: 0 },
    modules: 0,
    recentChanges: [],
  });
  let open = false;
  answer('getSchoolSignIn', () => ({ domains: [{ domain: 'hillside.example.org', providers: ['Google', 'Microsoft'], studentsMayJoin: open }] }));
  const saved = answer('setSchoolSignInDomain', ({ body }) => {
    open = body.studentsMayJoin;
    return { domain: body.domain, providers: ['Google', 'Microsoft'], studentsMayJoin: open };
  });
  renderDashboard();

  expect(await screen.findByRole('heading', { name: 'School sign-in' })).toBeInTheDocument();
  expect(screen.getByText('(Google, Microsoft)')).toBeInTheDocument();
  const choice = screen.getByRole('checkbox', { name: 'Let new people from hillside.example.org in as students' });
  expect(choice).not.toBeChecked();
  await userEvent.click(choice);
  await waitFor(() => expect(choice).toBeChecked());
  await userEvent.click(choice);
  await waitFor(() => expect(choice).not.toBeChecked());
  expect(saved.map((request) => request.body)).toEqual([
    { domain: 'hillside.example.org', studentsMayJoin: true },
    { domain: 'hillside.example.org', studentsMayJoin: false },
  ]);
});

it('shows no school sign-in section where the stage federates no provider', async () => {
  jest.mocked(fetchMFAPreference).mockResolvedValue({ enabled: ['TOTP'] });
  answer('getAdminOverview', {
    people: { Teachers: counts, Students: counts, Admins: { ...counts, active: 1 } },
    classes: { total: 0, withoutTeacher: 0, withoutStudents: 0 },
    modules: 0,
    recentChanges: [],
  });
  renderDashboard();
  expect(await screen.findByText('No changes yet.')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'School sign-in' })).not.toBeInTheDocument();
});

it('keeps the figures on screen when reading them again fails', async () => {
  jest.mocked(fetchMFAPreference).mockResolvedValue({ enabled: ['TOTP'] });
  answer('getAdminOverview', {
    people: { Teachers: { ...counts, active: 3 }, Students: counts, Admins: { ...counts, active: 1 } },
    classes: { total: 2, withoutTeacher: 0, withoutStudents: 0 },
    modules: 5,
    recentChanges: [],
  });
  const { queryClient } = renderDashboard();
  expect(await screen.findByText('No changes yet.')).toBeInTheDocument();

  const reread = answer('getAdminOverview', new HttpError(500, 'Something went wrong.'));
  await queryClient.invalidateQueries();
  await waitFor(() => expect(reread).toHaveLength(1));
  expect(screen.getByText('3 active, 0 invited, 0 disabled')).toBeInTheDocument();
  expect(screen.getByText('No changes yet.')).toBeInTheDocument();
  expect(screen.queryByText(/Could not load the figures/)).not.toBeInTheDocument();
});
