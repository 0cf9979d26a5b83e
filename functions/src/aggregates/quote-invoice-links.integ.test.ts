import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Company } from '@btp/shared/entities/company';
import {
  invoiceCreateInput,
  invoiceCreditNoteInput,
  invoiceUpdateInput,
  situationInput,
  type InvoiceWithRefs,
} from '@btp/shared/entities/invoice';
import { quoteAcceptInput } from '@btp/shared/entities/quote';
import { formatMoney, parseMoney, percentOf } from '@btp/shared/money';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testCompanyId } from '../../test/company.js';
import { newCompanyItems } from '../accounts/companies.js';
import { invoices, invoicesOfQuote } from '../data/entities/invoices.js';
import { quotes } from '../data/entities/quotes.js';
import {
  hasAllLinks,
  linkedInvoiceIds,
  linksMarkerKey,
  quoteInvoiceLinkKey,
} from '../data/quote-invoice-links.js';
import { transactWrite } from '../data/transactions.js';
import { createCreditNote } from '../invoicing/credit-notes.js';
import { createInvoice, deleteInvoice, updateInvoice } from '../invoicing/invoice-service.js';
import { sendInvoice } from '../invoicing/invoice-sending.js';
import { invoiceQuote, quoteInvoicingMessages } from '../invoicing/quote-invoicing.js';
import { createSituation, situationMessages } from '../invoicing/situations.js';
import { db, tableName } from '../lib/dynamo.js';
import { HttpError } from '../lib/http-errors.js';
import { acceptQuote, deleteQuote } from '../quotes/quote-service.js';
import { sendQuote } from '../quotes/quote-sending.js';
import {
  companyWithClient,
  draftQuote,
  standInDocumentsBucket,
  withInvoiceRangeQueries,
} from '../test-support/aggregates-harness.js';
import { companyItem } from '../test-support/pdf-stores.js';
import { rebuildAggregates } from './rebuild.js';

standInDocumentsBucket();
afterEach(() => vi.restoreAllMocks());

const invoiceRangeQueries = withInvoiceRangeQueries;

/** A company with a complete legal profile (documents may be sent), with its links marker or not. */
async function company(marked: boolean): Promise<{ companyId: string; clientId: string }> {
  const { companyId, clientId } = await companyWithClient();
  if (marked) await db().send(new PutCommand({ TableName: tableName(), Item: linksMarkerKey(companyId) }));
  // Other invoices of the company, which none of the reads below may go through.
  for (let index = 0; index < 3; index += 1) {
    await createInvoice(
      companyId,
      invoiceCreateInput.parse({ clientId, title: `Autre ${index}`, totalAmount: '10.00' }),
    );
  }
  return { companyId, clientId };
}

/** A quote sent, then accepted by the client (`validated`). */
async function validatedQuote(companyId: string, clientId: string, title: string) {
  const draft = await draftQuote(companyId, clientId, { title });
  await sendQuote(companyId, draft.id, draft.version);
  const sent = await quotes.getOrThrow(companyId, draft.id);
  return acceptQuote(
    companyId,
    sent.id,
    quoteAcceptInput.parse({ signerName: 'M. Martin', version: sent.version }),
  );
}

/** What a caller sees of an answer: the invoice's figures and lines, or the refusal. */
async function outcome(run: () => Promise<unknown>): Promise<unknown> {
  try {
    const answer = await run();
    if (answer === undefined) return 'ok';
    const invoice = answer as InvoiceWithRefs;
    return {
      kind: invoice.kind,
      title: invoice.title,
      totalAmount: invoice.totalAmount,
      totalWithVat: invoice.totalWithVat,
      amountDue: invoice.amountDue,
      retentionAmount: invoice.retentionAmount,
      depositDeduction: invoice.depositDeduction,
      lines: invoice.lines.map((line) => [line.description, line.quantity, line.total]),
    };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.statusCode, message: error.message, details: error.details };
  }
}

/**
 * Deposits, a whole-quote invoice, situations, drafts deleted and quotes deleted, through the
 * services, in one company: what each step answered, and how many reads of every invoice it made.
 */
async function billingStory(marked: boolean) {
  const { companyId, clientId } = await company(marked);
  const deposits = await validatedQuote(companyId, clientId, 'Acomptes');
  const progress = await validatedQuote(companyId, clientId, 'Situations');
  const loose = await draftQuote(companyId, clientId, { title: 'Brouillon' });
  const other = await draftQuote(companyId, clientId, { title: 'Autre brouillon' });
  const steps: unknown[] = [];
  const step = async (run: () => Promise<unknown>) => steps.push(await outcome(run));

  const { queries } = await invoiceRangeQueries(async () => {
    // Deposits: 30 %, then 80 % is above the 70 % left (409), then the deposit issued and credited
    // by half; the whole-quote invoice deducts what the deposit still invoices.
    const deposit = await invoiceQuote(companyId, deposits.id, { kind: 'deposit', percentage: '30.00' });
    steps.push(await outcome(() => Promise.resolve(deposit)));
    await step(() => invoiceQuote(companyId, deposits.id, { kind: 'deposit', percentage: '80.00' }));
    await step(() => invoiceQuote(companyId, deposits.id, { kind: 'standard' }));
    const sentDeposit = await sendInvoice(companyId, deposit.id, deposit.version);
    const note = await createCreditNote(
      companyId,
      sentDeposit.id,
      invoiceCreditNoteInput.parse({ lines: [{ index: 0, quantity: '0.5' }] }),
    );
    await sendInvoice(companyId, note.id, note.version);
    await step(() => invoiceQuote(companyId, deposits.id, { kind: 'deposit', percentage: '86.00' }));
    await step(() => invoiceQuote(companyId, deposits.id, { kind: 'standard' }));
    await step(() => invoiceQuote(companyId, deposits.id, { kind: 'deposit', percentage: '10.00' }));

    // Situations: 30 %, a second one refused while it is a draft, then 60 % once it is issued,
    // recomputed at 70 %; a deposit or a whole-quote invoice is refused once situations exist.
    const first = await createSituation(
      companyId,
      progress.id,
      situationInput.parse({ cumulativePercent: '30.00' }),
    );
    steps.push(await outcome(() => Promise.resolve(first)));
    await step(() =>
      createSituation(companyId, progress.id, situationInput.parse({ cumulativePercent: '50.00' })),
    );
    await sendInvoice(companyId, first.id, first.version);
    const second = await createSituation(
      companyId,
      progress.id,
      situationInput.parse({ cumulativePercent: '60.00' }),
    );
    steps.push(await outcome(() => Promise.resolve(second)));
    await step(() =>
      updateInvoice(
        companyId,
        second.id,
        invoiceUpdateInput.parse({
          title: second.title,
          clientId,
          situation: { cumulativePercent: '70.00' },
          version: second.version,
        }),
      ),
    );
    await step(() => invoiceQuote(companyId, progress.id, { kind: 'standard' }));
    await step(() => invoiceQuote(companyId, progress.id, { kind: 'deposit', percentage: '10.00' }));

    // A draft quote named by two invoices cannot be deleted; one deleted, the other moved to another
    // quote, it can; the other quote cannot.
    const named = await createInvoice(
      companyId,
      invoiceCreateInput.parse({ clientId, quoteId: loose.id, title: 'Sur devis', totalAmount: '100.00' }),
    );
    const moved = await createInvoice(
      companyId,
      invoiceCreateInput.parse({ clientId, quoteId: loose.id, title: 'Déplacée', totalAmount: '200.00' }),
    );
    await step(() => deleteQuote(companyId, loose.id));
    await deleteInvoice(companyId, named.id);
    await step(() => deleteQuote(companyId, loose.id));
    await updateInvoice(
      companyId,
      moved.id,
      invoiceUpdateInput.parse({
        title: moved.title,
        clientId,
        quoteId: other.id,
        totalAmount: '200.00',
        version: moved.version,
      }),
    );
    await step(() => deleteQuote(companyId, loose.id));
    await step(() => deleteQuote(companyId, other.id));
  });
  return {
    companyId,
    steps,
    queries,
    depositsQuote: deposits,
    quoteIds: { deposits: deposits.id, progress: progress.id, other: other.id },
  };
}

/** The ids of the invoices naming `quoteId`, from every invoice of the company. */
async function invoiceIdsOfQuote(companyId: string, quoteId: string): Promise<string[]> {
  return (await invoices.listAll(companyId, ['quoteId']))
    .filter((invoice) => invoice.quoteId === quoteId)
    .map((invoice) => invoice.id)
    .sort();
}

describe('invoices of a quote, found by their links', () => {
  it('bill a quote without reading every invoice once the company has its links, with the same answers', async () => {
    const linked = await billingStory(true);
    const unlinked = await billingStory(false);

    expect(linked.queries).toBe(0);
    expect(unlinked.queries).toBeGreaterThan(0);
    expect(linked.steps).toEqual(unlinked.steps);

    // The quote's HT (one VAT rate), 30 % of it in the deposit, half of that credited.
    const quote = linked.depositsQuote;
    const quoteCents = parseMoney(quote.totalAmount);
    const depositCents = percentOf(quoteCents, 3000);
    const creditedCents = Math.round(depositCents / 2);
    const [deposit, depositAbove, standardWhileDraft, depositAboveLeft, standard, depositAfterStandard] =
      linked.steps as Record<string, unknown>[];
    expect(deposit).toMatchObject({ kind: 'deposit', totalAmount: formatMoney(depositCents) });
    expect(depositAbove).toMatchObject({
      status: 409,
      message: quoteInvoicingMessages.depositAboveRemaining(
        percentOf(quoteCents, 8000),
        quoteCents - depositCents,
        quote.number,
      ),
    });
    expect(standardWhileDraft).toMatchObject({ status: 409, message: quoteInvoicingMessages.draftDeposit });
    // What the deposit still invoices once half of it is credited leaves less than 86 %.
    expect(depositAboveLeft).toMatchObject({
      status: 409,
      message: quoteInvoicingMessages.depositAboveRemaining(
        percentOf(quoteCents, 8600),
        quoteCents - (depositCents - creditedCents),
        quote.number,
      ),
    });
    expect(standard).toMatchObject({
      kind: 'standard',
      totalAmount: formatMoney(quoteCents - (depositCents - creditedCents)),
      depositDeduction: formatMoney(depositCents - creditedCents),
    });
    expect(depositAfterStandard).toMatchObject({ status: 409 });

    const [first, secondWhileDraft, second, recomputed, standardOfSituations, depositOfSituations] =
      linked.steps.slice(6) as Record<string, unknown>[];
    expect(first).toMatchObject({
      kind: 'progress',
      title: expect.stringContaining('Situation n° 1') as unknown,
    });
    expect(secondWhileDraft).toMatchObject({ status: 409, message: situationMessages.draftExists(1) });
    expect(second).toMatchObject({
      kind: 'progress',
      title: expect.stringContaining('Situation n° 2') as unknown,
    });
    // 30 % → 60 % bills the 30 % the first one did again; 30 % → 70 % a third more.
    expect(parseMoney((second as { totalAmount: string }).totalAmount)).toBe(
      parseMoney((first as { totalAmount: string }).totalAmount),
    );
    expect(parseMoney((recomputed as { totalAmount: string }).totalAmount)).toBeGreaterThan(
      parseMoney((second as { totalAmount: string }).totalAmount),
    );
    expect(standardOfSituations).toMatchObject({
      status: 409,
      message: quoteInvoicingMessages.billedBySituations('standard'),
    });
    expect(depositOfSituations).toMatchObject({
      status: 409,
      message: quoteInvoicingMessages.billedBySituations('deposit'),
    });

    const [usedByTwo, usedByOne, deleted, otherUsed] = linked.steps.slice(12) as Record<string, unknown>[];
    expect(usedByTwo).toMatchObject({
      status: 409,
      message: expect.stringContaining('Ce devis est utilisé par 2 factures') as unknown,
    });
    expect(usedByOne).toMatchObject({
      status: 409,
      message: expect.stringContaining('Ce devis est utilisé par 1 facture') as unknown,
    });
    expect(deleted).toBe('ok');
    expect(otherUsed).toMatchObject({ status: 409 });

    // Every invoice naming a quote is linked to it, and only those.
    for (const quoteId of Object.values(linked.quoteIds)) {
      expect((await linkedInvoiceIds(linked.companyId, quoteId)).sort()).toEqual(
        await invoiceIdsOfQuote(linked.companyId, quoteId),
      );
    }
  });

  it('are linked by the rebuild for invoices made before the links, which then marks the company', async () => {
    const story = await billingStory(false);
    const { companyId, quoteIds } = story;
    // Invoices made before the links existed: their links removed here.
    const before = await invoiceIdsOfQuote(companyId, quoteIds.progress);
    expect(before.length).toBeGreaterThan(0);
    for (const id of before) {
      await db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: quoteInvoiceLinkKey(companyId, quoteIds.progress, id),
        }),
      );
    }
    expect(await hasAllLinks(companyId)).toBe(false);
    // Without the marker, every invoice is read: the answer does not depend on the links.
    const unmarked = await invoiceRangeQueries(() => invoicesOfQuote(companyId, quoteIds.progress, ['kind']));
    expect(unmarked.queries).toBeGreaterThan(0);
    expect(unmarked.result.map((invoice) => invoice.id).sort()).toEqual(before);

    await rebuildAggregates(companyId);
    expect(await hasAllLinks(companyId)).toBe(true);
    for (const quoteId of Object.values(quoteIds)) {
      expect((await linkedInvoiceIds(companyId, quoteId)).sort()).toEqual(
        await invoiceIdsOfQuote(companyId, quoteId),
      );
    }
    const marked = await invoiceRangeQueries(async () => ({
      ofQuote: await invoicesOfQuote(companyId, quoteIds.progress, ['kind']),
      deletion: await outcome(() => deleteQuote(companyId, quoteIds.other)),
      situation: await outcome(() =>
        createSituation(companyId, quoteIds.progress, situationInput.parse({ cumulativePercent: '90.00' })),
      ),
    }));
    expect(marked.queries).toBe(0);
    expect(marked.result.ofQuote.map((invoice) => invoice.id).sort()).toEqual(before);
    // The same refusals as before the rebuild: the quote is used, the second situation is a draft.
    expect(marked.result.deletion).toEqual(story.steps[15]);
    expect(marked.result.situation).toMatchObject({ status: 409, message: situationMessages.draftExists(2) });
  });

  it('are all there in a new company, which gets its marker at creation', async () => {
    const id = testCompanyId();
    const { pk: _pk, sk: _sk, ...fields } = companyItem;
    const created = { ...fields, id, slug: `entreprise-${id}`, email: `contact-${id}@exemple.fr` };
    const items = newCompanyItems(created as unknown as Company);
    await transactWrite(items.items);
    expect(await hasAllLinks(id)).toBe(true);
  });
});
