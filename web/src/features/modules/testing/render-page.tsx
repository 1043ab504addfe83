// Test helpers for part-B pages: a signed-in session, a fresh query cache, a memory router that records where
// the page navigated to, and a fake XMLHttpRequest for uploads.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { SessionContext, type Session, type SessionUser } from '../../../lib/session';

export const teacher: SessionUser = { userId: 'teacher-1', username: 'Ms Rivera', role: 'Teachers' };
export const student: SessionUser = { userId: 'student-1', username: 'sam', role: 'Students' };

interface RenderPageOptions {
  /** Route pattern of the page, e.g. /teacher-modules/:moduleId */
  path: string;
  /** The URL to open, e.g. /teacher-modules/m1 */
  url: string;
  state?: unknown;
  user?: SessionUser;
  /** More screens the page may navigate to, by route pattern. */
  also?: Record<string, ReactElement>;
}

/** Where the app is now; tests assert navigations with `router.location.pathname`. */
interface LocationRecord {
  location: Location;
}

function LocationSpy({ record }: { record: LocationRecord }) {
  record.location = useLocation();
  return null;
}

function Elsewhere() {
  return <p data-testid="elsewhere">{useLocation().pathname}</p>;
}

export function renderPage(page: ReactElement, { path, url, state, user = teacher, also = {} }: RenderPageOptions) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const session: Session = {
    state: { status: 'signedIn', user },
    refresh: async () => user,
    signOut: async () => undefined,
  };
  // A declarative MemoryRouter: the data routers need the Fetch API's Request, which jsdom lacks.
  const router = {} as LocationRecord;
  const view = render(
    <SessionContext.Provider value={session}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[{ pathname: url, state }]}>
          <LocationSpy record={router} />
          <Routes>
            <Route path={path} element={page} />
            {Object.entries(also).map(([pattern, element]) => (
              <Route key={pattern} path={pattern} element={element} />
            ))}
            <Route path="*" element={<Elsewhere />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
  return { ...view, router, queryClient };
}

/** A controllable stand-in for XMLHttpRequest: tests answer, fail or watch each request. */
export class FakeXhr {
  static requests: FakeXhr[] = [];
  static install() {
    FakeXhr.requests = [];
    Object.assign(globalThis, { XMLHttpRequest: FakeXhr });
  }

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | null = null;
  status = 0;
  statusText = '';
  aborted = false;
  upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private responseHeaders: Record<string, string> = {};

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: Blob) {
    this.body = body;
    FakeXhr.requests.push(this);
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  abort() {
    this.aborted = true;
    this.settled = true;
    this.onabort?.();
  }

  private settled = false;
  get pending() {
    return !this.settled;
  }
  progress(loaded: number) {
    this.upload.onprogress?.({ loaded, total: this.body?.size ?? 0 });
  }
  respond(status = 200, headers: Record<string, string> = {}) {
    this.status = status;
    this.settled = true;
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
    this.onload?.();
  }
  fail() {
    this.settled = true;
    this.onerror?.();
  }

  static pendingRequests() {
    return FakeXhr.requests.filter((request) => request.pending);
  }
}

/** Lets promise callbacks (API answers, XHR settlement) run. */
export const flushPromises = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
