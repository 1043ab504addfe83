/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen } from '@testing-library/react';
import { SECOND_FACTOR_REQUIRED_MESSAGE } from '@shared/second-factor';
import { answer, HttpError, withFakeApi } from '../../testing/api-server';
import { ADMIN, renderPage } from '../../testing/test-utils';
import AdminDashboardPage from './admin-dashboard-page';

withFakeApi();

it('shows an admin without two-factor authentication the way to turn it on, and no figures of nothing', async () => {
  answer('getAdminOverview', new HttpError(403, SECOND_FACTOR_REQUIRED_MESSAGE, { reason: 'secondFactorRequired' }));
  renderPage(<AdminDashboardPage />, { path: '/admin-dashboard', url: '/admin-dashboard', user: ADMIN });

  expect(await screen.findByText(SECOND_FACTOR_REQUIRED_MESSAGE)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Set up two-factor authentication' })).toHaveAttribute('href', '/profile');
  expect(screen.queryByRole('heading', { name: 'People' })).not.toBeInTheDocument();
  expect(screen.queryByText('No changes yet.')).not.toBeInTheDocument();
});
