// Data access for attempts and scores. An attempt is its own item in its check's partition, numbered per student: a
// conditional put on the next number is what makes the attempt limit atomic (two concurrent attempts cannot both be
// number 3). Read models kept as attempts happen, so reports read a fixed number of items whatever the class size:
// a student's best percent, attempts and pass per check are attributes of their progress item in the module (the item
// a report already reads), one statistics item per (check, class, version) for item analysis, and one totals item per
// class for the dashboard.
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from '@shared/table';
import type { AttemptRecord, AttemptStore, CheckStats, ScoreRecord, ScoreTotalsRecord } from '../domain/ports';
import {
  attemptHistoryPartition,
  cancellationCodes,
  conditionally,
  backoff,
  keys,
  makeTableAccess,
  prefixedAttributes,
  queries,
  type TableContext,
} from './table';
import { COUNT, encodeStandings, scoreTotalsUpdate, STANDINGS, standingsOnItem, SUM, withAttempt } from './score-attributes';

const CORRECT = 'correct#';
const PICKS = 'picks#';
/** Tries of recording an attempt's score: each failed try means another attempt changed the standings meanwhile. */
const SCORE_WRITE_TRIES = 5;


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

  /** Adds the change of one student's best percent on a check to the class's totals. */
  const addToTotals = (classId: string, moduleId: string, sectionId: string, sum: number, count: number) =>
    client.send(new UpdateCommand(scoreTotalsUpdate(tableName, classId, [{ moduleId, sectionId, sum, count }])));

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

    async insertAttempt(record, used) {
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...keys.attempt(record.classId, record.moduleId, record.sectionId, record.studentId, record.attemptNumber),
                    ...keys.attemptHistoryIndex(record.classId, record.studentId, record.submittedAt, `${record.moduleId}#${record.sectionId}`),
                    entity: 'Attempt',
                    ...record,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.attemptsUsed(record.moduleId, record.sectionId, record.studentId),
                  UpdateExpression: 'SET used = :next, entity = :entity',
                  ConditionExpression: used.seen === undefined ? 'attribute_not_exists(pk)' : 'used = :seen',
                  ExpressionAttributeValues: { ':next': used.next, ':entity': 'AttemptsUsed', ...(used.seen !== undefined && { ':seen': used.seen }) },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error) {
        const codes = cancellationCodes(error);
        if (codes?.some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) return false;
        throw error;
      }
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
     * Rewrites the item's standings with this attempt on the condition that they are still those the caller read (the
     * common case: one write); when an attempt or the migration changed them meanwhile, reads them again and retries.
     * The improvement of the best, known from the standings it replaced, is added to the class's totals.
     */
    async recordScore({ classId, moduleId, studentId }, sectionId, percent, passed, at, seen) {
      const key = keys.progress(classId, moduleId, studentId);
      let before = seen ?? {};
      for (let tries = 1; ; tries += 1) {
        const after = withAttempt(before, sectionId, percent, passed);
        const unchanged = Object.keys(before).length === 0 ? 'attribute_not_exists(#standings)' : '#standings = :before';
        const written = await conditionally(() =>
          client.send(
            new UpdateCommand({
              TableName: tableName,
              Key: key,
              UpdateExpression: 'SET #standings = :after, lastAttemptAt = :at, entity = :entity, classId = :class, moduleId = :module, studentId = :student',
              ConditionExpression: unchanged,
              ExpressionAttributeNames: { '#standings': STANDINGS },
              ExpressionAttributeValues: {
                ':after': encodeStandings(after),
                ...(Object.keys(before).length > 0 && { ':before': encodeStandings(before) }),
                ':at': at,
                ':entity': 'Progress',
                ':class': classId,
                ':module': moduleId,
                ':student': studentId,
              },
            }),
          ),
        );
        if (written) {
          const previous = before[sectionId]?.bestPercent;
          if (previous === undefined || percent > previous) await addToTotals(classId, moduleId, sectionId, percent - (previous ?? 0), previous === undefined ? 1 : 0);
          return;
        }
        if (tries === SCORE_WRITE_TRIES) throw new Error(`The scores of ${studentId} in module ${moduleId} kept changing while recording an attempt (${tries} tries).`);
        await backoff(tries);
        const { Item } = await client.send(
          new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true, ProjectionExpression: '#standings', ExpressionAttributeNames: { '#standings': STANDINGS } }),
        );
        before = Item ? standingsOnItem(Item) : {};
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

    async getScoreTotals(classId) {
      const item = await table.getItem(keys.scoreTotals(classId));
      const totals: ScoreTotalsRecord = {};
      if (!item) return totals;
      const counts = prefixedAttributes<number>(item, COUNT);
      for (const [name, sum] of Object.entries(prefixedAttributes<number>(item, SUM))) {
        const [moduleId, sectionId] = name.split('#');
        (totals[moduleId] ??= {})[sectionId] = { sum, count: counts[name] ?? 0 };
      }
      return totals;
    },
  };
}
