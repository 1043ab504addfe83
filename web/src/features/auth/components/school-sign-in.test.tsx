import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { OTHER_DOMAIN_MESSAGE } from '@shared/school-sign-in';
import { schoolSignInProviders, signInWithSchool } from '@web/lib/auth';
import { SchoolSignIn } from './school-sign-in';

jest.mock('@web/lib/auth', () => ({
  isSignInCallback: () => false,
  prepareAmplifyAuth: jest.fn(),
  schoolSignInProviders: jest.fn(),
  signInWithSchool: jest.fn(),
}));

const PROVIDERS = [
  { name: 'Google', label: 'Sign in with Google' },
  { name: 'Microsoft', label: 'Sign in with Microsoft' },
];

beforeEach(() => {
  jest.mocked(schoolSignInProviders).mockResolvedValue(PROVIDERS);
  // The browser leaves for the provider: the call never comes back on this page.
  jest.mocked(signInWithSchool).mockReturnValue(new Promise(() => undefined));
});

const renderAt = (url = '/teacher-login') =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <SchoolSignIn disabled={false} />
    </MemoryRouter>,
  );

it("sends the person to the provider they chose, and keeps both buttons from a second press while it goes", async () => {
  renderAt();
  await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Microsoft' }));
  expect(signInWithSchool).toHaveBeenCalledWith('Microsoft');
  for (const { label } of PROVIDERS) expect(screen.getByRole('button', { name: label })).toBeDisabled();
});

it("brings the buttons back when Back from the provider's page shows this page as it was left", async () => {
  renderAt();
  await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));

  act(() => {
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
  });
  expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();

  act(() => {
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  });
  for (const { label } of PROVIDERS) expect(screen.getByRole('button', { name: label })).toBeEnabled();
});

it('says why the hosted sign-in sent the person back, and a fixed sentence for an answer it does not know', async () => {
  const { unmount } = renderAt(`/teacher-login?state=s&error=access_denied&error_description=${encodeURIComponent(`PreSignUp failed with error ${OTHER_DOMAIN_MESSAGE}.`)}`);
  expect(await screen.findByRole('alert')).toHaveTextContent(OTHER_DOMAIN_MESSAGE);
  unmount();
  renderAt('/teacher-login?state=s&error=server_error&error_description=<b>anything</b>');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Signing in with your school account did not work. Try again, or sign in with your password.',
  );
});

it('shows nothing where the stage federates no school', async () => {
  jest.mocked(schoolSignInProviders).mockResolvedValue([]);
  const { container } = renderAt();
  await act(() => Promise.resolve());
  expect(container).toBeEmptyDOMElement();
});
