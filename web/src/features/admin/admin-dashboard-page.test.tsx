import { screen } from '@testing-library/react';
import { SECOND_FACTOR_REQUIRED_MESSAGE } from '@shared/second-factor';
import { api, ApiError } from '../../lib/api-client';
import { ADMIN, renderPage } from '../../testing/test-utils';
import AdminDashboardPage from './admin-dashboard-page';

jest.mock('../../lib/api-client', () => jest.requireActual('../../testing/mock-api-client').mockApiClient('getAdminOverview'));

it('shows an admin without two-factor authentication the way to turn it on, and no figures of nothing', async () => {
  jest.mocked(api.getAdminOverview).mockRejectedValue(new ApiError(403, SECOND_FACTOR_REQUIRED_MESSAGE, {}, 'secondFactorRequired'));
  renderPage(<AdminDashboardPage />, { path: '/admin-dashboard', url: '/admin-dashboard', user: ADMIN });

  expect(await screen.findByText(SECOND_FACTOR_REQUIRED_MESSAGE)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Set up two-factor authentication' })).toHaveAttribute('href', '/profile');
  expect(screen.queryByRole('heading', { name: 'People' })).not.toBeInTheDocument();
  expect(screen.queryByText('No changes yet.')).not.toBeInTheDocument();
});
