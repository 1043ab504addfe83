// The single DynamoDB table's key schema. The CDK table, the local table and the repositories read it from here.

export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Second access path: a teacher's modules and classes, a student's classes. */
  byOwnerIndex: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
} as const;
