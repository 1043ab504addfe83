// Data-access layer: the only place that talks to DynamoDB. Key builders for every entity live here; the client and
// the table's name are given by whoever builds a repository (a handler at cold start, a script, a test).
import {
  BatchGetCommand,
  BatchWriteCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from '@shared/table';

/** What every repository is built from. */
export interface TableContext {
  client: DynamoDBDocumentClient;
  tableName: string;
}

export type Key = { pk: string; sk: string };

const userPartition = (userId: string) => `USER#${userId}`;
const classPartition = (classId: string) => `CLASS#${classId}`;
const teacherPartition = (teacherId: string) => `TEACHER#${teacherId}`;

/** Every key in the table, built in one place. Access patterns are listed in docs/architecture.md. */
export const keys = {
  module: (moduleId: string): Key => ({ pk: `MODULE#${moduleId}`, sk: 'MODULE' }),
  classMeta: (classId: string): Key => ({ pk: classPartition(classId), sk: 'CLASS' }),
  membership: (studentId: string, classId: string): Key => ({ pk: userPartition(studentId), sk: `CLASS#${classId}` }),
  /** One per enrolment, in the class's partition: the roster, read in pages in student-id order. */
  enrolment: (classId: string, studentId: string): Key => ({ pk: classPartition(classId), sk: `${ENROLMENT_PREFIX}${studentId}` }),
  /** How many sections the class's students have completed in one module (the dashboards' read model). */
  completionCounter: (classId: string, moduleId: string): Key => ({ pk: classPartition(classId), sk: `${COUNTER_PREFIX}${moduleId}` }),
  /** The students of the class active (a section marked complete) on one UTC day, yyyy-mm-dd: engagement's read model. */
  activeDay: (classId: string, day: string): Key => ({ pk: classPartition(classId), sk: `ACTIVE_DAY#${day}` }),
  progress: (classId: string, moduleId: string, studentId: string): Key => ({
    pk: classPartition(classId),
    sk: `PROGRESS#${moduleId}#${studentId}`,
  }),
  /** A multipart upload the API started (see UploadRecord). */
  upload: (uploadId: string): Key => ({ pk: `UPLOAD#${uploadId}`, sk: 'UPLOAD' }),
  /** Which modules use a stored file. */
  fileReferences: (contentUrl: string): Key => ({ pk: `FILE#${contentUrl}`, sk: 'FILE' }),
  /** gsi1 keys: everything a teacher owns (their modules and the classes they teach). */
  moduleOwnerIndex: (ownerId: string, moduleId: string) => ({ gsi1pk: teacherPartition(ownerId), gsi1sk: `MODULE#${moduleId}` }),
  classTeacherIndex: (teacherId: string, classId: string) => ({ gsi1pk: teacherPartition(teacherId), gsi1sk: `CLASS#${classId}` }),
  /** gsi1 keys of a progress item: the teacher's activity, newest first (the bell). */
  activityIndex: (teacherId: string, at: string, key: Key) => ({ gsi1pk: `ACTIVITY#${teacherId}`, gsi1sk: `${at}#${key.sk}` }),
  /** The person's notification read marker. */
  bellReadMarker: (userId: string): Key => ({ pk: userPartition(userId), sk: 'BELL' }),
  // Administration: one small entry per class in a known partition (every class, for admins), and the audit trail.
  classCatalogue: (classId: string): Key => ({ pk: CLASS_CATALOGUE, sk: `CLASS#${classId}` }),
  auditEntry: (at: string, id: string): Key => ({ pk: AUDIT_PARTITION, sk: `${at}#${id}` }),
};

export const ENROLMENT_PREFIX = 'STUDENT#';
export const COUNTER_PREFIX = 'COMPLETIONS#';
const CLASS_CATALOGUE = 'CLASSES';
const AUDIT_PARTITION = 'AUDIT';

/** Key conditions for the queries, next to the keys they match. */
export const queries = {
  modulesOfOwner: (ownerId: string) => ({ partition: teacherPartition(ownerId), sortPrefix: 'MODULE#' }),
  classesOfTeacher: (teacherId: string) => ({ partition: teacherPartition(teacherId), sortPrefix: 'CLASS#' }),
  classesOfStudent: (studentId: string) => ({ partition: userPartition(studentId), sortPrefix: 'CLASS#' }),
  allClasses: () => ({ partition: CLASS_CATALOGUE, sortPrefix: 'CLASS#' }),
  rosterOfClass: (classId: string) => ({ partition: classPartition(classId), sortPrefix: ENROLMENT_PREFIX }),
  countersOfClass: (classId: string) => ({ partition: classPartition(classId), sortPrefix: COUNTER_PREFIX }),
  /** Everything in a class's partition: the class item, enrolments, progress and counters. */
  wholeClass: (classId: string) => ({ partition: classPartition(classId), sortPrefix: '' }),
  auditTrail: () => ({ partition: AUDIT_PARTITION, sortPrefix: '' }),
  progressOfClass: (classId: string, moduleId?: string) => ({
    partition: classPartition(classId),
    sortPrefix: moduleId ? `PROGRESS#${moduleId}#` : 'PROGRESS#',
  }),
} satisfies Record<string, (...ids: never[]) => PrefixQuery>;

export interface PrefixQuery {
  partition: string;
  sortPrefix: string;
}

const BATCH_GET_LIMIT = 100;
const BATCH_WRITE_LIMIT = 25;
const chunk = <T>(list: T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, index) => list.slice(index * size, (index + 1) * size));

/** Attributes named `{prefix}{id}` (one per id, so one update can set one atomically) as a map id → value. */
export function prefixedAttributes<Value = string>(item: Record<string, unknown>, prefix: string): Record<string, Value> {
  const values: Record<string, Value> = {};
  for (const [name, value] of Object.entries(item)) if (name.startsWith(prefix)) values[name.slice(prefix.length)] = value as Value;
  return values;
}

/** Paged queries and batched reads and deletes on one table, retrying what DynamoDB leaves unprocessed. */
export function makeTableAccess({ client, tableName }: TableContext) {
  /**
   * Every item of a partition whose sort key starts with a prefix, on the table or on the owner index, to the last page.
   */
  async function queryByPrefix<T>(
    { partition, sortPrefix }: PrefixQuery,
    options: { onOwnerIndex?: boolean; projection?: string } = {},
  ): Promise<T[]> {
    const { partitionKey, sortKey } = options.onOwnerIndex ? TABLE_KEYS.byOwnerIndex : TABLE_KEYS;
    const items: T[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: options.onOwnerIndex ? TABLE_KEYS.byOwnerIndex.name : undefined,
          KeyConditionExpression: `${partitionKey} = :partition AND begins_with(${sortKey}, :prefix)`,
          ExpressionAttributeValues: { ':partition': partition, ':prefix': sortPrefix },
          ProjectionExpression: options.projection,
          ExclusiveStartKey,
        }),
      );
      items.push(...((page.Items ?? []) as T[]));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return items;
  }

  /**
   * One page of a prefix query: at most `limit` items after the sort key `after` (exclusive), and the last sort key
   * read when more may follow.
   */
  async function queryPage<T>(
    { partition, sortPrefix }: PrefixQuery,
    { limit, after }: { limit: number; after?: string },
  ): Promise<{ items: T[]; lastSortKey?: string }> {
    const page = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: `${TABLE_KEYS.partitionKey} = :partition AND begins_with(${TABLE_KEYS.sortKey}, :prefix)`,
        ExpressionAttributeValues: { ':partition': partition, ':prefix': sortPrefix },
        ExclusiveStartKey: after === undefined ? undefined : { [TABLE_KEYS.partitionKey]: partition, [TABLE_KEYS.sortKey]: after },
        Limit: limit,
        ConsistentRead: true,
      }),
    );
    const lastKey = page.LastEvaluatedKey?.[TABLE_KEYS.sortKey];
    return { items: (page.Items ?? []) as T[], lastSortKey: typeof lastKey === 'string' ? lastKey : undefined };
  }

  /** Reads up to 100 items by key in one BatchGetItem, retrying what DynamoDB leaves unprocessed. */
  async function batchGetChunk<T>(part: Key[]): Promise<T[]> {
    const items: T[] = [];
    let pending: Record<string, unknown>[] | undefined = part;
    for (let attempt = 0; pending?.length; attempt += 1) {
      if (attempt > 0) await backoff(attempt);
      const result: BatchGetCommandOutput = await client.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: true } } }),
      );
      items.push(...((result.Responses?.[tableName] ?? []) as T[]));
      pending = result.UnprocessedKeys?.[tableName]?.Keys;
    }
    return items;
  }

  const uniqueKeys = (keyList: Key[]) => [...new Map(keyList.map((key) => [`${key.pk}|${key.sk}`, key])).values()];

  /** Reads many items by key, in as few round trips as DynamoDB allows, one BatchGetItem after another. */
  async function batchGet<T>(keyList: Key[]): Promise<T[]> {
    const items: T[] = [];
    for (const part of chunk(uniqueKeys(keyList), BATCH_GET_LIMIT)) items.push(...(await batchGetChunk<T>(part)));
    return items;
  }

  /** The same with every BatchGetItem in flight at once: one round trip for a bounded key list (a report page). */
  async function batchGetInParallel<T>(keyList: Key[]): Promise<T[]> {
    const parts = await Promise.all(chunk(uniqueKeys(keyList), BATCH_GET_LIMIT).map((part) => batchGetChunk<T>(part)));
    return parts.flat();
  }

  /** Puts and deletes, 25 to a BatchWriteItem, retrying what DynamoDB leaves unprocessed. */
  async function batchWrite(requests: ({ PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Key } })[]) {
    for (const part of chunk(requests, BATCH_WRITE_LIMIT)) {
      let pending = part;
      for (let attempt = 0; pending.length; attempt += 1) {
        if (attempt > 0) await backoff(attempt);
        const result = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
        pending = (result.UnprocessedItems?.[tableName] ?? []) as typeof pending;
      }
    }
  }

  const batchDelete = (keyList: Key[]) => batchWrite(keyList.map((Key) => ({ DeleteRequest: { Key } })));
  /** Unconditional puts (a migration's idempotent copies, seeding): never for writes that must not overwrite. */
  const batchPut = (items: Record<string, unknown>[]) => batchWrite(items.map((Item) => ({ PutRequest: { Item } })));

  return { queryByPrefix, queryPage, batchGet, batchGetInParallel, batchDelete, batchPut };
}

const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));

export const isConditionFailure = (error: unknown) =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';

/** Runs a conditional write; false when its condition did not hold, any other failure propagates. */
export async function conditionally(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
