// Data-access layer: the only place that talks to DynamoDB. Key builders for every entity live here; the client and
// the table's name are given by whoever builds a repository (a handler at cold start, a script, a test).
import {
  BatchGetCommand,
  BatchWriteCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { ERASURE_JOB_PREFIX, PERSON_ACCESS_PREFIX, REQUEST_COUNTER_PREFIX, TABLE_KEYS } from '@shared/table';
import DataLoader from 'dataloader';

/** What every repository is built from. */
export interface TableContext {
  client: DynamoDBDocumentClient;
  tableName: string;
}

export type Key = { pk: string; sk: string };

const userPartition = (userId: string) => `USER#${userId}`;
const classPartition = (classId: string) => `CLASS#${classId}`;
const teacherPartition = (teacherId: string) => `TEACHER#${teacherId}`;
const checkPartition = (moduleId: string, sectionId: string) => `CHECK#${moduleId}#${sectionId}`;
const attemptPrefix = (classId: string, studentId: string) => `ATTEMPT#${classId}#${studentId}#`;
export const attemptHistoryPartition = (classId: string, studentId: string) => `ATTEMPTS#${classId}#${studentId}`;

/** The id a person's request counters go under: a SHA-256 of their id (random UUIDs, so not turned back by trying ids). */
const requestCounterId = (userId: string) => createHash('sha256').update(`rate:${userId}`).digest('hex').slice(0, 24);

/** Every key in the table, built in one place. Access patterns are listed in docs/architecture.md. */
export const keys = {
  module: (moduleId: string): Key => ({ pk: `MODULE#${moduleId}`, sk: 'MODULE' }),
  classMeta: (classId: string): Key => ({ pk: classPartition(classId), sk: 'CLASS' }),
  membership: (studentId: string, classId: string): Key => ({ pk: userPartition(studentId), sk: `CLASS#${classId}` }),
  /** A class the student was unenrolled from, where their progress, attempts and overrides stay (their export reads them). */
  formerClass: (studentId: string, classId: string): Key => ({ pk: userPartition(studentId), sk: `${FORMER_CLASS_PREFIX}${classId}` }),
  /** One per enrolment, in the class's partition: the roster, read in pages in student-id order. */
  enrolment: (classId: string, studentId: string): Key => ({ pk: classPartition(classId), sk: `${ENROLMENT_PREFIX}${studentId}` }),
  /**
   * One shard of how many sections the class's students have completed in one module (the dashboards' read model,
   * the sum of the module's shards): a student's completions always count in the shard of their id
   * (progress/adapters/completion-writes.ts), so concurrent completions of a large class rarely meet on one item.
   */
  completionCounter: (classId: string, moduleId: string, shard: string): Key => ({ pk: classPartition(classId), sk: `${COUNTER_PREFIX}${moduleId}#${shard}` }),
  /**
   * A student of the class was active (completed a section) on a UTC day, yyyy-mm-dd: engagement's read model, one
   * small item per student and day, so the write of one is the same size whatever the class size.
   */
  activeStudent: (classId: string, day: string, studentId: string): Key => ({ pk: classPartition(classId), sk: `${ACTIVE_PREFIX}${day}#${studentId}` }),
  /** A student's progress in a module of a class, with their best percent, attempts and pass per check of it. */
  progress: (classId: string, moduleId: string, studentId: string): Key => ({
    pk: classPartition(classId),
    sk: `PROGRESS#${moduleId}#${studentId}`,
  }),
  /** A teacher's overrides of one student's path in a module of the class, keyed like their progress item. */
  pathOverrides: (classId: string, moduleId: string, studentId: string): Key => ({
    pk: classPartition(classId),
    sk: `${OVERRIDES_PREFIX}${moduleId}#${studentId}`,
  }),
  /**
   * A student's figures in the class report, one cell per module, kept for the report's download: the writes of their
   * progress and overrides count a change per module on it, and the download recomputes only changed cells
   * (reports/adapters/report-row-repository.ts). Under one of REPORT_ROW_SHARDS sort prefixes, read at once.
   */
  reportRow: (classId: string, studentId: string): Key => ({ pk: classPartition(classId), sk: `${REPORT_ROW_PREFIX}${shardOf(studentId, REPORT_ROW_SHARDS)}#${studentId}` }),
  /** A section's check (questions, key, settings); its attempts and statistics share its partition. */
  check: (moduleId: string, sectionId: string): Key => ({ pk: checkPartition(moduleId, sectionId), sk: 'CHECK' }),
  /** The summaries of a module's checks, one attribute per section: read beside the module by key. */
  checkIndex: (moduleId: string): Key => ({ pk: `MODULE#${moduleId}`, sk: 'CHECKS' }),
  /** A student's attempt at a check in a class, numbered per student (zero-padded, so the numbers sort). */
  attempt: (classId: string, moduleId: string, sectionId: string, studentId: string, number: number): Key => ({
    pk: checkPartition(moduleId, sectionId),
    sk: `${attemptPrefix(classId, studentId)}${String(number).padStart(6, '0')}`,
  }),
  /** How many attempts a student has used at a check, in all their classes: the counter their attempt budget is checked on. */
  attemptsUsed: (moduleId: string, sectionId: string, studentId: string): Key => ({ pk: checkPartition(moduleId, sectionId), sk: `USED#${studentId}` }),
  /** gsi1 keys of an attempt: the student's attempts in a class, newest first. */
  attemptHistoryIndex: (classId: string, studentId: string, submittedAt: string, sectionKey: string) => ({
    gsi1pk: attemptHistoryPartition(classId, studentId),
    gsi1sk: `${submittedAt}#${sectionKey}`,
  }),
  /** Answers to a check in a class on one version: right answers and option picks per question. */
  checkStats: (moduleId: string, sectionId: string, classId: string, version: number): Key => ({
    pk: checkPartition(moduleId, sectionId),
    sk: `STATS#${classId}#${version}`,
  }),
  /**
   * One shard of the sum and count of the class's best percents per check (the dashboard's Avg. Score, the sum of the
   * class's shards): a student's scores always count in the shard of their id, the completion counters' shard
   * (progress/adapters/completion-writes.ts), so a class submitting a check together rarely meets on one item.
   */
  scoreTotals: (classId: string, shard: string): Key => ({ pk: classPartition(classId), sk: `${SCORE_TOTALS_PREFIX}#${shard}` }),
  /** A multipart upload the API started (see UploadRecord). */
  upload: (uploadId: string): Key => ({ pk: `UPLOAD#${uploadId}`, sk: 'UPLOAD' }),
  /** The multipart uploads a teacher has open (key → expiry), which the open-upload cap counts. */
  uploadSlots: (ownerId: string): Key => ({ pk: userPartition(ownerId), sk: 'UPLOADS' }),
  /** Which modules use a stored file. */
  fileReferences: (contentUrl: string): Key => ({ pk: `FILE#${contentUrl}`, sk: 'FILE' }),
  /** A stored file's text, page by page, beside its references (one text for every module using the file). */
  fileText: (contentUrl: string): Key => ({ pk: `FILE#${contentUrl}`, sk: 'TEXT' }),
  /** Counts changes to a teacher's stored texts: a search index built before a change is rebuilt. */
  textVersion: (ownerId: string): Key => ({ pk: userPartition(ownerId), sk: 'TEXTS' }),
  /** gsi1 keys: everything a teacher owns (their modules and the classes they teach). */
  moduleOwnerIndex: (ownerId: string, moduleId: string) => ({ gsi1pk: teacherPartition(ownerId), gsi1sk: `MODULE#${moduleId}` }),
  classTeacherIndex: (teacherId: string, classId: string) => ({ gsi1pk: teacherPartition(teacherId), gsi1sk: `CLASS#${classId}` }),
  /** gsi1 keys of a progress item: the teacher's activity, newest first (the bell). */
  activityIndex: (teacherId: string, at: string, key: Key) => ({ gsi1pk: `ACTIVITY#${teacherId}`, gsi1sk: `${at}#${key.sk}` }),
  /**
   * How many API requests a person made in one time window (the per-caller rate limit), under a hash of their id: the
   * count is made before the access check, so a refused request of an erased person's token writes nothing naming them.
   */
  requestWindow: (userId: string, windowStart: string): Key => ({ pk: `${REQUEST_COUNTER_PREFIX}${requestCounterId(userId)}`, sk: `WINDOW#${windowStart}` }),
  /** How many times a teacher drafted questions on one UTC day (`day`: yyyy-mm-dd), the daily drafting limit. */
  draftDay: (teacherId: string, day: string): Key => ({ pk: userPartition(teacherId), sk: `DRAFTS#${day}` }),
  /** The school's drafting runs of the day with a drafter that costs money (Amazon Bedrock). */
  schoolDraftDay: (day: string): Key => ({ pk: 'SCHOOL', sk: `DRAFTS#${day}` }),
  /** Whether new people of an e-mail domain come in as students on their first school sign-in (an administrator's choice). */
  schoolSignInDomain: (domain: string): Key => ({ pk: 'SCHOOL', sk: `${SIGN_IN_DOMAIN_PREFIX}${domain}` }),
  /** The school's retention of students' data in archived classes (school-year). */
  retentionSetting: (): Key => ({ pk: 'SCHOOL', sk: 'RETENTION' }),
  /** The drafts the owner saved or discarded for a section's check (keys of their source passages), in its partition. */
  settledDrafts: (moduleId: string, sectionId: string): Key => ({ pk: checkPartition(moduleId, sectionId), sk: 'DRAFTS-SETTLED' }),
  /** The person's notification read marker. */
  bellReadMarker: (userId: string): Key => ({ pk: userPartition(userId), sk: 'BELL' }),
  /** A teacher's reminder to a student, one per (class, module) and UTC day (`day`: yyyy-mm-dd), beside their memberships. */
  nudge: (studentId: string, day: string, classId: string, moduleId: string): Key => ({
    pk: userPartition(studentId),
    sk: `${NUDGE_PREFIX}${day}#${classId}#${moduleId}`,
  }),
  /** A student finished a module of a class (their path's required sections all complete), beside their memberships. */
  moduleFinished: (studentId: string, classId: string, moduleId: string): Key => ({
    pk: userPartition(studentId),
    sk: `${FINISHED_PREFIX}${classId}#${moduleId}`,
  }),
  // Administration: one small entry per class in a known partition (every class, for admins), and the audit trail.
  classCatalogue: (classId: string): Key => ({ pk: CLASS_CATALOGUE, sk: `CLASS#${classId}` }),
  auditEntry: (at: string, id: string): Key => ({ pk: AUDIT_PARTITION, sk: `${at}#${id}` }),
  /** A person's access record: since when their tokens count, their second factor, a role change in progress. */
  personAccess: (userId: string): Key => ({ pk: `${PERSON_ACCESS_PREFIX}${userId}`, sk: 'ACCESS' }),
  /** The searchable copy of a person from the directory (the people index). */
  personCopy: (userId: string): Key => ({ pk: `PERSON#${userId}`, sk: 'PERSON' }),
  /**
   * gsi1 keys of a person's copy: one of PEOPLE_SHARDS partitions by their id, in order of their normalised display
   * name (a search reads the shards at once and merges them in that order).
   */
  peopleIndex: (sortName: string, userId: string) => ({ gsi1pk: `${PEOPLE_PARTITION}#${shardOf(userId, PEOPLE_SHARDS)}`, gsi1sk: `${sortName}#${userId}` }),
  /** An LMS (LTI platform) the tool trusts, beside the others in one partition (a school registers a handful). */
  ltiPlatform: (platformId: string): Key => ({ pk: LTI_PARTITION, sk: `${LTI_PLATFORM_PREFIX}${platformId}` }),
  /** Holds an issuer and client ID pair to one registration (its platformId): written and removed with it. */
  ltiClient: (issuer: string, clientId: string): Key => ({ pk: LTI_PARTITION, sk: `CLIENT#${encodeURIComponent(issuer)}#${encodeURIComponent(clientId)}` }),
  /** A login started with an LMS, by its state: taken once by the launch, else removed by the table's TTL. */
  ltiLogin: (state: string): Key => ({ pk: `LTI_LOGIN#${state}`, sk: 'LOGIN' }),
  /** The person a platform user (`sub`) is: linked at their first launch, by the launch alone. */
  ltiPerson: (platformId: string, sub: string): Key => ({ pk: `LTI_PERSON#${platformId}#${encodeURIComponent(sub)}`, sk: 'PERSON' }),
  /** The reverse of ltiPerson, beside the person's memberships: their `sub` on a platform (AGS posts scores under it). */
  ltiPlatformUser: (userId: string, platformId: string): Key => ({ pk: userPartition(userId), sk: `LTI#${platformId}` }),
  /** The class an LMS course (the launch's context) is. */
  ltiCourse: (platformId: string, contextId: string): Key => ({ pk: `LTI_COURSE#${platformId}#${encodeURIComponent(contextId)}`, sk: 'COURSE' }),
  /** A resource link that opens a module of a class, in the class's partition (so the class's deletion takes it). */
  ltiResourceLink: (classId: string, moduleId: string, platformId: string, deploymentId: string, resourceLinkId: string): Key => ({
    pk: classPartition(classId),
    sk: `${LTI_LINK_PREFIX}${moduleId}#${platformId}#${encodeURIComponent(deploymentId)}#${encodeURIComponent(resourceLinkId)}`,
  }),
  /** A launch's one-time sign-in code, by its SHA-256 (the code itself is never stored). */
  ltiSignInCode: (codeHash: string): Key => ({ pk: `LTI_SIGN_IN#${codeHash}`, sk: 'CODE' }),
  /** A deep linking request waiting for the teacher's choice, by its random id. */
  ltiDeepLinkingRequest: (requestId: string): Key => ({ pk: `LTI_DEEP_LINK#${requestId}`, sk: 'REQUEST' }),
  /** An erase of a person, under their pseudonym: what it covers and its finished steps, then only its outcome. */
  erasureJob: (pseudonym: string): Key => ({ pk: `${ERASURE_JOB_PREFIX}${pseudonym}`, sk: 'ERASURE' }),
  /** Which person, class or enrolment here an information system's sourcedId names (`kind`: people, classes, enrollments). */
  oneRosterLink: (kind: string, sourcedId: string): Key => ({ pk: ONEROSTER_PARTITION, sk: `${kind}#${sourcedId}` }),
  /** One OneRoster import (preview or apply), by time. */
  oneRosterRun: (at: string, runId: string): Key => ({ pk: ONEROSTER_RUNS_PARTITION, sk: `${at}#${runId}` }),
};

export const ENROLMENT_PREFIX = 'STUDENT#';
export const SIGN_IN_DOMAIN_PREFIX = 'SIGN_IN_DOMAIN#';
export const COUNTER_PREFIX = 'COMPLETIONS#';
/** The score totals' shards (`SCORE_TOTALS#{shard}`), and alone the one item per class an earlier version kept. */
export const SCORE_TOTALS_PREFIX = 'SCORE_TOTALS';
const ACTIVE_PREFIX = 'ACTIVE#';
const NUDGE_PREFIX = 'NUDGE#';
const FINISHED_PREFIX = 'FINISHED#';
const OVERRIDES_PREFIX = 'OVERRIDES#';
/** The report rows' sort keys in a class's partition (what a class's retention removes with its progress). */
export const REPORT_ROW_PREFIX = 'REPORT_ROW#';
/** The report rows' sort prefixes in a class: a class's rows are read as this many queries at once. */
export const REPORT_ROW_SHARDS = 8;
const FORMER_CLASS_PREFIX = 'LEFT#';
const CLASS_CATALOGUE = 'CLASSES';
const AUDIT_PARTITION = 'AUDIT';
const PEOPLE_PARTITION = 'PEOPLE';
/** The people index's partitions: a school's few thousand people, a few hundred in each, none filtered whole. */
export const PEOPLE_SHARDS = 8;

/** A shard, '0' to `shards` - 1, always the same for an id (FNV-1a of it): spreads one kind of item over a few keys. */
export function shardOf(id: string, shards: number): string {
  let hash = 0x811c9dc5;
  for (const character of id) hash = Math.imul(hash ^ character.charCodeAt(0), 0x01000193) >>> 0;
  return String(hash % shards);
}
const LTI_PARTITION = 'LTI';
const LTI_PLATFORM_PREFIX = 'PLATFORM#';
const LTI_LINK_PREFIX = 'LTI_LINK#';
const ONEROSTER_PARTITION = 'ONEROSTER';
const ONEROSTER_RUNS_PARTITION = 'ONEROSTER-RUNS';

/** Key conditions for the queries, next to the keys they match. */
export const queries = {
  modulesOfOwner: (ownerId: string) => ({ partition: teacherPartition(ownerId), sortPrefix: 'MODULE#' }),
  classesOfTeacher: (teacherId: string) => ({ partition: teacherPartition(teacherId), sortPrefix: 'CLASS#' }),
  classesOfStudent: (studentId: string) => ({ partition: userPartition(studentId), sortPrefix: 'CLASS#' }),
  formerClassesOfStudent: (studentId: string) => ({ partition: userPartition(studentId), sortPrefix: FORMER_CLASS_PREFIX }),
  nudgesOfStudent: (studentId: string) => ({ partition: userPartition(studentId), sortPrefix: NUDGE_PREFIX }),
  finishedModulesOfStudent: (studentId: string) => ({ partition: userPartition(studentId), sortPrefix: FINISHED_PREFIX }),
  allClasses: () => ({ partition: CLASS_CATALOGUE, sortPrefix: 'CLASS#' }),
  rosterOfClass: (classId: string) => ({ partition: classPartition(classId), sortPrefix: ENROLMENT_PREFIX }),
  countersOfClass: (classId: string) => ({ partition: classPartition(classId), sortPrefix: COUNTER_PREFIX }),
  /** A module's counter shards, and the one unsharded counter an earlier version kept (until `npm run migrate`). */
  countersOfModule: (classId: string, moduleId: string) => ({ partition: classPartition(classId), sortPrefix: `${COUNTER_PREFIX}${moduleId}` }),
  /** The class's score totals shards, and the one unsharded item an earlier version kept (until `npm run migrate`). */
  scoreTotalsOfClass: (classId: string) => ({ partition: classPartition(classId), sortPrefix: SCORE_TOTALS_PREFIX }),
  /** The students active on one UTC day; without a day, every student's active days. */
  activeStudentsOfClass: (classId: string, day?: string) => ({ partition: classPartition(classId), sortPrefix: day ? `${ACTIVE_PREFIX}${day}#` : ACTIVE_PREFIX }),
  /** The day items of earlier versions (a string set of the students active that day), which `npm run migrate` replaces. */
  legacyActiveDaysOfClass: (classId: string) => ({ partition: classPartition(classId), sortPrefix: 'ACTIVE_DAY#' }),
  /** On the owner index: a student's attempts in a class, oldest first. */
  attemptHistory: (classId: string, studentId: string) => ({ partition: attemptHistoryPartition(classId, studentId), sortPrefix: '' }),
  /** Everything in a class's partition: the class item, enrolments, progress and counters. */
  wholeClass: (classId: string) => ({ partition: classPartition(classId), sortPrefix: '' }),
  auditTrail: () => ({ partition: AUDIT_PARTITION, sortPrefix: '' }),
  /** On the owner index: the copies of one shard of the people (`shardOf` their id), in name order. */
  peopleShard: (shard: string) => ({ partition: `${PEOPLE_PARTITION}#${shard}`, sortPrefix: '' }),
  ltiPlatforms: () => ({ partition: LTI_PARTITION, sortPrefix: LTI_PLATFORM_PREFIX }),
  /** The OneRoster links, or those of one kind (people, classes, enrollments). */
  oneRosterLinks: (kind?: string) => ({ partition: ONEROSTER_PARTITION, sortPrefix: kind ? `${kind}#` : '' }),
  /** The resource links that open a module of a class. */
  ltiResourceLinksOf: (classId: string, moduleId: string) => ({ partition: classPartition(classId), sortPrefix: `${LTI_LINK_PREFIX}${moduleId}#` }),
  /** A check with everything in its partition: attempts and statistics. */
  wholeCheck: (moduleId: string, sectionId: string) => ({ partition: checkPartition(moduleId, sectionId), sortPrefix: '' }),
  /** Every student's attempts at a check in one class. */
  attemptsOfClass: (classId: string, moduleId: string, sectionId: string) => ({
    partition: checkPartition(moduleId, sectionId),
    sortPrefix: `ATTEMPT#${classId}#`,
  }),
  attemptsOfStudent: (classId: string, moduleId: string, sectionId: string, studentId: string) => ({
    partition: checkPartition(moduleId, sectionId),
    sortPrefix: attemptPrefix(classId, studentId),
  }),
  overridesOfClass: (classId: string, moduleId?: string) => ({
    partition: classPartition(classId),
    sortPrefix: moduleId ? `${OVERRIDES_PREFIX}${moduleId}#` : OVERRIDES_PREFIX,
  }),
  reportRowsOfClass: (classId: string, shard: string) => ({ partition: classPartition(classId), sortPrefix: `${REPORT_ROW_PREFIX}${shard}#` }),
  progressOfClass: (classId: string, moduleId?: string) => ({
    partition: classPartition(classId),
    sortPrefix: moduleId ? `PROGRESS#${moduleId}#` : 'PROGRESS#',
  }),
} satisfies Record<string, (...ids: never[]) => PrefixQuery>;

/**
 * The "you finished" notices that go with these items of a class's partition (its progress items: students' finishes
 * live in the students' partitions), for when a class's or a module's data is deleted.
 */
export const finishNoticesOf = (classId: string, items: readonly (Key & { studentId?: string; moduleId?: string })[]): Key[] =>
  items.flatMap(({ sk, studentId, moduleId }) => (sk.startsWith('PROGRESS#') && studentId && moduleId ? [keys.moduleFinished(studentId, classId, moduleId)] : []));

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

type Item = Record<string, unknown>;
const keyId = (key: Key) => `${key.pk}|${key.sk}`;
const uniqueKeys = (keyList: Key[]) => [...new Map(keyList.map((key) => [keyId(key), key])).values()];

/**
 * Reads up to 100 items by key in one consistent BatchGetItem, retrying what DynamoDB leaves unprocessed; with
 * `attributes`, only those of each item.
 */
async function batchGetChunk<T>({ client, tableName }: TableContext, part: Key[], attributes?: string[]): Promise<T[]> {
  const projection = attributes && {
    ProjectionExpression: attributes.map((_, index) => `#a${index}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(attributes.map((name, index) => [`#a${index}`, name])),
  };
  const items: T[] = [];
  let pending: Item[] | undefined = part;
  for (let attempt = 0; pending?.length; attempt += 1) {
    if (attempt > 0) await backoff(attempt);
    const result: BatchGetCommandOutput = await client.send(
      new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: true, ...projection } } }),
    );
    items.push(...((result.Responses?.[tableName] ?? []) as T[]));
    pending = result.UnprocessedKeys?.[tableName]?.Keys;
  }
  return items;
}

const itemReaders = new WeakMap<DynamoDBDocumentClient, Map<string, DataLoader<Key, Item | undefined, string>>>();

/**
 * Single-item reads that start in the same tick (the parallel reads of one request, e.g. a module beside the reader's
 * class and membership) reach DynamoDB as consistent BatchGetItems of up to 100 keys, all in flight at once; a read on
 * its own stays a GetItem. A key asked for twice in the tick is read once (a report page's progress and scores are the
 * same items). No cache: every read sees the table as it is now. One reader per client and table, shared by every
 * repository built on them.
 */
function itemReader(context: TableContext): DataLoader<Key, Item | undefined, string> {
  const { client, tableName } = context;
  const readers = itemReaders.get(client) ?? new Map<string, DataLoader<Key, Item | undefined, string>>();
  itemReaders.set(client, readers);
  let reader = readers.get(tableName);
  if (!reader) {
    reader = new DataLoader<Key, Item | undefined, string>(
      async (keyList) => {
        const unique = uniqueKeys([...keyList]);
        if (unique.length === 1) {
          const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: unique[0], ConsistentRead: true }));
          return keyList.map(() => Item);
        }
        const parts = await Promise.all(chunk(unique, BATCH_GET_LIMIT).map((part) => batchGetChunk<Item>(context, part)));
        const byKey = new Map(parts.flat().map((item) => [keyId(item as Key), item]));
        return keyList.map((key) => byKey.get(keyId(key)));
      },
      // The batch function splits the tick's keys into BatchGetItems itself, after leaving out the repeated ones.
      { cache: false, cacheKeyFn: keyId },
    );
    readers.set(tableName, reader);
  }
  return reader;
}

/** Paged queries and batched reads and deletes on one table, retrying what DynamoDB leaves unprocessed. */
export function makeTableAccess(context: TableContext) {
  const { client, tableName } = context;
  const reader = itemReader(context);

  /** One item by key, read consistently; reads started beside it in the same tick share its round trip. */
  const getItem = <T = Item>(key: Key) => reader.load(key) as Promise<T | undefined>;

  /**
   * Every item of a partition whose sort key starts with a prefix, on the table or on the owner index, to the last page.
   */
  async function queryByPrefix<T>(
    { partition, sortPrefix }: PrefixQuery,
    options: { onOwnerIndex?: boolean; projection?: string; consistent?: boolean } = {},
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
          ...(options.consistent ? { ConsistentRead: true } : {}),
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

  /**
   * Many items by key, each asked for once, in key order (missing ones left out), every BatchGetItem in flight at once
   * and joined by the reads started beside it: one round trip for a bounded key list (a report page).
   */
  async function batchGetInParallel<T>(keyList: Key[]): Promise<T[]> {
    const items = await Promise.all(uniqueKeys(keyList).map((key) => getItem<T>(key)));
    return items.filter((item): item is Awaited<T> => item !== undefined);
  }

  /** The same, one BatchGetItem after another once the list passes one BatchGetItem's 100 keys (no burst of reads). */
  async function batchGet<T>(keyList: Key[]): Promise<T[]> {
    const unique = uniqueKeys(keyList);
    if (unique.length <= BATCH_GET_LIMIT) return batchGetInParallel<T>(unique);
    const items: T[] = [];
    for (const part of chunk(unique, BATCH_GET_LIMIT)) items.push(...(await batchGetChunk<T>(context, part)));
    return items;
  }

  /**
   * Only the named attributes of many items by key (missing items left out), every BatchGetItem in flight at once: a
   * report page reads just what its cells show of items that hold more.
   */
  async function batchGetAttributes<T>(keyList: Key[], attributes: string[]): Promise<T[]> {
    const parts = await Promise.all(chunk(uniqueKeys(keyList), BATCH_GET_LIMIT).map((part) => batchGetChunk<T>(context, part, attributes)));
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

  return { getItem, queryByPrefix, queryPage, batchGet, batchGetInParallel, batchGetAttributes, batchDelete, batchPut };
}

/** A pause before a retry, doubling from 50 ms up to a second. */
export const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));

/** Why DynamoDB cancelled a transaction, item by item (`None` for the items that were fine); undefined for other errors. */
export function cancellationCodes(error: unknown): string[] | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  return ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
}

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
