// Data access for attempts and scores. An attempt is its own item in its check's partition, numbered per student: a
// conditional put on the next number is what makes the attempt limit atomic (two concurrent attempts cannot both be
// number 3); the attempt, its score and the completion it earns are one transaction. Read models kept as attempts happen, so reports read a fixed number of items whatever the class size:
// a student's best percent, attempts and pass per check are attributes of their progress item in the module (the item
// a report already reads), one statistics item per (check, class, version) for item analysis, and the class's score
// totals for the dashboard, in 8 shards by student (score-attributes.ts).
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { noLongerEnrolled } from '../../kernel/errors';
import { TABLE_KEYS } from '@shared/table';
import type { AttemptRecord, AttemptStore, CheckStats, ScoreRecord } from '../port';
import { commitTransaction, joinedUpdate, makeCompletionWrites, progressItemParts, type TransactItem, type TransactUpdate, type UpdateParts } from '../../progress/adapters/completion-writes';
import { makeProgressRepository } from '../../progress/adapters/progress-repository';
import { reportRowChange } from '../../reports/adapters/report-row-change';
import {
  attemptHistoryPartition,
  backoff,
  keys,
  makeTableAccess,
  prefixedAttributes,
  queries,
  type TableContext,
} from '../../table/table';
import { encodeStandings, scoreTotalsUpdate, STANDINGS, standingsOnItem, sumScoreTotals, withAttempt } from '../../progress/adapters/score-attributes';

const CORRECT = 'correct#';
const PICKS = 'picks#';
/**
 * Tries of recording an attempt: each failed try means another attempt or a completion changed the progress item
 * meanwhile, or a concurrent transaction met one of its items.
 */
const SCORE_WRITE_TRIES = 8;


function toAttempt(item: Record<string, unknown>): AttemptRecord {
  const { classId, moduleId, sectionId, studentId, attemptNumber, attemptId, version, submittedAt, score, maxScore, percent, passed, answers, results } =
    item as unknown as AttemptRecord;
  return { classId, moduleId, sectionId, studentId, attemptNumber, attemptId, version, submittedAt, score, maxScore, percent, passed, answers, results };
}

/** The scores on a progress item; undefined when the student has attempted none of the module's checks. */
function toScores(item: Record<string, unknown>): ScoreRecord | undefined {
  const { classId, moduleId, studentId, lastAttemptAt } = item as unknown as ScoreRecord;
  const standings = Object.entries(standingsOnItem(item));
  if (standings.length === 0) return undefined;
  return {
    classId,
    moduleId,
    studentId,
    bySection: Object.fromEntries(standings),
    ...(lastAttemptAt !== undefined && { lastAttemptAt }),
  };
}

function toStats(item: Record<string, unknown>): CheckStats {
  const picks: CheckStats['picks'] = {};
  for (const [name, count] of Object.entries(prefixedAttributes<number>(item, PICKS))) {
    const [questionId, optionId] = name.split('#');
    (picks[questionId] ??= {})[optionId] = count;
  }
  return { attempts: Number(item.attempts ?? 0), correct: prefixedAttributes<number>(item, CORRECT), picks };
}

/** A student's latest attempts in a class come from the owner index, newest first, in one query. */
const HISTORY_INDEX = TABLE_KEYS.byOwnerIndex;

export function makeAttemptRepository(context: TableContext): AttemptStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);

  /** Placeholders (`#c0`, `#c1`...) for attribute names built from ids. */
  const placeholders = (prefix: string, attributeNames: string[]) => attributeNames.map((name, index) => [`#${prefix}${index}`, name] as const);

  /** The student's used-attempts counter from `used.seen` (undefined: no counter yet) to `used.next`, or nothing. */
  const usedUpdate = (record: AttemptRecord, used: { seen: number | undefined; next: number }): TransactUpdate => ({
    TableName: tableName,
    Key: keys.attemptsUsed(record.moduleId, record.sectionId, record.studentId),
    UpdateExpression: 'SET used = :next, entity = :entity',
    ConditionExpression: used.seen === undefined ? 'attribute_not_exists(pk)' : 'used = :seen',
    ExpressionAttributeValues: { ':next': used.next, ':entity': 'AttemptsUsed', ...(used.seen !== undefined && { ':seen': used.seen }) },
  });

  const writes = makeCompletionWrites(tableName);
  const progress = makeProgressRepository(context);

  return {
    async listAttemptIds(classId, moduleId, sectionId, studentId) {
      const items = await table.queryByPrefix<{ attemptId: string; attemptNumber: number }>(queries.attemptsOfStudent(classId, moduleId, sectionId, studentId), {
        projection: 'attemptId, attemptNumber',
        consistent: true,
      });
      return items.map(({ attemptId, attemptNumber }) => ({ attemptId, attemptNumber }));
    },

    async getAttempt(classId, moduleId, sectionId, studentId, attemptNumber) {
      const item = await table.getItem(keys.attempt(classId, moduleId, sectionId, studentId, attemptNumber));
      return item && toAttempt(item);
    },

    async listAttempts(classId, moduleId, sectionId, studentId) {
      const items = await table.queryByPrefix<Record<string, unknown>>(queries.attemptsOfStudent(classId, moduleId, sectionId, studentId), { consistent: true });
      return items.map(toAttempt);
    },

    async getAttemptsUsed(moduleId, sectionId, studentId) {
      // Consistent: the count a new attempt's conditional write assumes.
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.attemptsUsed(moduleId, sectionId, studentId), ConsistentRead: true }));
      return Item && Number(Item.used);
    },

    async listAllAttemptsOfStudent(classId, studentId) {
      return (await table.queryByPrefix<Record<string, unknown>>(queries.attemptHistory(classId, studentId), { onOwnerIndex: true })).map(toAttempt);
    },

    async listAttemptsOfStudent(classId, studentId, limit) {
      const { Items = [] } = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: HISTORY_INDEX.name,
          KeyConditionExpression: `${HISTORY_INDEX.partitionKey} = :partition`,
          ExpressionAttributeValues: { ':partition': attemptHistoryPartition(classId, studentId) },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return Items.map(toAttempt);
    },

    /**
     * One transaction: the attempt under its number (if free), its score on the progress item (the standings rewritten
     * on the condition that they are still those read), the improvement of the best in the class's score totals and,
     * when it passed a section not yet complete, the section's first completion with its counter, day and finish
     * (completion-writes.ts, on the condition that the completed sections are as read), the student's used-attempts
     * counter moved from the count read to the next (two parallel attempts never both fit the last place of a budget),
     * and the enrolment's condition.
     * A crash leaves all of it or none; a changed progress item is read again and the transaction built anew.
     */
    async recordAttempt(record, seen, activityOf, used) {
      const { classId, moduleId, sectionId, studentId, percent, passed, submittedAt } = record;
      const key = { classId, moduleId, studentId };
      let before = seen;
      for (let tries = 1; ; tries += 1) {
        const standings = before?.checks ?? {};
        const previous = standings[sectionId]?.bestPercent;
        const read = Object.keys(standings).length > 0;
        const score: UpdateParts = {
          add: [],
          set: ['#standings = :after', 'lastAttemptAt = :at'],
          conditions: [read ? '#standings = :before' : 'attribute_not_exists(#standings)'],
          names: { '#standings': STANDINGS },
          values: { ':after': encodeStandings(withAttempt(standings, sectionId, percent, passed)), ...(read && { ':before': encodeStandings(standings) }), ':at': submittedAt },
        };
        const completion = passed && !before?.completedSections.includes(sectionId) ? writes.firstCompletion(key, sectionId, submittedAt, activityOf(before), before) : undefined;
        const items: TransactItem[] = [
          {
            Put: {
              TableName: tableName,
              Item: {
                ...keys.attempt(classId, moduleId, sectionId, studentId, record.attemptNumber),
                ...keys.attemptHistoryIndex(classId, studentId, submittedAt, `${moduleId}#${sectionId}`),
                entity: 'Attempt',
                ...record,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Update: usedUpdate(record, used) },
          { Update: joinedUpdate(tableName, keys.progress(classId, moduleId, studentId), progressItemParts(key), score, ...(completion ? [completion.progress] : [])) },
          ...(previous === undefined || percent > previous
            ? [{ Update: scoreTotalsUpdate(tableName, classId, studentId, [{ moduleId, sectionId, sum: percent - (previous ?? 0), count: previous === undefined ? 1 : 0 }]) as TransactUpdate }]
            : []),
          ...(completion ? completion.others : [reportRowChange(tableName, key), writes.enrolmentCheck(key)]),
        ];
        const outcome = await commitTransaction(client, items);
        if (outcome === 'committed') return 'recorded';
        // The number taken or the used counter moved: a concurrent attempt, read again by the caller.
        if (outcome === 0 || outcome === 1) return 'taken';
        if (outcome === items.length - 1) throw noLongerEnrolled();
        if (tries === SCORE_WRITE_TRIES) throw new Error(`The progress of ${studentId} in module ${moduleId} kept changing while recording an attempt (${tries} tries).`);
        if (outcome === 'conflict') await backoff(tries);
        else before = await progress.getProgress(key);
      }
    },

    async addToStats(classId, moduleId, sectionId, version, answers) {
      const correct = answers.filter((answer) => answer.correct).map((answer) => `${CORRECT}${answer.questionId}`);
      const picks = answers.flatMap((answer) => (answer.picks ?? []).map((optionId) => `${PICKS}${answer.questionId}#${optionId}`));
      const additions = [...placeholders('c', correct), ...placeholders('p', picks)];
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.checkStats(moduleId, sectionId, classId, version),
          UpdateExpression: ['ADD attempts :one', ...additions.map(([name]) => `${name} :one`)].join(', ') + ' SET entity = :entity',
          // DynamoDB refuses an empty map: an attempt with nothing right and nothing picked names no attribute.
          ...(additions.length > 0 && { ExpressionAttributeNames: Object.fromEntries(additions) }),
          ExpressionAttributeValues: { ':one': 1, ':entity': 'CheckStats' },
        }),
      );
    },

    async getStats(classId, moduleId, sectionId, version) {
      const item = await table.getItem(keys.checkStats(moduleId, sectionId, classId, version));
      return item && toStats(item);
    },

    async listScoresOfStudents(classId, moduleIds, studentIds) {
      const items = await table.batchGetInParallel<Record<string, unknown>>(
        studentIds.flatMap((studentId) => moduleIds.map((moduleId) => keys.progress(classId, moduleId, studentId))),
      );
      return items.map(toScores).filter((record) => record !== undefined);
    },

    async listScoresOfClass(classId, moduleId) {
      const items = await table.queryByPrefix<Record<string, unknown>>(queries.progressOfClass(classId, moduleId));
      return items.map(toScores).filter((record) => record !== undefined);
    },

    /**
     * One consistent Query of the class's score totals items (its 8 small shards, and an earlier version's item until
     * `npm run migrate`), summed: the one read the single item took before, in the same round trip.
     */
    async getScoreTotals(classId) {
      return sumScoreTotals(await table.queryByPrefix<Record<string, unknown>>(queries.scoreTotalsOfClass(classId), { consistent: true }));
    },
  };
}
