/**
 * Out, on issue (docs/architecture.md "Issuing and sending a document", the step after the issue;
 * docs/einvoicing-network.md "Out"): an invoice, deposit, situation or credit note issued while the
 * company's network is enabled is recorded for the network in the issue's own transaction —
 * waiting to be submitted (a company client with a SIREN in France: `B2B`) or not sent and why (an
 * individual, abroad, no SIREN) — and then submitted right away within a few seconds when the
 * platform answers. A platform down never blocks issuing: the invoice stays « à transmettre » and
 * the sync job submits it.
 */
import type { Invoice } from '@btp/shared/entities/invoice';
import { buyerSirenOf, notSentReasonOf } from '@btp/shared/einvoicing-network-rules';
import type { TransactItem } from '../../data/transactions.js';
import { logger } from '../../lib/logger.js';
import { invoiceNetworkPut, outboxPut, readOutboxItem, readSettings } from './network-store.js';

/**
 * Read before the issue's transaction: the items that record an issued invoice for the network
 * (nothing while the company's network is not enabled).
 */
export async function networkIssueItems(companyId: string): Promise<(issued: Invoice) => TransactItem[]> {
  const settings = await readSettings(companyId);
  if (!settings?.enabled) return () => [];
  return (issued) => {
    const number = issued.number ?? '';
    const buyer = issued.buyer ?? { name: '' };
    const reason = notSentReasonOf(buyer);
    if (reason) {
      return [
        invoiceNetworkPut(
          companyId,
          { id: issued.id, number },
          { network: 'not_sent', notSentReason: reason },
        ),
      ];
    }
    return [
      invoiceNetworkPut(companyId, { id: issued.id, number }, { network: 'pending' }),
      outboxPut(companyId, {
        trackingId: issued.id,
        kind: 'invoice',
        subject: { type: 'invoice', id: issued.id },
        number,
        buyerSiren: buyerSirenOf(buyer) ?? '',
        fileName: `${number}.pdf`,
      }),
    ];
  };
}

/**
 * The submission right after the issue, within the route's few seconds (`pdf`: the archive just
 * drawn, when the caller has it). Never throws: what fails waits for the sync job.
 */
export async function submitIssuedInvoice(
  companyId: string,
  invoiceId: string,
  pdf?: Uint8Array,
): Promise<void> {
  try {
    const item = await readOutboxItem(companyId, invoiceId);
    if (!item) return;
    // The platform's client (its HTTP, flows, directory, secrets) is loaded here, for an invoice
    // that goes on the network only: a send of any other starts without it (issue 27, `bench:lambda`).
    const [{ companyPlatform }, { sendOutboxItem }] = await Promise.all([
      import('./platform-connection.js'),
      import('./outbox.js'),
    ]);
    const platform = await companyPlatform(companyId, 'route');
    await sendOutboxItem(companyId, platform, item, pdf ? { pdf } : {});
  } catch (error) {
    logger.warn('Facture émise, transmission à la plateforme laissée au prochain passage', {
      invoiceId,
      error,
    });
  }
}
