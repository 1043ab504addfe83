// Data access for the bells: the teacher's activity index (progress items carry gsi1 keys `ACTIVITY#{teacherId}` /
// `{time}#...` once a student marks a section), counts of started students, each person's read marker, and the
// teachers' reminders to a student (one item each, in the student's partition, removed by the table's TTL), and the
// modules a student finished (one item per class and module, written by the completion that finished it).
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS, TABLE_TIME_TO_LIVE_ATTRIBUTE } from '@shared/table';
import type { ActivityRecord, FinishedModuleRecord, NoticeStore, NudgeRecord } from '../port';
import { conditionally, COUNTER_PREFIX, keys, makeTableAccess, prefixedAttributes, queries, type TableContext } from '../../table/table';

/** A reminder outlives the bell's window of recent items (30 days), then the table removes it. */
const NUDGE_KEPT_DAYS = 60;
const DAY_SECONDS = 24 * 60 * 60;

const toNudge = ({ studentId, classId, moduleId, className, moduleTitle, teacherName, dueAt, sentAt }: Record<string, unknown> & NudgeRecord): NudgeRecord => ({
  studentId,
  classId,
  moduleId,
  className,
  moduleTitle,
  teacherName,
  dueAt,
  sentAt,
});

function toActivity(item: Record<string, unknown>): ActivityRecord {
  const { classId, moduleId, studentId, completedSections, updatedAt, studentName, moduleTitle, className, sectionTotal } = item as {
    classId: string;
    moduleId: string;
    studentId: string;
    completedSections?: Set<string>;
    updatedAt: string;
    studentName: string;
    moduleTitle: string;
    className: string;
    sectionTotal: number;
  };
  return {
    classId,
    moduleId,
    studentId,
    completedSections: [...(completedSections ?? [])],
    completedAt: prefixedAttributes(item, 'completedAt#'),
    updatedAt,
    studentName,
    moduleTitle,
    className,
    sectionTotal,
  };
}

export function makeNoticeRepository({ client, tableName }: TableContext): NoticeStore {
  const index = TABLE_KEYS.byOwnerIndex;
  const table = makeTableAccess({ client, tableName });
  return {
    async recentActivity(teacherId, limit) {
      const { Items = [] } = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: index.name,
          KeyConditionExpression: `${index.partitionKey} = :partition`,
          ExpressionAttributeValues: { ':partition': `ACTIVITY#${teacherId}` },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return Items.map(toActivity);
    },

    /**
     * The students the (class, module) completion counter says have started it: one small Query of its shards whatever
     * the class size, summed. Without one that keeps them (no completion yet, or an unsharded counter from before they
     * were kept, until `npm run migrate`) the module's progress items with a completed section are counted (a COUNT
     * query over the class, page by page; empty when none; an item holding only check scores is not a start, as the
     * counter does not count it either).
     */
    async countStarted(classId, moduleId) {
      const shards = (
        await table.queryByPrefix<{ sk: string; moduleId: string; startedStudents?: number }>(queries.countersOfModule(classId, moduleId), {
          projection: 'sk, moduleId, startedStudents',
        })
      ).filter((item) => item.moduleId === moduleId);
      const unsharded = shards.find((item) => item.sk === `${COUNTER_PREFIX}${moduleId}`);
      if (shards.length > 0 && (!unsharded || typeof unsharded.startedStudents === 'number')) {
        return Math.max(0, shards.reduce((sum, item) => sum + Number(item.startedStudents ?? 0), 0));
      }
      const { partition, sortPrefix } = queries.progressOfClass(classId, moduleId);
      let count = 0;
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :partition AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: { ':partition': partition, ':prefix': sortPrefix },
            FilterExpression: 'attribute_exists(completedSections)',
            Select: 'COUNT',
            ExclusiveStartKey,
          }),
        );
        count += page.Count ?? 0;
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return count;
    },

    async getReadAt(userId) {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.bellReadMarker(userId) }));
      return Item?.readAt as string | undefined;
    },

    async setReadAt(userId, at) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...keys.bellReadMarker(userId), entity: 'BellReadMarker', readAt: at } }));
    },

    addNudge: (nudge) =>
      conditionally(() =>
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.nudge(nudge.studentId, nudge.sentAt.slice(0, 10), nudge.classId, nudge.moduleId),
              entity: 'Nudge',
              ...nudge,
              [TABLE_TIME_TO_LIVE_ATTRIBUTE]: Math.floor(Date.parse(nudge.sentAt) / 1000) + NUDGE_KEPT_DAYS * DAY_SECONDS,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      ),

    async recentNudges(studentId, limit) {
      const { partition, sortPrefix } = queries.nudgesOfStudent(studentId);
      const { Items = [] } = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :partition AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':partition': partition, ':prefix': sortPrefix },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return Items.map((item) => toNudge(item as Record<string, unknown> & NudgeRecord));
    },

    async listNudges(studentId) {
      return (await table.queryByPrefix<Record<string, unknown> & NudgeRecord>(queries.nudgesOfStudent(studentId))).map(toNudge);
    },

    async finishedModules(studentId) {
      const items = await table.queryByPrefix<FinishedModuleRecord>(queries.finishedModulesOfStudent(studentId));
      return items.map(({ studentId: student, classId, moduleId, className, moduleTitle, finishedAt }) => ({ studentId: student, classId, moduleId, className, moduleTitle, finishedAt }));
    },
  };
}
