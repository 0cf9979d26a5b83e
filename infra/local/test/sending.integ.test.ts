/**
 * Sending a devis, a facture or an avoir by e-mail (docs/sending.md) through the local gateway,
 * the messages read back from the local SMTP server's inbox (`GET /_mail/email`): the PDF attached
 * is the archived document, a quote's e-mail carries its « Bon pour accord » link, a missing
 * address is refused before anything changes, and an `Idempotency-Key` sends once.
 */
import { describe, expect, it } from 'vitest';
import type { TestClient } from './http-client.js';
import { completeCompanyProfile, signedInCompany, startTestStack } from './support.js';
import type { ErrorBody } from './support/answers.js';
import { addClient, tilleuls } from './support/records.js';
import { attachmentBytes, mailsTo, waitForMail } from './support/mailbox.js';

const stack = await startTestStack();

interface Company {
  http: TestClient;
  companyId: string;
  name: string;
  clientId: string;
  clientEmail: string;
}

interface RecordBody {
  id: string;
  number?: string;
  status: string;
  version: number;
  pdfDocumentId?: string;
  emailStatus?: { state: string; to: string; at: string; messageId?: string; reason?: string };
}

let counter = 0;

/** A company with a complete profile and a client, whose e-mail is unique to this test (or none). */
async function company(options: { clientEmail?: boolean } = {}): Promise<Company> {
  counter += 1;
  const { client: http, companyId } = await signedInCompany(stack.url, 'Durand & Fils');
  await completeCompanyProfile(http, { email: `contact-${counter}@durand.fr` });
  const name = ((await http.get('/api/company')).body as { name: string }).name;
  const clientEmail = `client-${Date.now().toString(36)}-${counter}@tilleuls.fr`;
  const customer = await addClient(companyId, {
    ...tilleuls,
    name: 'SCI Les Tilleuls',
    email: options.clientEmail === false ? undefined : clientEmail,
  });
  return { http, companyId, name, clientId: customer.id, clientEmail };
}

async function newQuote(owner: Company): Promise<RecordBody> {
  const response = await owner.http.post('/api/quotes', {
    title: 'Rénovation salle de bains',
    clientId: owner.clientId,
    validUntil: '2099-12-31',
    items: [
      {
        resourceType: 'materials',
        description: 'Carrelage',
        unit: 'm²',
        quantity: '12,5',
        unitPrice: '8.40',
      },
      { resourceType: 'labor', description: 'Pose', unit: 'h', quantity: 2, unitPrice: 150 },
    ],
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as RecordBody;
}

async function newInvoice(owner: Company): Promise<RecordBody> {
  const response = await owner.http.post('/api/invoices', {
    clientId: owner.clientId,
    title: 'Travaux de maçonnerie',
    lines: [{ description: 'Mur en parpaings', unit: 'm²', quantity: 12, unitPrice: '85.00', vatRate: 20 }],
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as RecordBody;
}

/** The archived PDF of a record, through its route and the presigned URL. */
async function archivedPdf(owner: Company, kind: 'quotes' | 'invoices', id: string): Promise<Buffer> {
  const response = await owner.http.get(`/api/${kind}/${id}/pdf`);
  expect(response.status).toBe(200);
  const file = await fetch((response.body as { url: string }).url);
  return Buffer.from(await file.arrayBuffer());
}

function withKey(http: TestClient, path: string, body: unknown, key: string) {
  return http.request('POST', path, body, { headers: { 'idempotency-key': key } });
}

describe('POST /api/quotes/{id}/send e-mails the quote', () => {
  it("to the client's address, with the PDF as archived and the link of the online « Bon pour accord »", async () => {
    const a = await company();
    const quote = await newQuote(a);
    const response = await a.http.post(`/api/quotes/${quote.id}/send`, {
      version: quote.version,
      message: 'Comme convenu lors de notre visite <mardi>.',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const sent = response.body as RecordBody;
    expect(sent).toMatchObject({
      status: 'sent',
      emailStatus: { state: 'sent', to: a.clientEmail, messageId: expect.any(String) },
    });

    const mail = await waitForMail(stack.url, a.clientEmail);
    expect(mail.subject).toBe(`Devis ${quote.number} – ${a.name}`);
    expect(mail.from[0]?.name).toBe(a.name);
    expect(mail.replyTo[0]?.address).toBe(`contact-${counter}@durand.fr`);
    const link = new RegExp(`${stack.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/devis/[A-Za-z0-9_-]{22,}`);
    expect(mail.text).toMatch(link);
    expect(mail.text).toContain('Comme convenu lors de notre visite <mardi>.');
    expect(mail.html).toContain('Comme convenu lors de notre visite &lt;mardi&gt;.');
    expect(mail.html).toMatch(link);
    expect(mail.attachments).toEqual([
      expect.objectContaining({ filename: `Devis ${quote.number}.pdf`, contentType: 'application/pdf' }),
    ]);
    const attached = await attachmentBytes(stack.url, mail, mail.attachments[0]!);
    expect(attached.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(attached.equals(await archivedPdf(a, 'quotes', quote.id))).toBe(true);
  });

  it('to the address typed in the dialog rather than the client record', async () => {
    const a = await company();
    const quote = await newQuote(a);
    const typed = `autre-${Date.now()}@tilleuls.fr`;
    const response = await a.http.post(`/api/quotes/${quote.id}/send`, {
      version: quote.version,
      email: typed,
    });
    expect(response.status).toBe(200);
    await waitForMail(stack.url, typed);
    expect(await mailsTo(stack.url, a.clientEmail)).toEqual([]);
  });
});

describe('POST /api/invoices/{id}/send e-mails the invoice', () => {
  it('with its Factur-X PDF as archived, the amount TTC and the due date', async () => {
    const a = await company();
    const draft = await newInvoice(a);
    const response = await a.http.post(`/api/invoices/${draft.id}/send`, { version: draft.version });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const issued = response.body as RecordBody & { dueDate: string };
    expect(issued.number).toMatch(/^FAC-\d{4}-0001$/);
    expect(issued.emailStatus).toMatchObject({ state: 'sent', to: a.clientEmail });

    const mail = await waitForMail(stack.url, a.clientEmail);
    expect(mail.subject).toBe(`Facture ${issued.number} – ${a.name}`);
    // 12 × 85,00 € HT at 20 %: 1 224,00 € TTC (fr-FR groups with a narrow no-break space).
    expect(mail.text.replace(/[\u202f\u00a0]/g, ' ')).toContain("d'un montant de 1 224,00 € TTC");
    const [year, month, day] = issued.dueDate.split('-');
    expect(mail.text).toContain(`avant le ${day}/${month}/${year}`);
    expect(mail.text).not.toContain('/devis/');
    expect(mail.attachments).toEqual([
      expect.objectContaining({ filename: `Facture ${issued.number}.pdf`, contentType: 'application/pdf' }),
    ]);
    const attached = await attachmentBytes(stack.url, mail, mail.attachments[0]!);
    expect(attached.equals(await archivedPdf(a, 'invoices', issued.id))).toBe(true);
    // Factur-X: the CII invoice is embedded in the PDF under its standard name.
    expect(attached.toString('latin1')).toContain('factur-x.xml');
  });

  it('« Renvoyer l’e-mail » sends it again and records the new status', async () => {
    const a = await company();
    const draft = await newInvoice(a);
    const issued = (await a.http.post(`/api/invoices/${draft.id}/send`, { version: draft.version }))
      .body as RecordBody;
    await waitForMail(stack.url, a.clientEmail);
    const other = `comptable-${Date.now()}@tilleuls.fr`;
    const again = await a.http.post(`/api/invoices/${issued.id}/email`, {
      email: other,
      message: 'Relance amicale.',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((again.body as RecordBody).emailStatus).toMatchObject({ state: 'sent', to: other });
    const mail = await waitForMail(stack.url, other);
    expect(mail.subject).toBe(`Facture ${issued.number} – ${a.name}`);
    expect(mail.text).toContain('Relance amicale.');
    // A draft has nothing to send again.
    const otherDraft = await newInvoice(a);
    expect((await a.http.post(`/api/invoices/${otherDraft.id}/email`, {})).status).toBe(409);
  });
});

describe('a client without an e-mail address', () => {
  it('400 with the French message, and nothing changed: the quote a draft, the invoice unnumbered', async () => {
    const a = await company({ clientEmail: false });
    const quote = await newQuote(a);
    const refusedQuote = await a.http.post(`/api/quotes/${quote.id}/send`, { version: quote.version });
    expect(refusedQuote.status).toBe(400);
    expect((refusedQuote.body as ErrorBody).message).toBe(
      "Le client n'a pas d'adresse e-mail : saisissez-en une.",
    );
    const draft = await newInvoice(a);
    const refusedInvoice = await a.http.post(`/api/invoices/${draft.id}/send`, { version: draft.version });
    expect(refusedInvoice.status).toBe(400);

    const quoteAfter = (await a.http.get(`/api/quotes/${quote.id}`)).body as RecordBody;
    expect(quoteAfter).toMatchObject({ status: 'draft', version: quote.version });
    expect(quoteAfter.pdfDocumentId).toBeUndefined();
    const invoiceAfter = (await a.http.get(`/api/invoices/${draft.id}`)).body as RecordBody;
    expect(invoiceAfter).toMatchObject({ status: 'draft', version: draft.version });
    expect(invoiceAfter.number).toBeUndefined();
    expect((await a.http.get('/api/documents')).body).toEqual([]);

    // An address typed in the dialog is enough; a malformed one is refused.
    const malformed = await a.http.post(`/api/quotes/${quote.id}/send`, {
      version: quote.version,
      email: 'pas-une-adresse',
    });
    expect(malformed.status).toBe(400);
    const typed = `saisie-${Date.now()}@tilleuls.fr`;
    const sent = await a.http.post(`/api/quotes/${quote.id}/send`, { version: quote.version, email: typed });
    expect(sent.status).toBe(200);
    await waitForMail(stack.url, typed);
  });
});

describe('Idempotency-Key', () => {
  it('the same key twice sends one message and answers the same record; another record with it is refused', async () => {
    const a = await company();
    const quote = await newQuote(a);
    const key = `dialog-${Date.now()}-quote`;
    const first = await withKey(a.http, `/api/quotes/${quote.id}/send`, { version: quote.version }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const repeat = await withKey(a.http, `/api/quotes/${quote.id}/send`, { version: quote.version }, key);
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(200);
    expect(repeat.body).toMatchObject({
      id: quote.id,
      status: 'sent',
      version: (first.body as RecordBody).version,
      emailStatus: (first.body as RecordBody).emailStatus,
    });

    const draft = await newInvoice(a);
    const invoiceKey = `dialog-${Date.now()}-invoice`;
    const answers = await Promise.all(
      [0, 1].map(() =>
        withKey(a.http, `/api/invoices/${draft.id}/send`, { version: draft.version }, invoiceKey),
      ),
    );
    // Both at once: one sends, the other waits for it (409) or answers its result (200).
    expect(answers.map((answer) => answer.status).sort()).toEqual(
      answers.some((answer) => answer.status === 409) ? [200, 409] : [200, 200],
    );
    const later = await withKey(
      a.http,
      `/api/invoices/${draft.id}/send`,
      { version: draft.version },
      invoiceKey,
    );
    expect(later.status).toBe(200);
    expect((later.body as RecordBody).number).toMatch(/^FAC-\d{4}-0001$/);

    // Every send answered after its SMTP server took the message: both are in the inbox, once.
    await waitForMail(stack.url, a.clientEmail, (mail) => mail.subject.startsWith('Devis'));
    await waitForMail(stack.url, a.clientEmail, (mail) => mail.subject.startsWith('Facture'));
    const received = await mailsTo(stack.url, a.clientEmail);
    expect(received.map((mail) => mail.subject.split(' ')[0]).sort()).toEqual(['Devis', 'Facture']);

    const otherQuote = await newQuote(a);
    const reused = await withKey(
      a.http,
      `/api/quotes/${otherQuote.id}/send`,
      { version: otherQuote.version },
      key,
    );
    expect(reused.status).toBe(409);
    expect(((await a.http.get(`/api/quotes/${otherQuote.id}`)).body as RecordBody).status).toBe('draft');
  });

  it('a malformed key is refused with 400', async () => {
    const a = await company();
    const quote = await newQuote(a);
    const response = await withKey(a.http, `/api/quotes/${quote.id}/send`, { version: quote.version }, 'x y');
    expect(response.status).toBe(400);
  });
});
