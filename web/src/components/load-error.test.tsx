import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SECOND_FACTOR_REQUIRED_MESSAGE, SECOND_FACTOR_SIGN_IN_MESSAGE } from '@shared/second-factor';
import { ApiError } from '../lib/api-client';
import { SessionContext, type Session } from '../lib/auth';
import { LoadError } from './load-error';

const session: Session = { state: { status: 'signedOut', user: null }, refresh: jest.fn(), signOut: jest.fn(async () => {}) };

const renderError = (error: Error) =>
  render(
    <SessionContext.Provider value={session}>
      <MemoryRouter>
        <LoadError what="Could not load people" error={error} />
      </MemoryRouter>
    </SessionContext.Provider>,
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

it('shows the refusal of a session begun without the second factor with the way out: Sign Out, to sign in with the code', () => {
  renderError(new ApiError(403, SECOND_FACTOR_SIGN_IN_MESSAGE, {}, 'secondFactorSignInRequired'));
  expect(screen.getByRole('status')).toHaveTextContent(SECOND_FACTOR_SIGN_IN_MESSAGE);
  fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
  expect(session.signOut).toHaveBeenCalledTimes(1);
});

it('shows the way out once when several sections of a page are refused for the second factor, and again if the first goes', () => {
  const refusal = () => new ApiError(403, SECOND_FACTOR_SIGN_IN_MESSAGE, {}, 'secondFactorSignInRequired');
  const page = (sections: string[]) => (
    <SessionContext.Provider value={session}>
      <MemoryRouter>
        {sections.map((what) => (
          <LoadError key={what} what={what} error={refusal()} />
        ))}
      </MemoryRouter>
    </SessionContext.Provider>
  );
  const { rerender } = render(page(['Could not load the classes', 'Could not load the teachers', 'Could not load the retention']));
  expect(screen.getAllByRole('button', { name: 'Sign Out' })).toHaveLength(1);
  rerender(page(['Could not load the teachers', 'Could not load the retention']));
  expect(screen.getAllByRole('button', { name: 'Sign Out' })).toHaveLength(1);
});
