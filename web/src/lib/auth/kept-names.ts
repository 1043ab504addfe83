// The name each user had on the last page load, kept in this browser so the next load can show the signed-in page
// without waiting for the identity service (it is read again behind, and replaced if it changed). Written here, by the
// auth services once they have read it; read at start without them (stored-session.ts, keptName).
import { KEPT_NAME_PREFIX } from './stored-session';

export function keepName(userId: string, name: string) {
  try {
    localStorage.setItem(KEPT_NAME_PREFIX + userId, name);
  } catch {
    // Storage blocked or full: the name is read each time.
  }
}

/** Sign-out forgets the kept names, like Amplify forgets the tokens. */
export function forgetKeptNames() {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
    for (const key of keys) if (key?.startsWith(KEPT_NAME_PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept.
  }
}
