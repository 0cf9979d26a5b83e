import { DeleteCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientId, clientItem, companyId, mockedStores, recordItem } from '../test-support/pdf-stores.js';

// Read by the configuration on first use, before any module below asks for it.
vi.stubEnv('DOCUMENTS_BUCKET', 'documents-test');

// The SMTP server or SES refuses every message.
const mailer = vi.hoisted(() => {
  class MailSendError extends Error {}
  return {
    MailSendError,
    sendMail: vi.fn((_mail: unknown) => Promise.reject(new MailSendError('421 service not available'))),
    appUrl: (path: string) => `http://localhost:3000${path}`,
  };
});
vi.mock('../mail/mailer.js', () => mailer);
vi.mock('../quotes/acceptance-link.js', () => ({
  issueAcceptanceLink: vi.fn(() => Promise.resolve('/devis/token-of-the-test')),
}));

const { sendQuoteByEmail } = await import('./quote-mail.js');
const { sendInvoiceByEmail } = await import('./invoice-mail.js');
const { yearInFrance } = await import('../data/counters.js');

const stores = mockedStores();
/** Transactions write into the stored items, so later reads see them (the bucket keeps its files). */
function storeWrites() {
  stores.dynamo
    .on(TransactWriteCommand)
    .callsFake((input: { TransactItems: { Put?: { Item: { sk: string } } }[] }) => {
      for (const item of input.TransactItems) if (item.Put) stores.items.set(item.Put.Item.sk, item.Put.Item);
      return {};
    });
}
afterEach(() => {
  stores.reset();
  mailer.sendMail.mockClear();
});
stores.reset();

const withEmail = { ...clientItem, email: 'client@tilleuls.fr' };
const quoteId = '0196f2c4-0000-7000-8000-0000000000a1';
const invoiceId = '0196f2c4-0000-7000-8000-0000000000b1';

const draftQuote = recordItem('QUOTE', quoteId, {
  number: 'DEV-2026-0007',
  title: 'Rénovation',
  clientId,
  status: 'draft',
  overheadPercentage: '10.00',
  marginPercentage: '15.00',
  subtotalAmount: '100.00',
  overheadAmount: '10.00',
  marginAmount: '16.50',
  totalAmount: '126.50',
  vatBreakdown: [{ rate: '20.00', base: '126.50', amount: '25.30' }],
  vatAmount: '25.30',
  totalWithVat: '151.80',
  reverseCharge: false,
  validUntil: '2026-12-31',
  items: [],
});

const draftInvoice = recordItem('INVOICE', invoiceId, {
  kind: 'standard',
  status: 'draft',
  clientId,
  title: 'Maçonnerie',
  lines: [{ description: 'Mur', quantity: '1.000', unitPrice: '100.00', vatRate: '20.00', total: '100.00' }],
  totalAmount: '100.00',
  vatBreakdown: [{ rate: '20.00', base: '100.00', amount: '20.00' }],
  vatAmount: '20.00',
  totalWithVat: '120.00',
  amountDue: '120.00',
  paidAmount: '0.00',
  creditedAmount: '0.00',
  reverseCharge: false,
});

describe('when the e-mail cannot be sent', () => {
  it('a quote stays a draft: 503 with a French message, its PDF deleted, the key given back', async () => {
    stores.items.set(`CLIENT#${clientId}`, withEmail);
    stores.items.set(`QUOTE#${quoteId}`, draftQuote);
    await expect(
      sendQuoteByEmail(companyId, quoteId, { version: 1 }, 'key-of-the-dialog-1'),
    ).rejects.toMatchObject({
      statusCode: 503,
      code: 'email_failed',
      message: expect.stringContaining('le devis reste un brouillon'),
    });
    expect(mailer.sendMail).toHaveBeenCalledTimes(1);
    expect(mailer.sendMail.mock.calls[0]?.[0]).toMatchObject({ to: 'client@tilleuls.fr' });
    expect(stores.transactions()).toEqual([]);
    expect(stores.puts()).toHaveLength(1);
    expect(stores.deletes()).toEqual(stores.puts());
    // The marker was put, then deleted: the same dialog may try again.
    expect(stores.dynamo.commandCalls(PutCommand).map((call) => call.args[0].input.Item?.sk)).toEqual([
      'SENDING#key-of-the-dialog-1',
    ]);
    expect(stores.dynamo.commandCalls(DeleteCommand).map((call) => call.args[0].input.Key?.sk)).toEqual([
      'SENDING#key-of-the-dialog-1',
    ]);
  });

  it('an invoice is issued once (its number kept) and records emailStatus failed, with a notification', async () => {
    storeWrites();
    stores.items.set(`CLIENT#${clientId}`, withEmail);
    stores.items.set(`INVOICE#${invoiceId}`, draftInvoice);
    const number = `FAC-${yearInFrance()}-0001`;
    const answer = await sendInvoiceByEmail(
      companyId,
      invoiceId,
      { version: 1, email: 'compta@tilleuls.fr' },
      undefined,
    );
    expect(answer).toMatchObject({
      number,
      status: 'sent',
      emailStatus: {
        state: 'failed',
        to: 'compta@tilleuls.fr',
        reason: expect.stringContaining("Le serveur d'envoi"),
      },
    });
    expect(mailer.sendMail).toHaveBeenCalledTimes(1);
    expect(mailer.sendMail.mock.calls[0]?.[0]).toMatchObject({
      attachments: [{ filename: `Facture ${number}.pdf`, contentType: 'application/pdf' }],
    });
    // Issued in one transaction, then the status in a second one; the number is taken once.
    const transactions = stores.transactions();
    expect(transactions).toHaveLength(2);
    expect(
      transactions.flat().filter((item) => String(item.Put?.Item?.sk).startsWith('COUNTER#')),
    ).toHaveLength(1);
    const notifications = stores.dynamo
      .commandCalls(PutCommand)
      .map((call) => call.args[0].input.Item)
      .filter((item) => String(item?.sk).startsWith('NOTIF#'));
    expect(notifications).toEqual([
      expect.objectContaining({ kind: 'email_failed', title: `E-mail non envoyé : Facture ${number}` }),
    ]);
  });

  it('no address typed and none on the client: 400, nothing drawn, numbered or sent', async () => {
    stores.items.set(`INVOICE#${invoiceId}`, draftInvoice);
    stores.items.set(`QUOTE#${quoteId}`, draftQuote);
    await expect(sendInvoiceByEmail(companyId, invoiceId, { version: 1 }, undefined)).rejects.toMatchObject({
      statusCode: 400,
      message: "Le client n'a pas d'adresse e-mail : saisissez-en une.",
    });
    await expect(sendQuoteByEmail(companyId, quoteId, { version: 1 }, undefined)).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(mailer.sendMail).not.toHaveBeenCalled();
    expect(stores.transactions()).toEqual([]);
    expect(stores.puts()).toEqual([]);
  });
});
