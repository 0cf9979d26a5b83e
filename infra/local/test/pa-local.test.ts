/**
 * The typed client of the e-invoicing network (functions/src/einvoicing/network) against the local
 * plateforme agréée really running (infra/local/src/pa-local.ts, on a server of its own, its
 * directory three companies): the token, `Request-Id`, retries on 401/429/5xx/timeouts produced by
 * the platform's fault hooks, French errors that name no secret; then two companies exchanging an
 * invoice and its statuses, the platform's acknowledgements and refusals, its directory, its page,
 * and its flows kept across a restart. Every request the client sent and every answer it got is
 * checked against the AFNOR XP Z12-013 annexes at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readCdar } from '../../../functions/src/einvoicing/network/cdar-reader.js';
import {
  collectedPaymentMessage,
  writeCdar,
  type CdarStatusMessage,
} from '../../../functions/src/einvoicing/network/cdar-writer.js';
import type { FlowClient, FlowSubmission } from '../../../functions/src/einvoicing/network/flow-client.js';
import {
  createPlatformClient,
  type PlatformClient,
} from '../../../functions/src/einvoicing/network/platform-client.js';
import { PlatformError } from '../../../functions/src/einvoicing/network/platform-errors.js';
import {
  endpointsUnder,
  type PlatformHttpOptions,
} from '../../../functions/src/einvoicing/network/platform-http.js';
import { logger } from '../../../functions/src/lib/logger.js';
import { importMessages } from '../../../functions/src/einvoicing/import/import-errors.js';
import { renderInvoicePdf, renderQuotePdf } from '../../../functions/src/pdf/render.js';
import {
  companyInvoiceInput,
  individualQuoteInput,
  sampleCompanyBuyer,
} from '../../../functions/src/pdf/sample-documents.js';
import {
  exchangesProblems,
  recordingFetch,
  type RecordedExchange,
} from '../../../functions/src/test-support/annex-validator.js';
import { localPlatformCredentials } from '../src/pa-local-auth.js';
import { createPaLocal, isPaPath, type PaLocal } from '../src/pa-local.js';
import type { PaCompany } from '../src/pa-local-processing.js';
import type { StoredFlow } from '../src/pa-local-store.js';

const key = 'clé-des-comptes-de-la-plateforme-de-test';
const seller: PaCompany = { siren: '812345676', siret: '81234567600017', name: 'Bâtir Rhône Construction' };
const buyer: PaCompany = {
  siren: '418765432',
  siret: '41876543200012',
  name: 'Immobilière Saône',
  address: '45 quai Saint-Vincent',
  postalCode: '69001',
  city: 'Lyon',
};
const outsider: PaCompany = { siren: '732829320', name: 'Durand & Fils' };

const dataDir = mkdtempSync(join(tmpdir(), 'btp-pa-'));
let pa: PaLocal;
let server: Server;
let base: string;
const exchanges: RecordedExchange[] = [];
/** Restored at the end: the files of a worker share the logger (isolate: false). */
const logLevel = logger.getLevelName();

function startPlatform(): PaLocal {
  return createPaLocal({
    directory: join(dataDir, 'pa'),
    credentialsKey: key,
    companies: () => Promise.resolve([seller, buyer, outsider]),
  });
}

beforeAll(async () => {
  pa = startPlatform();
  server = createServer((request, response) => {
    if (isPaPath(new URL(request.url ?? '/', 'http://localhost').pathname)) void pa.handle(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/_pa`;
  // The retries' warnings are checked through a spy; their lines would only clutter the output.
  logger.setLogLevel('SILENT');
});

afterEach(async () => {
  await admin('DELETE', '/faults');
  vi.restoreAllMocks();
});

afterAll(async () => {
  logger.setLogLevel(logLevel);
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

/** The local platform's admin path (faults, flows, counts). */
async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}/admin${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  expect(response.status).toBeLessThan(300);
  return response.status === 204 ? undefined : response.json();
}
const stats = async () => (await admin('GET', '/stats')) as Record<string, number>;
const storedFlows = async () => (await admin('GET', '/flows')) as StoredFlow[];

/** A client of `company`'s account, recording its exchanges; retries quick (a test waits little). */
function clientOf(company: PaCompany, options: Partial<PlatformHttpOptions> = {}): PlatformClient {
  return createPlatformClient({
    ...endpointsUnder(base),
    credentials: localPlatformCredentials(key, company.siren),
    fetch: recordingFetch(
      { flow: `${base}/flow-service`, directory: `${base}/directory-service` },
      exchanges,
    ),
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
    ...options,
  });
}

/** What a call refused with (a PlatformError), or a failure if it succeeded. */
async function failure(call: Promise<unknown>): Promise<PlatformError> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformError);
    return error as PlatformError;
  }
  throw new Error('the call succeeded');
}

const sellerInvoice = companyInvoiceInput();
const invoiceNumber = sellerInvoice.invoice.number ?? '';
let invoicePdf: Uint8Array;

function invoiceSubmission(fields: Partial<FlowSubmission> = {}): FlowSubmission {
  return {
    file: invoicePdf,
    fileName: `${invoiceNumber}.pdf`,
    flowSyntax: 'Factur-X',
    processingRule: 'B2B',
    flowProfile: 'CIUS',
    trackingId: 'facture-0017',
    ...fields,
  };
}

/** A status about the seller's invoice, from `issuer` to the other party. */
function statusAbout(
  fields: Partial<CdarStatusMessage> & Pick<CdarStatusMessage, 'status'>,
): CdarStatusMessage {
  return {
    messageId: `MSG-${fields.status}-${Math.random().toString(36).slice(2, 8)}`,
    issuedAt: new Date(),
    invoice: {
      number: invoiceNumber,
      issueDate: sellerInvoice.invoice.issueDate ?? '',
      typeCode: '380',
      sellerSiren: seller.siren,
      buyerSiren: buyer.siren,
    },
    issuer: { role: 'BY', siren: buyer.siren },
    recipients: [{ role: 'SE', siren: seller.siren }],
    ...fields,
  };
}

function cdarSubmission(message: CdarStatusMessage): FlowSubmission {
  return {
    file: new TextEncoder().encode(writeCdar(message)),
    fileName: `${message.messageId}.xml`,
    flowSyntax: 'CDAR',
    trackingId: message.messageId,
  };
}

/** Submits, waits for the platform to acknowledge, answers the flow as the submitter sees it. */
async function submitted(client: FlowClient, submission: FlowSubmission) {
  const { flowId } = await client.submitFlow(submission);
  await pa.idle();
  return client.getFlow(flowId);
}

/** The statuses an account received about the seller's invoice, read from their CDAR files. */
async function statusesReceived(client: FlowClient, flowType: 'CustomerInvoiceLC' | 'SupplierInvoiceLC') {
  const statuses = [];
  for await (const flow of client.allFlows({ flowType: [flowType], flowDirection: ['In'] })) {
    const file = await client.getFlowFile(flow.flowId);
    statuses.push(
      ...readCdar(file.bytes).statuses.filter((status) => status.invoiceNumber === invoiceNumber),
    );
  }
  return statuses;
}

describe('the client: token, Request-Id, retries, French errors', () => {
  it('asks for a token once, for concurrent calls too, and again once it has expired', async () => {
    let clock = Date.now();
    const client = clientOf(seller, { now: () => clock });
    const before = (await stats()).token ?? 0;
    await Promise.all([client.flow.healthcheck(), client.flow.healthcheck(), client.directory.healthcheck()]);
    await client.flow.healthcheck();
    expect((await stats()).token).toBe(before + 1);
    clock += 3600 * 1000;
    await client.flow.healthcheck();
    expect((await stats()).token).toBe(before + 2);
  });

  it('sends a Request-Id (a UUID) on every call', async () => {
    const from = exchanges.length;
    await clientOf(seller).flow.searchFlows({ where: { flowDirection: ['In'] } });
    const sent = exchanges.slice(from);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers['request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('refuses wrong credentials with a French message that names no secret', async () => {
    const secret = 'secret-faux-123456';
    const warn = vi.spyOn(logger, 'warn');
    const error = await failure(
      createPlatformClient({
        ...endpointsUnder(base),
        credentials: { clientId: `btp-${seller.siren}`, clientSecret: secret },
      }).flow.healthcheck(),
    );
    expect(error.kind).toBe('credentials');
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(
      'Identifiants de la plateforme refusés : vérifiez l’identifiant client et le secret dans Paramètres.',
    );
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain(secret);
    expect(JSON.stringify(warn.mock.calls)).not.toContain(secret);
    // A SIREN outside the directory has no account, whatever its secret.
    const stranger = await failure(
      createPlatformClient({
        ...endpointsUnder(base),
        credentials: localPlatformCredentials(key, '552100554'),
      }).flow.healthcheck(),
    );
    expect(stranger.kind).toBe('credentials');
  });

  it('asks for a new token once when the platform refuses its token, and gives up at the second refusal', async () => {
    const client = clientOf(seller);
    await client.flow.healthcheck();
    const before = (await stats()).token ?? 0;
    await admin('POST', '/faults', { status: 401, count: 1, scope: 'flow' });
    await client.flow.searchFlows({ where: { flowDirection: ['Out'] } });
    expect((await stats()).token).toBe(before + 1);
    await admin('POST', '/faults', { status: 401, count: 2, scope: 'flow' });
    expect((await failure(client.flow.searchFlows({ where: { flowDirection: ['Out'] } }))).kind).toBe(
      'credentials',
    );
  });

  it('retries a platform down (503, 500) with the same Request-Id, logging no token, and succeeds once it is up', async () => {
    const client = clientOf(seller);
    await client.flow.healthcheck();
    const warn = vi.spyOn(logger, 'warn');
    const from = exchanges.length;
    await admin('POST', '/faults', { status: 503, count: 2, scope: 'flow' });
    const page = await client.flow.searchFlows({ where: { flowDirection: ['Out'] } });
    expect(page.results).toBeDefined();
    const attempts = exchanges.slice(from);
    expect(attempts.map((exchange) => exchange.response.status)).toEqual([503, 503, 200]);
    expect(new Set(attempts.map((exchange) => exchange.headers['request-id'])).size).toBe(1);
    expect(warn).toHaveBeenCalledTimes(2);
    const token = attempts[0]?.headers.authorization?.replace('Bearer ', '') ?? '';
    expect(token.length).toBeGreaterThan(20);
    expect(JSON.stringify(warn.mock.calls)).not.toContain(token);

    await admin('POST', '/faults', { status: 500, count: 10, scope: 'flow' });
    const error = await failure(
      clientOf(seller, { retry: { attempts: 3, baseDelayMs: 1 } }).flow.searchFlows({
        where: { flowDirection: ['Out'] },
      }),
    );
    expect(error).toMatchObject({
      kind: 'unavailable',
      status: 500,
      retryable: true,
      errorCode: 'INTERNAL_ERROR',
    });
    expect(error.message).toBe('La plateforme ne répond pas : un nouvel essai sera fait plus tard.');
  });

  it('waits what Retry-After asks on a 429', async () => {
    const waits: number[] = [];
    const client = clientOf(seller, {
      sleep: (ms) => {
        waits.push(ms);
        return new Promise((resolve) => setTimeout(resolve, 1));
      },
    });
    await client.flow.healthcheck();
    await admin('POST', '/faults', { status: 429, retryAfterSeconds: 2, count: 1, scope: 'flow' });
    await client.flow.searchFlows({ where: { flowDirection: ['In'] } });
    expect(waits).toEqual([2000]);
  });

  it('gives up when the platform cannot be reached, as unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(
      createPlatformClient({
        ...endpointsUnder(`http://127.0.0.1:${port}/_pa`),
        credentials: localPlatformCredentials(key, seller.siren),
        retry: { attempts: 2, baseDelayMs: 1 },
      }).flow.healthcheck(),
    );
    expect(error).toMatchObject({ kind: 'unavailable', operation: 'token', retryable: true });
  });
});

describe('two companies exchange an invoice and its statuses through the local platform', () => {
  beforeAll(async () => {
    invoicePdf = new Uint8Array(await renderInvoicePdf(sellerInvoice));
    // The sample's buyer is the second company of the directory.
    expect(sampleCompanyBuyer.siren).toBe(buyer.siren);
  });

  it('A submits a Factur-X invoice: acknowledged, B receives it as a SupplierInvoice, A gets 200, 202, 203', async () => {
    const a = clientOf(seller);
    const b = clientOf(buyer);
    const sent = await submitted(a.flow, invoiceSubmission());
    expect(sent).toMatchObject({
      flowDirection: 'Out',
      flowType: 'CustomerInvoice',
      processingRule: 'B2B',
      processingRuleSource: 'Input',
      trackingId: 'facture-0017',
      acknowledgement: { status: 'Ok' },
    });

    const received = [];
    for await (const flow of b.flow.allFlows({ flowType: ['SupplierInvoice'], flowDirection: ['In'] }))
      received.push(flow);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      name: `${invoiceNumber}.pdf`,
      flowSyntax: 'Factur-X',
      acknowledgement: { status: 'Ok' },
    });
    expect(received[0]?.trackingId).toBeUndefined();
    const file = await b.flow.getFlowFile(received[0]?.flowId ?? '');
    expect(file.contentType).toBe('application/octet-stream');
    expect(file.fileName).toBe(`${invoiceNumber}.pdf`);
    expect(Buffer.from(file.bytes).equals(Buffer.from(invoicePdf))).toBe(true);

    const statuses = await statusesReceived(a.flow, 'CustomerInvoiceLC');
    expect(statuses.map((status) => `${status.status} ${status.statusLabel}`)).toEqual([
      '200 Déposée',
      '202 Reçue par la plateforme',
      '203 Mise à disposition',
    ]);
    // Another account's flow answers as an unknown one.
    expect((await failure(clientOf(outsider).flow.getFlow(received[0]?.flowId ?? ''))).kind).toBe(
      'not_found',
    );
  });

  it('the same flow submitted twice is one flow', async () => {
    const a = clientOf(seller);
    const first = await a.flow.submitFlow(invoiceSubmission());
    const again = await a.flow.submitFlow(invoiceSubmission());
    expect(again.flowId).toBe(first.flowId);
    const mine = [];
    for await (const flow of a.flow.allFlows({ trackingId: 'facture-0017' })) mine.push(flow);
    expect(mine).toHaveLength(1);
  });

  it('B approves it: A receives 205 « Approuvée » as a CustomerInvoiceLC', async () => {
    const b = clientOf(buyer);
    const sent = await submitted(b.flow, cdarSubmission(statusAbout({ status: '205' })));
    expect(sent).toMatchObject({
      flowType: 'SupplierInvoiceLC',
      flowDirection: 'Out',
      acknowledgement: { status: 'Ok' },
    });
    const statuses = await statusesReceived(clientOf(seller).flow, 'CustomerInvoiceLC');
    expect(statuses.at(-1)).toMatchObject({
      status: '205',
      statusLabel: 'Approuvée',
      sellerSiren: seller.siren,
    });
  });

  it('A records two partial payments: B receives two 212 with their MEN per rate; never beyond the TTC', async () => {
    const a = clientOf(seller);
    const { invoice } = sellerInvoice;
    const breakdown = (invoice.vatBreakdown ?? []).map((entry) => ({
      rateHundredths: Math.round(Number(entry.rate) * 100),
      baseCents: Math.round(Number(entry.base) * 100),
      amountCents: Math.round(Number(entry.amount) * 100),
    }));
    const payment = (messageId: string, amountCents: number) =>
      cdarSubmission(
        collectedPaymentMessage({
          messageId,
          receivedAt: new Date(),
          amountCents,
          vatBreakdown: breakdown,
          invoice: { ...statusAbout({ status: '212' }).invoice, buyerSiren: buyer.siren },
        }),
      );
    expect((await submitted(a.flow, payment('PAY-1', 100_000))).acknowledgement.status).toBe('Ok');
    expect((await submitted(a.flow, payment('PAY-2', 50_001))).acknowledgement.status).toBe('Ok');
    const received = await statusesReceived(clientOf(buyer).flow, 'SupplierInvoiceLC');
    const collected = received.filter((status) => status.status === '212').map((status) => status.collected);
    expect(collected).toHaveLength(2);
    expect(collected.map((parts) => parts.reduce((sum, part) => sum + part.amountCents, 0))).toEqual([
      100_000, 50_001,
    ]);
    expect(collected[0]?.map((part) => part.rateHundredths)).toEqual(
      breakdown.map((entry) => entry.rateHundredths),
    );

    const total = Math.round(Number(invoice.totalWithVat) * 100);
    const tooMuch = await submitted(a.flow, payment('PAY-3', total));
    expect(tooMuch.acknowledgement).toMatchObject({
      status: 'Error',
      details: [{ level: 'Error', reasonCode: 'InvoiceLCAmountError' }],
    });
  });

  it('acknowledges Error a status about an unknown invoice, or from a SIREN that is not its buyer', async () => {
    const unknown = await submitted(
      clientOf(buyer).flow,
      cdarSubmission(
        statusAbout({
          status: '205',
          invoice: { ...statusAbout({ status: '205' }).invoice, number: 'FAC-9999' },
        }),
      ),
    );
    expect(unknown.acknowledgement).toMatchObject({
      status: 'Error',
      details: [{ reasonCode: 'InvoiceLCRuleError' }],
    });
    expect(unknown.acknowledgement.details?.[0]?.reasonMessage).toContain(
      'Facture inconnue de la plateforme',
    );

    const stranger = await submitted(
      clientOf(outsider).flow,
      cdarSubmission(
        statusAbout({ status: '210', reasonCode: 'DOUBLON', issuer: { role: 'BY', siren: outsider.siren } }),
      ),
    );
    expect(stranger.acknowledgement).toMatchObject({
      status: 'Error',
      details: [{ reasonCode: 'InvoiceLCAccessDenied' }],
    });

    // A message issued in another company's name.
    const spoofed = await submitted(clientOf(outsider).flow, cdarSubmission(statusAbout({ status: '205' })));
    expect(spoofed.acknowledgement).toMatchObject({
      status: 'Error',
      details: [{ reasonCode: 'InvoiceLCAccessDenied' }],
    });
    // A status the buyer does not give.
    const sellerStatus = await submitted(
      clientOf(buyer).flow,
      cdarSubmission(statusAbout({ status: '212', collected: [{ rateHundredths: 2000, amountCents: 100 }] })),
    );
    expect(sellerStatus.acknowledgement).toMatchObject({
      status: 'Error',
      details: [{ reasonCode: 'InvoiceLCStatusError' }],
    });
  });

  it('acknowledges Error a file that is not an invoice, with the reading’s French message', async () => {
    const quote = new Uint8Array(await renderQuotePdf(individualQuoteInput()));
    const flow = await submitted(
      clientOf(seller).flow,
      invoiceSubmission({ file: quote, fileName: 'devis.pdf', trackingId: 'devis-1' }),
    );
    expect(flow.acknowledgement).toEqual({
      status: 'Error',
      details: [
        {
          level: 'Error',
          item: 'file',
          reasonCode: 'InvalidSchema',
          reasonMessage: importMessages.pdfWithoutInvoice,
        },
      ],
    });
    const notXml = await submitted(clientOf(seller).flow, {
      file: new TextEncoder().encode('pas du XML'),
      fileName: 'x.xml',
      flowSyntax: 'CDAR',
      trackingId: 'cdar-x',
    });
    expect(notXml.acknowledgement.status).toBe('Error');
  });

  it('rejects (213, destinataire inconnu) an invoice to a SIREN outside the directory', async () => {
    const elsewhere = companyInvoiceInput({ number: 'FAC-2026-0099' });
    elsewhere.buyer = {
      ...elsewhere.buyer,
      siren: '552100554',
      siret: '55210055400013',
      vatNumber: undefined,
    };
    const file = new Uint8Array(await renderInvoicePdf(elsewhere));
    const a = clientOf(seller);
    expect(
      (
        await submitted(
          a.flow,
          invoiceSubmission({ file, fileName: 'FAC-2026-0099.pdf', trackingId: 'facture-0099' }),
        )
      ).acknowledgement.status,
    ).toBe('Ok');
    const rejected = [];
    for await (const flow of a.flow.allFlows({ flowType: ['CustomerInvoiceLC'] })) {
      const [status] = readCdar((await a.flow.getFlowFile(flow.flowId)).bytes).statuses;
      if (status?.invoiceNumber === 'FAC-2026-0099') rejected.push(status);
    }
    expect(rejected.map((status) => [status.status, status.reasons[0]?.code])).toEqual([
      ['200', undefined],
      ['213', 'DEST_INC'],
    ]);
  });

  it('a submission the platform took although its answer came too late, or was lost, goes once', async () => {
    const a = clientOf(seller, { timeoutMs: 300 });
    await a.flow.healthcheck();
    const encaissee = (messageId: string) =>
      cdarSubmission(
        statusAbout({
          messageId,
          status: '212',
          collected: [{ rateHundredths: 2000, amountCents: 1 }],
          issuer: { role: 'SE', siren: seller.siren },
          recipients: [{ role: 'BY', siren: buyer.siren }],
        }),
      );
    for (const [messageId, fault] of [
      ['LATE-1', { delayMs: 1500, count: 1, scope: 'flow' }],
      ['LOST-1', { status: 500, afterHandling: true, count: 1, scope: 'flow' }],
    ] as const) {
      const before = (await stats()).createFlow ?? 0;
      await admin('POST', '/faults', fault);
      const { flowId } = await a.flow.submitFlow(encaissee(messageId));
      await pa.idle();
      const same = (await storedFlows()).filter((flow) => flow.trackingId === messageId);
      expect(same.map((flow) => flow.flowId)).toEqual([flowId]);
      expect(same[0]?.acknowledgement.status).toBe('Ok');
      // The platform handled one POST: the client found that flow by its tracking id instead of posting again.
      expect((await stats()).createFlow).toBe(before + 1);
    }
  });

  it('pages through the flows with the cursor', async () => {
    const a = clientOf(seller);
    const all =
      (await a.flow.searchFlows({ where: { flowDirection: ['In', 'Out'] }, limit: 100 })).results ?? [];
    expect(all.length).toBeGreaterThan(5);
    const paged = [];
    for await (const flow of a.flow.allFlows({ flowDirection: ['In', 'Out'] }, { limit: 2 }))
      paged.push(flow.flowId);
    expect(paged).toEqual(all.map((flow) => flow.flowId));
    const later = await a.flow.searchFlows({ where: { updatedAfter: all.at(-2)?.updatedAt ?? '' } });
    expect((later.results ?? []).every((flow) => flow.updatedAt > (all.at(-2)?.updatedAt ?? ''))).toBe(true);
  });
});

describe('the local platform', () => {
  it('lists the companies of its directory by SIREN and SIRET', async () => {
    const { directory } = clientOf(seller);
    expect(await directory.legalUnit(buyer.siren)).toEqual({
      siren: buyer.siren,
      businessName: buyer.name,
      entityType: 'PrivateVatRegistered',
      administrativeStatus: 'A',
    });
    expect(await directory.legalUnit('552100554')).toBeUndefined();
    expect(await directory.facility(buyer.siret ?? '')).toMatchObject({
      siret: buyer.siret,
      siren: buyer.siren,
      address: { postalCode: '69001', locality: 'Lyon', countryCode: 'FR' },
    });
    expect(await directory.addressing(buyer.siren)).toMatchObject({
      addressable: true,
      lines: [
        { addressingIdentifier: `0225:${buyer.siren}`, directoryLineStatus: 'Enabled', platformType: 'WK' },
      ],
    });
    expect(await directory.directoryLine(`0225:${buyer.siren}`)).toMatchObject({ siren: buyer.siren });
    expect(await directory.addressing('552100554')).toEqual({ addressable: false, lines: [] });
    // No routing codes on the local platform.
    expect(await directory.routingCode(buyer.siret ?? '', 'SERVICE-1')).toBeUndefined();
    expect(
      await directory.searchRoutingCodes({ filters: { siret: { op: 'strict', value: buyer.siret } } }),
    ).toMatchObject({ totalNumberOfResults: 0, results: [] });
    expect((await failure(directory.legalUnit('12345'))).kind).toBe('invalid_input');
  });

  it('keeps its flows across a restart', async () => {
    const before = await storedFlows();
    const restarted = startPlatform();
    const restartedServer = createServer((request, response) => void restarted.handle(request, response));
    await new Promise<void>((resolve) => restartedServer.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(restartedServer.address() as AddressInfo).port}/_pa/admin/flows`;
      const after = (await (await fetch(url)).json()) as StoredFlow[];
      expect(after.map((flow) => flow.flowId)).toEqual(before.map((flow) => flow.flowId));
    } finally {
      restartedServer.closeAllConnections();
      await new Promise<void>((resolve) => restartedServer.close(() => resolve()));
    }
  });

  it('shows its flows and its directory on its page', async () => {
    const response = await fetch(`${base}/`);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain(`Facture ${invoiceNumber}`);
    expect(html).toContain('Facture fournisseur');
    expect(html).toContain('205 Approuvée');
    expect(html).toContain('Durand &amp; Fils');
    expect(html).toContain(localPlatformCredentials(key, buyer.siren).clientId);
  });

  it('answered every request the client sent as the AFNOR XP Z12-013 annexes describe both', async () => {
    const operations = new Set(
      exchanges.map((exchange) => `${exchange.method} ${exchange.path.replace(/\/[^/]*\d[^/]*$/, '/…')}`),
    );
    expect(exchanges.length).toBeGreaterThan(50);
    expect([...operations].sort()).toEqual(
      expect.arrayContaining([
        'get /v1/healthcheck',
        'post /v1/flows',
        'post /v1/flows/search',
        'post /v1/directory-line/search',
      ]),
    );
    expect(await exchangesProblems(exchanges)).toEqual([]);
  });
});
