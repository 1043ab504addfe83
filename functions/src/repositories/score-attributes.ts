// How a student's scores on a module's checks are kept on their progress item in the module (the item a report reads
// anyway): `best#{sectionId}` (best percent, only raised), `attempts#{sectionId}`, `passedChecks` (string set of the
// sections whose check an attempt passed) and lastAttemptAt. One format, read and written by the attempt and progress
// repositories and the migration.
import { prefixedAttributes } from './table';

export const BEST = 'best#';
export const ATTEMPTS = 'attempts#';
export const PASSED_CHECKS = 'passedChecks';
/** The previous version kept a pass per check as its own boolean attribute `passed#{sectionId}` (the migration reads it). */
const LEGACY_PASSED = 'passed#';

export interface CheckStandingOnItem {
  bestPercent: number;
  passed: boolean;
  /** Absent when the read left attempts out (a report page asks only for what its cells show). */
  attempts?: number;
}

/** Section id → standing, for each check of the item that has a best percent (an attempt). */
export function standingsOnItem(item: Record<string, unknown>): Record<string, CheckStandingOnItem> {
  const best = prefixedAttributes<number>(item, BEST);
  const attempts = prefixedAttributes<number>(item, ATTEMPTS);
  const passed = item[PASSED_CHECKS] instanceof Set ? (item[PASSED_CHECKS] as Set<string>) : new Set<string>();
  return Object.fromEntries(
    Object.entries(best).map(([sectionId, bestPercent]) => [
      sectionId,
      { bestPercent, passed: passed.has(sectionId), ...(attempts[sectionId] === undefined ? {} : { attempts: attempts[sectionId] }) },
    ]),
  );
}

/** The attributes a report cell needs of these checks' standings. */
export const standingAttributeNames = (sectionIds: string[]) => (sectionIds.length === 0 ? [] : [...sectionIds.map((sectionId) => `${BEST}${sectionId}`), PASSED_CHECKS]);

/**
 * The scores of one student in one module held by two items, as one: the higher best percent and the sum of the
 * attempts per check, the passes of both, the later last attempt. The migration moves a score item of the previous
 * shape (its own item; a pass as `passed#{sectionId}`) onto the progress item that attempts since may have scored too.
 */
export function mergeScoreAttributes(moved: Record<string, unknown>, kept: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  const number = (value: unknown) => (typeof value === 'number' ? value : 0);
  const passed = new Set(kept[PASSED_CHECKS] instanceof Set ? (kept[PASSED_CHECKS] as Set<string>) : []);
  for (const [name, value] of Object.entries(moved)) {
    if (name.startsWith(BEST)) merged[name] = Math.max(number(value), number(kept[name]));
    else if (name.startsWith(ATTEMPTS)) merged[name] = number(value) + number(kept[name]);
    else if (name.startsWith(LEGACY_PASSED) && value === true) passed.add(name.slice(LEGACY_PASSED.length));
    else if (name === 'lastAttemptAt') merged[name] = typeof kept[name] === 'string' && kept[name] > String(value) ? kept[name] : value;
  }
  if (passed.size > 0) merged[PASSED_CHECKS] = passed;
  return merged;
}
