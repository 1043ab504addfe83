import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmResetPassword, confirmSignIn, resetPassword, signIn, signOut } from 'aws-amplify/auth';
import type { RouteObject } from 'react-router-dom';
import { ProtectedRoute, PublicOnlyRoute } from '../../app/guards';
import { ADMIN, createControls, LOADING, LocationProbe, renderRoutes, SIGNED_OUT, signedIn, STUDENT, TEACHER } from '../../testing/test-utils';
import { setAuthFlowType } from '../../lib/auth/auth-flow';
import { ACCOUNT_DISABLED, TOTP_MESSAGES } from './login-messages';
import { LoginPage } from './login-page';
import { captureConsoleErrors } from '../../testing/console-errors';

jest.mock('aws-amplify/auth', () => ({
  signIn: jest.fn(),
  confirmSignIn: jest.fn(),
  signOut: jest.fn(),
  resetPassword: jest.fn(),
  confirmResetPassword: jest.fn(),
}));

const mockSignIn = jest.mocked(signIn);
const mockConfirmSignIn = jest.mocked(confirmSignIn);
const mockSignOut = jest.mocked(signOut);
const mockResetPassword = jest.mocked(resetPassword);
const mockConfirmResetPassword = jest.mocked(confirmResetPassword);

const DONE = { isSignedIn: true, nextStep: { signInStep: 'DONE' } } as Awaited<ReturnType<typeof signIn>>;
const NEW_PASSWORD_REQUIRED = {
  isSignedIn: false,
  nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' },
} as Awaited<ReturnType<typeof signIn>>;

const TOTP_CODE_REQUIRED = {
  isSignedIn: false,
  nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
} as Awaited<ReturnType<typeof signIn>>;

const dashboard = (name: string) => (
  <>
    <h1>{name}</h1>
    <LocationProbe />
  </>
);

const routes: RouteObject[] = [
  { path: '/teacher-login', element: <PublicOnlyRoute key="t"><LoginPage role="Teachers" /></PublicOnlyRoute> },
  { path: '/student-login', element: <PublicOnlyRoute key="s"><LoginPage role="Students" /></PublicOnlyRoute> },
  { path: '/admin-login', element: <PublicOnlyRoute key="a"><LoginPage role="Admins" /></PublicOnlyRoute> },
  { path: '/admin-dashboard', element: dashboard('Admin dashboard') },
  { path: '/teacher-dashboard', element: dashboard('Teacher dashboard') },
  { path: '/student-dashboard', element: dashboard('Student dashboard') },
  {
    element: <ProtectedRoute loginPath="/teacher-login" roles={['Teachers']} />,
    children: [{ path: '/teacher-classes/:classId', element: dashboard('Manage class') }],
  },
];

/** A session whose next read is `user`; signing out publishes signedOut, as Amplify's Hub event does in the app. */
function sessionFor(user: Parameters<typeof createControls>[0]) {
  const controls = createControls(user);
  mockSignOut.mockImplementation(async () => controls.setState(SIGNED_OUT));
  return controls;
}

/** Cognito's answer to every sign-in step of a disabled account. */
const userDisabled = () => Object.assign(new Error('User is disabled.'), { name: 'NotAuthorizedException' });

async function signInWith(email: string, password = 'Passw0rd!') {
  const user = userEvent.setup();
  await user.clear(screen.getByLabelText('Email'));
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

captureConsoleErrors();

beforeEach(() => {
  jest.resetAllMocks();
  setAuthFlowType('USER_PASSWORD_AUTH');
});


describe('login screens', () => {
  it('shows the form while the session is still being checked, with its buttons disabled until the check ends', async () => {
    // As prerendered: a button that looked ready before the script took over would ignore the click.
    const controls = sessionFor(null);
    renderRoutes(routes, '/teacher-login', LOADING, controls);
    expect(screen.getByRole('heading', { name: 'Teacher Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeDisabled();

    act(() => controls.setState(SIGNED_OUT));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeEnabled();
  });

  it('signs in with what was typed before the script took over (the prerendered form sends no input events)', async () => {
    mockSignIn.mockResolvedValue(DONE);
    const controls = sessionFor(TEACHER);
    renderRoutes(routes, '/teacher-login', LOADING, controls);
    // Typed into the server-rendered inputs before hydration: the DOM has the text, React saw no change event.
    (screen.getByLabelText('Email') as HTMLInputElement).value = 'early@example.com';
    (screen.getByLabelText('Password') as HTMLInputElement).value = 'Passw0rd!';

    act(() => controls.setState(SIGNED_OUT));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In' }));
    expect(mockSignIn).toHaveBeenCalledWith({
      username: 'early@example.com',
      password: 'Passw0rd!',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  });

  it('leaves for the dashboard when the check finds a signed-in user of its role', async () => {
    const controls = sessionFor(null);
    renderRoutes(routes, '/teacher-login', LOADING, controls);
    act(() => controls.setState(signedIn(TEACHER)));
    expect(await screen.findByRole('heading', { name: 'Teacher dashboard' })).toBeInTheDocument();
  });

  it('has required e-mail (type email) and password fields', () => {
    renderRoutes(routes, '/teacher-login', SIGNED_OUT);
    expect(screen.getByRole('heading', { level: 1, name: 'Teacher Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Password')).toBeRequired();
  });

  it('signs a teacher in with the configured flow and goes to the teacher dashboard', async () => {
    mockSignIn.mockResolvedValue(DONE);
    renderRoutes(routes, '/teacher-login', SIGNED_OUT, sessionFor(TEACHER));
    await signInWith('teacher@example.com');

    expect(await screen.findByRole('heading', { name: 'Teacher dashboard' })).toBeInTheDocument();
    expect(mockSignIn).toHaveBeenCalledWith({
      username: 'teacher@example.com',
      password: 'Passw0rd!',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(mockSignOut).not.toHaveBeenCalled();
  });

  it('returns to the page the user was sent away from', async () => {
    mockSignIn.mockResolvedValue(DONE);
    renderRoutes(routes, '/teacher-classes/c-7', SIGNED_OUT, sessionFor(TEACHER));
    expect(await screen.findByRole('heading', { name: 'Teacher Login' })).toBeInTheDocument();
    await signInWith('teacher@example.com');

    expect(await screen.findByRole('heading', { name: 'Manage class' })).toBeInTheDocument();
    expect(screen.getByTestId('location').firstChild?.textContent).toBe('/teacher-classes/c-7');
  });

  it('sends a student who used the teacher login to the student login, signed out, with the message and e-mail', async () => {
    mockSignIn.mockResolvedValue(DONE);
    const controls = sessionFor(STUDENT);
    renderRoutes(routes, '/teacher-login', SIGNED_OUT, controls);
    await signInWith('student@example.com');

    expect(await screen.findByRole('heading', { level: 1, name: 'Student Login' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('It looks like you have a student account. Please log in here.');
    expect(screen.getByLabelText('Email')).toHaveValue('student@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(mockSignOut).toHaveBeenCalledTimes(1);
  });

  it('sends a teacher who used the student login to the teacher login with the teacher message', async () => {
    mockSignIn.mockResolvedValue(DONE);
    const controls = sessionFor(TEACHER);
    renderRoutes(routes, '/student-login', SIGNED_OUT, controls);
    await signInWith('teacher@example.com');

    expect(await screen.findByRole('heading', { level: 1, name: 'Teacher Login' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('It looks like you have a teacher account. Please log in here.');
    expect(screen.getByLabelText('Email')).toHaveValue('teacher@example.com');
  });

  it('signs out a user without a group and shows access denied', async () => {
    mockSignIn.mockResolvedValue(DONE);
    const controls = sessionFor({ ...STUDENT, role: null });
    renderRoutes(routes, '/student-login', SIGNED_OUT, controls);
    await signInWith('nobody@example.com');

    expect(await screen.findByRole('alert')).toHaveTextContent('Access Denied: You do not have a valid role assigned.');
    expect(mockSignOut).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Student Login' })).toBeInTheDocument();
  });

  it.each(['/teacher-login', '/student-login'])('sends an admin who used %s to the administrator login, with the message and e-mail', async (path) => {
    mockSignIn.mockResolvedValue(DONE);
    renderRoutes(routes, path, SIGNED_OUT, sessionFor(ADMIN));
    await signInWith('admin@example.com');

    expect(await screen.findByRole('heading', { level: 1, name: 'Administrator Login' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('It looks like you have an administrator account. Please log in here.');
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(mockSignOut).toHaveBeenCalledTimes(1);
  });

  it.each([
    [TEACHER, 'Teacher Login', 'It looks like you have a teacher account. Please log in here.'],
    [STUDENT, 'Student Login', 'It looks like you have a student account. Please log in here.'],
  ])('sends a non-admin who used the administrator login to their own login', async (who, heading, message) => {
    mockSignIn.mockResolvedValue(DONE);
    renderRoutes(routes, '/admin-login', SIGNED_OUT, sessionFor(who));
    await signInWith(who.email);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(message);
  });

  it('lets an admin in through the administrator login', async () => {
    mockSignIn.mockResolvedValue(DONE);
    renderRoutes(routes, '/admin-login', SIGNED_OUT, sessionFor(ADMIN));
    await signInWith('admin@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeInTheDocument();
  });

  it('says the session could not be verified when no session follows the sign-in', async () => {
    mockSignIn.mockResolvedValue(DONE);
    renderRoutes(routes, '/teacher-login', SIGNED_OUT, sessionFor(null));
    await signInWith('teacher@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not verify your session. Please try logging in again.');
  });

  it.each([
    ['a wrong password', Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' })],
    ['an unknown e-mail', Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' })],
  ])('says the same for %s, revealing nothing about the account', async (_case, failure) => {
    mockSignIn.mockRejectedValue(failure);
    renderRoutes(routes, '/teacher-login', SIGNED_OUT);
    await signInWith('teacher@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Incorrect e-mail or password\.$/);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('tells a disabled person, in words a student understands, that their account is turned off', async () => {
    mockSignIn.mockRejectedValue(userDisabled());
    renderRoutes(routes, '/student-login', SIGNED_OUT);
    await signInWith('student@example.com', 'their-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Your account has been turned off, so you cannot sign in\. If you think this is a mistake, ask your teacher or the school office\.$/,
    );
  });

  it("shows the service's message for other sign-in failures", async () => {
    mockSignIn.mockRejectedValue(Object.assign(new Error('Password attempts exceeded'), { name: 'NotAuthorizedException' }));
    renderRoutes(routes, '/teacher-login', SIGNED_OUT);
    await signInWith('teacher@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Password attempts exceeded');
  });

  it('shows "An unknown error occurred." when the failure has no message', async () => {
    mockSignIn.mockRejectedValue({ weird: true });
    renderRoutes(routes, '/teacher-login', SIGNED_OUT);
    await signInWith('teacher@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('An unknown error occurred.');
  });

  it('signs out a previous user first when Amplify says someone is already signed in', async () => {
    mockSignIn
      .mockRejectedValueOnce(Object.assign(new Error('There is already a signed in user.'), { name: 'UserAlreadyAuthenticatedException' }))
      .mockResolvedValueOnce(DONE);
    renderRoutes(routes, '/teacher-login', SIGNED_OUT, sessionFor(TEACHER));
    await signInWith('teacher@example.com');

    expect(await screen.findByRole('heading', { name: 'Teacher dashboard' })).toBeInTheDocument();
    expect(mockSignOut).toHaveBeenCalledTimes(1);
    expect(mockSignIn).toHaveBeenCalledTimes(2);
  });

  describe('forced new password', () => {
    it('switches to the new-password form and continues to the dashboard after confirmSignIn', async () => {
      mockSignIn.mockResolvedValue(NEW_PASSWORD_REQUIRED);
      mockConfirmSignIn.mockResolvedValue(DONE);
      renderRoutes(routes, '/student-login', SIGNED_OUT, sessionFor(STUDENT));
      const user = await signInWith('student@example.com', 'Temporary1!');

      const newPassword = await screen.findByLabelText('New Password');
      expect(newPassword).toBeRequired();
      expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
      await user.type(newPassword, 'a-new-secret');
      await user.type(screen.getByLabelText('Confirm New Password'), 'a-new-secret');
      await user.click(screen.getByRole('button', { name: 'Set New Password' }));

      expect(await screen.findByRole('heading', { name: 'Student dashboard' })).toBeInTheDocument();
      expect(mockConfirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'a-new-secret' });
    });

    it('applies the group check after the new password too', async () => {
      mockSignIn.mockResolvedValue(NEW_PASSWORD_REQUIRED);
      mockConfirmSignIn.mockResolvedValue(DONE);
      renderRoutes(routes, '/student-login', SIGNED_OUT, sessionFor(TEACHER));
      const user = await signInWith('teacher@example.com', 'Temporary1!');
      await user.type(await screen.findByLabelText('New Password'), 'a-new-secret');
      await user.type(screen.getByLabelText('Confirm New Password'), 'a-new-secret');
      await user.click(screen.getByRole('button', { name: 'Set New Password' }));

      expect(await screen.findByRole('heading', { level: 1, name: 'Teacher Login' })).toBeInTheDocument();
      expect(screen.getByLabelText('Email')).toHaveValue('teacher@example.com');
    });

    it.each([
      [new Error('Password does not conform to policy: Password not long enough'), 'Password does not conform to policy: Password not long enough'],
      ['no message', 'Failed to set new password.'],
      [userDisabled(), ACCOUNT_DISABLED],
    ])('shows the failure (%s)', async (failure, expected) => {
      mockSignIn.mockResolvedValue(NEW_PASSWORD_REQUIRED);
      mockConfirmSignIn.mockRejectedValue(failure);
      renderRoutes(routes, '/student-login', SIGNED_OUT, sessionFor(STUDENT));
      const user = await signInWith('student@example.com', 'Temporary1!');
      await user.type(await screen.findByLabelText('New Password'), 'long-enough');
      await user.type(screen.getByLabelText('Confirm New Password'), 'long-enough');
      await user.click(screen.getByRole('button', { name: 'Set New Password' }));

      expect(await screen.findByRole('alert')).toHaveTextContent(expected);
      expect(screen.getByLabelText('New Password')).toBeInTheDocument();
    });
  });

  describe('two-factor authentication', () => {
    const codeMismatch = () => Object.assign(new Error('Invalid code received for user'), { name: 'CodeMismatchException' });

    it.each([
      ['/admin-login', ADMIN, 'admin@example.com', 'Admin dashboard'],
      ['/teacher-login', TEACHER, 'teacher@example.com', 'Teacher dashboard'],
    ] as const)('%s asks for the code from the authenticator app, lets a wrong one be retried, then goes on', async (path, who, email, heading) => {
      mockSignIn.mockResolvedValue(TOTP_CODE_REQUIRED);
      mockConfirmSignIn.mockRejectedValueOnce(codeMismatch()).mockResolvedValueOnce(DONE);
      renderRoutes(routes, path, SIGNED_OUT, sessionFor(who));
      const user = await signInWith(email);

      const step = await screen.findByRole('form', { name: 'Two-factor authentication' });
      expect(step).toHaveTextContent(TOTP_MESSAGES.prompt);
      expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
      const code = screen.getByLabelText('6-digit code');
      expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      expect(code).toHaveAttribute('inputmode', 'numeric');

      await user.type(code, '12345');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(code).toHaveAccessibleDescription(expect.stringContaining(TOTP_MESSAGES.format));
      expect(mockConfirmSignIn).not.toHaveBeenCalled();

      await user.type(code, '6');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(TOTP_MESSAGES.mismatch);
      expect(mockConfirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });

      await user.clear(screen.getByLabelText('6-digit code'));
      await user.type(screen.getByLabelText('6-digit code'), '654321');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(mockConfirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: '654321' });
    });

    it('goes back to the e-mail and password with Back to sign in', async () => {
      mockSignIn.mockResolvedValue(TOTP_CODE_REQUIRED);
      renderRoutes(routes, '/admin-login', SIGNED_OUT, sessionFor(ADMIN));
      const user = await signInWith('admin@example.com');
      await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
      expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
      expect(mockConfirmSignIn).not.toHaveBeenCalled();
    });

    it('starts again when the sign-in session ran out', async () => {
      mockSignIn.mockResolvedValue(TOTP_CODE_REQUIRED);
      mockConfirmSignIn.mockRejectedValue(
        Object.assign(new Error('Invalid session for the user, session is expired.'), { name: 'NotAuthorizedException' }),
      );
      renderRoutes(routes, '/admin-login', SIGNED_OUT, sessionFor(ADMIN));
      const user = await signInWith('admin@example.com');
      await user.type(await screen.findByLabelText('6-digit code'), '123456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(TOTP_MESSAGES.expired);
      expect(screen.getByLabelText('Password')).toBeInTheDocument();
    });
  });

  it('shows the pool policy and checks it, and the confirmation, before sending the new password', async () => {
    mockSignIn.mockResolvedValue(NEW_PASSWORD_REQUIRED);
    renderRoutes(routes, '/student-login', SIGNED_OUT, sessionFor(STUDENT));
    const user = await signInWith('student@example.com', 'Temporary1!');
    const newPassword = await screen.findByLabelText('New Password');
    expect(newPassword).toHaveAccessibleDescription(expect.stringContaining('At least 8 characters'));

    await user.type(newPassword, 'short');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(newPassword).toHaveAccessibleDescription(expect.stringContaining('The password needs at least 8 characters.'));

    await user.type(newPassword, '-but-now-long');
    await user.type(screen.getByLabelText('Confirm New Password'), 'something else');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The two passwords do not match.')).toBeInTheDocument();
    expect(mockConfirmSignIn).not.toHaveBeenCalled();
  });

  describe('Forgot password?', () => {
    it('sends a code to the typed e-mail, then sets the new password and returns to sign in with the e-mail', async () => {
      mockResetPassword.mockResolvedValue({} as never);
      mockConfirmResetPassword.mockResolvedValue(undefined);
      renderRoutes(routes, '/teacher-login', SIGNED_OUT);
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Email'), 'teacher@example.com');
      await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

      // The reset is a chunk of its own, which the first focus in the form started loading.
      const sendCode = await screen.findByRole('button', { name: 'Send Code' });
      expect(screen.getByLabelText('Email')).toHaveValue('teacher@example.com');
      await user.click(sendCode);
      expect(mockResetPassword).toHaveBeenCalledWith({ username: 'teacher@example.com' });
      await user.type(await screen.findByLabelText('Code'), '123456');
      await user.type(screen.getByLabelText('New Password'), 'brand-new-pass');
      await user.type(screen.getByLabelText('Confirm New Password'), 'brand-new-pass');
      await user.click(screen.getByRole('button', { name: 'Set New Password' }));

      expect(await screen.findByText('Your password was changed. Sign in with your new password.')).toBeInTheDocument();
      expect(mockConfirmResetPassword).toHaveBeenCalledWith({ username: 'teacher@example.com', confirmationCode: '123456', newPassword: 'brand-new-pass' });
      expect(screen.getByLabelText('Email')).toHaveValue('teacher@example.com');
      expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    });

    it('answers an unknown e-mail exactly as a known one', async () => {
      mockResetPassword.mockRejectedValue(Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' }));
      renderRoutes(routes, '/student-login', SIGNED_OUT);
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
      const sendCode = await screen.findByRole('button', { name: 'Send Code' });
      await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
      await user.click(sendCode);

      expect(await screen.findByText(/If an account exists for this e-mail, a code is on its way/)).toBeInTheDocument();
      expect(screen.queryByText(/does not exist/)).not.toBeInTheDocument();
    });
  });

  it('shows a message and prefills the e-mail from navigation state', () => {
    renderRoutes(
      routes,
      { pathname: '/student-login', state: { message: 'Your password was changed.', messageTone: 'success', email: 'sam@example.com' } },
      SIGNED_OUT,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Your password was changed.');
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
  });

  it('redirects an already signed-in user to the matching dashboard', async () => {
    renderRoutes(routes, '/student-login', signedIn(STUDENT));
    expect(await screen.findByRole('heading', { name: 'Student dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(mockSignIn).not.toHaveBeenCalled());
  });
});
