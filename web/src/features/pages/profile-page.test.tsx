import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchMFAPreference, updatePassword } from 'aws-amplify/auth';
import { renderPage } from '../../testing/test-utils';
import ProfilePage, { PROFILE_MESSAGES } from './profile-page';

// The two-factor section has its own tests (features/auth/components/two-factor-settings.test.tsx).
jest.mock('aws-amplify/auth', () => ({ updatePassword: jest.fn(), fetchMFAPreference: jest.fn() }));

async function renderProfile() {
  renderPage(<ProfilePage />, { path: '/profile', url: '/profile' });
  await screen.findByRole('button', { name: 'Set Up Two-Factor Authentication' });
  return userEvent.setup();
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string) {
  if (current) await user.type(screen.getByLabelText('Current password'), current);
  if (next) await user.type(screen.getByLabelText('New password'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

beforeEach(() => {
  jest.resetAllMocks();
  jest.mocked(fetchMFAPreference).mockResolvedValue({});
});

describe('ProfilePage', () => {
  it('shows the signed-in user and role', async () => {
    await renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByText('teacher@example.com')).toBeInTheDocument();
    expect(screen.getByText('Teacher')).toBeInTheDocument();
  });

  it('checks length and confirmation before calling the service', async () => {
    const user = await renderProfile();
    await fill(user, 'old-secret', 'short', 'short');
    expect(screen.getByRole('alert')).toHaveTextContent(PROFILE_MESSAGES.tooShort);

    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await fill(user, '', 'long-enough-1', 'long-enough-2');
    expect(screen.getByRole('alert')).toHaveTextContent(PROFILE_MESSAGES.mismatch);
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it('changes the password and clears the form', async () => {
    jest.mocked(updatePassword).mockResolvedValue();
    const user = await renderProfile();
    await fill(user, 'old-secret', 'new-secret-1', 'new-secret-1');
    expect(await screen.findByRole('status')).toHaveTextContent(PROFILE_MESSAGES.changed);
    expect(updatePassword).toHaveBeenCalledWith({ oldPassword: 'old-secret', newPassword: 'new-secret-1' });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it("shows the service's message, or a fallback", async () => {
    jest.mocked(updatePassword).mockRejectedValueOnce(new Error('Incorrect username or password.')).mockRejectedValueOnce('?');
    const user = await renderProfile();
    await fill(user, 'wrong-secret', 'new-secret-1', 'new-secret-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PROFILE_MESSAGES.failed);
  });
});
