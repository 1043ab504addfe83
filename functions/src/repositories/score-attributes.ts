// How a student's scores on a module's checks are kept on their progress item in the module (the item a report reads
// anyway): `best#{sectionId}` (best percent, only raised), `attempts#{sectionId}`, `passedChecks` (string set of the
// sections whose check an attempt passed) and lastAttemptAt; and the class's totals of its enrolled students' best
// percents per check (`sum#{moduleId}#{sectionId}`, `count#…`: the dashboard's Avg. Score). One format, read and
// written by the attempt and progress repositories and the migration.
import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { keys, prefixedAttributes } from './table';

export const BEST = 'best#';
export const ATTEMPTS = 'attempts#';
export const PASSED_CHECKS = 'passedChecks';
export const SUM = 'sum#';
export const COUNT = 'count#';
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

/** A change to the class's score totals: best percents and students with one, per check of a module. */
export interface ScoreTotalsChange {
  moduleId: string;
  sectionId: string;
  sum: number;
  count: number;
}

/** One atomic ADD of these changes to the class's score totals item (created by the first). */
export function scoreTotalsUpdate(tableName: string, classId: string, changes: ScoreTotalsChange[]): UpdateCommandInput {
  const names = changes.flatMap(({ moduleId, sectionId }, index) => [
    [`#sum${index}`, `${SUM}${moduleId}#${sectionId}`],
    [`#count${index}`, `${COUNT}${moduleId}#${sectionId}`],
  ]);
  const values = changes.flatMap(({ sum, count }, index) => [
    [`:sum${index}`, sum],
    [`:count${index}`, count],
  ]);
  return {
    TableName: tableName,
    Key: keys.scoreTotals(classId),
    UpdateExpression: `ADD ${changes.map((_, index) => `#sum${index} :sum${index}, #count${index} :count${index}`).join(', ')} SET entity = :entity, classId = :class`,
    ExpressionAttributeNames: Object.fromEntries(names),
    ExpressionAttributeValues: { ...Object.fromEntries(values), ':entity': 'ScoreTotals', ':class': classId },
  };
}

/** The class's score totals item holding exactly these totals (a recount). */
export function scoreTotalsItem(classId: string, totals: ScoreTotalsChange[]): Record<string, unknown> {
  const item: Record<string, unknown> = { ...keys.scoreTotals(classId), entity: 'ScoreTotals', classId };
  for (const { moduleId, sectionId, sum, count } of totals) {
    item[`${SUM}${moduleId}#${sectionId}`] = Number(item[`${SUM}${moduleId}#${sectionId}`] ?? 0) + sum;
    item[`${COUNT}${moduleId}#${sectionId}`] = Number(item[`${COUNT}${moduleId}#${sectionId}`] ?? 0) + count;
  }
  return item;
}

/** The score totals changes a student's progress items make: each best percent and one student per check, signed. */
export const totalsChangesOf = (items: Record<string, unknown>[], direction: 1 | -1): ScoreTotalsChange[] =>
  items.flatMap((item) =>
    Object.entries(standingsOnItem(item)).map(([sectionId, { bestPercent }]) => ({ moduleId: String(item.moduleId), sectionId, sum: direction * bestPercent, count: direction })),
  );
