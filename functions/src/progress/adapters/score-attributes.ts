// How a student's scores on a module's checks are kept on their progress item in the module (the item a report reads
// anyway): one attribute, `checkStandings`, a JSON object of section id → [best percent, attempts, passed 0|1] with
// its keys sorted, and lastAttemptAt; and the class's totals of its enrolled students' best percents per check
// (`sum#{moduleId}#{sectionId}`, `count#…`: the dashboard's Avg. Score), in the completion counters' 8 shards by student. One attribute rather than three per check
// because a report page reads it for every (student, module) and the cost of a read grows with the attributes it
// returns; an attempt rewrites it on the condition that it still holds what the attempt read. One format, read and
// written by the attempt and progress repositories and the migration.
import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ScoreTotalsRecord } from '../../checks/port';
import type { CheckStandings } from '../port';
import { keys, prefixedAttributes } from '../../table/table';
import { counterShardOf } from './completion-writes';

export const STANDINGS = 'checkStandings';
export const SUM = 'sum#';
export const COUNT = 'count#';

type Standings = CheckStandings;

/** The value of `checkStandings` for these standings: the same standings always give the same text. */
export function encodeStandings(standings: Standings): string {
  const sorted = Object.keys(standings).sort();
  return JSON.stringify(Object.fromEntries(sorted.map((sectionId) => {
    const { bestPercent, attempts, passed } = standings[sectionId];
    return [sectionId, [bestPercent, attempts, passed ? 1 : 0]];
  })));
}

/** Section id → standing, for each check of the item that has an attempt. */
export function standingsOnItem(item: Record<string, unknown>): Standings {
  const stored = item[STANDINGS];
  if (typeof stored !== 'string') return {};
  const entries = Object.entries(JSON.parse(stored) as Record<string, [number, number, number]>);
  return Object.fromEntries(entries.map(([sectionId, [bestPercent, attempts, passed]]) => [sectionId, { bestPercent, attempts, passed: passed === 1 }]));
}

/** The standings after one more attempt on a check: the best only rises, and a pass stays a pass. */
export function withAttempt(standings: Standings, sectionId: string, percent: number, passed: boolean): Standings {
  const before = standings[sectionId];
  return {
    ...standings,
    [sectionId]: { bestPercent: Math.max(before?.bestPercent ?? 0, percent), attempts: (before?.attempts ?? 0) + 1, passed: (before?.passed ?? false) || passed },
  };
}

/** The attributes a report cell needs of a module's checks' standings (none when the module has no check). */
export const standingAttributeNames = (sectionIds: string[]) => (sectionIds.length === 0 ? [] : [STANDINGS]);

/** The standings two items hold for one student in one module, as one: the higher best, the attempts of both, either pass. */
export function mergeStandings(first: Standings, second: Standings): Standings {
  const merged: Standings = { ...first };
  for (const [sectionId, standing] of Object.entries(second)) {
    const other = merged[sectionId];
    merged[sectionId] = other
      ? { bestPercent: Math.max(other.bestPercent, standing.bestPercent), attempts: other.attempts + standing.attempts, passed: other.passed || standing.passed }
      : standing;
  }
  return merged;
}

/**
 * Scores of earlier shapes, which the migration folds into `checkStandings`: `best#{sectionId}` and
 * `attempts#{sectionId}` attributes, with a pass as `passed#{sectionId}` (on a score item of its own) or in a
 * `passedChecks` string set (on the progress item).
 */
const LEGACY = { best: 'best#', attempts: 'attempts#', passed: 'passed#', passedSet: 'passedChecks' };

/** The attributes of an earlier shape an item holds (the migration removes them). */
export const legacyScoreAttributeNames = (item: Record<string, unknown>) =>
  Object.keys(item).filter((name) => name === LEGACY.passedSet || [LEGACY.best, LEGACY.attempts, LEGACY.passed].some((prefix) => name.startsWith(prefix)));

export function legacyStandings(item: Record<string, unknown>): Standings {
  const attempts = prefixedAttributes<number>(item, LEGACY.attempts);
  const passedFlags = prefixedAttributes<boolean>(item, LEGACY.passed);
  const passedSet = item[LEGACY.passedSet] instanceof Set ? (item[LEGACY.passedSet] as Set<string>) : new Set<string>();
  return Object.fromEntries(
    Object.entries(prefixedAttributes<number>(item, LEGACY.best)).map(([sectionId, bestPercent]) => [
      sectionId,
      { bestPercent, attempts: attempts[sectionId] ?? 0, passed: passedFlags[sectionId] === true || passedSet.has(sectionId) },
    ]),
  );
}

/** A change to the class's score totals: best percents and students with one, per check of a module. */
export interface ScoreTotalsChange {
  moduleId: string;
  sectionId: string;
  sum: number;
  count: number;
}

/**
 * One atomic ADD of these changes of one student's scores to their shard of the class's score totals (created by the
 * first): a student's scores always count in the shard of their id, whoever writes them.
 */
export function scoreTotalsUpdate(tableName: string, classId: string, studentId: string, changes: ScoreTotalsChange[]): UpdateCommandInput {
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
    Key: keys.scoreTotals(classId, counterShardOf(studentId)),
    UpdateExpression: `ADD ${changes.map((_, index) => `#sum${index} :sum${index}, #count${index} :count${index}`).join(', ')} SET entity = :entity, classId = :class`,
    ExpressionAttributeNames: Object.fromEntries(names),
    ExpressionAttributeValues: { ...Object.fromEntries(values), ':entity': 'ScoreTotals', ':class': classId },
  };
}

/** One shard of the class's score totals holding exactly these totals (a recount of the shard's students). */
export function scoreTotalsItem(classId: string, shard: string, totals: ScoreTotalsChange[]): Record<string, unknown> {
  const item: Record<string, unknown> = { ...keys.scoreTotals(classId, shard), entity: 'ScoreTotals', classId };
  for (const { moduleId, sectionId, sum, count } of totals) {
    item[`${SUM}${moduleId}#${sectionId}`] = Number(item[`${SUM}${moduleId}#${sectionId}`] ?? 0) + sum;
    item[`${COUNT}${moduleId}#${sectionId}`] = Number(item[`${COUNT}${moduleId}#${sectionId}`] ?? 0) + count;
  }
  return item;
}

/**
 * The class's score totals from its items (its shards, and the unsharded item of an earlier version until
 * `npm run migrate` folds it in), summed per check: a shard may hold a negative change (a student whose best the
 * earlier item counted left the class since), which the sum takes back. A sum or count below zero (a change lost by
 * an interrupted write) reads as 0.
 */
export function sumScoreTotals(items: Record<string, unknown>[]): ScoreTotalsRecord {
  const totals: ScoreTotalsRecord = {};
  for (const item of items) {
    const counts = prefixedAttributes<number>(item, COUNT);
    for (const [name, sum] of Object.entries(prefixedAttributes<number>(item, SUM))) {
      const [moduleId, sectionId] = name.split('#');
      const before = (totals[moduleId] ??= {})[sectionId] ?? { sum: 0, count: 0 };
      totals[moduleId][sectionId] = { sum: before.sum + Number(sum), count: before.count + Number(counts[name] ?? 0) };
    }
  }
  for (const bySection of Object.values(totals)) {
    for (const [sectionId, { sum, count }] of Object.entries(bySection)) bySection[sectionId] = { sum: Math.max(0, sum), count: Math.max(0, count) };
  }
  return totals;
}

/** The score totals changes a student's progress items make: each best percent and one student per check, signed. */
export const totalsChangesOf = (items: Record<string, unknown>[], direction: 1 | -1): ScoreTotalsChange[] =>
  items.flatMap((item) =>
    Object.entries(standingsOnItem(item)).map(([sectionId, { bestPercent }]) => ({ moduleId: String(item.moduleId), sectionId, sum: direction * bestPercent, count: direction })),
  );
