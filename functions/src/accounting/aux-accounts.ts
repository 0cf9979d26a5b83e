/**
 * The auxiliary accounts of the FEC (`CompAuxNum`, `CompAuxLib`): one per client (`C00042`) and per
 * supplier (`F00017`), its label the party's current name. A number is given the first time an
 * export needs it, in the order of the parties' ids (their creation), and kept in an item
 * `COMPANY#<c>` / `AUXACC#<CLIENT|SUPPLIER>#<id>`, so a party keeps its number in every export
 * whatever is created or deleted later. Numbers come from a counter `COUNTER#AUX_<KIND>#0`; two
 * exports giving numbers at once may leave a gap (the second's put fails and it reads the first's),
 * never give a party two numbers.
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AuxAccount } from '@btp/shared/accounting/entries';
import { batchGetConsistent } from '../data/batch-get.js';
import { clients } from '../data/entities/clients.js';
import { suppliers } from '../data/entities/suppliers.js';
import { companyPk, counterKey, type Key } from '../data/keys.js';
import { withAwsErrors } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';

export type AuxKind = 'CLIENT' | 'SUPPLIER';

const auxKey = (companyId: string, kind: AuxKind, id: string): Key => ({
  pk: companyPk(companyId),
  sk: `AUXACC#${kind}#${id}`,
});

/** `C` + 5 digits (more past 99 999). */
export function auxNumber(prefix: string, sequence: number): string {
  return `${prefix}${String(sequence).padStart(5, '0')}`;
}

async function storedSequences(companyId: string, kind: AuxKind, ids: readonly string[]) {
  const items = await batchGetConsistent(ids.map((id) => auxKey(companyId, kind, id)));
  const prefix = `AUXACC#${kind}#`;
  return new Map(items.map((item) => [String(item.sk).slice(prefix.length), Number(item.sequence)]));
}

/** The sequence of each party, giving one to those without (see the top of this file). */
async function sequencesOf(
  companyId: string,
  kind: AuxKind,
  ids: readonly string[],
): Promise<Map<string, number>> {
  const found = await storedSequences(companyId, kind, ids);
  const missing = ids.filter((id) => !found.has(id)).sort();
  if (missing.length === 0) return found;
  const { Attributes } = await withAwsErrors(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: counterKey(companyId, `AUX_${kind}`, 0),
        UpdateExpression: 'ADD #value :count',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':count': missing.length },
        ReturnValues: 'UPDATED_NEW',
      }),
    ),
  );
  const last = Number(Attributes?.value ?? missing.length);
  let lost = false;
  await Promise.all(
    missing.map(async (id, index) => {
      const sequence = last - missing.length + index + 1;
      try {
        await db().send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...auxKey(companyId, kind, id), sequence },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        found.set(id, sequence);
      } catch (error) {
        if (!(error instanceof Error) || error.name !== 'ConditionalCheckFailedException') throw error;
        lost = true;
      }
    }),
  );
  if (!lost) return found;
  // Another export numbered some of them first: theirs stand.
  for (const [id, sequence] of await storedSequences(companyId, kind, missing)) found.set(id, sequence);
  return found;
}

/**
 * Keeps the auxiliary accounts already known and gives those of `ids` not yet in `known`: number and
 * current name (« Client supprimé » when the record is gone).
 */
export async function addAuxAccounts(
  companyId: string,
  kind: AuxKind,
  prefix: string,
  ids: Iterable<string>,
  known: Map<string, AuxAccount>,
): Promise<void> {
  const wanted = [...new Set(ids)].filter((id) => id && !known.has(id));
  if (wanted.length === 0) return;
  const repository = kind === 'CLIENT' ? clients : suppliers;
  const [sequences, records] = await Promise.all([
    sequencesOf(companyId, kind, wanted),
    repository.getMany(companyId, wanted, ['name']),
  ]);
  for (const id of wanted) {
    known.set(id, {
      number: auxNumber(prefix, sequences.get(id) ?? 0),
      label: records.get(id)?.name ?? (kind === 'CLIENT' ? 'Client supprimé' : 'Fournisseur supprimé'),
    });
  }
}
