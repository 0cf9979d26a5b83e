/**
 * The sync with a company's platform (docs/einvoicing-network.md, "The sync job"): what waits in
 * the outbox is submitted, then the flows changed since the last poll are read —
 *
 * - **ours** (`Out`): the platform's acknowledgement of an invoice or status we submitted (`Error`
 *   shown on the invoice, and notified);
 * - `CustomerInvoiceLC` (`In`): the statuses of our invoices (the platform's 200–203, 213, the
 *   buyer's 204–210), recorded on the invoice; a refusal or dispute notified;
 * - `SupplierInvoice` (`In`): a supplier's invoice, recorded as a draft supplier invoice through
 *   the existing import (the file kept in Documents, the supplier matched or created), marked
 *   « reçue via la plateforme »;
 * - `SupplierInvoiceLC` (`In`): the statuses the seller gives a supplier invoice we received
 *   (its 212 « Encaissée »…).
 *
 * Each incoming flow is handled once (`EINV#FLOW#<flowId>`; a status once per flow on its record,
 * a supplier invoice once per flow in its import's transaction); what cannot be read, is not
 * ours or is not an invoice is set aside with a French notification, never retried forever. The
 * poll re-reads a few seconds before its cursor (`updatedAfter` is strict and clocks differ): a
 * flow read twice changes nothing.
 *
 * Run by the sync job for every company whose network is enabled (an EventBridge schedule on AWS,
 * a timer of the local stack), and by « Relever la plateforme » for the caller's company.
 */
import type { Company } from '@btp/shared/entities/company';
import type { LifecycleEvent, PlatformCallStatus } from '@btp/shared/einvoicing-network';
import { collectedView, lifecycleEvent } from '@btp/shared/einvoicing-network-rules';
import { lifecycleStatusLabel } from '@btp/shared/einvoicing-lifecycle';
import { sirenOfSiret } from '@btp/shared/legal-identity';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { getCompany } from '../../accounts/companies.js';
import { companyMarkerKey } from '../../data/keys.js';
import { invoices } from '../../data/entities/invoices.js';
import { db, tableName } from '../../lib/dynamo.js';
import { conflict, HttpError } from '../../lib/http-errors.js';
import { logger } from '../../lib/logger.js';
import { notify, type NotificationEvent } from '../../notifications/notify.js';
// The readers of what arrives (the CDAR reader, the supplier invoice import with its XML parser,
// the multipart reader and the shared schemas, hence zod) are imported when a flow arrives: most
// runs of the job have nothing to read (issue 27, `bench:lambda`).
import type { CdarMessageRead, CdarStatusRead } from '../network/cdar-reader.js';
import type { Flow } from '../network/flow-client.js';
import { PlatformError } from '../network/platform-errors.js';
import { flushOutbox, type OutboxRun } from './outbox.js';
import {
  companyPlatform,
  failureMessage,
  recordOutcome,
  type CallBudget,
  type CompanyPlatform,
} from './platform-connection.js';
import {
  appendEvents,
  enabledCompanyIds,
  flowHandled,
  markFlowHandled,
  networkKeys,
  readInvoiceNetwork,
  readSupplierNetwork,
  receivedSupplierInvoiceId,
  receivedSupplierInvoiceItems,
  recordCursor,
  setEventAcknowledgement,
  updateInvoiceNetwork,
} from './network-store.js';

export const syncMessages = {
  unreadable: (message: string) => `Message de la plateforme illisible, ignoré : ${message}`,
  notAnInvoice: (message: string) => `Facture reçue de la plateforme non enregistrée : ${message}`,
  unknownInvoice: (number: string) =>
    `Statut reçu de la plateforme pour une facture inconnue (${number}) : il est ignoré.`,
  foreignSeller: (number: string) =>
    `Statut reçu pour la facture ${number} d'une autre entreprise : il est ignoré.`,
  strangerIssuer: (number: string) =>
    `Statut reçu pour la facture ${number} d'une entreprise qui n'en est pas le client : il est ignoré.`,
  alreadyReceived: 'Cette facture a déjà été reçue de la plateforme.',
  notSent: (failed: number, reason: string | undefined) =>
    `${failed} flux non transmis${reason ? `. ${reason}` : ' : un nouvel essai sera fait plus tard.'}`,
  ok: (received: number, submitted: number) =>
    `Échange réussi : ${received} flux reçu${received > 1 ? 's' : ''}, ${submitted} transmis.`,
} as const;

/** The poll re-reads this far before its cursor (seconds): a flow read twice changes nothing. */
const overlapMs = 5_000;
/** The first poll of a company reads from this day. */
const firstCursor = '2000-01-01T00:00:00.000Z';

/** What a sync of one company did. */
export interface CompanySync extends OutboxRun {
  /** Incoming flows handled (statuses recorded, supplier invoices imported, flows set aside). */
  received: number;
  /** Acknowledgements of our flows recorded. */
  acknowledged: number;
  /** The outcome recorded for Paramètres (a French sentence), what « Relever la plateforme » shows. */
  status?: PlatformCallStatus;
}

interface Context {
  companyId: string;
  company: Company;
  siren: string | undefined;
  platform: CompanyPlatform;
}

async function warnPerson(companyId: string, event: NotificationEvent): Promise<void> {
  await notify(companyId, event);
}

/** The invoice of ours a status names, by its number (the number's uniqueness marker). */
async function invoiceIdByNumber(companyId: string, number: string): Promise<string | undefined> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: companyMarkerKey(companyId, 'INVOICE', 'NUMBER', number),
      ConsistentRead: true,
    }),
  );
  return typeof Item?.ownerId === 'string' ? Item.ownerId : undefined;
}

/** The events one status read from a CDAR makes (received: `in`). */
function eventsOf(status: CdarStatusRead, at: string): LifecycleEvent {
  const reason = status.reasons[0];
  return lifecycleEvent({
    status: status.status,
    at,
    direction: 'in',
    ...(reason ? { reasonCode: reason.code } : {}),
    ...(reason?.text && reason.text !== reason.label ? { comment: reason.text } : {}),
    ...(status.collected.length > 0 ? { collected: collectedView(status.collected) } : {}),
  });
}

async function readMessage(context: Context, flow: Flow): Promise<CdarMessageRead | undefined> {
  const { bytes } = await context.platform.client.flow.getFlowFile(flow.flowId);
  const { readCdar } = await import('../network/cdar-reader.js');
  try {
    return readCdar(bytes);
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    await warnPerson(context.companyId, {
      kind: 'einvoice_error',
      title: 'Message illisible reçu de la plateforme',
      body: syncMessages.unreadable(error.message),
    });
    await markFlowHandled(context.companyId, flow.flowId, {
      kind: String(flow.flowType),
      outcome: 'unreadable',
    });
    return undefined;
  }
}

/** The statuses of our invoices (`CustomerInvoiceLC`). */
async function customerStatuses(context: Context, flow: Flow): Promise<void> {
  const message = await readMessage(context, flow);
  if (!message) return;
  const { companyId } = context;
  const issuer = message.issuer ?? message.sender;
  let outcome = 'recorded';
  for (const status of message.statuses) {
    const number = status.invoiceNumber;
    if (!context.siren || status.sellerSiren !== context.siren) {
      outcome = 'foreign';
      await warnPerson(companyId, {
        kind: 'einvoice_error',
        title: 'Statut ignoré',
        body: syncMessages.foreignSeller(number),
      });
      continue;
    }
    const invoiceId = await invoiceIdByNumber(companyId, number);
    const stored = invoiceId ? await invoices.get(companyId, invoiceId) : undefined;
    const record = invoiceId ? await readInvoiceNetwork(companyId, invoiceId) : undefined;
    if (!stored || !record) {
      outcome = 'unknown_invoice';
      await warnPerson(companyId, {
        kind: 'einvoice_error',
        title: 'Statut ignoré',
        body: syncMessages.unknownInvoice(number),
      });
      continue;
    }
    // A platform (role WK) or the invoice's buyer may give a status; nobody else.
    const buyerSiren = stored.buyer?.siren ?? stored.buyer?.siret?.slice(0, 9);
    if (issuer?.role !== 'WK' && (!issuer?.siren || issuer.siren !== buyerSiren)) {
      outcome = 'stranger';
      await warnPerson(companyId, {
        kind: 'einvoice_error',
        title: 'Statut ignoré',
        body: syncMessages.strangerIssuer(number),
      });
      continue;
    }
    const event = eventsOf(status, message.issuedAt ?? flow.updatedAt);
    const recorded = await appendEvents(networkKeys.invoice(companyId, stored.id), flow.flowId, [event]);
    if (recorded && (status.status === '210' || status.status === '207' || status.status === '213')) {
      await warnPerson(companyId, {
        kind: status.status === '207' ? 'einvoice_disputed' : 'einvoice_refused',
        title: `Facture ${number} : ${lifecycleStatusLabel(status.status)}`,
        body: [event.reason, event.comment].filter(Boolean).join(' : ') || undefined,
        link: `/invoicing?q=${encodeURIComponent(number)}`,
      });
    }
  }
  await markFlowHandled(companyId, flow.flowId, { kind: 'CustomerInvoiceLC', outcome });
}

/** A supplier's invoice (`SupplierInvoice`): a draft supplier invoice, through the import. */
async function supplierInvoice(context: Context, flow: Flow): Promise<void> {
  const { companyId } = context;
  const file = await context.platform.client.flow.getFlowFile(flow.flowId);
  const { importSupplierInvoiceFile } = await import('../../purchases/supplier-invoice-import.js');
  try {
    const imported = await importSupplierInvoiceFile(
      companyId,
      { name: file.fileName ?? flow.name ?? 'facture.pdf', data: Buffer.from(file.bytes) },
      {
        alreadyReceived: conflict(syncMessages.alreadyReceived),
        extraItems: (supplierInvoiceId, invoice) =>
          receivedSupplierInvoiceItems(companyId, {
            supplierInvoiceId,
            flowId: flow.flowId,
            sellerSiren: invoice.seller.siren ?? '',
            sellerName: invoice.seller.name,
            invoiceNumber: invoice.number,
            invoiceIssueDate: invoice.issueDate,
            invoiceTypeCode: (invoice as { typeCode?: string }).typeCode ?? '380',
          }),
      },
    );
    await warnPerson(companyId, {
      kind: 'einvoice_received',
      title: `Facture reçue de ${imported.supplierInvoice.supplier.name}`,
      body: `${imported.supplierInvoice.supplierReference ?? ''} enregistrée en brouillon dans Achats (${imported.supplierInvoice.number}).`,
      link: `/purchases?q=${encodeURIComponent(imported.supplierInvoice.number)}`,
    });
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    if (error.message === syncMessages.alreadyReceived) return;
    await warnPerson(companyId, {
      kind: 'einvoice_error',
      title: 'Facture reçue de la plateforme non enregistrée',
      body: syncMessages.notAnInvoice(error.message),
    });
    await markFlowHandled(companyId, flow.flowId, { kind: 'SupplierInvoice', outcome: 'refused' });
  }
}

/** The seller's statuses of a supplier invoice we received (`SupplierInvoiceLC`). */
async function supplierStatuses(context: Context, flow: Flow): Promise<void> {
  const message = await readMessage(context, flow);
  if (!message) return;
  const { companyId } = context;
  let outcome = 'recorded';
  for (const status of message.statuses) {
    const id = status.sellerSiren
      ? await receivedSupplierInvoiceId(companyId, status.sellerSiren, status.invoiceNumber)
      : undefined;
    const record = id ? await readSupplierNetwork(companyId, id) : undefined;
    if (!id || !record) {
      outcome = 'unknown_invoice';
      continue;
    }
    await appendEvents(networkKeys.supplier(companyId, id), flow.flowId, [
      eventsOf(status, message.issuedAt ?? flow.updatedAt),
    ]);
  }
  await markFlowHandled(companyId, flow.flowId, { kind: 'SupplierInvoiceLC', outcome });
}

/** The acknowledgement of a flow we submitted: on the invoice, or on the status event it carried. */
async function acknowledgement(context: Context, flow: Flow): Promise<boolean> {
  const ack = flow.acknowledgement;
  if (!ack || ack.status === 'Pending' || !flow.trackingId) return false;
  const { companyId } = context;
  const value = {
    status: ack.status,
    ...(ack.status === 'Error'
      ? {
          details: (ack.details ?? []).map((detail) => ({
            ...(detail.reasonCode ? { code: String(detail.reasonCode) } : {}),
            message: String(detail.reasonMessage ?? detail.reasonCode ?? 'Refus sans motif'),
          })),
        }
      : {}),
  };
  const subjectId = flow.trackingId.slice(0, 36);
  const invoiceRecord = await readInvoiceNetwork(companyId, subjectId);
  if (invoiceRecord && invoiceRecord.flowId === flow.flowId) {
    if (invoiceRecord.acknowledgement?.status === ack.status) return false;
    await updateInvoiceNetwork(companyId, subjectId, { acknowledgement: value });
    if (ack.status === 'Error') {
      await warnPerson(companyId, {
        kind: 'einvoice_error',
        title: `Facture ${invoiceRecord.number} refusée par la plateforme`,
        body: value.details?.map((detail) => detail.message).join(' ; '),
        link: `/invoicing?q=${encodeURIComponent(invoiceRecord.number)}`,
      });
    }
    return true;
  }
  const key = invoiceRecord
    ? networkKeys.invoice(companyId, subjectId)
    : (await readSupplierNetwork(companyId, subjectId))
      ? networkKeys.supplier(companyId, subjectId)
      : undefined;
  if (!key) return false;
  const event = await setEventAcknowledgement(key, flow.flowId, value);
  if (event && ack.status === 'Error') {
    await warnPerson(companyId, {
      kind: 'einvoice_error',
      title: `Statut « ${event.label} » refusé par la plateforme`,
      body: value.details?.map((detail) => detail.message).join(' ; '),
    });
  }
  return event !== undefined;
}

/** Reads the flows changed since the cursor and handles each; the cursor moves as it goes. */
async function poll(context: Context, deadline: number): Promise<{ received: number; acknowledged: number }> {
  const { companyId, platform } = context;
  const counts = { received: 0, acknowledged: 0 };
  const from = platform.settings.cursor
    ? new Date(Date.parse(platform.settings.cursor) - overlapMs).toISOString()
    : firstCursor;
  let cursor = platform.settings.cursor;
  for await (const flow of platform.client.flow.allFlows({ updatedAfter: from })) {
    if (Date.now() >= deadline) break;
    if (flow.flowDirection === 'Out') {
      if (await acknowledgement(context, flow)) counts.acknowledged += 1;
    } else if (!(await flowHandled(companyId, flow.flowId))) {
      switch (flow.flowType) {
        case 'CustomerInvoiceLC':
          await customerStatuses(context, flow);
          break;
        case 'SupplierInvoice':
          await supplierInvoice(context, flow);
          break;
        case 'SupplierInvoiceLC':
          await supplierStatuses(context, flow);
          break;
        default:
          await markFlowHandled(companyId, flow.flowId, { kind: String(flow.flowType), outcome: 'ignored' });
      }
      counts.received += 1;
    }
    if (!cursor || flow.updatedAt > cursor) cursor = flow.updatedAt;
  }
  if (cursor && cursor !== platform.settings.cursor) await recordCursor(companyId, cursor);
  return counts;
}

/**
 * One company's sync within `budgetMs`: its outbox, then the flows changed since the last poll.
 * The outcome is recorded for Paramètres. A platform that fails is a recorded error (the next
 * run tries again), never thrown; 409 when the network is not enabled.
 */
export async function syncCompany(
  companyId: string,
  options: { budget?: CallBudget; budgetMs?: number } = {},
): Promise<CompanySync> {
  const deadline = Date.now() + (options.budgetMs ?? 240_000);
  const platform = await companyPlatform(companyId, options.budget ?? 'job');
  const company = await getCompany(companyId);
  if (!company) throw conflict('Entreprise introuvable.');
  const context: Context = {
    companyId,
    company,
    siren: company.siren ?? sirenOfSiret(company.siret),
    platform,
  };
  const result: CompanySync = { submitted: 0, failed: 0, waiting: 0, received: 0, acknowledged: 0 };
  try {
    const { lastFailure, ...flushed } = await flushOutbox(companyId, platform, deadline);
    Object.assign(result, flushed);
    Object.assign(result, await poll(context, deadline));
    // What the poll made possible (a 212 waiting for its invoice's acknowledgement) goes now.
    if (result.waiting > 0 && Date.now() < deadline) {
      const again = await flushOutbox(companyId, platform, deadline);
      result.submitted += again.submitted;
      result.waiting = again.waiting;
    }
    result.status = await recordOutcome(
      companyId,
      result.failed > 0
        ? {
            state: 'error',
            message: syncMessages.notSent(result.failed, lastFailure),
          }
        : { state: 'ok', message: syncMessages.ok(result.received, result.submitted) },
    );
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    result.status = await recordOutcome(companyId, { state: 'error', message: failureMessage(error) });
  }
  return result;
}

/** What the job did over every company. */
export interface NetworkSyncRun {
  companies: number;
  submitted: number;
  received: number;
  failed: number;
}

/**
 * The sync job: every company whose network is enabled, one after the other, within `budgetMs`
 * in all (a Lambda of 5 minutes); a company whose sync fails is logged and the others go on.
 */
export async function runNetworkSync(budgetMs = 240_000): Promise<NetworkSyncRun> {
  const deadline = Date.now() + budgetMs;
  const run: NetworkSyncRun = { companies: 0, submitted: 0, received: 0, failed: 0 };
  for (const companyId of await enabledCompanyIds()) {
    if (Date.now() >= deadline) break;
    run.companies += 1;
    try {
      const done = await syncCompany(companyId, { budgetMs: deadline - Date.now() });
      run.submitted += done.submitted;
      run.received += done.received;
      run.failed += done.failed;
    } catch (error) {
      logger.error('Échange avec la plateforme interrompu pour une entreprise', { companyId, error });
    }
  }
  return run;
}
