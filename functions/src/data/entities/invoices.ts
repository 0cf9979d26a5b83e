import type { Invoice, InvoiceCreateData } from '@btp/shared/entities/invoice';
import { conflict } from '../../lib/http-errors.js';
import { takeNextNumber, numberSeries } from '../counters.js';
import { entityRepository, staleVersionMessage, type Fields } from '../entity-repository.js';
import { companyMarkerKey } from '../keys.js';
import { transactWrite } from '../transactions.js';
import { tableName } from '../../lib/dynamo.js';

export const invoiceNumberTaken = 'Ce numéro de facture est déjà utilisé.';

/**
 * Customer invoices: `COMPANY#<c>` / `INVOICE#<id>`. A draft has no number; the final number
 * `FAC-<year>-<n>` is taken when the invoice is issued, gapless per company and year.
 */
export const invoices = entityRepository<Invoice>({
  type: 'INVOICE',
  notFoundMessage: 'Facture introuvable.',
  unique: [{ field: 'NUMBER', value: (invoice) => invoice.number, message: invoiceNumberTaken }],
});

/** A new draft invoice, without a number. */
export function createDraftInvoice(companyId: string, data: InvoiceCreateData): Promise<Invoice> {
  return invoices.create(companyId, { ...data, status: 'draft' } as Fields<Invoice>);
}

/**
 * Issues an invoice: it takes the next number and `change` gives its other new fields (status,
 * `sentAt`), in one transaction with the counter. `allowed(current)` refuses an invoice that
 * cannot be issued (not a draft) with its own 409.
 */
export async function issueInvoice(
  companyId: string,
  id: string,
  change: (current: Invoice) => Partial<Invoice>,
  check: (current: Invoice) => void,
  expectedVersion?: number,
): Promise<Invoice> {
  const current = await invoices.getOrThrow(companyId, id);
  if (expectedVersion !== undefined && expectedVersion !== current.version)
    throw conflict(staleVersionMessage);
  check(current);
  let issued: Invoice | undefined;
  await takeNextNumber(
    companyId,
    numberSeries.invoice,
    (number) => {
      const { record, item } = invoices.replaceItem(companyId, current, {
        ...current,
        ...change(current),
        number,
      } as Fields<Invoice>);
      issued = record;
      return [
        item,
        {
          Put: {
            TableName: tableName(),
            Item: { ...companyMarkerKey(companyId, 'INVOICE', 'NUMBER', number), ownerId: id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ];
    },
    (index) => conflict(index === 0 ? staleVersionMessage : invoiceNumberTaken),
  );
  return issued as Invoice;
}

/**
 * Deletes an invoice that `check(current)` accepts (a draft), guarded by the version read and by
 * the absence of a number, so an invoice sent in the meantime is never deleted: a numbered
 * invoice stays forever (French law).
 */
export async function deleteDraftInvoice(
  companyId: string,
  id: string,
  check: (current: Invoice) => void,
): Promise<Invoice> {
  const current = await invoices.getOrThrow(companyId, id);
  check(current);
  await transactWrite(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: invoices.key(companyId, id),
          ConditionExpression: 'version = :version AND attribute_not_exists(#number)',
          ExpressionAttributeNames: { '#number': 'number' },
          ExpressionAttributeValues: { ':version': current.version },
        },
      },
    ],
    () => conflict(staleVersionMessage),
  );
  return current;
}
