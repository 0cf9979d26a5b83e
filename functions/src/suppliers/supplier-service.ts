import type { Supplier, SupplierCreateData, SupplierUpdateData } from '@btp/shared/entities/supplier';
import type { ListQuery } from '@btp/shared/list';
import { countWhere, inUseMessage, usageKinds, type Usage } from '../clients/in-use.js';
import type { Page } from '../data/entity-repository.js';
import { documents } from '../data/entities/documents.js';
import { searchableList, type ListSearchSpec } from '../data/list-search.js';
import { quotes } from '../data/entities/quotes.js';
import { supplierInvoices } from '../data/entities/supplier-invoices.js';
import { supplierQuotes } from '../data/entities/supplier-quotes.js';
import { suppliers } from '../data/entities/suppliers.js';
import { supplierArticleCount } from '../data/library-queries.js';
import { conflict } from '../lib/http-errors.js';

/** `?q=` looks in a supplier's name, specialties, contact, e-mail, phone, address and identifiers. */
export const supplierListSearch: ListSearchSpec<Supplier> = {
  entity: 'suppliers',
  texts: (supplier) => [
    supplier.name,
    ...(supplier.specialties ?? []),
    supplier.contactPerson,
    supplier.email,
    supplier.phone,
    supplier.address,
    supplier.postalCode,
    supplier.city,
    supplier.siret,
    supplier.vatNumber,
  ],
  sortValues: {
    date: (supplier) => supplier.createdAt,
    name: (supplier) => supplier.name,
    city: (supplier) => supplier.city,
    rating: (supplier) => (supplier.rating === undefined ? undefined : Number(supplier.rating)),
  },
};

/**
 * `GET /api/suppliers`: the company's suppliers and subcontractors, most recent first; with `q`
 * and/or `sort`, those that match in that order.
 */
export function listSuppliers(companyId: string, query: ListQuery): Promise<Page<Supplier>> {
  return searchableList(companyId, query, supplierListSearch, {
    page: () => suppliers.list(companyId, query),
    all: () => suppliers.listAll(companyId),
  });
}

/** `POST /api/suppliers`: the name must be free within the company (409 otherwise). */
export function createSupplier(companyId: string, data: SupplierCreateData): Promise<Supplier> {
  return suppliers.create(companyId, data);
}

/** `GET /api/suppliers/{id}`. */
export function getSupplier(companyId: string, id: string): Promise<Supplier> {
  return suppliers.getOrThrow(companyId, id);
}

/**
 * `PUT /api/suppliers/{id}`: the body is the whole editable record (a field left out is cleared,
 * `specialties` becomes `[]`); a stale `version` or a name another supplier holds is a 409.
 */
export function updateSupplier(companyId: string, id: string, input: SupplierUpdateData): Promise<Supplier> {
  const { version, ...fields } = input;
  return suppliers.update(companyId, id, () => fields, { expectedVersion: version });
}

/**
 * What still refers to a supplier: supplier quotes, supplier invoices, quote lines naming it
 * (`items[].supplierId`) and linked documents. Only each record's id and `supplierId` are read
 * (a quote's lines, for their `supplierId`).
 */
export async function supplierUsage(companyId: string, supplierId: string): Promise<Usage[]> {
  const [quoteList, supplierQuoteList, supplierInvoiceList, documentList, articleCount] = await Promise.all([
    quotes.listAll(companyId, ['items']),
    supplierQuotes.listAll(companyId, ['supplierId']),
    supplierInvoices.listAll(companyId, ['supplierId']),
    documents.listAll(companyId, ['supplierId']),
    supplierArticleCount(companyId, supplierId),
  ]);
  const uses = (record: { supplierId?: string | null }) => record.supplierId === supplierId;
  const quoteLines = quoteList.reduce((total, quote) => total + countWhere(quote.items ?? [], uses), 0);
  return [
    { kind: usageKinds.supplierQuote, count: countWhere(supplierQuoteList, uses) },
    { kind: usageKinds.supplierInvoice, count: countWhere(supplierInvoiceList, uses) },
    { kind: usageKinds.quoteLine, count: quoteLines },
    { kind: usageKinds.document, count: countWhere(documentList, uses) },
    { kind: usageKinds.article, count: articleCount },
  ];
}

/**
 * `DELETE /api/suppliers/{id}`: refused (409, naming what uses it) while a supplier quote,
 * supplier invoice, quote line or document of the company refers to the supplier.
 * Every write that links a record to a supplier (a quote naming it on a line included, and the
 * e-invoice import) stamps the supplier in its transaction, and the deletion is conditioned on the
 * stamp (and version) it read before counting, so a record linked concurrently is never left
 * pointing at a deleted supplier (`data/reference-stamps.ts`): counted (409) or refused (400).
 */
export async function deleteSupplier(companyId: string, id: string): Promise<void> {
  // An unknown id (or another company's) is a 404 before any reading of the company's records.
  await suppliers.removeUnlessUsed(companyId, id, async () => {
    const message = inUseMessage('Ce fournisseur', await supplierUsage(companyId, id));
    return message ? conflict(message) : undefined;
  });
}
