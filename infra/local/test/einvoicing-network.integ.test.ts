/**
 * The e-invoicing network in the product, on the local stack with its local plateforme agréée
 * (docs/einvoicing-network.md, "The product side"): two companies of one stack set up Paramètres ›
 * Facturation électronique; A issues an invoice to B → B receives it as a draft supplier invoice
 * « reçue via la plateforme » → B approves it → A sees « Approuvée »; A records two partial
 * payments → two 212 « Encaissée » with their amounts per VAT rate (each CDAR checked by the XSD
 * and the BR-FR-CDV Schematron); B refuses another → A sees « Refusée » and its reason; the
 * platform down then up → the invoice is issued all the same and its flow goes once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  EinvoicingSettings,
  InvoiceLifecycle,
  SupplierInvoiceLifecycle,
} from '@btp/shared/einvoicing-network';
import { describeValidation } from '../../../functions/src/test-support/factur-x-validation.js';
import { validateCdar } from '../../../functions/src/test-support/cdar-validation.js';
import { startTestStack, type TestStack } from './support.js';
import {
  enableNetwork,
  exchangeFlows,
  invoiceLifecycle,
  issueInvoice,
  networkCompany,
  platformFlows,
  sellerAndBuyer,
  syncNetwork,
  withPlatformFault,
  type IssuedInvoice,
  type NetworkCompany,
} from './support/einvoicing.js';

let stack: TestStack;

interface ReceivedItem {
  id: string;
  number: string;
  status: string;
  supplierReference?: string;
  receivedVia?: string;
  documentId?: string;
  einvoicing?: SupplierInvoiceLifecycle;
}

async function received(who: NetworkCompany, reference: string): Promise<ReceivedItem | undefined> {
  const list = (await who.http.get('/api/supplier-invoices?limit=100')).body as ReceivedItem[];
  return list.find((item) => item.supplierReference === reference);
}

let a: NetworkCompany;
let b: NetworkCompany;

beforeAll(async () => {
  stack = await startTestStack();
  ({ seller: a, buyer: b } = await sellerAndBuyer(stack, 'Maçonnerie Croix-Rousse', 'Immobilière Brotteaux'));
});

afterAll(async () => {
  await stack?.dispose();
});

describe('Paramètres › Facturation électronique', () => {
  it('is prefilled for the local platform, saves without showing the secret, and tests the connection', async () => {
    const prefilled = (await a.http.get('/api/company/einvoicing')).body as EinvoicingSettings;
    expect(prefilled).toEqual({
      platformUrl: stack.paUrl,
      clientId: `btp-${a.siren}`,
      hasSecret: false,
      enabled: false,
      prefilled: true,
    });
    const saved = await enableNetwork(a);
    expect(saved).toEqual({
      platformUrl: stack.paUrl,
      clientId: `btp-${a.siren}`,
      hasSecret: true,
      enabled: true,
      prefilled: false,
    });
    // The secret is in the local secrets file (mode 600), never in an answer.
    const file = join(stack.dataDir, 'einvoicing-secrets.json');
    const secrets = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(secrets[a.companyId]).toMatch(/^[\w-]{40,}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.stringify(saved)).not.toContain(secrets[a.companyId]);

    const tested = await a.http.post('/api/company/einvoicing/test', {});
    expect(tested.status).toBe(200);
    expect((tested.body as EinvoicingSettings).status).toMatchObject({
      state: 'ok',
      message: 'Connexion réussie : la plateforme répond.',
    });
    await enableNetwork(b);
  });

  it('refuses an address in clear HTTP, a wrong secret is a French error on the test', async () => {
    const refused = await a.http.put('/api/company/einvoicing', {
      platformUrl: 'http://pa.exemple.fr',
      clientId: 'x',
      enabled: true,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(
      "L'adresse de la plateforme doit être une adresse https://",
    );

    const other = await networkCompany(stack, 'Charpentes Vaise');
    const missing = await other.http.put('/api/company/einvoicing', {
      platformUrl: 'https://pa.exemple.fr',
      clientId: 'compte-1',
      enabled: false,
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('Le secret client est requis');
    const wrong = await other.http.put('/api/company/einvoicing', {
      platformUrl: stack.paUrl,
      clientId: `btp-${other.siren}`,
      clientSecret: 'pas-le-bon-secret',
      enabled: false,
    });
    expect(wrong.status).toBe(200);
    const tested = (await other.http.post('/api/company/einvoicing/test', {})).body as EinvoicingSettings;
    expect(tested.status).toMatchObject({
      state: 'error',
      message:
        'Identifiants de la plateforme refusés : vérifiez l’identifiant client et le secret dans Paramètres.',
    });
    // Disabled: nothing is submitted nor synced.
    expect((await other.http.post('/api/company/einvoicing/sync', {})).status).toBe(409);
  });
});

describe('two companies exchange invoices and statuses through the platform', () => {
  let invoice: IssuedInvoice;
  let atB: ReceivedItem;

  it('A’s invoice is submitted on issue; B receives it as a draft supplier invoice « reçue via la plateforme »', async () => {
    invoice = await issueInvoice(a);
    expect(invoice.einvoicing).toMatchObject({ network: 'sent', acknowledgement: { status: 'Pending' } });
    await exchangeFlows(stack, b);
    const found = await received(b, invoice.number);
    expect(found).toMatchObject({ status: 'draft', receivedVia: 'platform' });
    atB = found as ReceivedItem;
    expect(atB.einvoicing).toMatchObject({ sellerSiren: a.siren });
    // The file is in B's Documents.
    const documents = (await b.http.get('/api/documents')).body as { id: string; description?: string }[];
    expect(documents.find((doc) => doc.id === atB.documentId)?.description).toContain(
      'via la plateforme agréée',
    );
    // Synced again: nothing new, no second supplier invoice.
    await exchangeFlows(stack, b);
    const list = (await b.http.get('/api/supplier-invoices?limit=100')).body as ReceivedItem[];
    expect(list.filter((item) => item.supplierReference === invoice.number)).toHaveLength(1);
  });

  it('B approves it: A sees the platform’s statuses then « Approuvée »', async () => {
    const answer = await b.http.post(`/api/supplier-invoices/${atB.id}/status`, { status: '205' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body as SupplierInvoiceLifecycle).events).toEqual([
      expect.objectContaining({ status: '205', label: 'Approuvée', direction: 'out', state: 'sent' }),
    ]);
    await exchangeFlows(stack, a);
    const seen = await invoiceLifecycle(a, invoice.id);
    expect(seen.acknowledgement).toEqual({ status: 'Ok' });
    expect(seen.events.map((event) => `${event.status} ${event.label} ${event.direction}`)).toEqual([
      '200 Déposée in',
      '202 Reçue par la plateforme in',
      '203 Mise à disposition in',
      '205 Approuvée in',
    ]);
    // The list's card shows the latest.
    const listed = (await a.http.get(`/api/invoices/${invoice.id}`)).body as { einvoicing: InvoiceLifecycle };
    expect(listed.einvoicing.events).toEqual([expect.objectContaining({ status: '205' })]);
    // Read again: nothing recorded twice.
    await exchangeFlows(stack, a);
    expect((await invoiceLifecycle(a, invoice.id)).events).toHaveLength(4);
  });

  it('A records two partial payments: two 212 « Encaissée » with their amounts per rate, B sees them', async () => {
    // 1 020.00 HT at 20 % + 270.00 HT at 10 % = 1 224.00 + 297.00 = 1 521.00 TTC.
    expect(invoice.totalWithVat).toBe('1521.00');
    let version = invoice.version;
    for (const paidAmount of ['600.00', '400.00']) {
      const paid = await a.http.post(`/api/invoices/${invoice.id}/pay`, { paidAmount, version });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      version = (paid.body as { version: number }).version;
    }
    const collected = (await invoiceLifecycle(a, invoice.id)).events.filter(
      (event) => event.status === '212',
    );
    expect(collected).toEqual([
      expect.objectContaining({
        direction: 'out',
        state: 'sent',
        amount: '600.00',
        collected: [
          { rate: '20.00', amount: '482.84' },
          { rate: '10.00', amount: '117.16' },
        ],
      }),
      expect.objectContaining({
        direction: 'out',
        state: 'sent',
        amount: '400.00',
        collected: [
          { rate: '20.00', amount: '321.89' },
          { rate: '10.00', amount: '78.11' },
        ],
      }),
    ]);
    await stack.paIdle();
    const flows = (await platformFlows(stack)).filter(
      (flow) => flow.owner === a.siren && flow.flowSyntax === 'CDAR' && flow.status?.code === '212',
    );
    expect(flows.map((flow) => [flow.acknowledgement.status, flow.status?.collectedCents])).toEqual([
      ['Ok', 60_000],
      ['Ok', 40_000],
    ]);
    for (const flow of flows) {
      const xml = await (await fetch(`${stack.paUrl}/files/${flow.flowId}`)).text();
      expect(xml.match(/<ram:TypeCode>MEN<\/ram:TypeCode>/g)).toHaveLength(2);
    }
    // B sees them on its supplier invoice.
    await exchangeFlows(stack, b);
    const atBNow = (await b.http.get(`/api/supplier-invoices/${atB.id}/lifecycle`))
      .body as SupplierInvoiceLifecycle;
    expect(atBNow.events.filter((event) => event.status === '212').map((event) => event.collected)).toEqual([
      [
        { rate: '20.00', amount: '482.84' },
        { rate: '10.00', amount: '117.16' },
      ],
      [
        { rate: '20.00', amount: '321.89' },
        { rate: '10.00', amount: '78.11' },
      ],
    ]);
  }, 60_000);

  it('B refuses another: A sees « Refusée » and its reason, and is notified', async () => {
    const other = await issueInvoice(a, [
      { description: 'Chape', unit: 'm²', quantity: 30, unitPrice: '18.00', vatRate: 10 },
    ]);
    await exchangeFlows(stack, b);
    const atBOther = (await received(b, other.number)) as ReceivedItem;
    const missingReason = await b.http.post(`/api/supplier-invoices/${atBOther.id}/status`, {
      status: '210',
    });
    expect(missingReason.status).toBe(400);
    expect(JSON.stringify(missingReason.body)).toContain('Le motif est requis pour ce statut.');
    const refused = await b.http.post(`/api/supplier-invoices/${atBOther.id}/status`, {
      status: '210',
      reasonCode: 'TX_TVA_ERR',
      comment: 'Taux de 20 % attendu sur la chape',
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    // Refused: no further answer.
    expect(
      (await b.http.post(`/api/supplier-invoices/${atBOther.id}/status`, { status: '205' })).status,
    ).toBe(409);
    await exchangeFlows(stack, a);
    const seen = await invoiceLifecycle(a, other.id);
    expect(seen.events.at(-1)).toMatchObject({
      status: '210',
      label: 'Refusée',
      reasonCode: 'TX_TVA_ERR',
      reason: 'Taux de TVA erroné',
      comment: 'Taux de 20 % attendu sur la chape',
      direction: 'in',
    });
    const bell = (await a.http.get('/api/notifications')).body as {
      items: { kind: string; title: string; body?: string }[];
    };
    expect(bell.items).toContainEqual(
      expect.objectContaining({
        kind: 'einvoice_refused',
        title: `Facture ${other.number} : Refusée`,
        body: 'Taux de TVA erroné : Taux de 20 % attendu sur la chape',
      }),
    );
  }, 60_000);

  it('the platform down: the invoice is issued all the same, « à transmettre »; back up, its flow goes once', async () => {
    const down = await withPlatformFault(stack, { status: 503, forMs: 60_000, scope: 'all' }, async () => {
      const issued = await issueInvoice(a, [
        { description: 'Reprise', unit: 'forfait', quantity: 1, unitPrice: '100.00', vatRate: 20 },
      ]);
      expect(issued.number).toMatch(/^FAC-\d{4}-\d{4}$/);
      expect(issued.einvoicing).toMatchObject({
        network: 'pending',
        retry: { attempts: 1, message: 'La plateforme ne répond pas : un nouvel essai sera fait plus tard.' },
      });
      // A sync while it is down: still waiting, the error recorded for Paramètres.
      const run = await syncNetwork(a);
      expect(run.failed).toBeGreaterThanOrEqual(1);
      const settings = (await a.http.get('/api/company/einvoicing')).body as EinvoicingSettings;
      expect(settings.status).toMatchObject({ state: 'error' });
      return issued;
    });
    await exchangeFlows(stack, a);
    expect((await invoiceLifecycle(a, down.id)).network).toBe('sent');
    await exchangeFlows(stack, a);
    const flows = (await platformFlows(stack)).filter(
      (flow) => flow.owner === a.siren && flow.flowDirection === 'Out' && flow.trackingId === down.id,
    );
    expect(flows).toHaveLength(1);
    const settings = (await a.http.get('/api/company/einvoicing')).body as EinvoicingSettings;
    expect(settings.status).toMatchObject({ state: 'ok' });
  }, 60_000);

  it('keeps each company’s records to itself', async () => {
    expect((await b.http.get(`/api/invoices/${invoice.id}/lifecycle`)).status).toBe(404);
    expect((await a.http.get(`/api/supplier-invoices/${atB.id}/lifecycle`)).status).toBe(404);
    expect((await a.http.post(`/api/supplier-invoices/${atB.id}/status`, { status: '204' })).status).toBe(
      404,
    );
  });
  // Last: SaxonJS holds the event loop for seconds, and the stack's server shares it.
  it('every status the product sent passes the CDAR XSD and the BR-FR-CDV Schematron', async () => {
    await stack.paIdle();
    const sent = (await platformFlows(stack)).filter(
      (flow) =>
        (flow.owner === a.siren || flow.owner === b.siren) &&
        flow.flowDirection === 'Out' &&
        flow.flowSyntax === 'CDAR',
    );
    // B's 205 and 210, A's two 212.
    expect(sent.map((flow) => flow.status?.code).sort()).toEqual(['205', '210', '212', '212']);
    const files = await Promise.all(
      sent.map(async (flow) => (await fetch(`${stack.paUrl}/files/${flow.flowId}`)).text()),
    );
    stack.closeIdleConnections();
    // Their clients see the connections closed before the loop is held.
    await new Promise((resolve) => setImmediate(resolve));
    for (const xml of files) expect(describeValidation(await validateCdar(xml))).toBe('');
  }, 60_000);
});
