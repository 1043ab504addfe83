// What the start page reads from a launch's hand-off (shared/lti.ts, ltiStartFragment), and whether this browser lets
// the app keep a session here (Amplify keeps its tokens in localStorage; a browser that blocks storage for a site framed
// by another, or for every site, throws on access).

export interface LaunchHandoff {
  username: string;
  code: string;
  /** A page of the app: a path on this origin, never another site. */
  to: string;
}

export function readHandoff(fragment: string): LaunchHandoff | undefined {
  const parameters = new URLSearchParams(fragment.replace(/^#/, ''));
  const username = parameters.get('user');
  const code = parameters.get('code');
  const to = parameters.get('to');
  if (!username || !code || !to || !to.startsWith('/') || to.startsWith('//') || to.includes('\\')) return undefined;
  return { username, code, to };
}

export function storageWorks(storage: () => Storage = () => window.localStorage): boolean {
  const probe = 'learning-paths:storage-probe';
  try {
    storage().setItem(probe, '1');
    storage().removeItem(probe);
    return true;
  } catch {
    return false;
  }
}
