// Where each role signs in and where it lands: the one map the guards, headers and login screens share.
import type { Role } from '@shared/roles';

/** Every role has its own login screen. */
export type LoginRole = Role;

export const LOGIN_PATH: Record<LoginRole, string> = {
  Teachers: '/teacher-login',
  Students: '/student-login',
  Admins: '/admin-login',
};

const DASHBOARD_PATH: Record<Role, string> = {
  Teachers: '/teacher-dashboard',
  Students: '/student-dashboard',
  Admins: '/admin-dashboard',
};

/** The spec's default landing for a signed-in user whose role is unknown. */
const DEFAULT_DASHBOARD_PATH = '/student-dashboard';

export function dashboardPathFor(role: Role | null): string {
  return role ? DASHBOARD_PATH[role] : DEFAULT_DASHBOARD_PATH;
}

/** What a login screen accepts through navigation state (messages from other screens, a prefilled e-mail, an origin). */
export interface LoginLocationState {
  message?: string;
  messageTone?: 'success' | 'info' | 'error';
  email?: string;
  /** Path (with search and hash) the user asked for before being sent to sign in. */
  from?: string;
}

export function readLoginState(state: unknown): LoginLocationState {
  if (!state || typeof state !== 'object') return {};
  const value = state as Record<string, unknown>;
  const text = (key: string) => (typeof value[key] === 'string' && value[key] ? (value[key] as string) : undefined);
  const tone = text('messageTone');
  return {
    message: text('message'),
    messageTone: tone === 'success' || tone === 'info' || tone === 'error' ? tone : undefined,
    email: text('email'),
    from: safeInternalPath(text('from')),
  };
}

/** Only same-app paths may be used as a return target (no protocol-relative or absolute URLs). */
function safeInternalPath(path: string | undefined): string | undefined {
  if (!path || !path.startsWith('/') || path.startsWith('//')) return undefined;
  return path;
}
