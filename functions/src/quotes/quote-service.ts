import type {
  Quote,
  QuoteAcceptData,
  QuoteCreateData,
  QuoteItemData,
  QuoteItemsData,
  QuoteRowData,
  QuoteUpdateData,
} from '@btp/shared/entities/quote';
import { splitQuoteRows } from '@btp/shared/entities/quote-rows';
import { labelOf, quoteStatuses, quoteStatusLabels, type QuoteStatus } from '@btp/shared/enums';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import type { ListQuery } from '@btp/shared/list';
import { canChangeQuoteStatus, canDeleteQuote, isQuoteEditable } from '@btp/shared/quote-status';
import type { EntityRef } from '@btp/shared/record';
import { staleVersionMessage, type Page } from '../data/entity-repository.js';
import { clients } from '../data/entities/clients.js';
import { invoicesOfQuote } from '../data/entities/invoices.js';
import { projects } from '../data/entities/projects.js';
import {
  createQuote as createNumberedQuote,
  lineOf,
  nextDraft,
  quoteAsRead,
  quoteListAttributes,
  quotes,
  removeQuoteAsRead,
  replaceQuoteItems,
  withoutItems,
} from '../data/entities/quotes.js';
import { suppliers } from '../data/entities/suppliers.js';
import { nowIso } from '../data/ids.js';
import { searchableList, type ListSearchSpec } from '../data/list-search.js';
import { withClientAndProject } from '../data/related.js';
import { readPricingContext } from '../invoicing/issuer.js';
import { badRequest, conflict, HttpError, messages, type ErrorDetail } from '../lib/http-errors.js';
import { countOf, differs, findReferences, referenceMessages } from './references.js';

export type QuoteWithRefs = Quote & { client?: EntityRef; project?: EntityRef };

const label = (status: QuoteStatus) => `« ${quoteStatusLabels[status]} »`;

/** French messages of the quote rules (spec section 4, `shared/src/quote-status.ts`). */
export const quoteMessages = {
  createAsDraft: 'Un nouveau devis est toujours un brouillon : envoyez-le ensuite avec « Envoyer ».',
  sendThroughAction: "Pour envoyer ce devis, utilisez l'action « Envoyer ».",
  draftNotSent: (to: QuoteStatus) =>
    `Ce devis est encore un brouillon : envoyez-le d'abord, avant de le passer à ${label(to)}.`,
  backToDraft: 'Un devis envoyé ne peut pas redevenir un brouillon.',
  finalStatus: (from: QuoteStatus) => `Ce devis est ${label(from)} : son statut ne peut plus changer.`,
  sentIsFrozen:
    "Ce devis a été envoyé au client : son contenu ne peut plus être modifié, seul son statut peut passer à « Rejeté » ou « Expiré ». Son acceptation s'enregistre avec « Bon pour accord ».",
  validateThroughAccept:
    "Un devis passe à « Validé » par l'accord du client : enregistrez-le avec « Bon pour accord » (nom du signataire et date).",
  finalIsFrozen: (status: QuoteStatus) => `Ce devis est ${label(status)} : il ne peut plus être modifié.`,
  sendOnlyDraft: (status: QuoteStatus) =>
    `Ce devis est déjà ${label(status)} : seul un devis en brouillon peut être envoyé.`,
  itemsOnlyDraft: (status: QuoteStatus) =>
    `Ce devis est ${label(status)} : seules les lignes d'un devis en brouillon peuvent être modifiées.`,
  deleteOnlyDraft: (status: QuoteStatus) =>
    `Ce devis est ${label(status)} : seul un devis en brouillon peut être supprimé.`,
  clientGone: "Le client de ce devis n'existe plus : choisissez un de vos clients avant de l'envoyer.",
  acceptDraft: "Ce devis est encore un brouillon : envoyez-le au client avant d'enregistrer son accord.",
  acceptOnlySent: (status: QuoteStatus) =>
    `Ce devis est ${label(status)} : seul un devis envoyé peut recevoir l'accord du client.`,
  acceptedInFuture: "La date d'acceptation ne peut pas être dans le futur.",
  usedByInvoices: (count: number) =>
    `Ce devis est utilisé par ${countOf(count, 'facture', 'factures')} : ${
      count > 1 ? 'supprimez-les ou modifiez-les' : 'supprimez-la ou modifiez-la'
    } d'abord.`,
};

/** The fields a sent quote keeps as the customer received them. */
const frozenFields = [
  'title',
  'clientId',
  'projectId',
  'description',
  'validUntil',
  'overheadPercentage',
  'marginPercentage',
  'reverseCharge',
] as const satisfies readonly (keyof QuoteUpdateData & keyof Quote)[];

/** The 409 for a status change the rule refuses, or `undefined` when it is allowed. */
function statusChangeError(from: QuoteStatus, to: QuoteStatus) {
  if (canChangeQuoteStatus(from, to)) return undefined;
  if (from === 'draft')
    return conflict(to === 'sent' ? quoteMessages.sendThroughAction : quoteMessages.draftNotSent(to));
  if (from === 'sent')
    return conflict(to === 'validated' ? quoteMessages.validateThroughAccept : quoteMessages.backToDraft);
  return conflict(quoteMessages.finalStatus(from));
}

/** The 400 details of a body's links to a client and a project outside the company (none when they are found). */
async function referenceDetails(
  companyId: string,
  data: { clientId?: string | undefined; projectId?: string | undefined },
): Promise<ErrorDetail[]> {
  try {
    await findReferences(companyId, [
      { path: 'clientId', id: data.clientId, repository: clients, message: referenceMessages.client },
      { path: 'projectId', id: data.projectId, repository: projects, message: referenceMessages.project },
    ] as const);
    return [];
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400 && error.details) return error.details;
    throw error;
  }
}

/** The 400 details of lines whose `supplierId` is not one of the company's suppliers (`items.N.supplierId`). */
async function lineDetails(
  companyId: string,
  rows: readonly QuoteRowData[] | undefined,
): Promise<ErrorDetail[]> {
  const supplierIds = (rows ?? []).flatMap((row) =>
    row.kind !== 'heading' && row.supplierId !== undefined ? [row.supplierId] : [],
  );
  if (supplierIds.length === 0) return [];
  const found = await suppliers.getMany(companyId, supplierIds);
  const details: ErrorDetail[] = [];
  rows?.forEach((line, index) => {
    if (line.kind !== 'heading' && line.supplierId && !found.has(line.supplierId)) {
      details.push({ path: `items.${index}.supplierId`, message: referenceMessages.supplier });
    }
  });
  return details;
}

/**
 * Checks every link of a body inside the caller's company (client, project, each line's supplier)
 * and refuses them all in one 400, before anything is written.
 */
async function checkLinks(
  companyId: string,
  references: { clientId?: string | undefined; projectId?: string | undefined },
  lines: readonly QuoteRowData[] | undefined,
): Promise<void> {
  const details = (
    await Promise.all([referenceDetails(companyId, references), lineDetails(companyId, lines)])
  ).flat();
  if (details.length > 0) throw badRequest(messages.validation, details);
}

/** A value as comparable text: object keys sorted (DynamoDB keeps no order in a map), absent = null. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, entry: unknown) =>
    entry && typeof entry === 'object' && !Array.isArray(entry)
      ? Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : entry,
  );
}

/** Whether two values differ, lists and objects compared by content (a line's components). */
function contentDiffers(stored: unknown, next: unknown): boolean {
  if (typeof stored === 'object' || typeof next === 'object') return canonical(stored) !== canonical(next);
  return differs(stored, next);
}

/**
 * Whether `rows` differ from the stored lines and lots (in their editable part, in stored order).
 * A line sent back without its VAT rate keeps the stored one.
 */
function linesDiffer(stored: Quote, rows: readonly QuoteRowData[]): boolean {
  const { lines, headings } = splitQuoteRows(rows);
  const storedHeadings = (stored.sections ?? []).map((section) => `${section.section} ${section.title}`);
  const sentHeadings = headings.map((heading) => `${heading.section} ${heading.title}`);
  if (JSON.stringify([...storedHeadings].sort()) !== JSON.stringify([...sentHeadings].sort())) return true;
  const before = (stored.items ?? []).map(lineOf);
  const after = [...lines].sort((a, b) => a.sortOrder - b.sortOrder);
  if (before.length !== after.length) return true;
  return before.some((line, index) => {
    const other = after[index] as QuoteItemData;
    return (Object.keys(line) as (keyof QuoteItemData)[]).some(
      (field) =>
        !(field === 'vatRate' && other.vatRate === undefined) &&
        // The server sets a snapshot line's cost: a cost sent back differently is not a change.
        !(field === 'unitPrice' && (line.components?.length ?? 0) > 0) &&
        contentDiffers(line[field], other[field]),
    );
  });
}

/**
 * `GET /api/quotes`: most recent first, without lines, with `client{id,name}` and `project{id,name}`;
 * with `q` and/or `sort`, those that match in that order.
 */
export async function listQuotes(companyId: string, query: ListQuery): Promise<Page<QuoteWithRefs>> {
  const present = (records: Quote[]) =>
    withClientAndProject(
      companyId,
      records.map((quote) => quoteAsRead(withoutItems(quote))),
    );
  return searchableList(companyId, query, quoteListSearch, {
    page: async () => {
      const page = await quotes.list(companyId, {
        limit: query.limit,
        cursor: query.cursor,
        attributes: quoteListAttributes,
      });
      return { items: await present(page.items), nextCursor: page.nextCursor };
    },
    all: async () => present((await quotes.listAll(companyId, quoteListAttributes)) as Quote[]),
  });
}

/** `?q=` looks in a quote's number, title, client, project and status; `amount` sorts by TTC. */
export const quoteListSearch: ListSearchSpec<QuoteWithRefs> = {
  entity: 'quotes',
  texts: (quote) => [
    quote.number,
    quote.title,
    quote.client?.name,
    quote.project?.name,
    labelOf(quoteStatusLabels, quote.status, ''),
  ],
  sortValues: {
    date: (quote) => quote.createdAt,
    number: (quote) => quote.number,
    amount: (quote) => Number(quote.totalWithVat),
    client: (quote) => quote.client?.name,
    status: (quote) => quoteStatuses.indexOf(quote.status),
  },
};

/**
 * `GET /api/quotes/{id}`: the quote with its lines (`items`, possibly empty, each with its VAT rate
 * and selling prices), its VAT breakdown and TTC, and its relations.
 */
export async function getQuote(companyId: string, id: string): Promise<QuoteWithRefs> {
  const quote = await quotes.getOrThrow(companyId, id);
  const [withRefs] = await withClientAndProject(companyId, [
    quoteAsRead({ ...quote, items: quote.items ?? [] }),
  ]);
  return withRefs as QuoteWithRefs;
}

/**
 * `POST /api/quotes`: a draft with the next number (`DEV-2026-0001`), its lines (`items`, none
 * when absent) and the amounts they give, all in one transaction.
 */
export async function createQuote(companyId: string, data: QuoteCreateData): Promise<Quote> {
  if (data.status !== 'draft') {
    throw badRequest(messages.validation, [{ path: 'status', message: quoteMessages.createAsDraft }]);
  }
  const [context] = await Promise.all([
    readPricingContext(companyId),
    checkLinks(companyId, data, data.items),
  ]);
  return createNumberedQuote(companyId, data, context);
}

/**
 * `PUT /api/quotes/{id}`. A draft takes every field and, when the body has `items`, all its lines,
 * in one write guarded by `version` (new percentages re-price the lines); its status stays draft
 * (sending is the `send` action). A sent quote keeps its content (lines sent back unchanged are
 * accepted) and may only move to rejected or expired; validated is the « Bon pour accord »
 * (`acceptQuote`, which records the signer), never an edit (409). Those three are final.
 */
export async function updateQuote(companyId: string, id: string, data: QuoteUpdateData): Promise<Quote> {
  const { version, items: lines, ...fields } = data;
  const [stored, context] = await Promise.all([
    quotes.getOrThrow(companyId, id),
    readPricingContext(companyId),
  ]);
  if (version !== undefined && version !== stored.version) throw conflict(staleVersionMessage);
  await checkLinks(
    companyId,
    {
      clientId: differs(stored.clientId, fields.clientId) ? fields.clientId : undefined,
      projectId: differs(stored.projectId, fields.projectId) ? fields.projectId : undefined,
    },
    lines,
  );
  const updated = await quotes.update(
    companyId,
    id,
    (stored) => {
      const current = quoteAsRead(stored);
      const refused = statusChangeError(current.status, fields.status);
      if (refused) throw refused;
      if (isQuoteEditable(current.status)) return nextDraft(companyId, current, fields, lines, context);
      if (
        frozenFields.some((field) => differs(current[field], fields[field])) ||
        (lines !== undefined && linesDiffer(current, lines))
      ) {
        throw conflict(
          current.status === 'sent'
            ? quoteMessages.sentIsFrozen
            : quoteMessages.finalIsFrozen(current.status),
        );
      }
      return { ...current, status: fields.status };
    },
    { expectedVersion: version },
  );
  return quoteAsRead(updated);
}

/**
 * `PUT /api/quotes/{id}/items`: replaces the lines of a draft (ordered by `sortOrder`, then as sent)
 * and recomputes its amounts by the shared pricing rule (`nextDraft`, as `PUT /api/quotes/{id}`
 * with `items`, the fields left as they are). A line's `supplierId` must be one of the company's
 * suppliers.
 */
export async function replaceItems(companyId: string, id: string, data: QuoteItemsData): Promise<Quote> {
  const [context] = await Promise.all([readPricingContext(companyId), checkLinks(companyId, {}, data.items)]);
  const updated = await replaceQuoteItems(
    companyId,
    id,
    data.items,
    data.version,
    (current) => {
      if (!isQuoteEditable(current.status)) throw conflict(quoteMessages.itemsOnlyDraft(current.status));
    },
    context,
  );
  return quoteAsRead(updated);
}

/**
 * `POST /api/quotes/{id}/accept`: the client's "Bon pour accord" on a sent quote: sent →
 * validated, with `signerName`, `acceptedAt` (default now; not a later day than today in France)
 * and `validatedAt` now. 409 for any other status or a stale `version`.
 */
export async function acceptQuote(companyId: string, id: string, body: QuoteAcceptData): Promise<Quote> {
  if (body.acceptedAt && calendarDateInFrance(new Date(body.acceptedAt)) > calendarDateInFrance()) {
    throw badRequest(messages.validation, [{ path: 'acceptedAt', message: quoteMessages.acceptedInFuture }]);
  }
  const accepted = await quotes.update(
    companyId,
    id,
    (stored) => {
      const current = quoteAsRead(stored);
      if (current.status === 'draft') throw conflict(quoteMessages.acceptDraft);
      if (current.status !== 'sent') throw conflict(quoteMessages.acceptOnlySent(current.status));
      const now = nowIso();
      return {
        ...current,
        status: 'validated',
        signerName: body.signerName,
        acceptedAt: body.acceptedAt ?? now,
        validatedAt: now,
      };
    },
    { expectedVersion: body.version },
  );
  return quoteAsRead(accepted);
}

/**
 * `DELETE /api/quotes/{id}`: drafts only, and not while an invoice refers to it. The quote is
 * deleted as read, so one sent meanwhile stays (409).
 */
export async function deleteQuote(companyId: string, id: string): Promise<void> {
  const current = await quotes.getOrThrow(companyId, id);
  if (!canDeleteQuote(current.status)) throw conflict(quoteMessages.deleteOnlyDraft(current.status));
  const linked = await invoicesOfQuote(companyId, id, ['kind']);
  if (linked.length > 0) throw conflict(quoteMessages.usedByInvoices(linked.length));
  await removeQuoteAsRead(companyId, current);
}
