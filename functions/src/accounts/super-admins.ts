import { tableName } from '../lib/dynamo.js';
import { systemKeys } from '@btp/shared/table';
import type { TransactItem } from '../data/transactions.js';

/**
 * The installation marker also counts the active super administrators, so that "the last active
 * one cannot be deactivated or demoted" holds under concurrent changes: the count moves in the same
 * transaction as the user, and never below one.
 */
export function installItem(firstSuperAdminId: string, at: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...systemKeys.installation,
        installedAt: at,
        installedBy: firstSuperAdminId,
        activeSuperAdmins: 1,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** +1 or -1 active super administrator; a -1 that would leave none fails its condition. */
export function activeSuperAdminsChange(delta: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: systemKeys.installation,
      UpdateExpression: 'ADD activeSuperAdmins :delta',
      ConditionExpression: delta < 0 ? 'activeSuperAdmins > :one' : 'attribute_exists(pk)',
      ExpressionAttributeValues: delta < 0 ? { ':delta': delta, ':one': 1 } : { ':delta': delta },
    },
  };
}
