/**
 * The local plateforme agréée in the whole local stack (docs/einvoicing-network.md): two companies
 * registered through the API are its directory; A issues an invoice to B through the product's own
 * send path (a Factur-X archive), submits it with the typed client; B finds it, reads the file and
 * the product's own reception reads it back; B approves it and A receives the status after the
 * platform's own (Déposée, Reçue, Mise à disposition); the platform down then up: the status goes
 * once; the page lists it all. Every exchange is checked against the AFNOR XP Z12-013 annexes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readEInvoice } from '../../../functions/src/einvoicing/import/read-e-invoice.js';
import { readCdar } from '../../../functions/src/einvoicing/network/cdar-reader.js';
import { writeCdar, type CdarStatusMessage } from '../../../functions/src/einvoicing/network/cdar-writer.js';
import {
  createPlatformClient,
  type PlatformClient,
} from '../../../functions/src/einvoicing/network/platform-client.js';
import { PlatformError } from '../../../functions/src/einvoicing/network/platform-errors.js';
import { endpointsUnder } from '../../../functions/src/einvoicing/network/platform-http.js';
import { logger } from '../../../functions/src/lib/logger.js';
import {
  exchangesProblems,
  recordingFetch,
  type RecordedExchange,
} from '../../../functions/src/test-support/annex-validator.js';
import { localPlatformCredentials } from '../src/pa-local-auth.js';
import type { TestClient } from './http-client.js';
import { startTestStack, type TestStack } from './support.js';
import { companyWithClient, tilleuls } from './support/records.js';

let stack: TestStack;
const exchanges: RecordedExchange[] = [];

interface Company {
  http: TestClient;
  name: string;
  siren: string;
  platform: PlatformClient;
}

/** Two valid SIRETs (Luhn) and their VAT numbers. */
const identities = {
  seller: { siret: '81234567600017', vatNumber: 'FR19812345676' },
  buyer: { siret: '40483304800022', vatNumber: 'FR83404833048' },
};

/**
 * A company with a complete profile and a client (`buyer`: a company of the stack, by its SIRET),
 * and its client of the local platform, credentials as N2 prefills them.
 */
async function company(
  name: string,
  identity: { siret: string; vatNumber: string },
  buyer?: { name: string; siret: string },
): Promise<Company & { clientId: string }> {
  const records = await companyWithClient(stack, name, {
    profile: identity,
    ...(buyer
      ? { client: { ...tilleuls, name: buyer.name, siret: buyer.siret, email: 'compta@client.fr' } }
      : {}),
  });
  const profile = (await records.http.get('/api/company')).body as { name: string };
  const siren = identity.siret.slice(0, 9);
  const paUrl = process.env.PA_LOCAL_URL ?? '';
  const platform = createPlatformClient({
    ...endpointsUnder(paUrl),
    credentials: localPlatformCredentials(process.env.PA_LOCAL_KEY ?? '', siren),
    fetch: recordingFetch(
      { flow: `${paUrl}/flow-service`, directory: `${paUrl}/directory-service` },
      exchanges,
    ),
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
  });
  return { http: records.http, name: profile.name, siren, platform, clientId: records.clientId };
}

let a: Company & { clientId: string };
let b: Company & { clientId: string };
let invoice: { id: string; number: string; issueDate: string };
let pdf: Uint8Array;

beforeAll(async () => {
  stack = await startTestStack();
  b = await company('Immobilière Saône', identities.buyer);
  a = await company('Bâtir Rhône', identities.seller, { name: b.name, siret: identities.buyer.siret });

  const draft = await a.http.post('/api/invoices', {
    clientId: a.clientId,
    title: 'Travaux de maçonnerie',
    lines: [
      { description: 'Mur en parpaings', unit: 'm²', quantity: 12, unitPrice: '85.00', vatRate: 20 },
      { description: 'Enduit', unit: 'm²', quantity: 12, unitPrice: '22.50', vatRate: 10 },
    ],
  });
  expect(draft.status).toBe(201);
  const { id, version } = draft.body as { id: string; version: number };
  const sent = await a.http.post(`/api/invoices/${id}/send`, { version });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  invoice = sent.body as typeof invoice;
  const link = await a.http.get(`/api/invoices/${id}/pdf`);
  pdf = new Uint8Array(await (await fetch((link.body as { url: string }).url)).arrayBuffer());
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await stack?.dispose();
});

function buyerStatus(status: '204' | '205', messageId: string): CdarStatusMessage {
  return {
    messageId,
    issuedAt: new Date(),
    status,
    invoice: {
      number: invoice.number,
      issueDate: invoice.issueDate,
      typeCode: '380',
      sellerSiren: a.siren,
      buyerSiren: b.siren,
    },
    issuer: { role: 'BY', siren: b.siren, name: b.name },
    recipients: [{ role: 'SE', siren: a.siren, name: a.name }],
  };
}

async function submitStatus(who: Company, message: CdarStatusMessage) {
  return who.platform.flow.submitFlow({
    file: new TextEncoder().encode(writeCdar(message)),
    fileName: `${message.messageId}.xml`,
    flowSyntax: 'CDAR',
    trackingId: message.messageId,
  });
}

/** The statuses of our invoice A received, in order. */
async function statusesAtSeller(): Promise<string[]> {
  const statuses: string[] = [];
  for await (const flow of a.platform.flow.allFlows({
    flowType: ['CustomerInvoiceLC'],
    flowDirection: ['In'],
  })) {
    const { bytes } = await a.platform.flow.getFlowFile(flow.flowId);
    for (const status of readCdar(bytes).statuses) {
      if (status.invoiceNumber === invoice.number) statuses.push(`${status.status} ${status.statusLabel}`);
    }
  }
  return statuses;
}

describe('two companies of the stack exchange an invoice and its statuses through /_pa', () => {
  it('lists the stack’s companies in its directory, and gives an account to each', async () => {
    expect(process.env.PA_LOCAL_URL).toBe(stack.paUrl);
    expect(await b.platform.directory.legalUnit(a.siren)).toMatchObject({
      siren: a.siren,
      businessName: a.name,
    });
    expect(await a.platform.directory.addressing(b.siren)).toMatchObject({ addressable: true });
    expect(await a.platform.directory.addressing('552100554')).toEqual({ addressable: false, lines: [] });
    await a.platform.flow.healthcheck();
    await b.platform.flow.healthcheck();
  });

  it('A submits the Factur-X its send path archived; B finds it as a supplier invoice and reads it', async () => {
    const { flowId } = await a.platform.flow.submitFlow({
      file: pdf,
      fileName: `${invoice.number}.pdf`,
      flowSyntax: 'Factur-X',
      processingRule: 'B2B',
      flowProfile: 'CIUS',
      trackingId: invoice.id,
    });
    await stack.paIdle();
    expect((await a.platform.flow.getFlow(flowId)).acknowledgement).toEqual({ status: 'Ok' });

    const received = [];
    for await (const flow of b.platform.flow.allFlows({
      flowType: ['SupplierInvoice'],
      flowDirection: ['In'],
    })) {
      received.push(flow);
    }
    expect(received).toHaveLength(1);
    const file = await b.platform.flow.getFlowFile(received[0]?.flowId ?? '');
    expect(Buffer.from(file.bytes).equals(Buffer.from(pdf))).toBe(true);
    const read = await readEInvoice(file.bytes);
    expect(read.invoice).toMatchObject({ number: invoice.number, seller: { siren: a.siren } });
  });

  it('B approves it: A receives 205 after the platform’s 200, 202 and 203', async () => {
    await submitStatus(b, buyerStatus('205', `APPROBATION-${invoice.id}`));
    await stack.paIdle();
    expect(await statusesAtSeller()).toEqual([
      '200 Déposée',
      '202 Reçue par la plateforme',
      '203 Mise à disposition',
      '205 Approuvée',
    ]);
  });

  it('the platform down then up: the status submitted again goes once', async () => {
    const message = buyerStatus('204', `PRISE-EN-CHARGE-${invoice.id}`);
    const admin = (method: string, body?: unknown) =>
      fetch(`${stack.paUrl}/admin/faults`, {
        method,
        ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
      });
    // As many refusals as the client's attempts: nothing left for the worker's next file.
    expect((await admin('POST', { status: 503, count: 2, scope: 'flow' })).status).toBe(204);
    const credentials = localPlatformCredentials(process.env.PA_LOCAL_KEY ?? '', b.siren);
    const down = createPlatformClient({
      ...endpointsUnder(stack.paUrl),
      credentials,
      retry: { attempts: 2, baseDelayMs: 1 },
    });
    // The retry's line is read here rather than printed. (Setting the logger's level would not hold:
    // each invocation of the stack's handlers sets it back to LOG_LEVEL.)
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const error = await down.flow
      .submitFlow({
        file: new TextEncoder().encode(writeCdar(message)),
        fileName: 'statut.xml',
        flowSyntax: 'CDAR',
        trackingId: message.messageId,
      })
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: 'unavailable', retryable: true });
    expect(warn).toHaveBeenCalledWith(
      'Plateforme agréée : nouvel essai',
      expect.objectContaining({ operation: 'createFlow', attempt: 1, reason: 503 }),
    );
    expect(JSON.stringify(warn.mock.calls)).not.toContain(credentials.clientSecret);

    expect((await admin('DELETE')).status).toBe(204);
    const first = await submitStatus(b, message);
    const again = await submitStatus(b, message);
    expect(again.flowId).toBe(first.flowId);
    await stack.paIdle();
    expect((await statusesAtSeller()).filter((status) => status.startsWith('204'))).toEqual([
      '204 Prise en charge',
    ]);
  });

  it('shows the flows on its page', async () => {
    const page = await fetch(`${stack.paUrl}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Facture ${invoice.number}`);
    expect(html).toContain('205 Approuvée');
    expect(html).toContain(a.siren);
    expect(html).toContain(b.siren);
    expect((await fetch(stack.paUrl, { redirect: 'manual' })).headers.get('location')).toBe('/_pa/');
  });

  it('answered every request as the annexes describe it', async () => {
    expect(exchanges.length).toBeGreaterThan(10);
    expect(await exchangesProblems(exchanges)).toEqual([]);
  });
});
