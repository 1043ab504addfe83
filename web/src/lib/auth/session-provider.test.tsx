import { act, render, screen } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import userEvent from '@testing-library/user-event';
import { fetchAuthSession, fetchUserAttributes, getCurrentUser, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { useSession } from './session';
import * as authServices from './auth-services';
import type { AuthServices } from './auth-services';
import { SessionProvider } from './session-provider';

jest.mock('aws-amplify/auth', () => ({
  fetchAuthSession: jest.fn(),
  fetchUserAttributes: jest.fn(),
  getCurrentUser: jest.fn(),
  signOut: jest.fn(),
}));
jest.mock('aws-amplify/utils', () => ({ Hub: { listen: jest.fn() } }));

type HubCallback = (capsule: { payload: { event: string } }) => void;
let hubListener: HubCallback | undefined;
const stopListening = jest.fn();

function tokens({ groups, email }: { groups?: unknown; email?: string }) {
  return {
    tokens: {
      accessToken: { payload: { sub: 'sub-1', 'cognito:groups': groups }, toString: () => 'access' },
      idToken: { payload: email ? { email } : {}, toString: () => 'id' },
    },
  } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>;
}

function Probe() {
  const { state, signOut: leave, refresh } = useSession();
  const [refreshedName, setRefreshedName] = useState<string>();
  return (
    <>
      <p data-testid="state">
        {state.status}
        {state.user ? ` ${state.user.email} ${state.user.role} ${state.user.userId}` : ''}
      </p>
      <p data-testid="name">{state.user?.name}</p>
      <p data-testid="refreshed-name">{refreshedName}</p>
      <button type="button" onClick={() => void refresh().then((user) => setRefreshedName(user?.name))}>
        Refresh
      </button>
      <button type="button" onClick={() => void leave()}>
        Logout
      </button>
    </>
  );
}

const shown = () => screen.getByTestId('state').textContent;
const nameShown = () => screen.getByTestId('name').textContent;
const KEPT = 'learning-paths:name:sub-1';

beforeEach(() => {
  jest.resetAllMocks();
  localStorage.clear();
  jest.mocked(fetchUserAttributes).mockResolvedValue({});
  jest.mocked(Hub.listen).mockImplementation(((_channel: string, callback: HubCallback) => {
    hubListener = callback;
    return stopListening;
  }) as unknown as typeof Hub.listen);
});

describe('SessionProvider', () => {
  it('reads the session only once the services are configured', async () => {
    jest.mocked(fetchAuthSession).mockResolvedValue(tokens({ groups: ['Students'], email: 'student@example.com' }));
    let configure = () => {};
    const servicesReady = new Promise<AuthServices>((resolve) => (configure = () => resolve(authServices)));
    render(
      <SessionProvider servicesReady={servicesReady}>
        <Probe />
      </SessionProvider>,
    );
    await act(async () => {});
    expect(shown()).toBe('loading');
    expect(fetchAuthSession).not.toHaveBeenCalled();
    await act(async () => configure());
    expect(await screen.findByText('signedIn student@example.com Students sub-1')).toBeInTheDocument();
  });

  it('answers signed out without starting the services when no session is stored, and follows a later sign-in', async () => {
    jest.mocked(fetchAuthSession).mockResolvedValue(tokens({ groups: ['Teachers'], email: 'teacher@example.com' }));
    let configure = () => {};
    const servicesReady = new Promise<AuthServices>((resolve) => (configure = () => resolve(authServices)));
    const startServices = jest.fn(() => {
      configure();
      return servicesReady;
    });
    render(
      <SessionProvider servicesReady={servicesReady} startServices={startServices} sessionMayBeStored={false}>
        <Probe />
      </SessionProvider>,
    );
    expect(await screen.findByText('signedOut')).toBeInTheDocument();
    expect(startServices).not.toHaveBeenCalled();
    expect(fetchAuthSession).not.toHaveBeenCalled();

    // A sign-in starts the services; their auth event then brings the session in.
    await act(async () => void startServices());
    act(() => hubListener?.({ payload: { event: 'signedIn' } }));
    expect(await screen.findByText('signedIn teacher@example.com Teachers sub-1')).toBeInTheDocument();
  });

  it('shows loading, then the signed-in user with e-mail and role from the tokens', async () => {
    jest.mocked(fetchAuthSession).mockResolvedValue(tokens({ groups: ['Teachers'], email: 'teacher@example.com' }));
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(shown()).toBe('loading');
    expect(await screen.findByText('signedIn teacher@example.com Teachers sub-1')).toBeInTheDocument();
    expect(getCurrentUser).not.toHaveBeenCalled();
  });

  it('falls back to the sign-in login id when the ID token has no e-mail', async () => {
    jest.mocked(fetchAuthSession).mockResolvedValue(tokens({ groups: ['Students'] }));
    jest.mocked(getCurrentUser).mockResolvedValue({ username: 'uuid-name', userId: 'sub-1', signInDetails: { loginId: 'student@example.com' } });
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(await screen.findByText('signedIn student@example.com Students sub-1')).toBeInTheDocument();
  });

  it('is signed out without tokens, and when reading the session fails (which is logged)', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.mocked(fetchAuthSession).mockResolvedValueOnce({} as Awaited<ReturnType<typeof fetchAuthSession>>);
    const first = render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(await screen.findByText('signedOut')).toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
    first.unmount();

    jest.mocked(fetchAuthSession).mockRejectedValueOnce(new Error('network'));
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(await screen.findByText('signedOut')).toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith('Could not read the session', expect.objectContaining({ message: 'network' }));
    errors.mockRestore();
  });

  it('follows signedIn and signedOut events and stops listening when unmounted', async () => {
    jest.mocked(fetchAuthSession).mockResolvedValueOnce({} as Awaited<ReturnType<typeof fetchAuthSession>>);
    const { unmount } = render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(await screen.findByText('signedOut')).toBeInTheDocument();
    expect(Hub.listen).toHaveBeenCalledWith('auth', expect.any(Function));

    jest.mocked(fetchAuthSession).mockResolvedValue(tokens({ groups: ['Students'], email: 's@example.com' }));
    act(() => hubListener?.({ payload: { event: 'signedIn' } }));
    expect(await screen.findByText('signedIn s@example.com Students sub-1')).toBeInTheDocument();

    act(() => hubListener?.({ payload: { event: 'signedOut' } }));
    expect(shown()).toBe('signedOut');

    unmount();
    expect(stopListening).toHaveBeenCalled();
  });

  it('logout signs out and leaves; a failing sign-out is only logged', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.mocked(fetchAuthSession).mockResolvedValue(tokens({ groups: ['Teachers'], email: 't@example.com' }));
    jest.mocked(signOut).mockRejectedValue(new Error('offline'));
    const onSignedOut = jest.fn();
    render(
      <SessionProvider onSignedOut={onSignedOut}>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByText(/signedIn/);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(signOut).toHaveBeenCalled();
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledWith('Sign-out failed', expect.any(Error));
    errors.mockRestore();
  });
});

describe('a start from the stored session (no Amplify until the page has its data)', () => {
  const STORED_USER = { userId: 'sub-1', email: 'teacher@example.com', role: 'Teachers' as const, name: 'Ada Byron' };

  function renderStarted(startServices: () => Promise<AuthServices>, whenPageSettled: () => Promise<void>) {
    render(
      <SessionProvider startServices={startServices} storedUser={Promise.resolve(STORED_USER)} whenPageSettled={whenPageSettled}>
        <Probe />
      </SessionProvider>,
    );
  }

  it('shows the stored user at once, and only once the page has settled loads the services and the current name', async () => {
    let settle = () => {};
    const pageSettled = new Promise<void>((resolve) => (settle = resolve));
    const startServices = jest.fn(async () => authServices as AuthServices);
    jest.mocked(fetchUserAttributes).mockResolvedValue({ name: 'Ada Lovelace' });
    renderStarted(startServices, () => pageSettled);

    expect(await screen.findByText('signedIn teacher@example.com Teachers sub-1')).toBeInTheDocument();
    expect(nameShown()).toBe('Ada Byron');
    await act(async () => {});
    expect(startServices).not.toHaveBeenCalled();
    expect(fetchAuthSession).not.toHaveBeenCalled();

    await act(async () => settle());
    expect(startServices).toHaveBeenCalledTimes(1);
    expect(nameShown()).toBe('Ada Lovelace');
    expect(localStorage.getItem(KEPT)).toBe('Ada Lovelace');
    expect(fetchAuthSession).not.toHaveBeenCalled();
  });

  it('keeps the page when the services cannot be loaded then (logged), and a later sign-out loads them', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const startServices = jest
      .fn<Promise<AuthServices>, []>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(authServices);
    renderStarted(startServices, () => Promise.resolve());
    expect(await screen.findByText('signedIn teacher@example.com Teachers sub-1')).toBeInTheDocument();
    await act(async () => {});
    expect(errors).toHaveBeenCalledWith('Could not load the identity services', expect.any(TypeError));
    expect(nameShown()).toBe('Ada Byron');

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(signOut).toHaveBeenCalled();
  });

  it("shows a user already read (the page's HTML drew its signed-in frame) in the first render, and loads the services once the page has settled", async () => {
    let settle = () => {};
    const pageSettled = new Promise<void>((resolve) => (settle = resolve));
    const startServices = jest.fn(async () => authServices as AuthServices);
    jest.mocked(fetchUserAttributes).mockResolvedValue({ name: 'Ada Lovelace' });
    render(
      <StrictMode>
        <SessionProvider startServices={startServices} storedUser={new Promise(() => undefined)} initialUser={STORED_USER} whenPageSettled={() => pageSettled}>
          <Probe />
        </SessionProvider>
      </StrictMode>,
    );

    expect(shown()).toBe('signedIn teacher@example.com Teachers sub-1');
    await act(async () => {});
    expect(startServices).not.toHaveBeenCalled();

    await act(async () => settle());
    expect(nameShown()).toBe('Ada Lovelace');
    expect(fetchAuthSession).not.toHaveBeenCalled();
  });

  it('reads the session through the services when no stored user can be used', async () => {
    jest.mocked(fetchAuthSession).mockResolvedValue(tokens({ groups: ['Teachers'], email: 'teacher@example.com' }));
    const startServices = jest.fn(async () => authServices as AuthServices);
    render(
      <SessionProvider startServices={startServices} storedUser={Promise.resolve(null)}>
        <Probe />
      </SessionProvider>,
    );
    expect(await screen.findByText('signedIn teacher@example.com Teachers sub-1')).toBeInTheDocument();
    expect(startServices).toHaveBeenCalled();
    expect(fetchAuthSession).toHaveBeenCalled();
  });
});

describe('the name', () => {
  function answerLater() {
    let answer!: (name: string) => void;
    jest.mocked(fetchUserAttributes).mockReturnValueOnce(new Promise((resolve) => (answer = (name) => resolve({ name }))));
    return (name: string) => act(async () => answer(name));
  }

  beforeEach(() => {
    jest.mocked(fetchAuthSession).mockResolvedValue(tokens({ groups: ['Teachers'], email: 'teacher@example.com' }));
  });

  it('is waited for on a first load, then kept for the next', async () => {
    const answer = answerLater();
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await act(async () => {});
    expect(shown()).toBe('loading');
    await answer('Ada Lovelace');
    expect(shown()).toBe('signedIn teacher@example.com Teachers sub-1');
    expect(nameShown()).toBe('Ada Lovelace');
    expect(localStorage.getItem(KEPT)).toBe('Ada Lovelace');
  });

  it('kept from the last load shows at once; a newer one replaces it once read, and is kept', async () => {
    localStorage.setItem(KEPT, 'Ada Byron');
    const answer = answerLater();
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(await screen.findByText('signedIn teacher@example.com Teachers sub-1')).toBeInTheDocument();
    expect(nameShown()).toBe('Ada Byron');
    await answer('Ada Lovelace');
    expect(nameShown()).toBe('Ada Lovelace');
    expect(localStorage.getItem(KEPT)).toBe('Ada Lovelace');
  });

  it('is read afresh by a refresh (after a rename), which answers with it', async () => {
    localStorage.setItem(KEPT, 'Ada Byron');
    jest.mocked(fetchUserAttributes).mockResolvedValueOnce({ name: 'Ada Byron' });
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByText(/signedIn/);
    const answer = answerLater();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByTestId('refreshed-name').textContent).toBe('');
    await answer('Ada Lovelace');
    expect(screen.getByTestId('refreshed-name').textContent).toBe('Ada Lovelace');
    expect(nameShown()).toBe('Ada Lovelace');
  });

  it('is forgotten by this browser at sign-out, and nothing else of the app is', async () => {
    jest.mocked(fetchUserAttributes).mockResolvedValue({ name: 'Ada Lovelace' });
    localStorage.setItem('learning-paths:draft', 'kept');
    render(
      <SessionProvider onSignedOut={() => undefined}>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByText(/signedIn/);
    expect(localStorage.getItem(KEPT)).toBe('Ada Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(signOut).toHaveBeenCalled();
    expect(localStorage.getItem(KEPT)).toBeNull();
    expect(localStorage.getItem('learning-paths:draft')).toBe('kept');
  });
});
