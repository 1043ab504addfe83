// Values kept in the tab's sessionStorage, so a reload (or a crash of the tab's page) does not lose a teacher's work.
// Reading checks the shape with a guard: stored data may come from an older version of the app. Storage can be
// full or disabled (private modes); then nothing is kept and the app works as before.

const PREFIX = 'learning-paths:';

export function readStored<T>(key: string, isValid: (value: unknown) => value is T): T | undefined {
  try {
    const text = window.sessionStorage.getItem(PREFIX + key);
    if (text === null) return undefined;
    const value: unknown = JSON.parse(text);
    return isValid(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Full or disabled: the work is still on screen, only not kept across a reload.
  }
}

export function removeStored(key: string): void {
  try {
    window.sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Disabled storage holds nothing to remove.
  }
}
