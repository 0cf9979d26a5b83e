import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import {
  invoiceCreateInput,
  invoiceCreditNoteInput,
  situationInput,
  type InvoiceListItem,
} from '@btp/shared/entities/invoice';
import { projectCreateInput } from '@btp/shared/entities/project';
import { quoteAcceptInput } from '@btp/shared/entities/quote';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { projects } from '../data/entities/projects.js';
import { createCreditNote } from '../invoicing/credit-notes.js';
import { remindInvoice } from '../invoicing/invoice-reminders.js';
import { createInvoice } from '../invoicing/invoice-service.js';
import { invoiceQuote } from '../invoicing/quote-invoicing.js';
import { createSituation } from '../invoicing/situations.js';
import { db } from '../lib/dynamo.js';
import { acceptQuote } from '../quotes/quote-service.js';
import { companyWithClient, draftQuote } from '../test-support/aggregates-harness.js';
import { memoryBucket } from '../test-support/memory-bucket.js';
import { emailInvoiceAgain, sendInvoiceByEmail } from './invoice-mail.js';
import { emailQuoteAgain, sendQuoteByEmail } from './quote-mail.js';

/**
 * One path per use case (docs/architecture.md, "Issuing and sending a document"): issuing and
 * e-mailing a document reads the company's legal identity and the client once, and hands them
 * down to every step (number, snapshots, PDF, Factur-X, archive, e-mail, answer). Real DynamoDB
 * Local; S3 and SES stood in (the archive's bytes are kept to be read back by the e-mail again).
 */
const bucket = memoryBucket();
const ses = mockClient(SESv2Client);

beforeAll(() => {
  process.env.DOCUMENTS_BUCKET ??= 'btp-test-documents';
  vi.stubEnv('MAIL_FROM', 'devis@btp-gestion.fr');
  vi.stubEnv('APP_URL', 'https://btp.exemple.fr');
  bucket.install();
  ses.on(SendEmailCommand).resolves({ MessageId: 'ses-message' });
});
afterAll(() => {
  bucket.restore();
  ses.restore();
  vi.unstubAllEnvs();
});

/** How many times `run` read the company's item and the client's item (GetItem or BatchGetItem). */
async function readsOf<T>(
  ids: { companyId: string; clientId: string },
  run: () => Promise<T>,
): Promise<{ result: T; company: number; client: number }> {
  const send = vi.spyOn(db(), 'send');
  try {
    const result = await run();
    const keys = send.mock.calls.flatMap(([command]) => {
      const input = command.input as {
        Key?: Record<string, unknown>;
        RequestItems?: Record<string, { Keys?: Record<string, unknown>[] }>;
      };
      if (command.constructor.name === 'GetCommand' && input.Key) return [input.Key];
      if (command.constructor.name === 'BatchGetCommand') {
        return Object.values(input.RequestItems ?? {}).flatMap((request) => request.Keys ?? []);
      }
      return [];
    });
    const count = (pk: string, sk: string) => keys.filter((key) => key.pk === pk && key.sk === sk).length;
    return {
      result,
      company: count(`COMPANY#${ids.companyId}`, 'COMPANY'),
      client: count(`COMPANY#${ids.companyId}`, `CLIENT#${ids.clientId}`),
    };
  } finally {
    send.mockRestore();
  }
}

/** A quote sent by e-mail, then accepted by the client ("Bon pour accord": `validated`). */
async function validatedQuote(companyId: string, clientId: string, projectId?: string) {
  const draft = await draftQuote(companyId, clientId, { projectId });
  const sent = await sendQuoteByEmail(companyId, draft.id, { version: draft.version }, undefined);
  return acceptQuote(companyId, sent.id, quoteAcceptInput.parse({ signerName: 'M. Martin' }));
}

const sendOnce = (ids: { companyId: string; clientId: string }, invoice: InvoiceListItem) =>
  readsOf(ids, () => sendInvoiceByEmail(ids.companyId, invoice.id, { version: invoice.version }, undefined));

describe('issuing and sending a document reads the company and the client once', () => {
  it('an invoice: numbered, snapshots, Factur-X PDF archived, e-mailed, answered', async () => {
    const ids = await companyWithClient();
    const project = await projects.create(
      ids.companyId,
      projectCreateInput.parse({ name: 'Chantier Martin', clientId: ids.clientId }),
    );
    const draft = await createInvoice(
      ids.companyId,
      invoiceCreateInput.parse({
        clientId: ids.clientId,
        projectId: project.id,
        title: 'Maçonnerie',
        lines: [{ description: 'Mur', quantity: '1', unitPrice: '1000.00', vatRate: '20.00' }],
      }),
    );
    const { result, company, client } = await sendOnce(ids, draft);
    expect(result).toMatchObject({
      status: 'sent',
      number: expect.stringMatching(/^FAC-/),
      pdfDocumentId: expect.any(String),
      emailStatus: { state: 'sent', to: 'martin@exemple.fr' },
      seller: { siret: expect.any(String) },
      buyer: { name: 'Client Martin' },
      client: { id: ids.clientId, name: 'Client Martin' },
      project: { id: project.id, name: 'Chantier Martin' },
    });
    expect({ company, client }).toEqual({ company: 1, client: 1 });
  });

  it("a deposit of a quote, then the credit note that cancels it (the credited invoice's changes in the same write)", async () => {
    const ids = await companyWithClient();
    const quote = await validatedQuote(ids.companyId, ids.clientId);
    const deposit = await invoiceQuote(ids.companyId, quote.id, { kind: 'deposit', percentage: '30.00' });
    const sentDeposit = await sendOnce(ids, deposit);
    expect(sentDeposit.result).toMatchObject({ kind: 'deposit', status: 'sent' });
    expect(sentDeposit).toMatchObject({ company: 1, client: 1 });
    const note = await createCreditNote(
      ids.companyId,
      sentDeposit.result.id,
      invoiceCreditNoteInput.parse({ reason: 'Acompte annulé' }),
    );
    const sentNote = await sendOnce(ids, note);
    expect(sentNote.result).toMatchObject({ kind: 'credit_note', number: expect.stringMatching(/^AV-/) });
    expect(sentNote).toMatchObject({ company: 1, client: 1 });
  });

  it("a situation of a quote, checked against the quote's billing read once with the rest", async () => {
    const ids = await companyWithClient();
    const quote = await validatedQuote(ids.companyId, ids.clientId);
    const first = await createSituation(
      ids.companyId,
      quote.id,
      situationInput.parse({ cumulativePercent: '40.00' }),
    );
    const sent = await sendOnce(ids, first);
    expect(sent.result).toMatchObject({ kind: 'progress', status: 'sent', situation: { index: 1 } });
    expect(sent).toMatchObject({ company: 1, client: 1 });
  });

  it('a quote sent (the company and the client read once become its snapshots), and e-mailed again', async () => {
    const ids = await companyWithClient();
    const draft = await draftQuote(ids.companyId, ids.clientId);
    const sent = await readsOf(ids, () =>
      sendQuoteByEmail(ids.companyId, draft.id, { version: draft.version }, undefined),
    );
    expect(sent.result).toMatchObject({
      status: 'sent',
      pdfDocumentId: expect.any(String),
      seller: { siret: expect.any(String) },
      buyer: { name: 'Client Martin' },
    });
    expect(sent).toMatchObject({ company: 1, client: 1 });
    const again = await readsOf(ids, () => emailQuoteAgain(ids.companyId, draft.id, {}, undefined));
    expect(again.result).toMatchObject({ emailStatus: { state: 'sent' } });
    expect(again).toMatchObject({ company: 1, client: 1 });
  });

  it('an issued invoice e-mailed again, and reminded (its archive attached, read from the bucket)', async () => {
    const ids = await companyWithClient();
    const draft = await createInvoice(
      ids.companyId,
      invoiceCreateInput.parse({
        clientId: ids.clientId,
        title: 'Charpente',
        lines: [{ description: 'Charpente', quantity: '1', unitPrice: '500.00', vatRate: '20.00' }],
      }),
    );
    const { result: issued } = await sendOnce(ids, draft);
    const again = await readsOf(ids, () => emailInvoiceAgain(ids.companyId, issued.id, {}, undefined));
    expect(again.result).toMatchObject({ emailStatus: { state: 'sent' } });
    expect(again).toMatchObject({ company: 1, client: 1 });
    const reminded = await readsOf(ids, () =>
      // Six months on: long overdue.
      remindInvoice(ids.companyId, issued.id, undefined, new Date(Date.now() + 183 * 24 * 3600 * 1000)),
    );
    expect(reminded.result).toMatchObject({
      step: 'manual',
      to: 'martin@exemple.fr',
      messageId: 'ses-message',
    });
    expect(reminded).toMatchObject({ company: 1, client: 1 });
  });
});
