/**
 * The one DynamoDB table, declared once: the CDK stack and the local stack both build it from
 * this definition (see docs/data-model.md for the access patterns).
 */
export const table = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  globalSecondaryIndexes: [{ indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
} as const;

/** Key attribute names with their DynamoDB type (all keys are strings). */
export const keyAttributes = ['pk', 'sk', 'gsi1pk', 'gsi1sk'] as const;

/** Keys of records that do not belong to one company. */
export const systemKeys = {
  /** Written once, in the same transaction as the first super administrator. */
  installation: { pk: 'SYSTEM', sk: 'INSTALLATION' },
} as const;
