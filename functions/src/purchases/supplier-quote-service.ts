import { supplierQuoteStatusLabels } from '@btp/shared/enums';
import type {
  SupplierQuote,
  SupplierQuoteCreateData,
  SupplierQuoteListItem,
  SupplierQuoteUpdateData,
  SupplierQuoteWithRefs,
} from '@btp/shared/entities/supplier-quote';
import type { ListQuery } from '@btp/shared/list';
import {
  canDeleteSupplierQuote,
  canSelectSupplierQuote,
  selectionAfterEdit,
} from '@btp/shared/supplier-quote-selection';
import type { AttributePath, Page } from '../data/entity-repository.js';
import { projects } from '../data/entities/projects.js';
import { supplierInvoices } from '../data/entities/supplier-invoices.js';
import {
  createSupplierQuote as createNumberedSupplierQuote,
  removeSupplierQuoteAsRead,
  selectSupplierQuote as selectInProject,
  supplierQuotes,
} from '../data/entities/supplier-quotes.js';
import { suppliers } from '../data/entities/suppliers.js';
import { nowIso } from '../data/ids.js';
import { withSupplierAndProject } from '../data/related.js';
import { conflict } from '../lib/http-errors.js';
import { countOf, differs, findReferences, referenceMessages } from '../quotes/references.js';

/**
 * The stored attributes `GET /api/supplier-quotes` reads: those of its list item, without `items`
 * (free-form lines, answered by the detail route). Written out, not read from the schema, so that
 * the list route starts without zod (issue 27; `invoice-list-attributes.test.ts` compares them).
 */
export const supplierQuoteListAttributes: AttributePath<SupplierQuote>[] = [
  'id',
  'createdAt',
  'updatedAt',
  'version',
  'companyId',
  'supplierId',
  'projectId',
  'status',
  'title',
  'description',
  'totalAmount',
  'validUntil',
  'sentAt',
  'receivedAt',
  'selected',
  'number',
];

/** French messages of the supplier price request rules (`shared/src/supplier-quote-selection.ts`). */
export const supplierQuoteMessages = {
  selectOnlyReceived: (status: SupplierQuote['status']) =>
    `Seule une demande de prix reçue peut être sélectionnée : celle-ci est « ${supplierQuoteStatusLabels[status]} ».`,
  deleteSelected:
    'Cette demande de prix est sélectionnée pour son projet : sélectionnez-en une autre ou changez son statut avant de la supprimer.',
  usedBySupplierInvoices: (count: number) =>
    `Cette demande de prix est liée à ${countOf(count, 'facture fournisseur', 'factures fournisseurs')} : ${
      count > 1 ? 'supprimez-les ou modifiez-les' : 'supprimez-la ou modifiez-la'
    } d'abord.`,
};

function checkReferences(
  companyId: string,
  data: { supplierId?: string | undefined; projectId?: string | undefined },
) {
  return findReferences(companyId, [
    { path: 'supplierId', id: data.supplierId, repository: suppliers, message: referenceMessages.supplier },
    { path: 'projectId', id: data.projectId, repository: projects, message: referenceMessages.project },
  ] as const);
}

/**
 * Dates the body leaves out: an edit keeps those already stored; otherwise `sentAt` is now once
 * the request is no longer a draft, and `receivedAt` once the supplier's answer is in
 * (`validated`, 'Reçu').
 */
function impliedDates(
  fields: Pick<SupplierQuote, 'status' | 'sentAt' | 'receivedAt'>,
  stored?: Pick<SupplierQuote, 'sentAt' | 'receivedAt'>,
): Pick<SupplierQuote, 'sentAt' | 'receivedAt'> {
  const now = nowIso();
  return {
    sentAt: fields.sentAt ?? stored?.sentAt ?? (fields.status !== 'draft' ? now : undefined),
    receivedAt: fields.receivedAt ?? stored?.receivedAt ?? (fields.status === 'validated' ? now : undefined),
  };
}

/** `GET /api/supplier-quotes`: most recent first, with `supplier{id,name}` and `project{id,name}`. */
export async function listSupplierQuotes(
  companyId: string,
  query: ListQuery,
): Promise<Page<SupplierQuoteListItem>> {
  const page = await supplierQuotes.list(companyId, {
    limit: query.limit,
    cursor: query.cursor,
    attributes: supplierQuoteListAttributes,
  });
  return { items: await withSupplierAndProject(companyId, page.items), nextCursor: page.nextCursor };
}

/** `GET /api/supplier-quotes/{id}`, with its supplier and project. */
export async function getSupplierQuote(companyId: string, id: string): Promise<SupplierQuoteWithRefs> {
  const quote = await supplierQuotes.getOrThrow(companyId, id);
  const [withRefs] = await withSupplierAndProject(companyId, [quote]);
  return withRefs as SupplierQuoteWithRefs;
}

/**
 * `POST /api/supplier-quotes`: numbered `DP-2026-0001` by the server, in any status (a request may
 * be recorded once the answer is in); never selected (that is the `select` action).
 */
export async function createSupplierQuote(
  companyId: string,
  data: SupplierQuoteCreateData,
): Promise<SupplierQuote> {
  await checkReferences(companyId, data);
  return createNumberedSupplierQuote(companyId, { ...data, ...impliedDates(data), selected: false });
}

/**
 * `PUT /api/supplier-quotes/{id}`: every field but `selected`, which only the `select` action sets;
 * a request leaves the selection when it stops being received or moves to another project.
 */
export async function updateSupplierQuote(
  companyId: string,
  id: string,
  data: SupplierQuoteUpdateData,
): Promise<SupplierQuote> {
  const { version, selected: _ignored, ...fields } = data;
  const stored = await supplierQuotes.getOrThrow(companyId, id);
  await checkReferences(companyId, {
    supplierId: differs(stored.supplierId, fields.supplierId) ? fields.supplierId : undefined,
    projectId: differs(stored.projectId, fields.projectId) ? fields.projectId : undefined,
  });
  return supplierQuotes.update(
    companyId,
    id,
    (current) => ({
      ...current,
      ...fields,
      ...impliedDates(fields, current),
      selected: selectionAfterEdit(current, fields),
    }),
    { expectedVersion: version },
  );
}

/**
 * `POST /api/supplier-quotes/{id}/select`: a received (`validated`) request becomes the selected
 * one of its project, and the others of that project are unselected, in one transaction.
 */
export function selectSupplierQuote(companyId: string, id: string, version?: number): Promise<SupplierQuote> {
  return selectInProject(
    companyId,
    id,
    (current) => {
      if (!canSelectSupplierQuote(current))
        throw conflict(supplierQuoteMessages.selectOnlyReceived(current.status));
    },
    version,
  );
}

/**
 * `DELETE /api/supplier-quotes/{id}`: not the selected request of a project, and not while a
 * supplier invoice refers to it. Deleted as read, so one selected meanwhile stays (409).
 */
export async function deleteSupplierQuote(companyId: string, id: string): Promise<void> {
  const current = await supplierQuotes.getOrThrow(companyId, id);
  if (!canDeleteSupplierQuote(current)) throw conflict(supplierQuoteMessages.deleteSelected);
  const linked = (await supplierInvoices.listAll(companyId)).filter(
    (invoice) => invoice.supplierQuoteId === id,
  );
  if (linked.length > 0) throw conflict(supplierQuoteMessages.usedBySupplierInvoices(linked.length));
  await removeSupplierQuoteAsRead(companyId, current);
}
