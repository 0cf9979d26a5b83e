/**
 * Supplier invoices and supplier credit notes (docs/api/purchases.md, docs/purchases.md): their
 * figures (`pricedFields`, on the shared rules of `supplier-invoice-figures.ts`), the link of a
 * credit note to the invoice it corrects (the invoice keeps its credit notes, `creditNotes`,
 * written in the note's own transaction and guarded by the invoice's version, so what is credited
 * never exceeds the invoice), the marker that makes one supplier's invoice number unique, and
 * payments. Every write is one transaction with the aggregates it moves.
 */
import type {
  SupplierCreditNoteRef,
  SupplierInvoice,
  SupplierInvoiceCreateData,
  SupplierInvoiceLine,
  SupplierInvoiceLineData,
  SupplierInvoiceListItem,
  SupplierInvoiceUpdateData,
} from '@btp/shared/entities/supplier-invoice';
import type { ListQuery } from '@btp/shared/list';
import { formatEuro, formatMoney, parseMoney, sumCents } from '@btp/shared/money';
import type { EntityRef } from '@btp/shared/record';
import { centsOf } from '@btp/shared/finance';
import { creditedCostsOf, namesChantier } from '@btp/shared/job-costing';
import {
  creditedCents,
  supplierAmountDueCents,
  supplierLineTotalCents,
  supplierRemainingCents,
  supplierTotals,
} from '@btp/shared/supplier-invoice-figures';
import {
  canDeleteSupplierInvoice,
  paidSupplierInvoiceDeletionMessage,
} from '@btp/shared/supplier-invoice-deletion';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { numberSeries, takeNextNumber } from '../data/counters.js';
import { staleVersionMessage, type Fields, type Page, type WriteOptions } from '../data/entity-repository.js';
import { projects } from '../data/entities/projects.js';
import { supplierInvoiceAsRead, supplierInvoices } from '../data/entities/supplier-invoices.js';
import { supplierQuotes } from '../data/entities/supplier-quotes.js';
import { suppliers } from '../data/entities/suppliers.js';
import { newId, nowIso } from '../data/ids.js';
import { companyMarkerKey, type Key } from '../data/keys.js';
import { withFigureImage } from '../data/figure-images.js';
import { transactWrite, type TransactItem } from '../data/transactions.js';
import { withSupplierAndProject } from '../data/related.js';
import { withReceivedMarks } from '../einvoicing/exchange/network-summaries.js';
import { awsErrorToHttp } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { badRequest, conflict, messages, type HttpError } from '../lib/http-errors.js';
import { differs, findReferences, referenceMessages } from '../quotes/references.js';

export type SupplierInvoiceWithRefs = SupplierInvoice & { supplier?: EntityRef; project?: EntityRef };

export const supplierInvoiceMessages = {
  deletePaid: paidSupplierInvoiceDeletionMessage,
  quoteOfAnotherSupplier:
    'Cette demande de prix concerne un autre fournisseur : choisissez une demande de prix de ce fournisseur.',
  kindChanged:
    'Une facture reste une facture et un avoir reste un avoir : supprimez-le puis saisissez-le à nouveau avec le bon type.',
  totalFromLines: (computed: string) =>
    `Le montant TTC est calculé à partir des lignes (${computed}) : modifiez les lignes plutôt que le total.`,
  netAndVat: 'Le total HT et la TVA doivent faire ensemble le total TTC.',
  creditedNotFound: 'Facture introuvable : choisissez une facture fournisseur de votre entreprise.',
  creditedIsNote: 'Un avoir corrige une facture, pas un autre avoir : choisissez une facture.',
  creditedOtherSupplier:
    "Cette facture est celle d'un autre fournisseur : un avoir corrige une facture de son propre fournisseur.",
  creditExceeds: (note: string, number: string, left: string, total: string) =>
    `L'avoir (${note} TTC) dépasse ce qui reste à créditer sur la facture ${number} : ${left} sur ${total} TTC.`,
  belowCredits: (credited: string) =>
    `Les avoirs de cette facture en déduisent déjà ${credited} TTC : son total TTC ne peut pas être inférieur.`,
  supplierOfCredited:
    'Cette facture a des avoirs de ce fournisseur : elle ne peut pas changer de fournisseur tant qu’ils la citent.',
  deleteWithCreditNotes: (count: number) =>
    `Cette facture a ${count} avoir${count > 1 ? 's' : ''} : supprimez-${count > 1 ? 'les' : 'le'} ou rattachez-${count > 1 ? 'les' : 'le'} à une autre facture d'abord.`,
  creditedChanged:
    'La facture que cet avoir corrige a été modifiée entre-temps : rechargez la page puis recommencez.',
  duplicate: (reference: string, supplier: string, number: string) =>
    `La facture ${reference} de ${supplier} est déjà enregistrée (facture fournisseur ${number}) : elle n'est pas enregistrée une seconde fois.`,
  duplicateNow: (reference: string, supplier: string) =>
    `La facture ${reference} de ${supplier} vient d'être enregistrée par ailleurs : elle n'est pas enregistrée une seconde fois.`,
  payCancelled: 'Cette facture est annulée : aucun paiement ne peut y être enregistré.',
  payLinkedNote: (number: string) =>
    `Cet avoir est déduit de la facture ${number} : enregistrez le paiement sur cette facture.`,
  payNothingLeft: 'Il ne reste rien à payer sur cette facture.',
  payTooMuch: (amount: string, left: string) =>
    `Le paiement (${amount}) dépasse ce qui reste à payer (${left}) : saisissez au plus ce montant.`,
  payZero: 'Le montant du paiement doit être supérieur à 0.',
};

/** A transaction's items, each with what to answer when its own condition fails. */
export class Writes {
  readonly entries: { item: TransactItem; explain?: () => HttpError | undefined }[] = [];

  add(items: TransactItem | TransactItem[], explain?: (index: number) => HttpError | undefined): this {
    const list = Array.isArray(items) ? items : [items];
    list.forEach((item, index) => this.entries.push({ item, explain: explain && (() => explain(index)) }));
    return this;
  }

  get items(): TransactItem[] {
    return this.entries.map((entry) => entry.item);
  }

  explain = (index: number): HttpError | undefined => this.entries[index]?.explain?.();
}

type Links = Pick<SupplierInvoice, 'supplierId' | 'projectId' | 'supplierQuoteId'>;

/**
 * The supplier, project and supplier quote must be the company's; a supplier quote must be one of
 * the invoice's supplier. Only the links in `check` are looked up (the lines' projects are checked
 * by the write itself: it stamps them, see reference-stamps.ts).
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

const lineKey = (
  line: Pick<SupplierInvoiceLine, 'description' | 'unit' | 'quantity' | 'unitPrice' | 'vatRate'>,
) => JSON.stringify([line.description, line.unit ?? '', line.quantity, line.unitPrice, line.vatRate ?? '']);

/** What an import read that no body carries: kept from the stored record (or the import's own). */
export type ReceivedParts = Partial<
  Pick<
    SupplierInvoice,
    | 'lines'
    | 'allowances'
    | 'charges'
    | 'vatBreakdown'
    | 'prepaidAmount'
    | 'roundingAmount'
    | 'typeCode'
    | 'currency'
    | 'vatAmountInEuros'
    | 'precedingInvoices'
    | 'creditNotes'
    | 'creditedInvoiceNumber'
    | 'payments'
  >
>;

/** `{ ...record }` without the keys whose value is `undefined` (not stored at all). */
function defined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

/**
 * A record's stored fields from a body: its lines priced (a line sent back unchanged keeps what the
 * stored one had: an imported line's stated total, base quantity, allowances and charges), its
 * totals computed (`supplierTotals`: an import's stated VAT of a rate kept while that rate's base
 * is unchanged), what only an import or the server sets kept from `base`. Without lines (in the
 * body and stored) the record carries its TTC alone, with its HT and VAT when both are given.
 */
export function pricedFields(
  data: SupplierInvoiceCreateData,
  base: ReceivedParts & { totalAmount?: string } = {},
): Omit<Fields<SupplierInvoice>, 'number'> {
  const { lines: bodyLines, totalAmount: bodyTotal, netAmount, vatAmount, ...fields } = data;
  const kept = {
    allowances: base.allowances,
    charges: base.charges,
    prepaidAmount: base.prepaidAmount,
    roundingAmount: base.roundingAmount,
    typeCode: base.typeCode,
    currency: base.currency,
    vatAmountInEuros: base.vatAmountInEuros,
    precedingInvoices: base.precedingInvoices,
    creditNotes: data.kind === 'invoice' ? (base.creditNotes ?? []) : undefined,
    creditedInvoiceNumber: data.kind === 'credit_note' ? base.creditedInvoiceNumber : undefined,
    // The payments recorded by `pay` (the bank journal's entries), kept by an edit.
    payments: base.payments,
  };
  const source = bodyLines ?? base.lines;
  if (source === undefined) {
    const totalAmount = bodyTotal ?? base.totalAmount;
    if (totalAmount === undefined) {
      throw badRequest(messages.validation, [
        { path: 'totalAmount', message: 'Le montant total est requis' },
      ]);
    }
    const detailed = netAmount !== undefined && vatAmount !== undefined;
    if (detailed && parseMoney(netAmount) + parseMoney(vatAmount) !== parseMoney(totalAmount)) {
      throw badRequest(messages.validation, [
        { path: 'vatAmount', message: supplierInvoiceMessages.netAndVat },
      ]);
    }
    return defined({
      ...fields,
      ...kept,
      totalAmount,
      ...(detailed ? { netAmount, vatAmount, vatBreakdown: base.vatBreakdown } : {}),
    }) as Omit<Fields<SupplierInvoice>, 'number'>;
  }
  const unused = [...(base.lines ?? [])];
  const lines: SupplierInvoiceLine[] = (
    source as readonly (SupplierInvoiceLineData | SupplierInvoiceLine)[]
  ).map((line) => {
    const at = unused.findIndex((stored) => lineKey(stored) === lineKey(line));
    const stored = at >= 0 ? unused.splice(at, 1)[0] : undefined;
    const received = stored
      ? {
          priceBaseQuantity: stored.priceBaseQuantity,
          allowanceAmount: stored.allowanceAmount,
          chargeAmount: stored.chargeAmount,
          vatCategory: stored.vatCategory,
        }
      : {};
    const total = stored?.total ?? formatMoney(supplierLineTotalCents({ ...line, ...received }));
    return defined({
      description: line.description,
      unit: line.unit,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatRate: line.vatRate ?? '0.00',
      resourceType: 'resourceType' in line ? line.resourceType : undefined,
      projectId: 'projectId' in line ? line.projectId : undefined,
      ...received,
      total,
    });
  });
  const totals = supplierTotals({
    lines: lines.map((line) => ({ total: line.total, vatRate: line.vatRate ?? '0.00' })),
    allowances: base.allowances,
    charges: base.charges,
    stated: base.vatBreakdown,
  });
  if (bodyTotal !== undefined && bodyTotal !== totals.totalAmount) {
    throw badRequest(messages.validation, [
      {
        path: 'totalAmount',
        message: supplierInvoiceMessages.totalFromLines(formatEuro(parseMoney(totals.totalAmount))),
      },
    ]);
  }
  return defined({ ...fields, ...kept, lines, ...totals }) as Omit<Fields<SupplierInvoice>, 'number'>;
}

/**
 * Fields the server fills in: `receivedAt` is when the invoice was recorded unless given (an edit
 * keeps the stored one); a paid one gets `paidAt` (now unless given or stored) and, when its paid
 * amount is 0.00, what it asks less its credit notes.
 */
function completed<T extends Omit<Fields<SupplierInvoice>, 'number'>>(
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
          paidAmount:
            fields.paidAmount === '0.00'
              ? formatMoney(Math.max(0, supplierAmountDueCents(fields) - creditedCents(fields)))
              : fields.paidAmount,
        }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// One supplier's invoice number, once per company

/** The marker of "this supplier's invoice n° X" (`supplierReference`, the supplier's own number). */
function referenceMarkerKey(companyId: string, supplierId: string, reference: string): Key {
  return companyMarkerKey(
    companyId,
    supplierInvoices.type,
    'SUPPLIER_REFERENCE',
    `${supplierId} ${reference}`,
  );
}

type Referenced = Pick<SupplierInvoice, 'id' | 'supplierId' | 'supplierReference'>;

const markerOf = (companyId: string, record: Referenced | undefined): Key | undefined =>
  record?.supplierReference
    ? referenceMarkerKey(companyId, record.supplierId, record.supplierReference)
    : undefined;

async function markerOwner(key: Key): Promise<string | undefined> {
  try {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
    );
    return typeof Item?.ownerId === 'string' ? Item.ownerId : undefined;
  } catch (error) {
    throw awsErrorToHttp(error) ?? error;
  }
}

/**
 * The writes that move a record's reference marker from `before` to `after` (either absent:
 * created, deleted). A marker held by another record of the same supplier and number is a 409
 * naming it; one left by a record since deleted or changed (records imported before deletions
 * freed their marker) is taken over; a record's own marker is freed when it is deleted or its
 * supplier or number changes.
 */
async function referenceMarkerWrites(
  companyId: string,
  before: Referenced | undefined,
  after: Referenced | undefined,
  supplierName: () => Promise<string>,
): Promise<Writes> {
  const writes = new Writes();
  const from = markerOf(companyId, before);
  const to = markerOf(companyId, after);
  if (from?.sk === to?.sk) return writes;
  if (from && before && (await markerOwner(from)) === before.id) {
    writes.add(
      {
        Delete: {
          TableName: tableName(),
          Key: from,
          ConditionExpression: 'ownerId = :owner',
          ExpressionAttributeValues: { ':owner': before.id },
        },
      },
      () => conflict(staleVersionMessage),
    );
  }
  if (to && after?.supplierReference) {
    const reference = after.supplierReference;
    const owner = await markerOwner(to);
    if (owner && owner !== after.id) {
      const holder = await supplierInvoices.get(companyId, owner);
      if (holder && markerOf(companyId, holder)?.sk === to.sk) {
        throw conflict(supplierInvoiceMessages.duplicate(reference, await supplierName(), holder.number));
      }
    }
    const name = await supplierName();
    writes.add(
      {
        Put: {
          TableName: tableName(),
          Item: { ...to, ownerId: after.id },
          ConditionExpression: owner ? 'ownerId = :stale' : 'attribute_not_exists(pk)',
          ...(owner ? { ExpressionAttributeValues: { ':stale': owner } } : {}),
        },
      },
      () => conflict(supplierInvoiceMessages.duplicateNow(reference, name)),
    );
  }
  return writes;
}

const supplierNameOf = (companyId: string, supplierId: string) => async () =>
  (await suppliers.get(companyId, supplierId))?.name ?? 'ce fournisseur';

// ---------------------------------------------------------------------------------------------
// A credit note and the invoice it corrects

type NoteFigures = Pick<
  SupplierInvoice,
  'id' | 'kind' | 'status' | 'supplierId' | 'creditedInvoiceId' | 'netAmount' | 'totalAmount'
>;

const counts = (note: NoteFigures | undefined): note is NoteFigures =>
  note !== undefined &&
  note.kind === 'credit_note' &&
  !!note.creditedInvoiceId &&
  note.status !== 'cancelled';

/**
 * The writes that keep the `creditNotes` of the invoices a credit note corrects (before and after
 * a write of the note): its entry removed from the invoice it left, put (or updated) on the one it
 * credits, after checking that invoice (the company's, an invoice, the note's supplier) and that
 * the notes of it do not exceed its TTC (409). Each invoice is rewritten on condition of the
 * version read, so two notes recorded at once on one invoice never both pass the check. `number`
 * is the note's (a new note gets it inside its numbering transaction). Returns the invoice's
 * number for the note to keep (`creditedInvoiceNumber`).
 */
async function creditNoteWrites(
  companyId: string,
  before: NoteFigures | undefined,
  after: NoteFigures | undefined,
): Promise<{ creditedInvoice?: SupplierInvoice; build: (number: string) => Writes }> {
  const ids = [
    ...new Set([before?.creditedInvoiceId, after?.creditedInvoiceId].filter((id): id is string => !!id)),
  ];
  const noteId = after?.id ?? before?.id;
  if (ids.length === 0 || noteId === undefined || (after ?? before)?.kind !== 'credit_note') {
    return { build: () => new Writes() };
  }
  const invoices = await supplierInvoices.getMany(companyId, ids);
  const target = after?.creditedInvoiceId ? invoices.get(after.creditedInvoiceId) : undefined;
  if (after?.creditedInvoiceId) {
    const reason = !target
      ? supplierInvoiceMessages.creditedNotFound
      : (target.kind ?? 'invoice') !== 'invoice'
        ? supplierInvoiceMessages.creditedIsNote
        : target.supplierId !== after.supplierId
          ? supplierInvoiceMessages.creditedOtherSupplier
          : undefined;
    if (reason) throw badRequest(messages.validation, [{ path: 'creditedInvoiceId', message: reason }]);
  }
  if (target && counts(after)) {
    const others = sumCents(
      (target.creditNotes ?? [])
        .filter((entry) => entry.id !== noteId)
        .map((entry) => centsOf(entry.totalAmount)),
    );
    const totalCents = centsOf(target.totalAmount);
    const noteCents = centsOf(after.totalAmount);
    if (others + noteCents > totalCents) {
      throw conflict(
        supplierInvoiceMessages.creditExceeds(
          formatEuro(noteCents),
          target.number,
          formatEuro(Math.max(0, totalCents - others)),
          formatEuro(totalCents),
        ),
      );
    }
  }
  return {
    creditedInvoice: target,
    build: (number) => {
      const writes = new Writes();
      for (const invoice of invoices.values()) {
        const current = invoice.creditNotes ?? [];
        const entries: SupplierCreditNoteRef[] = current.filter((entry) => entry.id !== noteId);
        if (counts(after) && after.creditedInvoiceId === invoice.id) {
          entries.push(
            defined({ id: noteId, number, netAmount: after.netAmount, totalAmount: after.totalAmount }),
          );
        }
        if (JSON.stringify(entries) === JSON.stringify(current)) continue;
        const { item } = supplierInvoices.replaceItem(companyId, invoice, {
          ...invoice,
          creditNotes: entries,
        });
        writes.add(item, () => conflict(supplierInvoiceMessages.creditedChanged));
      }
      return writes;
    },
  };
}

/**
 * What a credit note keeps of the invoice it corrects: its number (`creditedInvoiceNumber`) and,
 * when the note names no chantier, that invoice's costs by chantier (`creditedCosts`), so the note
 * is deducted from the chantiers its invoice was counted on (docs/profitability.md).
 */
function creditedFields(
  note: SupplierInvoice,
  invoice: SupplierInvoice | undefined,
): Pick<SupplierInvoice, 'creditedInvoiceNumber' | 'creditedCosts'> {
  if (!invoice) return {};
  const costs = namesChantier(note) ? [] : creditedCostsOf(invoice);
  return { creditedInvoiceNumber: invoice.number, ...(costs.length > 0 ? { creditedCosts: costs } : {}) };
}

/**
 * What a write of a record brings along in its transaction (`before` → `after`, either absent:
 * created, deleted): the `creditNotes` of the invoices a credit note corrects and the record's
 * reference marker, both checked first (`creditNoteWrites`, `referenceMarkerWrites`); `build` with
 * the record's number gives the writes.
 */
async function linkedWrites(
  companyId: string,
  before: SupplierInvoice | undefined,
  after: SupplierInvoice | undefined,
  supplierName?: () => Promise<string>,
): Promise<{ creditedInvoice?: SupplierInvoice; build: (number: string) => Writes }> {
  const links = await creditNoteWrites(companyId, before, after);
  const supplierId = (after ?? before)?.supplierId ?? '';
  const markers = await referenceMarkerWrites(
    companyId,
    before,
    after,
    supplierName ?? supplierNameOf(companyId, supplierId),
  );
  return {
    creditedInvoice: links.creditedInvoice,
    build: (number) => {
      const writes = new Writes();
      writes.entries.push(...markers.entries, ...links.build(number).entries);
      return writes;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Routes

async function withRefs(companyId: string, records: SupplierInvoice[]): Promise<SupplierInvoiceWithRefs[]> {
  return withSupplierAndProject(companyId, await Promise.all(records.map(supplierInvoiceAsRead)));
}

/**
 * `GET /api/supplier-invoices`: most recent first, with `supplier{id,name}`, `project{id,name}` and
 * the price request it answers, `supplierQuote{id,number}` (the card's « Demande »).
 */
export async function listSupplierInvoices(
  companyId: string,
  query: ListQuery,
): Promise<Page<SupplierInvoiceListItem>> {
  const page = await supplierInvoices.list(companyId, { limit: query.limit, cursor: query.cursor });
  const [related, requests] = await Promise.all([
    withRefs(companyId, page.items).then((items) => withReceivedMarks(companyId, items)),
    supplierQuotes.getMany(
      companyId,
      page.items.flatMap((invoice) => invoice.supplierQuoteId ?? []),
      ['number'],
    ),
  ]);
  const items = related.map((invoice) => {
    const request = invoice.supplierQuoteId ? requests.get(invoice.supplierQuoteId) : undefined;
    return request ? { ...invoice, supplierQuote: { id: request.id, number: request.number } } : invoice;
  });
  return { items, nextCursor: page.nextCursor };
}

/** `GET /api/supplier-invoices/{id}`, with its supplier and project. */
export async function getSupplierInvoice(companyId: string, id: string): Promise<SupplierInvoiceWithRefs> {
  const [withSupplier] = await withRefs(companyId, [await supplierInvoices.getOrThrow(companyId, id)]);
  return withSupplier!;
}

/**
 * Writes a new record (the next `FF-` number) with its marker and, for a credit note, its
 * invoice's `creditNotes`, in one transaction. `id` and `extra` serve the import (the supplier and
 * the document written with it).
 */
export async function createPricedSupplierInvoice(
  companyId: string,
  fields: Omit<Fields<SupplierInvoice>, 'number'>,
  options: {
    id?: string;
    before?: Writes;
    after?: (number: string) => Writes;
    /** A record the transaction writes already (a supplier created with the invoice): not stamped. */
    withoutStampOf?: Key;
    supplierName?: () => Promise<string>;
  } = {},
): Promise<SupplierInvoice> {
  const id = options.id ?? newId();
  const draft = { ...fields, id } as SupplierInvoice;
  const links = await linkedWrites(companyId, undefined, draft, options.supplierName);
  const credited = creditedFields(draft, links.creditedInvoice);
  const record = completed(
    defined({
      ...fields,
      creditedInvoiceNumber: credited.creditedInvoiceNumber ?? fields.creditedInvoiceNumber,
      creditedCosts: credited.creditedCosts,
    }),
  );
  let created: SupplierInvoice | undefined;
  let writes = new Writes();
  await takeNextNumber(
    companyId,
    numberSeries.supplierInvoice,
    (number) => {
      const prepared = supplierInvoices.createItems(
        companyId,
        { ...record, number } as Fields<SupplierInvoice>,
        id,
      );
      created = prepared.record;
      writes = new Writes();
      if (options.before) writes.entries.push(...options.before.entries);
      const skipped = options.withoutStampOf?.sk;
      prepared.items.forEach((item, index) => {
        if (skipped === undefined || item.Update?.Key?.sk !== skipped)
          writes.add(item, () => prepared.explain(index));
      });
      writes.entries.push(...links.build(number).entries);
      if (options.after) writes.entries.push(...options.after(number).entries);
      return writes.items;
    },
    (index) => writes.explain(index),
  );
  return created!;
}

/** `POST /api/supplier-invoices`: recorded with the next number (`FF-2026-0001`), in any status. */
export async function createSupplierInvoice(
  companyId: string,
  data: SupplierInvoiceCreateData,
): Promise<SupplierInvoice> {
  await checkReferences(companyId, data, data);
  return supplierInvoiceAsRead(await createPricedSupplierInvoice(companyId, pricedFields(data)));
}

/**
 * A body for a record made before lines existed, read back as it is sent: its lines as read (one
 * line at its amount, or an old import's lines) are not a new entry of lines, and its HT and VAT
 * stay while its TTC does (an edit of its title must not turn what an import read into other figures).
 */
async function keptAsStored(
  stored: SupplierInvoice,
  body: SupplierInvoiceCreateData,
): Promise<SupplierInvoiceCreateData> {
  if (stored.lines !== undefined) return body;
  const asRead = (await supplierInvoiceAsRead(stored)).lines ?? [];
  const sameLines =
    body.lines !== undefined &&
    body.lines.length === asRead.length &&
    body.lines.every(
      (line, index) => lineKey(line) === lineKey(asRead[index]!) && !line.resourceType && !line.projectId,
    );
  const kept = sameLines ? { ...body, lines: undefined } : body;
  const sameTotal = (kept.totalAmount ?? stored.totalAmount) === stored.totalAmount;
  return kept.lines === undefined && kept.netAmount === undefined && kept.vatAmount === undefined && sameTotal
    ? { ...kept, netAmount: stored.netAmount, vatAmount: stored.vatAmount }
    : kept;
}

/**
 * `PUT /api/supplier-invoices/{id}`: every field, status included (a received document's state);
 * lines left out keep the stored ones. The kind never changes; an invoice with credit notes keeps
 * its supplier and a TTC at least what they credit.
 */
export async function updateSupplierInvoice(
  companyId: string,
  id: string,
  data: SupplierInvoiceUpdateData,
): Promise<SupplierInvoice> {
  const { version, ...fields } = data;
  const stored = await supplierInvoices.getOrThrow(companyId, id);
  if (version !== undefined && version !== stored.version) throw conflict(staleVersionMessage);
  const kind = stored.kind ?? 'invoice';
  if (fields.kind !== kind) {
    throw badRequest(messages.validation, [{ path: 'kind', message: supplierInvoiceMessages.kindChanged }]);
  }
  const supplierChanged = differs(stored.supplierId, fields.supplierId);
  const quoteChanged = differs(stored.supplierQuoteId, fields.supplierQuoteId);
  await checkReferences(companyId, fields, {
    supplierId: supplierChanged ? fields.supplierId : undefined,
    projectId: differs(stored.projectId, fields.projectId) ? fields.projectId : undefined,
    supplierQuoteId: supplierChanged || quoteChanged ? fields.supplierQuoteId : undefined,
  });
  const credited = creditedCents(stored);
  if (kind === 'invoice' && credited > 0 && supplierChanged) {
    throw badRequest(messages.validation, [
      { path: 'supplierId', message: supplierInvoiceMessages.supplierOfCredited },
    ]);
  }
  const priced = completed(pricedFields(await keptAsStored(stored, fields), stored), stored);
  if (kind === 'invoice' && centsOf(priced.totalAmount) < credited) {
    throw conflict(supplierInvoiceMessages.belowCredits(formatEuro(credited)));
  }
  const next = { ...priced, id } as SupplierInvoice;
  const links = await linkedWrites(companyId, stored, next);
  const extra = links.build(stored.number);
  const updated = await supplierInvoices.update(
    companyId,
    id,
    () => ({ ...priced, number: stored.number, ...creditedFields(next, links.creditedInvoice) }),
    { expectedVersion: version, extraItems: extra.items, explainExtra: extra.explain },
  );
  return supplierInvoiceAsRead(updated);
}

/**
 * `DELETE /api/supplier-invoices/{id}`: in any status but paid (a paid invoice records money paid
 * out: 409), never an invoice that credit notes cite (409). Deleted as read, so one paid meanwhile
 * stays (409, stale version); its reference marker is freed, a credit note leaves its invoice.
 */
export async function deleteSupplierInvoice(companyId: string, id: string): Promise<void> {
  const current = await supplierInvoices.getOrThrow(companyId, id);
  if (!canDeleteSupplierInvoice(current)) throw conflict(supplierInvoiceMessages.deletePaid);
  const notes = current.creditNotes ?? [];
  if ((current.kind ?? 'invoice') === 'invoice' && notes.length > 0) {
    throw conflict(supplierInvoiceMessages.deleteWithCreditNotes(notes.length));
  }
  const links = await linkedWrites(companyId, current, undefined);
  const writes = new Writes()
    .add(
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
      () => conflict(staleVersionMessage),
    )
    .add(
      {
        Delete: {
          TableName: tableName(),
          Key: companyMarkerKey(companyId, supplierInvoices.type, 'NUMBER', current.number),
          ConditionExpression: 'attribute_not_exists(pk) OR ownerId = :owner',
          ExpressionAttributeValues: { ':owner': current.id },
        },
      },
      () => conflict(staleVersionMessage),
    );
  writes.entries.push(...links.build(current.number).entries);
  await transactWrite(writes.items, writes.explain);
}

/**
 * `POST /api/supplier-invoices/{id}/pay`: records a payment (an invoice) or a refund (a credit note
 * that credits no invoice): `paidAmount` (default: what remains) is added to the record's; it
 * becomes `paid` when nothing remains. 409 above what remains, on a cancelled record, on a credit
 * note of an invoice (its invoice is paid instead).
 */
export async function paySupplierInvoice(
  companyId: string,
  id: string,
  body: { paidAmount?: string | undefined; paidAt?: string | undefined; version?: number | undefined },
  /** Written in the payment's transaction (a bank line matched: `bank/bank-match.ts`). */
  options: Pick<WriteOptions, 'extraItems' | 'explainExtra'> = {},
): Promise<SupplierInvoice> {
  const current = await supplierInvoices.getOrThrow(companyId, id);
  if (body.version !== undefined && body.version !== current.version) throw conflict(staleVersionMessage);
  if (current.status === 'cancelled') throw conflict(supplierInvoiceMessages.payCancelled);
  if (current.kind === 'credit_note' && current.creditedInvoiceId) {
    throw conflict(supplierInvoiceMessages.payLinkedNote(current.creditedInvoiceNumber ?? ''));
  }
  const remaining = supplierRemainingCents(current);
  if (remaining <= 0) throw conflict(supplierInvoiceMessages.payNothingLeft);
  const amount = body.paidAmount === undefined ? remaining : parseMoney(body.paidAmount);
  if (amount <= 0)
    throw badRequest(messages.validation, [{ path: 'paidAmount', message: supplierInvoiceMessages.payZero }]);
  if (amount > remaining) {
    throw conflict(supplierInvoiceMessages.payTooMuch(formatEuro(amount), formatEuro(remaining)));
  }
  const paidAt = body.paidAt ?? nowIso();
  const updated = await supplierInvoices.update(
    companyId,
    id,
    (stored) => ({
      ...stored,
      paidAmount: formatMoney(sumCents([centsOf(stored.paidAmount), amount])),
      paidAt,
      payments: [...(stored.payments ?? []), { id: newId(), amount: formatMoney(amount), paidAt }],
      status: amount === remaining ? 'paid' : stored.status,
    }),
    { expectedVersion: current.version, ...options },
  );
  return supplierInvoiceAsRead(updated);
}
