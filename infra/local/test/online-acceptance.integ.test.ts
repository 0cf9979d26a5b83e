/**
 * The client's online "Bon pour accord" through the local stack (docs/online-acceptance.md): the
 * quote is sent by e-mail (read back from the local inbox, `/_mail/email`), its link opened and
 * signed through the public routes, as the client's browser would.
 */
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashAcceptanceToken, tokenKey } from '../../../functions/src/quotes/acceptance-link.js';
import { db, tableName } from '../../../functions/src/lib/dynamo.js';
import { TestClient } from './http-client.js';
import { completeCompanyProfile, signedInCompany, startTestStack } from './support.js';
import { pdfText } from './support/answers.js';
import { waitForMail, type ReceivedMail } from './support/mailbox.js';

const stack = await startTestStack();
let company: TestClient;
let clientId: string;
let clientEmail: string;
/** The client's browser: no session, no cookie. */
let visitor: TestClient;

beforeAll(async () => {
  const signedIn = await signedInCompany(stack.url, 'Maçonnerie Durand');
  company = signedIn.client;
  await completeCompanyProfile(company, { email: 'contact@durand-maconnerie.fr' });
  clientEmail = `client-${randomBytes(4).toString('hex')}@exemple.fr`;
  const created = await company.post('/api/clients', { name: 'Mme Martin', email: clientEmail });
  expect(created.status).toBe(201);
  clientId = (created.body as { id: string }).id;
  visitor = new TestClient(stack.url);
});

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.byteLength);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (grey, 8-bit RGBA) with a dark diagonal stroke, as a signature pad would give. */
function signaturePng(width = 300, height = 100): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x += 1) {
      const ink = Math.abs(y - (x * height) / width) < 3;
      row.set(ink ? [20, 30, 90, 255] : [0, 0, 0, 0], 1 + x * 4);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

/** A fresh address per test, so the per-IP budgets of one test do not spend another's. */
const anIp = () => `198.51.100.${1 + Math.floor(Math.random() * 250)}-${randomBytes(3).toString('hex')}`;

function asClient(method: 'GET' | 'POST', path: string, body?: unknown, ip = anIp(), csrf = true) {
  return visitor.request(method, path, body, { csrf, headers: { 'x-forwarded-for': ip } });
}

interface QuoteBody {
  id: string;
  number: string;
  version: number;
  status: string;
  acceptedAt?: string;
  signerName?: string;
  acceptedFromIp?: string;
  signedPdfDocumentId?: string;
  signatureDocumentId?: string;
  pdfDocumentId?: string;
}

function inTenDays(): string {
  return new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
}

/** A quote with two lines, sent by e-mail to the client; its e-mail and its link's token. */
async function sentQuote(
  title = 'Ravalement de façade',
  to: { id: string; email: string } = { id: clientId, email: clientEmail },
): Promise<{ quote: QuoteBody; mail: ReceivedMail; token: string }> {
  const created = await company.post('/api/quotes', {
    title,
    clientId: to.id,
    validUntil: inTenDays(),
    items: [
      {
        resourceType: 'materials',
        description: 'Enduit de façade',
        unit: 'm²',
        quantity: '40',
        unitPrice: '12.00',
      },
      { resourceType: 'labor', description: 'Application', unit: 'h', quantity: 16, unitPrice: '45.00' },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const draft = created.body as QuoteBody;
  const sent = await company.post(`/api/quotes/${draft.id}/send`, { version: draft.version });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const mail = await waitForMail(stack.url, to.email, (received) => received.subject.includes(draft.number));
  const match = /\/devis\/([A-Za-z0-9_-]{43})/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return { quote: sent.body as QuoteBody, mail, token: match![1] as string };
}

function frenchToday(instant: string): string {
  return new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' }).format(new Date(instant));
}

describe('online acceptance of a sent quote', () => {
  it('the e-mail carries the PDF and the link; the client reads the quote, signs it, and it is validated with its signed PDF archived', async () => {
    const { quote, mail, token } = await sentQuote();
    expect(mail.attachments).toEqual([
      expect.objectContaining({ filename: `Devis ${quote.number}.pdf`, contentType: 'application/pdf' }),
    ]);
    expect(mail.text).toContain(`${stack.url}/devis/${token}`);
    expect(mail.html).toContain(`/devis/${token}`);

    const read = await asClient('GET', `/api/public/quotes/${token}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const summary = read.body as Record<string, unknown> & {
      lines: Record<string, unknown>[];
      pdfUrl: string;
    };
    expect(summary).toMatchObject({
      number: quote.number,
      title: 'Ravalement de façade',
      clientName: 'Mme Martin',
      status: 'sent',
      validUntil: inTenDays(),
      company: expect.objectContaining({ email: 'contact@durand-maconnerie.fr', city: 'Lyon' }),
    });
    expect(summary.lines).toHaveLength(2);
    // Selling prices only (cost × 1.10 × 1.15 = 1.265): never the cost, never the margin.
    expect(summary.lines[0]).toEqual({
      description: 'Enduit de façade',
      unit: 'm²',
      quantity: '40.000',
      saleUnitPrice: '15.18',
      saleTotal: '607.20',
      vatRate: '20.00',
    });
    expect(JSON.stringify(summary)).not.toMatch(/unitPrice"|marginAmount|overhead/);
    const sentPdf = await fetch(summary.pdfUrl);
    expect(sentPdf.status).toBe(200);
    expect(
      Buffer.from(await sentPdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    const ip = '203.0.113.77';
    const accepted = await asClient(
      'POST',
      `/api/public/quotes/${token}/accept`,
      { signerName: 'Claire Martin', acceptTerms: true, signature: dataUrl(signaturePng()) },
      ip,
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const answer = accepted.body as {
      status: string;
      acceptedAt: string;
      signerName: string;
      pdfUrl: string;
    };
    expect(answer).toMatchObject({ number: quote.number, status: 'validated', signerName: 'Claire Martin' });

    // The company sees it validated, by whom, when, from where, with the signature and the signed PDF.
    const stored = (await company.get(`/api/quotes/${quote.id}`)).body as QuoteBody;
    expect(stored).toMatchObject({
      status: 'validated',
      signerName: 'Claire Martin',
      acceptedAt: answer.acceptedAt,
      acceptedFromIp: ip,
    });
    expect(stored.signedPdfDocumentId).toBeDefined();
    expect(stored.signatureDocumentId).toBeDefined();

    const documents = (await company.get('/api/documents')).body as {
      id: string;
      name: string;
      type: string;
      quoteId?: string;
      mimeType: string;
    }[];
    const signed = documents.find((document) => document.id === stored.signedPdfDocumentId);
    expect(signed).toMatchObject({
      name: `Devis ${quote.number} signé.pdf`,
      type: 'quote',
      quoteId: quote.id,
      mimeType: 'application/pdf',
    });
    const signature = documents.find((document) => document.id === stored.signatureDocumentId);
    expect(signature).toMatchObject({ quoteId: quote.id, mimeType: 'image/png' });

    const download = await company.get(`/api/documents/${stored.signedPdfDocumentId}/download`);
    expect(download.status).toBe(200);
    const bytes = new Uint8Array(await (await fetch((download.body as { url: string }).url)).arrayBuffer());
    const text = await pdfText(bytes);
    expect(text).toContain('Devis accepté par le client.');
    expect(text).toMatch(new RegExp(`Date : ${frenchToday(answer.acceptedAt).replace(/\//g, '\\/')}`));
    expect(text).toContain('Nom : Claire Martin');
    expect(text).toContain(quote.number);
    // The signature is drawn in the box: the signed PDF holds an image the sent one does not.
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/Subtype\s*\/Image/);

    // The company is told (the bell of the page header).
    const notifications = await company.get('/api/notifications');
    expect(notifications.status).toBe(200);
    const list = notifications.body as { items: Record<string, unknown>[]; unreadCount: number };
    expect(list.items).toContainEqual(
      expect.objectContaining({
        kind: 'quote_accepted',
        title: `Devis ${quote.number} accepté`,
        link: `/quotes?q=${quote.number}`,
        read: false,
      }),
    );
    expect(list.unreadCount).toBeGreaterThanOrEqual(1);

    // The link is used: reading or signing again is a 409 naming the acceptance.
    const again = await asClient('POST', `/api/public/quotes/${token}/accept`, {
      signerName: 'Quelqu’un d’autre',
      acceptTerms: true,
      signature: dataUrl(signaturePng()),
    });
    expect(again.status).toBe(409);
    expect((again.body as { message: string }).message).toContain(
      `Le devis ${quote.number} a déjà été accepté`,
    );
    expect((again.body as { message: string }).message).toContain('Claire Martin');
    const reread = await asClient('GET', `/api/public/quotes/${token}`);
    expect(reread.status).toBe(409);
  });

  it('refuses an expired link (404 link_expired, how to reach the company) and an unknown one (404)', async () => {
    const { token } = await sentQuote('Couverture');
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: tokenKey(hashAcceptanceToken(token)),
        UpdateExpression: 'SET validUntilAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 60_000).toISOString() },
      }),
    );
    for (const response of [
      await asClient('GET', `/api/public/quotes/${token}`),
      await asClient('POST', `/api/public/quotes/${token}/accept`, {
        signerName: 'Claire Martin',
        acceptTerms: true,
        signature: dataUrl(signaturePng()),
      }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ error: 'link_expired' });
      expect((response.body as { message: string }).message).toMatch(
        /^Ce lien a expiré le \d\d\/\d\d\/\d{4}/,
      );
      expect((response.body as { message: string }).message).toContain('contact@durand-maconnerie.fr');
    }

    for (const unknown of [randomBytes(32).toString('base64url'), 'abc', '..%2F..%2Fetc']) {
      const response = await asClient('GET', `/api/public/quotes/${unknown}`);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ error: 'not_found' });
      expect((response.body as { message: string }).message).toContain("Ce lien de devis n'existe pas");
    }
  });

  it('a new e-mail of the quote replaces the earlier link, which then is unknown', async () => {
    const { quote, token } = await sentQuote('Isolation des combles');
    const resent = await company.post(`/api/quotes/${quote.id}/email`, {});
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect((await asClient('GET', `/api/public/quotes/${token}`)).status).toBe(404);
  });

  it('refuses a write without the CSRF header (403), a signature that is not a PNG or is over 200 KB (400), and keeps the quote sent', async () => {
    const { quote, token } = await sentQuote('Enduit intérieur');
    const path = `/api/public/quotes/${token}/accept`;
    const good = { signerName: 'Claire Martin', acceptTerms: true, signature: dataUrl(signaturePng()) };

    const noCsrf = await asClient('POST', path, good, anIp(), false);
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body).toMatchObject({ error: 'csrf' });

    const jpeg = await asClient('POST', path, { ...good, signature: dataUrl(signaturePng(), 'image/jpeg') });
    expect(jpeg.status).toBe(400);
    const fake = await asClient('POST', path, {
      ...good,
      signature: dataUrl(Buffer.from('GIF89a not a png at all')),
    });
    expect(fake.status).toBe(400);
    expect(fake.body).toMatchObject({
      details: [{ path: 'signature', message: 'La signature doit être une image PNG.' }],
    });

    const header = signaturePng().subarray(0, 8);
    const big = Buffer.concat([header, Buffer.alloc(200 * 1024 + 1 - header.byteLength, 1)]);
    const tooLarge = await asClient('POST', path, { ...good, signature: dataUrl(big) });
    expect(tooLarge.status).toBe(400);
    expect((tooLarge.body as { details: { message: string }[] }).details[0]?.message).toContain('200 Ko');

    const noTerms = await asClient('POST', path, { ...good, acceptTerms: false });
    expect(noTerms.status).toBe(400);

    expect(((await company.get(`/api/quotes/${quote.id}`)).body as QuoteBody).status).toBe('sent');
  });

  it('signs the quote as it was sent: the company and the client changed since are not on the page nor on the signed PDF', async () => {
    const email = `client-${randomBytes(4).toString('hex')}@exemple.fr`;
    const created = await company.post('/api/clients', {
      name: 'M. Lefèvre',
      email,
      address: '3 rue des Lilas',
      postalCode: '69100',
      city: 'Villeurbanne',
    });
    expect(created.status).toBe(201);
    const client = created.body as { id: string; version: number };
    const { quote, token } = await sentQuote('Peinture des volets', { id: client.id, email });

    // After the sending: the client renamed and moved, the company moved.
    const renamed = await company.put(`/api/clients/${client.id}`, {
      name: 'M. et Mme Lefèvre-Dupuis',
      email,
      address: '8 impasse Neuve',
      postalCode: '69500',
      city: 'Bron',
      version: client.version,
    });
    expect(renamed.status).toBe(200);
    await completeCompanyProfile(company, {
      email: 'contact@durand-maconnerie.fr',
      address: '99 avenue Nouvelle',
      postalCode: '69200',
      city: 'Vénissieux',
    });
    try {
      const read = await asClient('GET', `/api/public/quotes/${token}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        clientName: 'M. Lefèvre',
        company: expect.objectContaining({ address: '12 rue des Artisans', city: 'Lyon' }),
      });

      const accepted = await asClient('POST', `/api/public/quotes/${token}/accept`, {
        signerName: 'Paul Lefèvre',
        acceptTerms: true,
        signature: dataUrl(signaturePng()),
      });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      const stored = (await company.get(`/api/quotes/${quote.id}`)).body as QuoteBody;
      const download = await company.get(`/api/documents/${stored.signedPdfDocumentId}/download`);
      const signed = await pdfText(
        new Uint8Array(await (await fetch((download.body as { url: string }).url)).arrayBuffer()),
      );
      expect(signed).toContain('Nom : Paul Lefèvre');
      // The seller and the buyer as on the PDF the client received.
      expect(signed).toContain('M. Lefèvre');
      expect(signed).toContain('3 rue des Lilas');
      expect(signed).toContain('12 rue des Artisans');
      expect(signed).not.toContain('Lefèvre-Dupuis');
      expect(signed).not.toContain('8 impasse Neuve');
      expect(signed).not.toContain('99 avenue Nouvelle');
    } finally {
      await completeCompanyProfile(company, { email: 'contact@durand-maconnerie.fr' });
    }
  });

  it('limits the attempts on one link: the 11th within 15 minutes is a 429', async () => {
    const { token } = await sentQuote('Terrasse');
    const path = `/api/public/quotes/${token}/accept`;
    const bad = {
      signerName: 'Claire Martin',
      acceptTerms: true,
      signature: dataUrl(Buffer.from('pas une image')),
    };
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await asClient('POST', path, bad)).status).toBe(400);
    }
    const limited = await asClient('POST', path, bad);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'too_many_attempts' });
    expect((limited.body as { message: string }).message).toMatch(
      /^Trop de tentatives : réessayez dans \d+ minutes?\.$/,
    );
  });
});
