// The start page an LMS launch hands the browser to: it signs in with the one-time code through the custom challenge
// and lands on the launch's page; a used or expired code says so; where storage is blocked it offers a new tab.
import { screen } from '@testing-library/react';
import { confirmSignIn, signIn, signOut } from 'aws-amplify/auth';
import { LTI_FRAMED_LAUNCH } from '@shared/lti';
import { createControls, LocationProbe, renderRoutes, SIGNED_OUT, STUDENT } from '../../testing/test-utils';
import { captureConsoleErrors } from '../../testing/console-errors';
import LtiStartPage, { LTI_START_MESSAGES } from './lti-start-page';
import { readHandoff, storageWorks } from './lti-start';

jest.mock('aws-amplify/auth', () => ({ signIn: jest.fn(), confirmSignIn: jest.fn(), signOut: jest.fn() }));
const mockSignIn = jest.mocked(signIn);
const mockConfirmSignIn = jest.mocked(confirmSignIn);
jest.mocked(signOut).mockResolvedValue(undefined);
const consoleErrors = captureConsoleErrors();

const CHALLENGE = { isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', additionalInfo: {} } } as Awaited<ReturnType<typeof signIn>>;
const DONE = { isSignedIn: true, nextStep: { signInStep: 'DONE' } } as Awaited<ReturnType<typeof signIn>>;
const HANDOFF = '#user=user-1&code=one-time&to=%2Fstudent%2Fclass%2Fc1%2Fmodule%2Fm1';

const routes = [
  { path: '/lms/start', element: <LtiStartPage /> },
  { path: '/student/class/:classId/module/:moduleId', element: <LocationProbe /> },
];

beforeEach(() => {
  mockSignIn.mockReset();
  mockConfirmSignIn.mockReset();
});

it('signs in with the code through the custom challenge, then lands on the launch page', async () => {
  mockSignIn.mockResolvedValue(CHALLENGE);
  mockConfirmSignIn.mockResolvedValue(DONE);
  const controls = createControls(STUDENT);
  renderRoutes(routes, `/lms/start${HANDOFF}`, SIGNED_OUT, controls);
  expect(screen.getByRole('status')).toHaveTextContent(LTI_START_MESSAGES.signingIn);
  expect(await screen.findByTestId('location')).toHaveTextContent('/student/class/c1/module/m1');
  expect(mockSignIn).toHaveBeenCalledWith({ username: 'user-1', options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
  expect(mockConfirmSignIn).toHaveBeenCalledTimes(1);
  expect(mockConfirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'one-time' });
});

it('a used or expired code says to open the link in the LMS again', async () => {
  consoleErrors.expect(/Signing in from the LMS failed/);
  mockSignIn.mockResolvedValue(CHALLENGE);
  mockConfirmSignIn.mockRejectedValue(Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }));
  renderRoutes(routes, `/lms/start${HANDOFF}`, SIGNED_OUT);
  expect(await screen.findByRole('alert')).toHaveTextContent(LTI_START_MESSAGES.failed);
});

it('without a hand-off (opened by hand) says the same, and signs nobody in', async () => {
  renderRoutes(routes, '/lms/start', SIGNED_OUT);
  expect(screen.getByRole('alert')).toHaveTextContent(LTI_START_MESSAGES.failed);
  expect(mockSignIn).not.toHaveBeenCalled();
});

it('where the browser blocks storage it offers a new tab carrying the unused code', async () => {
  const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  });
  try {
    renderRoutes(routes, `/lms/start${HANDOFF}`, SIGNED_OUT);
    const link = await screen.findByRole('link', { name: LTI_FRAMED_LAUNCH.link });
    expect(link).toHaveAttribute('href', `/lms/start${HANDOFF}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText(LTI_FRAMED_LAUNCH.blocked)).toBeInTheDocument();
    expect(mockSignIn).not.toHaveBeenCalled();
  } finally {
    setItem.mockRestore();
  }
});

describe('the hand-off', () => {
  it.each(['#user=u&code=c&to=https%3A%2F%2Fevil.example', '#user=u&code=c&to=%2F%2Fevil.example', '#user=u&to=%2Fx', '#code=c&to=%2Fx'])('%s is no hand-off', (fragment) => {
    expect(readHandoff(fragment)).toBeUndefined();
  });

  it('storage that throws does not work', () => {
    expect(storageWorks(() => ({ setItem: () => { throw new Error('blocked'); } }) as unknown as Storage)).toBe(false);
    expect(storageWorks()).toBe(true);
  });
});
