import type { SupplierQuote, SupplierQuoteCreateData } from '@btp/shared/entities/supplier-quote';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { awsErrorToHttp } from '../../lib/aws-errors.js';
import { db, tableName } from '../../lib/dynamo.js';
import { conflict } from '../../lib/http-errors.js';
import { numberSeries } from '../counters.js';
import { entityRepository, staleVersionMessage, type Fields } from '../entity-repository.js';
import { companyMarkerKey, companyPk, type Key } from '../keys.js';
import { maxTransactionItems, transactWrite, type TransactItem } from '../transactions.js';
import { createNumbered } from './numbered.js';
import { referenceMessages } from './reference-messages.js';

/** Supplier price requests: `COMPANY#<c>` / `SUPPLIER_QUOTE#<id>`, numbered `DP-<year>-<n>`. */
export const supplierQuotes = entityRepository<SupplierQuote>({
  type: 'SUPPLIER_QUOTE',
  notFoundMessage: 'Demande de prix introuvable.',
  // A supplier's or project's deletion checks what links to it (see reference-stamps.ts).
  references: [
    { field: 'supplierId', targetType: 'SUPPLIER', message: referenceMessages.supplier },
    { field: 'projectId', targetType: 'PROJECT', message: referenceMessages.project },
  ],
  unique: [
    {
      field: 'NUMBER',
      value: (quote) => quote.number,
      message: 'Ce numéro de demande de prix est déjà utilisé.',
    },
  ],
});

export function createSupplierQuote(
  companyId: string,
  data: SupplierQuoteCreateData,
): Promise<SupplierQuote> {
  return createNumbered(supplierQuotes, numberSeries.supplierQuote, companyId, data);
}

/**
 * The selection lock of a project: `COMPANY#<c>` / `SELECTION#SUPPLIER_QUOTE#<projectId>`, holding
 * `value` (moved by one at each selection, so two selections in one project never both succeed) and
 * `ownerId` (the request selected last, a hint checked against the record).
 */
export const selectionLockKey = (companyId: string, projectId: string): Key => ({
  pk: companyPk(companyId),
  sk: `SELECTION#${supplierQuotes.type}#${projectId}`,
});

export const selectionRaceMessage =
  "Une autre demande de prix de ce projet vient d'être sélectionnée : rechargez la liste puis recommencez.";
export const tooManySelectedMessage =
  'Trop de demandes de prix sont sélectionnées sur ce projet pour les désélectionner en une fois.';

async function readSelectionLock(key: Key): Promise<{ value: number; ownerId?: string }> {
  try {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
    );
    return {
      value: typeof Item?.value === 'number' ? Item.value : 0,
      ownerId: typeof Item?.ownerId === 'string' ? Item.ownerId : undefined,
    };
  } catch (error) {
    throw awsErrorToHttp(error) ?? error;
  }
}

/**
 * Selects a request and unselects the other selected requests of its project, all in one
 * transaction (each guarded by the version read, with the project's selection lock), so a project
 * never ends up with two selected requests, even under concurrent selections. `check` refuses the
 * request as read by throwing (e.g. one that is not received). Returns the selected request.
 */
export async function selectSupplierQuote(
  companyId: string,
  id: string,
  check: (current: SupplierQuote) => void,
  expectedVersion?: number,
): Promise<SupplierQuote> {
  const current = await supplierQuotes.getOrThrow(companyId, id);
  if (expectedVersion !== undefined && expectedVersion !== current.version) {
    throw conflict(staleVersionMessage);
  }
  check(current);
  const projectId = current.projectId;
  const items: TransactItem[] = [];
  const others = new Map<string, SupplierQuote>();
  let lock: { key: Key; value: number } | undefined;
  if (projectId) {
    const key = selectionLockKey(companyId, projectId);
    const read = await readSelectionLock(key);
    lock = { key, value: read.value };
    // The lock names the last selection (read consistently); the list finds any other.
    const [owner, all] = await Promise.all([
      read.ownerId && read.ownerId !== id ? supplierQuotes.get(companyId, read.ownerId) : undefined,
      supplierQuotes.listAll(companyId),
    ]);
    for (const other of [...(owner ? [owner] : []), ...all]) {
      if (
        other.id !== id &&
        other.selected === true &&
        other.projectId === projectId &&
        !others.has(other.id)
      ) {
        others.set(other.id, other);
      }
    }
  }
  if (current.selected === true && others.size === 0) return current;
  if (others.size + 2 > maxTransactionItems) throw conflict(tooManySelectedMessage);

  const { record, item } = supplierQuotes.replaceItem(companyId, current, {
    ...current,
    selected: true,
  } as Fields<SupplierQuote>);
  items.push(item);
  for (const other of others.values()) {
    items.push(
      supplierQuotes.replaceItem(companyId, other, { ...other, selected: false } as Fields<SupplierQuote>)
        .item,
    );
  }
  if (lock) {
    items.push({
      Put: {
        TableName: tableName(),
        Item: { ...lock.key, value: lock.value + 1, ownerId: id },
        ConditionExpression: lock.value === 0 ? 'attribute_not_exists(pk)' : '#value = :value',
        ...(lock.value === 0
          ? {}
          : {
              ExpressionAttributeNames: { '#value': 'value' },
              ExpressionAttributeValues: { ':value': lock.value },
            }),
      },
    });
  }
  // The request itself changed since it was read, or another request of the project did (or the lock).
  await transactWrite(items, (index) => conflict(index === 0 ? staleVersionMessage : selectionRaceMessage));
  return record;
}

/**
 * Deletes a request exactly as it was read (same `version`), with its number marker, in one
 * transaction: a request changed since (e.g. selected meanwhile) is a 409 and stays.
 */
export async function removeSupplierQuoteAsRead(companyId: string, current: SupplierQuote): Promise<void> {
  await transactWrite(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: supplierQuotes.key(companyId, current.id),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': current.version },
        },
      },
      {
        Delete: {
          TableName: tableName(),
          Key: companyMarkerKey(companyId, supplierQuotes.type, 'NUMBER', current.number),
          ConditionExpression: 'attribute_not_exists(pk) OR ownerId = :owner',
          ExpressionAttributeValues: { ':owner': current.id },
        },
      },
    ],
    () => conflict(staleVersionMessage),
  );
}
