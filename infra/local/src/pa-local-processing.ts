/**
 * What the local platform does with a flow once it is submitted (docs/einvoicing-network.md, "The
 * local platform"): it acknowledges it (`Ok`, or `Error` with details) and routes it as two real
 * platforms would between two companies of the stack.
 *
 * - **An invoice** (Factur-X, CII, UBL) from company A: read as Achats reads a supplier's file;
 *   its seller must be A. Under `B2B`, A receives the platform's statuses 200 « Déposée », then —
 *   when the buyer's SIREN is a company of the stack — the buyer receives the file as a
 *   `SupplierInvoice` flow (`In`) and A receives 202 « Reçue par la plateforme » and 203 « Mise à
 *   disposition »; when it is none, A receives 213 « Rejetée » (DEST_INC). The same invoice (seller,
 *   number) submitted again from another flow is acknowledged `Error` (`AlreadyExistingFlow`).
 * - **A lifecycle message** (CDAR) from company B: read by `cdar-reader.ts`; its issuer must be B,
 *   the invoice one the platform routed, and B its buyer (statuses 204–211: the seller receives it
 *   as `CustomerInvoiceLC`) or its seller (212, 220: the buyer receives it as `SupplierInvoiceLC`);
 *   the amounts of the 212s of an invoice never exceed its TTC. Anything else: `Error`.
 * - **An e-reporting file** (FRR): kept, acknowledged when it is well-formed XML, sent nowhere.
 */
import { createHash } from 'node:crypto';
import { buyerStatuses, sellerStatuses, type LifecycleStatus } from '@btp/shared/einvoicing-lifecycle';
import { readCdar } from '../../../functions/src/einvoicing/network/cdar-reader.js';
import { writeCdar } from '../../../functions/src/einvoicing/network/cdar-writer.js';
import type { components } from '../../../functions/src/einvoicing/network/generated/flow-service.js';
import { parseUntrustedXml } from '../../../functions/src/einvoicing/import/safe-xml.js';
import { HttpError } from '../../../functions/src/lib/http-errors.js';
import { newId } from '../../../functions/src/data/ids.js';
import { InvoiceFlowError, readInvoiceFlow } from './pa-local-invoice.js';
import type { FlowInvoice, FlowStore, StoredFlow } from './pa-local-store.js';

type Schemas = components['schemas'];
type ReasonCode = Schemas['ReasonCodeEnum'];

/** A company of the stack as the local directory lists it. */
export interface PaCompany {
  siren: string;
  siret?: string;
  name: string;
  address?: string;
  postalCode?: string;
  city?: string;
}

export interface ProcessingContext {
  store: FlowStore;
  /** The stack's companies with a SIREN, by SIREN. */
  directory(): Promise<Map<string, PaCompany>>;
  now(): Date;
}

/** The local platform as a party of the messages it issues (registration number, scheme 0238). */
export const localPlatform = { id: '9901', name: 'Plateforme agréée locale (BTP Gestion)' } as const;

function acknowledge(
  context: ProcessingContext,
  flow: StoredFlow,
  status: 'Ok' | 'Error',
  detail?: { reasonCode: ReasonCode; item: string; message: string },
): void {
  flow.acknowledgement = detail
    ? {
        status,
        details: [
          { level: 'Error', item: detail.item, reasonCode: detail.reasonCode, reasonMessage: detail.message },
        ],
      }
    : { status };
  flow.updatedAt = context.now().toISOString();
  context.store.save(flow);
}

/** A flow the platform puts in an account (`In`), already acknowledged. */
function deliver(
  context: ProcessingContext,
  fields: Pick<
    StoredFlow,
    'owner' | 'flowType' | 'flowSyntax' | 'name' | 'invoice' | 'sourceFlowId' | 'status'
  > & {
    origin: StoredFlow['origin'];
    contentType: string;
  },
  file: Uint8Array,
): StoredFlow {
  const at = context.now().toISOString();
  const flow: StoredFlow = {
    flowId: newId(),
    flowDirection: 'In',
    flowProfile: fields.flowSyntax === 'CDAR' ? 'Undefined' : 'CIUS',
    processingRule: 'B2B',
    processingRuleSource: 'Computed',
    sha256: createHash('sha256').update(file).digest('hex'),
    submittedAt: at,
    updatedAt: at,
    acknowledgement: { status: 'Ok' },
    ...fields,
  };
  context.store.add(flow, file);
  return flow;
}

/** A status the platform itself issues about an invoice, delivered to its seller. */
function platformStatus(
  context: ProcessingContext,
  invoiceFlow: StoredFlow,
  invoice: FlowInvoice,
  code: LifecycleStatus,
  reasonCode?: 'DEST_INC',
): void {
  const xml = writeCdar({
    messageId: `PA-${invoiceFlow.flowId}-${code}`,
    issuedAt: context.now(),
    status: code,
    ...(reasonCode ? { reasonCode } : {}),
    invoice: {
      number: invoice.number,
      issueDate: invoice.issueDate,
      typeCode: invoice.typeCode,
      sellerSiren: invoice.sellerSiren,
      ...(invoice.buyerSiren ? { buyerSiren: invoice.buyerSiren } : {}),
    },
    issuer: { role: 'WK', platformId: localPlatform.id, name: localPlatform.name },
    recipients: [{ role: 'SE', siren: invoice.sellerSiren }],
  });
  deliver(
    context,
    {
      owner: invoice.sellerSiren,
      flowType: 'CustomerInvoiceLC',
      flowSyntax: 'CDAR',
      name: `${invoice.number}-${code}.xml`.replace(/[^\w.-]/g, '_'),
      invoice,
      sourceFlowId: invoiceFlow.flowId,
      status: { code, ...(reasonCode ? { reasonCode } : {}) },
      origin: 'platform',
      contentType: 'application/xml',
    },
    new TextEncoder().encode(xml),
  );
}

/** The invoice flow (sent, acknowledged `Ok`) of a seller's invoice number, if the platform routed one. */
function routedInvoice(store: FlowStore, sellerSiren: string, number: string): StoredFlow | undefined {
  return store
    .all()
    .find(
      (flow) =>
        flow.origin === 'company' &&
        flow.flowDirection === 'Out' &&
        flow.flowType === 'CustomerInvoice' &&
        flow.acknowledgement.status === 'Ok' &&
        flow.invoice?.sellerSiren === sellerSiren &&
        flow.invoice.number === number,
    );
}

async function processInvoice(context: ProcessingContext, flow: StoredFlow, file: Uint8Array): Promise<void> {
  let read: Awaited<ReturnType<typeof readInvoiceFlow>>;
  try {
    read = await readInvoiceFlow(file, flow.flowSyntax as 'Factur-X' | 'CII' | 'UBL');
  } catch (error) {
    if (!(error instanceof InvoiceFlowError)) throw error;
    acknowledge(context, flow, 'Error', {
      reasonCode: error.reasonCode,
      item: 'file',
      message: error.message,
    });
    return;
  }
  if (read.sellerSiren !== flow.owner) {
    acknowledge(context, flow, 'Error', {
      reasonCode: 'OtherTechnicalError',
      item: 'file',
      message: `Le vendeur de la facture (SIREN ${read.sellerSiren ?? 'absent'}) n'est pas le titulaire du compte (SIREN ${flow.owner}).`,
    });
    return;
  }
  const invoice: FlowInvoice = { ...read, sellerSiren: read.sellerSiren };
  if (routedInvoice(context.store, invoice.sellerSiren, invoice.number)) {
    acknowledge(context, flow, 'Error', {
      reasonCode: 'AlreadyExistingFlow',
      item: 'file',
      message: `La facture ${invoice.number} a déjà été déposée sur la plateforme.`,
    });
    return;
  }
  if (flow.processingRuleSource === 'Computed') flow.processingRule = invoice.buyerSiren ? 'B2B' : 'B2C';
  flow.invoice = invoice;
  acknowledge(context, flow, 'Ok');
  if (flow.processingRule !== 'B2B') return;

  platformStatus(context, flow, invoice, '200');
  const buyer = invoice.buyerSiren ? (await context.directory()).get(invoice.buyerSiren) : undefined;
  if (!buyer) {
    platformStatus(context, flow, invoice, '213', 'DEST_INC');
    return;
  }
  deliver(
    context,
    {
      owner: buyer.siren,
      flowType: 'SupplierInvoice',
      flowSyntax: flow.flowSyntax,
      name: flow.name,
      invoice,
      sourceFlowId: flow.flowId,
      origin: 'company',
      contentType: flow.contentType,
    },
    file,
  );
  platformStatus(context, flow, invoice, '202');
  platformStatus(context, flow, invoice, '203');
}

function refuseLifecycle(
  context: ProcessingContext,
  flow: StoredFlow,
  reasonCode: ReasonCode,
  message: string,
): void {
  acknowledge(context, flow, 'Error', { reasonCode, item: 'file', message });
}

async function processLifecycle(
  context: ProcessingContext,
  flow: StoredFlow,
  file: Uint8Array,
): Promise<void> {
  let message: ReturnType<typeof readCdar>;
  try {
    message = readCdar(file);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    refuseLifecycle(context, flow, 'InvalidSchema', error.message);
    return;
  }
  const [status, ...others] = message.statuses;
  if (!status || others.length > 0) {
    refuseLifecycle(context, flow, 'InvoiceLCRuleError', 'La plateforme attend un seul statut par message.');
    return;
  }
  if (message.issuer?.siren !== flow.owner) {
    refuseLifecycle(
      context,
      flow,
      'InvoiceLCAccessDenied',
      `Le statut est émis au nom du SIREN ${message.issuer?.siren ?? 'absent'}, pas du titulaire du compte (SIREN ${flow.owner}).`,
    );
    return;
  }
  const invoiceFlow = status.sellerSiren
    ? routedInvoice(context.store, status.sellerSiren, status.invoiceNumber)
    : undefined;
  const invoice = invoiceFlow?.invoice;
  if (!invoiceFlow || !invoice) {
    refuseLifecycle(
      context,
      flow,
      'InvoiceLCRuleError',
      `Facture inconnue de la plateforme : n° ${status.invoiceNumber} du vendeur SIREN ${status.sellerSiren ?? 'absent'}.`,
    );
    return;
  }
  const code = status.status as LifecycleStatus;
  const fromBuyer = flow.owner === invoice.buyerSiren;
  const fromSeller = flow.owner === invoice.sellerSiren;
  if (!fromBuyer && !fromSeller) {
    refuseLifecycle(
      context,
      flow,
      'InvoiceLCAccessDenied',
      `Le SIREN ${flow.owner} n'est ni le vendeur ni l'acheteur de la facture ${invoice.number}.`,
    );
    return;
  }
  if (!(fromBuyer ? buyerStatuses : sellerStatuses).includes(code)) {
    refuseLifecycle(
      context,
      flow,
      'InvoiceLCStatusError',
      `Le statut ${code} ne peut pas être émis par ${fromBuyer ? "l'acheteur" : 'le vendeur'} de la facture.`,
    );
    return;
  }
  let collectedCents: number | undefined;
  if (code === '212') {
    collectedCents = status.collected.reduce((sum, part) => sum + part.amountCents, 0);
    const already = context.store
      .all()
      .filter(
        (other) =>
          other.sourceFlowId === invoiceFlow.flowId &&
          other.flowDirection === 'Out' &&
          other.status?.code === '212' &&
          other.acknowledgement.status === 'Ok',
      )
      .reduce((sum, other) => sum + (other.status?.collectedCents ?? 0), 0);
    if (
      collectedCents <= 0 ||
      (invoice.totalCents !== undefined && already + collectedCents > invoice.totalCents)
    ) {
      refuseLifecycle(
        context,
        flow,
        'InvoiceLCAmountError',
        `Les montants encaissés de la facture ${invoice.number} dépasseraient son total TTC.`,
      );
      return;
    }
  }
  const reasonCode = status.reasons[0]?.code;
  flow.flowType = fromBuyer ? 'SupplierInvoiceLC' : 'CustomerInvoiceLC';
  flow.processingRule = invoiceFlow.processingRule;
  flow.invoice = invoice;
  flow.sourceFlowId = invoiceFlow.flowId;
  flow.status = {
    code,
    ...(reasonCode ? { reasonCode } : {}),
    ...(collectedCents === undefined ? {} : { collectedCents }),
  };
  acknowledge(context, flow, 'Ok');
  const recipient = fromBuyer ? invoice.sellerSiren : invoice.buyerSiren;
  if (!recipient) return;
  deliver(
    context,
    {
      owner: recipient,
      flowType: fromBuyer ? 'CustomerInvoiceLC' : 'SupplierInvoiceLC',
      flowSyntax: 'CDAR',
      name: flow.name,
      invoice,
      sourceFlowId: invoiceFlow.flowId,
      status: flow.status,
      origin: 'company',
      contentType: flow.contentType,
    },
    file,
  );
}

/** Acknowledges and routes one submitted flow (still `Pending`). */
export async function processFlow(context: ProcessingContext, flow: StoredFlow): Promise<void> {
  const file = context.store.file(flow.flowId);
  if (file.byteLength === 0) {
    acknowledge(context, flow, 'Error', {
      reasonCode: 'EmptyFlow',
      item: 'file',
      message: 'Le fichier est vide.',
    });
    return;
  }
  if (flow.announcedSha256 !== undefined && flow.announcedSha256 !== flow.sha256) {
    acknowledge(context, flow, 'Error', {
      reasonCode: 'ChecksumMismatch',
      item: 'flowInfo.sha256',
      message: "L'empreinte SHA-256 annoncée n'est pas celle du fichier reçu.",
    });
    return;
  }
  if (flow.flowSyntax === 'CDAR') return processLifecycle(context, flow, file);
  if (flow.flowSyntax === 'FRR') {
    try {
      parseUntrustedXml(file);
      acknowledge(context, flow, 'Ok');
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      acknowledge(context, flow, 'Error', {
        reasonCode: 'InvalidSchema',
        item: 'file',
        message: error.message,
      });
    }
    return;
  }
  return processInvoice(context, flow, file);
}
