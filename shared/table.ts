// The single DynamoDB table's key schema. The CDK table, the local table and the repositories read it from here.

export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Second access path: a teacher's modules and the classes they teach. */
  byOwnerIndex: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
} as const;

/**
 * Partition key prefix of the per-caller request counters (`RATE#{hash of sub}`): every API function may update these
 * items, and only these, besides what its route declares.
 */
export const REQUEST_COUNTER_PREFIX = 'RATE#';

/**
 * Items with this attribute (epoch seconds) are removed by DynamoDB after that time: expired upload records, request
 * counters of past windows.
 */
export const TABLE_TIME_TO_LIVE_ATTRIBUTE = 'expiresAtEpoch';

/**
 * Partition key prefix of each person's access record (`ACCESS#{sub}`): since when their tokens count, since when the
 * server has seen their two-factor authentication on, and a role change in progress. Every API function reads these
 * items, and only these with the erase jobs, besides what its route declares (functions/src/platform/person-access.ts).
 */
export const PERSON_ACCESS_PREFIX = 'ACCESS#';

/**
 * Partition key prefix of the erase jobs (`ERASURE#{pseudonym}`): every API function reads the caller's beside their
 * access record, and refuses the tokens of a person being or having been erased.
 */
export const ERASURE_JOB_PREFIX = 'ERASURE#';
