/**
 * The e-invoicing network's test companies and exchanges on the local stack and its local
 * plateforme agréée (docs/einvoicing-network.md): a company with a SIREN of its own, enabled with
 * the local platform's account as Paramètres prefills it, its invoices issued, its syncs, and the
 * platform's flows and faults as its `/_pa/admin/…` routes give them.
 */
import { expect } from 'vitest';
import type {
  EinvoicingSettings,
  InvoiceLifecycle,
  PlatformCallStatus,
} from '@btp/shared/einvoicing-network';
import { frenchVatNumber, luhnCheckDigit } from '@btp/shared/legal-identity';
import type { TestClient } from '../http-client.js';
import type { TestStack } from '../support.js';
import { companyWithClient, tilleuls } from './records.js';

/** A SIREN of its own (Luhn), so that no other file's company shares its platform account. */
export function newIdentity(): { siret: string; vatNumber: string; siren: string } {
  const body = String(Math.floor(10_000_000 + Math.random() * 89_999_999));
  const siren = `${body}${luhnCheckDigit(body)}`;
  const facility = `${siren}0001`;
  const siret = `${facility}${luhnCheckDigit(facility)}`;
  return { siret, siren, vatNumber: frenchVatNumber(siren) };
}

export interface NetworkCompany {
  http: TestClient;
  companyId: string;
  clientId: string;
  siren: string;
}

/** A company with a complete legal profile; its first client is `buyer` (a company) when given. */
export async function networkCompany(
  stack: TestStack,
  name: string,
  buyer?: { name: string; siret: string },
): Promise<NetworkCompany> {
  const identity = newIdentity();
  const records = await companyWithClient(stack, name, {
    profile: { siret: identity.siret, vatNumber: identity.vatNumber },
    ...(buyer
      ? { client: { ...tilleuls, name: buyer.name, siret: buyer.siret, email: 'compta@client.fr' } }
      : {}),
  });
  return {
    http: records.http,
    companyId: records.companyId,
    clientId: records.clientId,
    siren: identity.siren,
  };
}

/** A seller and its buyer, each a company of the stack: the seller's first client is the buyer. */
export async function sellerAndBuyer(
  stack: TestStack,
  sellerName: string,
  buyerName: string,
): Promise<{ seller: NetworkCompany; buyer: NetworkCompany }> {
  const buyer = await networkCompany(stack, buyerName);
  const siret = ((await buyer.http.get('/api/company')).body as { siret: string }).siret;
  const seller = await networkCompany(stack, sellerName, { name: buyerName, siret });
  return { seller, buyer };
}

/** Enables the network with the local platform's account, as prefilled. */
export async function enableNetwork(who: NetworkCompany): Promise<EinvoicingSettings> {
  const prefilled = (await who.http.get('/api/company/einvoicing')).body as EinvoicingSettings;
  const saved = await who.http.put('/api/company/einvoicing', {
    platformUrl: prefilled.platformUrl,
    clientId: prefilled.clientId,
    enabled: true,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body as EinvoicingSettings;
}

/** Paramètres › Facturation électronique as the company's administrator reads it. */
export async function networkSettings(who: NetworkCompany): Promise<EinvoicingSettings> {
  return (await who.http.get('/api/company/einvoicing')).body as EinvoicingSettings;
}

/** « Relever la plateforme »: the company's sync, through its route. */
export async function syncNetwork(who: NetworkCompany) {
  const answer = await who.http.post('/api/company/einvoicing/sync', {});
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as {
    submitted: number;
    received: number;
    failed: number;
    waiting: number;
    status?: PlatformCallStatus;
  };
}

/** Each side synced in turn until the platform has routed everything (it works after each answer). */
export async function exchangeFlows(stack: TestStack, ...who: NetworkCompany[]): Promise<void> {
  for (const side of who) {
    await stack.paIdle();
    await syncNetwork(side);
  }
  await stack.paIdle();
}

export interface IssuedInvoice {
  id: string;
  number: string;
  version: number;
  totalWithVat: string;
  einvoicing?: InvoiceLifecycle;
}

/** A draft invoice to the company's first client, issued by `…/send`: the answer. */
export async function issueInvoice(
  who: NetworkCompany,
  lines: object[] = [
    { description: 'Mur en parpaings', unit: 'm²', quantity: 12, unitPrice: '85.00', vatRate: 20 },
    { description: 'Enduit', unit: 'm²', quantity: 12, unitPrice: '22.50', vatRate: 10 },
  ],
): Promise<IssuedInvoice> {
  const draft = await who.http.post('/api/invoices', { clientId: who.clientId, title: 'Travaux', lines });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const { id, version } = draft.body as { id: string; version: number };
  const sent = await who.http.post(`/api/invoices/${id}/send`, { version });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body as IssuedInvoice;
}

/** `GET /api/invoices/{id}/lifecycle`. */
export async function invoiceLifecycle(who: NetworkCompany, invoiceId: string): Promise<InvoiceLifecycle> {
  const answer = await who.http.get(`/api/invoices/${invoiceId}/lifecycle`);
  expect(answer.status).toBe(200);
  return answer.body as InvoiceLifecycle;
}

/** A flow as the local platform's `/_pa/admin/flows` lists it. */
export interface PlatformFlow {
  flowId: string;
  owner: string;
  flowDirection: string;
  flowSyntax: string;
  trackingId?: string;
  acknowledgement: { status: string };
  status?: { code: string; collectedCents?: number };
  invoice?: { number: string };
}

export async function platformFlows(stack: TestStack): Promise<PlatformFlow[]> {
  return (await (await fetch(`${stack.paUrl}/admin/flows`)).json()) as PlatformFlow[];
}

/** A fault of the local platform (`POST /_pa/admin/faults`, infra/local/src/pa-local.ts). */
export interface PlatformFault {
  status?: 401 | 429 | 500 | 503;
  delayMs?: number;
  afterHandling?: boolean;
  retryAfterSeconds?: number;
  count?: number;
  forMs?: number;
  scope?: 'all' | 'token' | 'flow' | 'directory';
}

/** Runs `during` while the local platform answers with `fault`; the fault is cleared whatever happens. */
export async function withPlatformFault<T>(
  stack: TestStack,
  fault: PlatformFault,
  during: () => Promise<T>,
): Promise<T> {
  const set = await fetch(`${stack.paUrl}/admin/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  expect(set.status).toBe(204);
  try {
    return await during();
  } finally {
    await fetch(`${stack.paUrl}/admin/faults`, { method: 'DELETE' });
  }
}
