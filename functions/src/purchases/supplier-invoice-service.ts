import type {
  SupplierInvoice,
  SupplierInvoiceCreateData,
  SupplierInvoiceUpdateData,
} from '@btp/shared/entities/supplier-invoice';
import type { ListQuery } from '@btp/shared/list';
import type { EntityRef } from '@btp/shared/record';
import {
  canDeleteSupplierInvoice,
  paidSupplierInvoiceDeletionMessage,
} from '@btp/shared/supplier-invoice-deletion';
import { staleVersionMessage, type Page } from '../data/entity-repository.js';
import { projects } from '../data/entities/projects.js';
import {
  createSupplierInvoice as createNumberedSupplierInvoice,
  supplierInvoices,
} from '../data/entities/supplier-invoices.js';
import { supplierQuotes } from '../data/entities/supplier-quotes.js';
import { suppliers } from '../data/entities/suppliers.js';
import { nowIso } from '../data/ids.js';
import { companyMarkerKey } from '../data/keys.js';
import { withFigureImage } from '../data/figure-images.js';
import { transactWrite } from '../data/transactions.js';
import { withSupplierAndProject } from '../data/related.js';
import { withReceivedMarks } from '../einvoicing/exchange/network-summaries.js';
import { tableName } from '../lib/dynamo.js';
import { badRequest, conflict, messages } from '../lib/http-errors.js';
import { differs, findReferences, referenceMessages } from '../quotes/references.js';

export type SupplierInvoiceWithRefs = SupplierInvoice & { supplier?: EntityRef; project?: EntityRef };

export const supplierInvoiceMessages = {
  deletePaid: paidSupplierInvoiceDeletionMessage,
  quoteOfAnotherSupplier:
    'Cette demande de prix concerne un autre fournisseur : choisissez une demande de prix de ce fournisseur.',
};

type Links = Pick<SupplierInvoice, 'supplierId' | 'projectId' | 'supplierQuoteId'>;

/**
 * The supplier, project and supplier quote must be the company's; a supplier quote must be one of
 * the invoice's supplier. Only the links in `check` are looked up.
 */
async function checkReferences(companyId: string, links: Links, check: Partial<Links>): Promise<void> {
  const [, , supplierQuote] = await findReferences(companyId, [
    { path: 'supplierId', id: check.supplierId, repository: suppliers, message: referenceMessages.supplier },
    { path: 'projectId', id: check.projectId, repository: projects, message: referenceMessages.project },
    {
      path: 'supplierQuoteId',
      id: check.supplierQuoteId,
      repository: supplierQuotes,
      message: referenceMessages.supplierQuote,
    },
  ] as const);
  if (supplierQuote && supplierQuote.supplierId !== links.supplierId) {
    throw badRequest(messages.validation, [
      { path: 'supplierQuoteId', message: supplierInvoiceMessages.quoteOfAnotherSupplier },
    ]);
  }
}

/**
 * Fields the server fills in: `receivedAt` is when the invoice was recorded unless given (an edit
 * keeps the stored one); a paid invoice gets `paidAt` (now unless given or stored) and, when its
 * paid amount is 0.00, its total.
 */
function completed<T extends SupplierInvoiceCreateData>(
  fields: T,
  stored?: Pick<SupplierInvoice, 'receivedAt' | 'paidAt'>,
): T {
  const now = nowIso();
  const paid = fields.status === 'paid';
  return {
    ...fields,
    receivedAt: fields.receivedAt ?? stored?.receivedAt ?? now,
    ...(paid
      ? {
          paidAt: fields.paidAt ?? stored?.paidAt ?? now,
          paidAmount: fields.paidAmount === '0.00' ? fields.totalAmount : fields.paidAmount,
        }
      : {}),
  };
}

/** `GET /api/supplier-invoices`: most recent first, with `supplier{id,name}` and `project{id,name}`. */
export async function listSupplierInvoices(
  companyId: string,
  query: ListQuery,
): Promise<Page<SupplierInvoiceWithRefs>> {
  const page = await supplierInvoices.list(companyId, { limit: query.limit, cursor: query.cursor });
  return {
    items: await withReceivedMarks(companyId, await withSupplierAndProject(companyId, page.items)),
    nextCursor: page.nextCursor,
  };
}

/** `GET /api/supplier-invoices/{id}`, with its supplier and project. */
export async function getSupplierInvoice(companyId: string, id: string): Promise<SupplierInvoiceWithRefs> {
  const invoice = await supplierInvoices.getOrThrow(companyId, id);
  const [withRefs] = await withSupplierAndProject(companyId, [invoice]);
  return withRefs as SupplierInvoiceWithRefs;
}

/** `POST /api/supplier-invoices`: recorded with the next number (`FF-2026-0001`), in any status. */
export async function createSupplierInvoice(
  companyId: string,
  data: SupplierInvoiceCreateData,
): Promise<SupplierInvoice> {
  await checkReferences(companyId, data, data);
  return createNumberedSupplierInvoice(companyId, completed(data));
}

/** `PUT /api/supplier-invoices/{id}`: every field, status included (a received document's state). */
export async function updateSupplierInvoice(
  companyId: string,
  id: string,
  data: SupplierInvoiceUpdateData,
): Promise<SupplierInvoice> {
  const { version, ...fields } = data;
  const stored = await supplierInvoices.getOrThrow(companyId, id);
  const supplierChanged = differs(stored.supplierId, fields.supplierId);
  const quoteChanged = differs(stored.supplierQuoteId, fields.supplierQuoteId);
  await checkReferences(companyId, fields, {
    supplierId: supplierChanged ? fields.supplierId : undefined,
    projectId: differs(stored.projectId, fields.projectId) ? fields.projectId : undefined,
    supplierQuoteId: supplierChanged || quoteChanged ? fields.supplierQuoteId : undefined,
  });
  return supplierInvoices.update(
    companyId,
    id,
    (current) => ({ ...current, ...completed(fields, current) }),
    {
      expectedVersion: version,
    },
  );
}

/**
 * `DELETE /api/supplier-invoices/{id}`: in any status but paid (a paid invoice records money paid
 * out: 409). Deleted as read, so one paid meanwhile stays (409, stale version).
 */
export async function deleteSupplierInvoice(companyId: string, id: string): Promise<void> {
  const current = await supplierInvoices.getOrThrow(companyId, id);
  if (!canDeleteSupplierInvoice(current)) throw conflict(supplierInvoiceMessages.deletePaid);
  await transactWrite(
    [
      withFigureImage(
        {
          Delete: {
            TableName: tableName(),
            Key: supplierInvoices.key(companyId, current.id),
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': current.version },
          },
        },
        { type: supplierInvoices.type, companyId, before: current },
      ),
      {
        Delete: {
          TableName: tableName(),
          Key: companyMarkerKey(companyId, supplierInvoices.type, 'NUMBER', current.number),
          ConditionExpression: 'attribute_not_exists(pk) OR ownerId = :owner',
          ExpressionAttributeValues: { ':owner': current.id },
        },
      },
    ],
    () => conflict(staleVersionMessage),
  );
}
