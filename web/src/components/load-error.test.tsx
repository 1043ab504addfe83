import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SECOND_FACTOR_REQUIRED_MESSAGE } from '@shared/second-factor';
import { ApiError } from '../lib/api-client';
import { LoadError } from './load-error';

const renderError = (error: Error) =>
  render(
    <MemoryRouter>
      <LoadError what="Could not load people" error={error} />
    </MemoryRouter>,
  );

it('shows the refusal of an admin without two-factor authentication with the way to the profile', () => {
  renderError(new ApiError(403, SECOND_FACTOR_REQUIRED_MESSAGE, {}, 'secondFactorRequired'));
  expect(screen.getByRole('status')).toHaveTextContent(SECOND_FACTOR_REQUIRED_MESSAGE);
  expect(screen.getByRole('link', { name: 'Set up two-factor authentication' })).toHaveAttribute('href', '/profile');
  expect(screen.queryByText(/Could not load people/)).not.toBeInTheDocument();
});

it('shows any other failure as an error with what could not be loaded', () => {
  renderError(new ApiError(403, 'Only admins can do this.'));
  expect(screen.getByRole('alert')).toHaveTextContent('Could not load people: Only admins can do this.');
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
});
