/**
 * The flows the company sends its platform — an issued invoice (its archived Factur-X), a status
 * it gives (a 212 « Encaissée », a buyer's answer) — go through an outbox (docs/einvoicing-network.md,
 * "Out"): the item is written in the same transaction as what makes it (the issue, the payment,
 * the answer), then submitted right away when the caller can, else by the sync job, again and
 * again until the platform has it. Nothing is lost when the platform is down, and nothing goes
 * twice: the flow's `trackingId` is the item's, and the client looks for a flow already submitted
 * with it before submitting again after a doubtful failure; the item is deleted in the same
 * transaction that records the flow.
 */
import { createHash } from 'node:crypto';
import type { Invoice } from '@btp/shared/entities/invoice';
import type { LifecycleEvent } from '@btp/shared/einvoicing-network';
import { lifecycleEvent } from '@btp/shared/einvoicing-network-rules';
import { invoices } from '../../data/entities/invoices.js';
import { nowIso } from '../../data/ids.js';
import { transactWrite, type TransactItem } from '../../data/transactions.js';
import { HttpError } from '../../lib/http-errors.js';
import { logger } from '../../lib/logger.js';
import { notify } from '../../notifications/notify.js';
import { PlatformError } from '../network/platform-errors.js';
import { failureMessage, type CompanyPlatform } from './platform-connection.js';
import {
  appendEventsItem,
  claimOutboxItem,
  deleteOutboxItem,
  invoiceNetworkUpdateItem,
  networkKeys,
  outboxDeleteItem,
  outboxItems,
  readInvoiceNetwork,
  readSupplierNetwork,
  recordOutboxFailure,
  releaseOutboxClaim,
  updateInvoiceNetwork,
  type OutboxItem,
} from './network-store.js';

/** After this many failed attempts the company is told (once); the job keeps trying. */
export const attemptsBeforeNotice = 5;

/** The longest `trackingId` the Flow Service takes (annex A, `NotOnlyUuid`). */
export const maxTrackingIdLength = 64;

/**
 * The `trackingId` (and CDAR message id) of a status about a record: the record's id (so that its
 * acknowledgement finds the record), the status and a short digest of what makes it unique (a
 * payment's id, a new id for an answer), 57 characters of those MDT-4 allows.
 */
export function statusTrackingId(subjectId: string, status: string, unique: string): string {
  const digest = createHash('sha256').update(unique).digest('base64url').slice(0, 16);
  return `${subjectId}-${status}-${digest}`.slice(0, maxTrackingIdLength);
}

/** How long a run holds a waiting flow it submits, ms (a job's call may take 25 s). */
const claimMs = 60_000;

/** What became of one waiting flow. */
export type OutboxOutcome = 'submitted' | 'not_addressable' | 'waiting' | 'failed' | 'dropped';

/** The Factur-X of an issued invoice, as archived (made now for one issued without its archive). */
async function invoicePdf(companyId: string, invoice: Invoice): Promise<Uint8Array> {
  // Loaded on use: only a submission of an invoice needs the documents bucket (and the renderer
  // for an invoice whose archive was not made at its issue).
  const { archivedPdf } = await import('../../sending/record-email-status.js');
  if (invoice.pdfDocumentId) return archivedPdf(companyId, invoice.pdfDocumentId);
  const { archiveIssuedInvoice } = await import('../../pdf/pdf-archive.js');
  const archived = await archiveIssuedInvoice(companyId, invoice);
  return archived.pdf ?? archivedPdf(companyId, archived.record.pdfDocumentId as string);
}

function record(items: TransactItem[]): Promise<void> {
  // A condition failing here means another run recorded the same flow first: nothing to do.
  return transactWrite(items).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 409) return;
    throw error;
  });
}

/** Submits one of our invoices: the directory first (« non adressable » ends it), then the flow. */
async function submitInvoice(
  companyId: string,
  platform: CompanyPlatform,
  item: OutboxItem,
  pdf: Uint8Array | undefined,
): Promise<OutboxOutcome> {
  const invoiceId = item.subject.id;
  const stored = await invoices.get(companyId, invoiceId);
  if (!stored || !item.buyerSiren) {
    await deleteOutboxItem(companyId, item.trackingId);
    return 'dropped';
  }
  const addressing = await platform.client.directory.addressing(item.buyerSiren);
  if (!addressing.addressable) {
    await record([
      outboxDeleteItem(companyId, item.trackingId),
      invoiceNetworkUpdateItem(companyId, invoiceId, { network: 'not_addressable' }, ['retry']),
    ]);
    return 'not_addressable';
  }
  const file = pdf ?? (await invoicePdf(companyId, stored));
  const flow = await platform.client.flow.submitFlow({
    file,
    fileName: item.fileName,
    flowSyntax: 'Factur-X',
    processingRule: 'B2B',
    flowProfile: 'CIUS',
    trackingId: item.trackingId,
  });
  await record([
    outboxDeleteItem(companyId, item.trackingId),
    invoiceNetworkUpdateItem(
      companyId,
      invoiceId,
      {
        network: 'sent',
        flowId: flow.flowId,
        submittedAt: flow.submittedAt,
        acknowledgement: { status: 'Pending' },
      },
      ['retry'],
    ),
  ]);
  return 'submitted';
}

/**
 * Submits a status (a CDAR) once the invoice it is about is on the network: a 212 about one of
 * our invoices waits for the invoice's own submission; about an invoice that will never be on it
 * (not addressable), it is dropped.
 */
async function submitStatus(
  companyId: string,
  platform: CompanyPlatform,
  item: OutboxItem,
): Promise<OutboxOutcome> {
  const key =
    item.subject.type === 'invoice'
      ? networkKeys.invoice(companyId, item.subject.id)
      : networkKeys.supplier(companyId, item.subject.id);
  if (item.subject.type === 'invoice') {
    const network = await readInvoiceNetwork(companyId, item.subject.id);
    if (!network || network.network === 'not_addressable' || network.network === 'not_sent') {
      await deleteOutboxItem(companyId, item.trackingId);
      return 'dropped';
    }
    if (network.network !== 'sent') {
      await releaseOutboxClaim(companyId, item.trackingId);
      return 'waiting';
    }
  } else if (!(await readSupplierNetwork(companyId, item.subject.id))) {
    await deleteOutboxItem(companyId, item.trackingId);
    return 'dropped';
  }
  const flow = await platform.client.flow.submitFlow({
    file: new TextEncoder().encode(item.xml ?? ''),
    fileName: item.fileName,
    flowSyntax: 'CDAR',
    trackingId: item.trackingId,
  });
  const event: LifecycleEvent = { ...(item.event as LifecycleEvent), flowId: flow.flowId, state: 'sent' };
  await record([outboxDeleteItem(companyId, item.trackingId), appendEventsItem(key, flow.flowId, [event])]);
  return 'submitted';
}

/**
 * Tries one waiting flow. A failure is recorded on it (and, for an invoice, shown on its card as
 * « à transmettre ») and left for the next run; it never throws for the platform's failures.
 */
export async function sendOutboxItem(
  companyId: string,
  platform: CompanyPlatform,
  item: OutboxItem,
  options: { pdf?: Uint8Array } = {},
): Promise<OutboxOutcome> {
  return (await trySendOutboxItem(companyId, platform, item, options)).outcome;
}

/** {@link sendOutboxItem}, with the French sentence of its failure. */
async function trySendOutboxItem(
  companyId: string,
  platform: CompanyPlatform,
  item: OutboxItem,
  options: { pdf?: Uint8Array } = {},
): Promise<{ outcome: OutboxOutcome; failure?: string }> {
  // Held for a job's whole budget: a run that dies holding it leaves it to the run after.
  if (!(await claimOutboxItem(companyId, item.trackingId, claimMs))) return { outcome: 'waiting' };
  try {
    return {
      outcome:
        item.kind === 'invoice'
          ? await submitInvoice(companyId, platform, item, options.pdf)
          : await submitStatus(companyId, platform, item),
    };
  } catch (error) {
    if (!(error instanceof PlatformError) && !(error instanceof HttpError && error.statusCode < 500)) {
      logger.error('Flux vers la plateforme non transmis (erreur interne)', {
        companyId,
        trackingId: item.trackingId,
        error,
      });
    }
    const message = failureMessage(error);
    const attempts = await recordOutboxFailure(companyId, item.trackingId, message);
    if (item.kind === 'invoice') {
      await updateInvoiceNetwork(companyId, item.subject.id, {
        retry: { attempts, at: nowIso(), message },
      }).catch(() => undefined);
    }
    if (attempts === attemptsBeforeNotice) {
      await notify(companyId, {
        kind: 'einvoice_error',
        title:
          item.kind === 'invoice'
            ? `Facture ${item.number ?? ''} toujours pas transmise à la plateforme`
            : `Statut ${item.event?.label ?? ''} toujours pas transmis à la plateforme`,
        body: `${message} (${attempts} essais ; de nouveaux essais sont faits automatiquement).`,
        ...(item.kind === 'invoice' && item.number
          ? { link: `/invoicing?q=${encodeURIComponent(item.number)}` }
          : {}),
      });
    }
    return { outcome: 'failed', failure: message };
  }
}

/** What a run of the outbox did. */
export interface OutboxRun {
  submitted: number;
  failed: number;
  waiting: number;
  /** The French sentence of the last failure, when one failed (Paramètres shows it). */
  lastFailure?: string;
}

/**
 * Submits what waits, invoices before statuses (a 212 goes after its invoice), until `deadline`
 * (ms since the epoch): a run cut short leaves the rest for the next one.
 */
export async function flushOutbox(
  companyId: string,
  platform: CompanyPlatform,
  deadline: number,
): Promise<OutboxRun> {
  const run: OutboxRun = { submitted: 0, failed: 0, waiting: 0 };
  const waiting = await outboxItems(companyId);
  const ordered = [
    ...waiting.filter((item) => item.kind === 'invoice'),
    ...waiting.filter((item) => item.kind !== 'invoice'),
  ];
  for (const item of ordered) {
    if (Date.now() >= deadline) {
      run.waiting += 1;
      continue;
    }
    const { outcome, failure } = await trySendOutboxItem(companyId, platform, item);
    if (outcome === 'submitted' || outcome === 'not_addressable') run.submitted += 1;
    else if (outcome === 'failed') {
      run.failed += 1;
      run.lastFailure = failure;
    } else if (outcome === 'waiting') run.waiting += 1;
  }
  return run;
}

/** A status the company gives, as it waits in the outbox and then shows once submitted. */
export function outStatusEvent(
  fields: Omit<LifecycleEvent, 'label' | 'reason' | 'direction' | 'state'>,
): LifecycleEvent {
  return lifecycleEvent({ ...fields, direction: 'out', state: 'pending' });
}
