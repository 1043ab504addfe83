import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchMFAPreference, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { ADMIN, renderPage, TEACHER } from '@web/testing/test-utils';
import { captureConsoleErrors } from '@web/testing/console-errors';
import { TOTP_MESSAGES } from '../login-messages';
import { TwoFactorSettings, TWO_FACTOR_MESSAGES } from './two-factor-settings';

jest.mock('aws-amplify/auth', () => ({
  fetchMFAPreference: jest.fn(),
  setUpTOTP: jest.fn(),
  verifyTOTPSetup: jest.fn(),
  updateMFAPreference: jest.fn(),
}));

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Learning%20Paths:teacher%40example.com?secret=${SECRET}&issuer=Learning%20Paths`;

beforeEach(() => {
  jest.resetAllMocks();
  jest.mocked(setUpTOTP).mockResolvedValue({ sharedSecret: SECRET, getSetupUri: () => new URL(URI) });
});

// After the reset above, which would undo its console spy.
const consoleErrors = captureConsoleErrors();

function renderSettings(user = TEACHER, enabled: ('TOTP' | 'SMS')[] = []) {
  // Cognito answers what was last set, as a read again after a change does.
  let current = enabled;
  jest.mocked(fetchMFAPreference).mockImplementation(async () => ({ enabled: current }));
  jest.mocked(updateMFAPreference).mockImplementation(async ({ totp }) => {
    current = totp === 'PREFERRED' ? ['TOTP'] : [];
  });
  const view = renderPage(<TwoFactorSettings />, { path: '/profile', url: '/profile', user });
  return { ...view, user: userEvent.setup() };
}

const section = () => screen.getByRole('region', { name: 'Two-factor authentication' });

describe('TwoFactorSettings', () => {
  it('sets up TOTP: QR code, typed key and link, then a code confirms it and it is preferred', async () => {
    const { user, queryClient } = renderSettings();
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    expect(await within(section()).findByText(TWO_FACTOR_MESSAGES.off)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set Up Two-Factor Authentication' }));

    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByLabelText('Set-up key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(screen.getByRole('link', { name: 'open it in your authenticator app' })).toHaveAttribute('href', URI);

    jest.mocked(verifyTOTPSetup).mockResolvedValue();
    await user.type(screen.getByLabelText('6-digit code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Turn On' }));

    expect(await screen.findByText(TWO_FACTOR_MESSAGES.turnedOn)).toBeInTheDocument();
    expect(verifyTOTPSetup).toHaveBeenCalledWith({ code: '123456' });
    expect(updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });
    expect(screen.getByText(TWO_FACTOR_MESSAGES.on)).toBeInTheDocument();
    // Administration answers may change with the setting.
    expect(invalidate).toHaveBeenCalled();
  });

  it('checks the code has six digits before sending it, and says so when the app gave another one', async () => {
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Set Up Two-Factor Authentication' }));
    await user.type(await screen.findByLabelText('6-digit code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Turn On' }));
    expect(screen.getByLabelText('6-digit code')).toHaveAccessibleDescription(expect.stringContaining(TOTP_MESSAGES.format));
    expect(verifyTOTPSetup).not.toHaveBeenCalled();

    jest.mocked(verifyTOTPSetup).mockRejectedValue(Object.assign(new Error('Code mismatch'), { name: 'EnableSoftwareTokenMFAException' }));
    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn On' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TOTP_MESSAGES.mismatch);
    expect(updateMFAPreference).not.toHaveBeenCalled();
    // Still in the set-up, to try the next code.
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
  });

  it('Cancel leaves the setting off', async () => {
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Set Up Two-Factor Authentication' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByText(TWO_FACTOR_MESSAGES.off)).toBeInTheDocument();
    expect(updateMFAPreference).not.toHaveBeenCalled();
  });

  it('turns TOTP off for a teacher after a confirmation', async () => {
    const { user } = renderSettings(TEACHER, ['TOTP']);
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.on)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn Off' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(TWO_FACTOR_MESSAGES.confirmOff);
    await user.click(within(dialog).getByRole('button', { name: 'Turn Off' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.turnedOff)).toBeInTheDocument();
    expect(updateMFAPreference).toHaveBeenCalledWith({ totp: 'DISABLED' });
    // The setting shows off, and stays so once read again (every query is refreshed after a change).
    expect(within(section()).getByText(TWO_FACTOR_MESSAGES.off)).toBeInTheDocument();
    await waitFor(() => expect(fetchMFAPreference).toHaveBeenCalledTimes(2));
    expect(await within(section()).findByRole('button', { name: 'Set Up Two-Factor Authentication' })).toBeInTheDocument();
  });

  it('tells an admin without TOTP that administration needs it, and offers no way to turn it off once on', async () => {
    renderSettings(ADMIN);
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.adminNeedsIt)).toBeInTheDocument();

    renderSettings(ADMIN, ['TOTP']);
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.adminKeepsIt)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn Off' })).not.toBeInTheDocument();
  });

  it('says when the setting cannot be read', async () => {
    consoleErrors.expect(/Reading the MFA preference failed/);
    jest.mocked(fetchMFAPreference).mockRejectedValue(new Error('Network error'));
    renderPage(<TwoFactorSettings />, { path: '/profile', url: '/profile' });
    expect(await screen.findByRole('alert')).toHaveTextContent(TWO_FACTOR_MESSAGES.loadFailed);
  });
});
