/**
 * The e-invoicing network when the plateforme agréée fails (issue 30, "Bad input and faults";
 * docs/einvoicing-network.md, "Faults"), end to end on the local stack: the local platform's
 * faults (`/_pa/admin/faults`) make it answer 401, 429 or 500, or lose its answer, while the
 * product issues an invoice, records a payment or runs its sync job (the handler the EventBridge
 * schedule invokes). Each time: the invoice is issued and the payment recorded all the same, a
 * French sentence says what happened where a person looks (the invoice's card and details,
 * Paramètres, « Relever la plateforme »), the sync job sends what waited once the platform is
 * back, and nothing goes twice nor takes a second number.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { platformMessages } from '../../../functions/src/einvoicing/network/platform-errors.js';
import { handler as runSyncJob } from '../../../functions/src/handlers/jobs/einvoicing-sync.js';
import { startTestStack, type TestStack } from './support.js';
import {
  enableNetwork,
  invoiceLifecycle,
  issueInvoice,
  networkSettings,
  platformFlows,
  sellerAndBuyer,
  syncNetwork,
  withPlatformFault,
  type NetworkCompany,
} from './support/einvoicing.js';

let stack: TestStack;
let seller: NetworkCompany;

const oneLine = (description: string, unitPrice: string) => [
  { description, unit: 'forfait', quantity: 1, unitPrice, vatRate: 20 },
];

/** The flows of the seller's own (out) on the platform whose tracking id starts with `trackingId`. */
async function flowsOut(trackingId: string) {
  await stack.paIdle();
  return (await platformFlows(stack)).filter(
    (flow) =>
      flow.owner === seller.siren && flow.flowDirection === 'Out' && flow.trackingId?.startsWith(trackingId),
  );
}

/** The serial part of an invoice number (`FAC-2026-0007` → 7). */
const serial = (number: string) => Number(number.split('-').at(-1));

beforeAll(async () => {
  stack = await startTestStack();
  ({ seller } = await sellerAndBuyer(stack, 'Plâtrerie Gerland', 'Foncière Part-Dieu'));
  await enableNetwork(seller);
});

describe('the platform failing', () => {
  it('a token it no longer accepts (401 once): a new token, and the invoice goes at its issue', async () => {
    const issued = await withPlatformFault(stack, { status: 401, count: 1, scope: 'flow' }, () =>
      issueInvoice(seller, oneLine('Cloison', '800.00')),
    );
    expect(issued.einvoicing).toMatchObject({ network: 'sent', acknowledgement: { status: 'Pending' } });
    expect(issued.einvoicing?.retry).toBeUndefined();
    expect(await flowsOut(issued.id)).toHaveLength(1);
  });

  it('credentials refused (401 after a new token): issued all the same, the French reason shown; the sync job sends it once accepted', async () => {
    const refused = await withPlatformFault(
      stack,
      { status: 401, forMs: 120_000, scope: 'all' },
      async () => {
        const issued = await issueInvoice(seller, oneLine('Faux plafond', '1200.00'));
        expect(issued.number).toMatch(/^FAC-\d{4}-\d{4}$/);
        expect(issued.einvoicing).toMatchObject({
          network: 'pending',
          retry: { attempts: 1, message: platformMessages.credentials },
        });
        // The job tries again and fails again: counted, the reason in Paramètres.
        await runSyncJob();
        expect((await invoiceLifecycle(seller, issued.id)).retry).toMatchObject({
          attempts: 2,
          message: platformMessages.credentials,
        });
        expect((await networkSettings(seller)).status).toMatchObject({
          state: 'error',
          message: expect.stringContaining(platformMessages.credentials) as string,
        });
        // « Relever la plateforme » answers the same sentence for its toast.
        expect((await syncNetwork(seller)).status).toMatchObject({
          state: 'error',
          message: expect.stringContaining(platformMessages.credentials) as string,
        });
        return issued;
      },
    );

    await runSyncJob();
    const lifecycle = await invoiceLifecycle(seller, refused.id);
    expect(lifecycle.network).toBe('sent');
    expect(lifecycle.retry).toBeUndefined();
    expect(await flowsOut(refused.id)).toHaveLength(1);
    expect((await networkSettings(seller)).status).toMatchObject({ state: 'ok' });
    // Its number was taken once: the next invoice has the next one.
    const next = await issueInvoice(seller, oneLine('Bandes', '90.00'));
    expect(serial(next.number)).toBe(serial(refused.number) + 1);
  }, 90_000);

  it('the answer lost (500 after the platform took the flow): the retry gets the same flow, not a second', async () => {
    const issued = await withPlatformFault(
      stack,
      { status: 500, afterHandling: true, count: 1, scope: 'flow' },
      () => issueInvoice(seller, oneLine('Isolation', '640.00')),
    );
    expect(issued.einvoicing).toMatchObject({ network: 'sent' });
    expect(await flowsOut(issued.id)).toHaveLength(1);
  });

  it('a payment’s « Encaissée » under 429 then 500: the payment recorded, the 212 waits, then goes once with its amount', async () => {
    const invoice = await issueInvoice(seller, oneLine('Doublage', '1000.00'));
    expect(invoice.einvoicing).toMatchObject({ network: 'sent' });
    await withPlatformFault(
      stack,
      { status: 429, retryAfterSeconds: 0, forMs: 120_000, scope: 'flow' },
      async () => {
        const paid = await seller.http.post(`/api/invoices/${invoice.id}/pay`, {
          paidAmount: '500.00',
          version: invoice.version,
        });
        expect(paid.status, JSON.stringify(paid.body)).toBe(200);
        expect(paid.body).toMatchObject({ paidAmount: '500.00' });
      },
    );
    const waiting = (await invoiceLifecycle(seller, invoice.id)).events.filter(
      (event) => event.status === '212',
    );
    expect(waiting).toEqual([
      expect.objectContaining({ direction: 'out', state: 'pending', amount: '500.00' }),
    ]);

    await withPlatformFault(stack, { status: 500, forMs: 120_000, scope: 'flow' }, async () => {
      await runSyncJob();
      const still = (await invoiceLifecycle(seller, invoice.id)).events.filter(
        (event) => event.status === '212',
      );
      expect(still).toEqual([expect.objectContaining({ state: 'pending' })]);
      expect((await networkSettings(seller)).status).toMatchObject({
        state: 'error',
        message: expect.stringContaining(platformMessages.unavailable) as string,
      });
    });

    await runSyncJob();
    const sent = (await invoiceLifecycle(seller, invoice.id)).events.filter(
      (event) => event.status === '212',
    );
    expect(sent).toEqual([
      expect.objectContaining({
        state: 'sent',
        amount: '500.00',
        collected: [{ rate: '20.00', amount: '500.00' }],
      }),
    ]);
    // Run again: nothing goes twice.
    await runSyncJob();
    const flows = (await flowsOut(invoice.id)).filter((flow) => flow.status?.code === '212');
    expect(flows.map((flow) => flow.status?.collectedCents)).toEqual([50_000]);
  }, 120_000);
});
