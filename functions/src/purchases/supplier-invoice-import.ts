/**
 * `POST /api/supplier-invoices/import` (DOCUMENTS.md § 6, docs/e-invoice-import.md): a supplier's
 * Factur-X / ZUGFeRD PDF, CII or UBL XML becomes a draft supplier invoice, its supplier found by
 * SIREN or VAT number (else created), the file kept as a document of the company linked to the
 * supplier and named by the invoice's `documentId`.
 *
 * Order of the writes, so that a refusal or a fault never leaves half of it: the file is read and
 * every check made first (nothing written on any 4xx); then the object is stored under a new
 * document id (unlisted: no record points to it); then ONE transaction takes the next `FF-` number
 * and writes the supplier (when new), the supplier invoice, the document and the marker that makes
 * "this supplier's invoice n° X" unique. When that transaction fails, the object is deleted again.
 */
import { MULTIPART_UPLOAD_MAX_BYTES } from '@btp/shared/document-upload';
import type { DocumentRecord } from '@btp/shared/entities/document';
import type { Supplier } from '@btp/shared/entities/supplier';
import { supplierCreateParser } from '@btp/shared/entities/supplier-input';
import { supplierInvoiceCreateParser } from '@btp/shared/entities/supplier-invoice-input';
import type {
  SupplierInvoice,
  SupplierInvoiceAdjustment,
  SupplierInvoiceLine,
} from '@btp/shared/entities/supplier-invoice';
import { centsOf } from '@btp/shared/finance';
import { DecimalInputError, formatEuro, formatPercent, parsePercent, sumCents } from '@btp/shared/money';
import type { VatBreakdownEntry } from '@btp/shared/vat';
import type { EntityRef } from '@btp/shared/record';
import type { Fields } from '../data/entity-repository.js';
import { documents } from '../data/entities/documents.js';
import { supplierInvoiceAsRead, supplierInvoices } from '../data/entities/supplier-invoices.js';
import { suppliers } from '../data/entities/suppliers.js';
import { newId, nowIso } from '../data/ids.js';
import { normaliseUnique } from '../data/keys.js';
import { referenceStamp } from '../data/reference-stamps.js';
import { deleteDocumentObject, documentObjectKey, putDocumentObject } from '../documents/document-storage.js';
import { sanitiseFileName } from '../documents/file-names.js';
import { parseMultipartForm } from '../documents/multipart-form.js';
import type { ReceivedFormat } from '../einvoicing/import/read-e-invoice.js';
import {
  normalisedIdentifier,
  sirenOfFrenchVat,
  money,
  type ReceivedAllowanceCharge,
  type ReceivedInvoice,
  type ReceivedSeller,
} from '../einvoicing/import/received-invoice.js';
import { badRequest, conflict, HttpError, type ErrorDetail } from '../lib/http-errors.js';
import type { TransactItem } from '../data/transactions.js';
import { logger } from '../lib/logger.js';
import {
  createPricedSupplierInvoice,
  pricedFields,
  Writes,
  type ReceivedParts,
} from './supplier-invoice-service.js';

export const supplierInvoiceImportMessages = {
  fileRequired: 'Le fichier est requis : choisissez une facture électronique (PDF Factur-X, CII ou UBL).',
  tooLarge: 'Le fichier dépasse 4 Mo, la taille maximale d’une facture électronique importée.',
  duplicate: (reference: string, supplier: string, number: string) =>
    `La facture ${reference} de ${supplier} est déjà enregistrée (facture fournisseur ${number}) : elle n'est pas importée une seconde fois.`,
  duplicateNow: (reference: string, supplier: string) =>
    `La facture ${reference} de ${supplier} vient d'être enregistrée par un autre import : elle n'est pas importée une seconde fois.`,
  supplierGone: "Le fournisseur de cette facture a été supprimé entre-temps : recommencez l'import.",
  supplierNameTaken:
    "Un fournisseur de ce nom vient d'être créé entre-temps : recommencez l'import pour lui rattacher la facture.",
  invalid: 'La facture électronique contient des données que BTP Gestion ne peut pas enregistrer.',
  creditedUnknown: (reference: string) =>
    `La facture ${reference} que cet avoir corrige n'est pas enregistrée pour ce fournisseur : l'avoir est importé sans lien, rattachez-le à sa facture en le modifiant.`,
  creditedFull: (reference: string, number: string, left: string) =>
    `L'avoir dépasse ce qui reste à créditer sur la facture ${reference} (${number} : ${left}) : il est importé sans lien, vérifiez-le puis rattachez-le en le modifiant.`,
} as const;

/** A multipart body larger than this is refused before it is read: the file cannot fit. */
const maxMultipartBodyBytes = MULTIPART_UPLOAD_MAX_BYTES + 2 * 1024 * 1024;

const payloadTooLarge = () => new HttpError(413, 'payload_too_large', supplierInvoiceImportMessages.tooLarge);

const formats: Record<ReceivedFormat, { mimeType: string; extension: string }> = {
  pdf: { mimeType: 'application/pdf', extension: '.pdf' },
  xml: { mimeType: 'application/xml', extension: '.xml' },
};

/**
 * What the route answers: the draft (with its supplier), its document, whether the supplier is
 * new, and for a credit note that names an invoice it could not be linked to, why.
 */
export interface SupplierInvoiceImport {
  supplierInvoice: SupplierInvoice & { supplier: EntityRef };
  document: DocumentRecord;
  supplierCreated: boolean;
  notLinked?: string;
}

type KnownSupplier = Pick<Supplier, 'id' | 'name' | 'siret' | 'vatNumber'>;

/** A supplier's SIREN as recorded: from its SIRET (or a SIREN typed there), else from its French VAT number. */
function sirenOfSupplier(supplier: KnownSupplier): string | undefined {
  const siret = normalisedIdentifier(supplier.siret);
  if (siret && /^\d{9}(\d{5})?$/.test(siret)) return siret.slice(0, 9);
  return sirenOfFrenchVat(normalisedIdentifier(supplier.vatNumber));
}

const hasIdentity = (supplier: KnownSupplier): boolean =>
  !!normalisedIdentifier(supplier.siret) || !!normalisedIdentifier(supplier.vatNumber);

/**
 * The known supplier that is the seller: same SIRET (the establishment itself), else same SIREN,
 * else same VAT number; else, under the same name, one without identifiers (typed by hand before
 * its first e-invoice) or any when the file gives no identifier either.
 */
function sellerAmong(known: KnownSupplier[], seller: ReceivedSeller): KnownSupplier | undefined {
  const bySiret =
    seller.siret && known.find((supplier) => normalisedIdentifier(supplier.siret) === seller.siret);
  const bySiren = seller.siren && known.find((supplier) => sirenOfSupplier(supplier) === seller.siren);
  const byVat =
    seller.vatNumber &&
    known.find((supplier) => normalisedIdentifier(supplier.vatNumber) === seller.vatNumber);
  const sameName = known.find((supplier) => normaliseUnique(supplier.name) === normaliseUnique(seller.name));
  const fileIdentified = !!(seller.siren || seller.vatNumber);
  const byName = sameName && (!hasIdentity(sameName) || !fileIdentified) ? sameName : undefined;
  return bySiret || bySiren || byVat || byName;
}

/** The country's French name ("FR" → "France"), or the code itself when unknown. */
function countryName(code: string | undefined): string | undefined {
  if (!code) return undefined;
  try {
    return new Intl.DisplayNames(['fr'], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * The supplier a new one is created as, from what the file gives. The name must be unique in the
 * company: when another supplier (with other identifiers) already bears it, the SIREN or VAT
 * number is added to it.
 */
function newSupplierFields(seller: ReceivedSeller, invoice: ReceivedInvoice, nameTaken: boolean) {
  const identifier = seller.siren
    ? `SIREN ${seller.siren}`
    : seller.vatNumber
      ? `TVA ${seller.vatNumber}`
      : undefined;
  const name = nameTaken && identifier ? `${seller.name} (${identifier})` : seller.name;
  const candidate = {
    name,
    email: seller.email,
    phone: seller.phone,
    address: seller.address,
    postalCode: seller.postalCode,
    city: seller.city,
    country: countryName(seller.countryCode),
    // Suppliers keep SIRET and VAT number as free text; a SIREN alone is kept where the SIRET goes.
    siret: seller.siret ?? seller.siren,
    vatNumber: seller.vatNumber,
    notes: `Fournisseur créé à l'import de sa facture électronique ${invoice.number}.`,
  };
  let parsed = supplierCreateParser.safeParse(candidate);
  // An e-mail address the form would refuse is left out rather than refusing the invoice.
  if (!parsed.success) parsed = supplierCreateParser.safeParse({ ...candidate, email: undefined });
  if (!parsed.success)
    throw badRequest(supplierInvoiceImportMessages.invalid, detailsOf(parsed.error.issues));
  return parsed.data;
}

function detailsOf(issues: readonly { path: PropertyKey[]; message: string }[]): ErrorDetail[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** Reads the multipart body's `file` (at most 4 MiB). */
async function receivedFile(request: ImportRequest): Promise<{ name: string; data: Buffer }> {
  const raw =
    request.body === undefined
      ? Buffer.alloc(0)
      : Buffer.from(request.body, request.isBase64Encoded ? 'base64' : 'utf8');
  if (raw.byteLength > maxMultipartBodyBytes) throw payloadTooLarge();
  const form = await parseMultipartForm(raw, request.contentType, {
    fileField: 'file',
    maxFileBytes: MULTIPART_UPLOAD_MAX_BYTES,
  });
  const { file } = form;
  if (!file) {
    throw badRequest(supplierInvoiceImportMessages.fileRequired, [
      { path: 'file', message: supplierInvoiceImportMessages.fileRequired },
    ]);
  }
  if (file.tooLarge) throw payloadTooLarge();
  return { name: file.fileName, data: file.data };
}

export interface ImportRequest {
  body: string | undefined;
  isBase64Encoded: boolean;
  contentType: string | undefined;
}

/** Deletes a stored file no record will list; a failure leaves it behind, invisible and logged. */
async function discardObject(key: string, reason: string): Promise<void> {
  try {
    await deleteDocumentObject(key);
  } catch (error) {
    logger.warn('Facture électronique laissée dans le bucket', { key, reason, error });
  }
}

/** `POST /api/supplier-invoices/import`: see the module's comment. */
export async function importSupplierInvoice(
  companyId: string,
  request: ImportRequest,
): Promise<SupplierInvoiceImport> {
  return importSupplierInvoiceFile(companyId, await receivedFile(request));
}

/**
 * A supplier invoice received through the company's plateforme agréée (docs/einvoicing-network.md,
 * "In"): marked « reçue via la plateforme », and the network's own items (the flow's marker, its
 * record) written in the import's transaction.
 */
export interface ReceivedThroughPlatform {
  extraItems(supplierInvoiceId: string, invoice: ReceivedInvoice): TransactItem[];
  /** Why the first of `extraItems` (the flow's marker) failed: the flow was imported already. */
  alreadyReceived: HttpError;
}

/**
 * Imports one e-invoice file (the route's upload, or a flow the platform delivered): see the
 * module's comment.
 */
export async function importSupplierInvoiceFile(
  companyId: string,
  file: { name: string; data: Buffer },
  received?: ReceivedThroughPlatform,
): Promise<SupplierInvoiceImport> {
  // The reader (the XML parser, and pdfjs for a PDF) is loaded on this path only.
  const { readEInvoice } = await import('../einvoicing/import/read-e-invoice.js');
  const { format, invoice } = await readEInvoice(file.data);
  const { seller } = invoice;

  const known = await suppliers.listAll(companyId, ['name', 'siret', 'vatNumber']);
  const matched = sellerAmong(known, seller);
  const sameName = known.some((supplier) => normaliseUnique(supplier.name) === normaliseUnique(seller.name));

  const recorded: Recorded[] = matched
    ? await supplierInvoices.listAll(companyId, [
        'supplierId',
        'supplierReference',
        'number',
        'kind',
        'totalAmount',
        'creditNotes',
      ])
    : [];
  const sameNumber = (reference: string | undefined, number: string) =>
    !!reference && normaliseUnique(reference) === normaliseUnique(number);
  // Records typed by hand before numbers were unique have no marker: they are looked for too.
  const duplicate = recorded.find(
    (other) => other.supplierId === matched?.id && sameNumber(other.supplierReference, invoice.number),
  );
  if (matched && duplicate) {
    throw conflict(supplierInvoiceImportMessages.duplicate(invoice.number, matched.name, duplicate.number));
  }

  const supplierFields = matched ? undefined : newSupplierFields(seller, invoice, !!sameName);
  const supplierId = matched?.id ?? newId();
  const supplierName = matched?.name ?? supplierFields?.name ?? seller.name;
  const invoiceId = newId();
  const documentId = newId();
  const credited = creditedInvoiceOf(invoice, recorded, matched?.id);
  const fields = {
    ...receivedFields(invoice, supplierId, documentId, credited.invoice?.id),
    ...(received ? { receivedVia: 'platform' as const } : {}),
  };

  const { mimeType, extension } = formats[format];
  const syntaxLabel = format === 'pdf' ? 'Factur-X' : invoice.syntax === 'CII' ? 'CII' : 'UBL';
  const originalName = sanitiseFileName(file.name || `facture-${invoice.number}${extension}`);
  const objectKey = documentObjectKey(companyId, documentId);
  const documentFields: Fields<DocumentRecord> = {
    name: `Facture ${invoice.number} - ${supplierName}${extension}`,
    type: 'invoice',
    supplierId,
    tags: [],
    description: received
      ? `Facture électronique (${syntaxLabel}) reçue de ${supplierName} via la plateforme agréée, enregistrée dans Achats.`
      : `Facture électronique (${syntaxLabel}) reçue de ${supplierName}, importée dans Achats.`,
    originalName,
    mimeType,
    size: file.data.byteLength,
    path: objectKey,
  };

  // A supplier found is stamped here, on condition it exists (its deletion then cannot miss this
  // invoice, see data/reference-stamps.ts); one created here needs no stamp.
  const supplierWrites = supplierFields
    ? new Writes().add(suppliers.createItems(companyId, supplierFields, supplierId).items, () =>
        conflict(supplierInvoiceImportMessages.supplierNameTaken),
      )
    : new Writes().add(referenceStamp(suppliers.key(companyId, supplierId)), () =>
        conflict(supplierInvoiceImportMessages.supplierGone),
      );
  let document: DocumentRecord | undefined;
  await putDocumentObject(objectKey, file.data, mimeType);
  let created: SupplierInvoice | undefined;
  try {
    created = await createPricedSupplierInvoice(companyId, fields, {
      id: invoiceId,
      before: supplierWrites,
      // The invoice's own stamp of its supplier is left out: one transaction cannot write an item twice.
      withoutStampOf: suppliers.key(companyId, supplierId),
      supplierName: async () => supplierName,
      after: () => {
        const documentWrite = documents.createItems(companyId, documentFields, documentId);
        document = documentWrite.record;
        const writes = new Writes().add(documentWrite.items);
        // The flow's marker comes first: its failure means the flow was imported already.
        if (received)
          writes.add(received.extraItems(invoiceId, invoice), (index) =>
            index === 0 ? received.alreadyReceived : undefined,
          );
        return writes;
      },
    });
  } catch (error) {
    await discardObject(objectKey, 'records not written');
    throw error;
  }
  if (!document) throw new Error('import transaction wrote nothing');
  return {
    supplierInvoice: {
      ...(await supplierInvoiceAsRead(created)),
      supplier: { id: supplierId, name: supplierName },
    },
    document,
    supplierCreated: !matched,
    ...(credited.notLinked ? { notLinked: credited.notLinked } : {}),
  };
}

type Recorded = Pick<
  SupplierInvoice,
  'id' | 'supplierId' | 'supplierReference' | 'number' | 'kind' | 'totalAmount' | 'creditNotes'
>;

/**
 * The invoice a received credit note corrects: the supplier's invoice whose number (its
 * `supplierReference`) is the note's first preceding invoice (BT-25), when the note's TTC fits in
 * what remains to credit on it; else none, and why (the person links it by hand).
 */
function creditedInvoiceOf(
  invoice: ReceivedInvoice,
  recorded: readonly Recorded[],
  supplierId: string | undefined,
): { invoice?: Recorded; notLinked?: string } {
  const reference = invoice.precedingInvoices[0]?.number;
  if (invoice.kind !== 'credit_note' || !reference || !supplierId) return {};
  const found = recorded.find(
    (other) =>
      other.supplierId === supplierId &&
      (other.kind ?? 'invoice') === 'invoice' &&
      !!other.supplierReference &&
      normaliseUnique(other.supplierReference) === normaliseUnique(reference),
  );
  if (!found) return { notLinked: supplierInvoiceImportMessages.creditedUnknown(reference) };
  const left =
    centsOf(found.totalAmount) -
    sumCents((found.creditNotes ?? []).map((entry) => centsOf(entry.totalAmount)));
  if (invoice.totalCents > left) {
    return {
      notLinked: supplierInvoiceImportMessages.creditedFull(
        reference,
        found.number,
        formatEuro(Math.max(0, left)),
      ),
    };
  }
  return { invoice: found };
}

/** "5.5" → "5.50": a rate of the file as the records write it. */
const rateText = (rate: string): string => formatPercent(parsePercent(rate));

/** Σ amounts in cents → "12.50", or nothing when there are none. */
function summed(entries: readonly ReceivedAllowanceCharge[]): string | undefined {
  return entries.length === 0 ? undefined : money(sumCents(entries.map((entry) => entry.amountCents)));
}

function adjustments(entries: readonly ReceivedAllowanceCharge[]): SupplierInvoiceAdjustment[] {
  return entries.map((entry) => ({
    ...(entry.reason ? { reason: entry.reason } : {}),
    ...(entry.reasonCode ? { reasonCode: entry.reasonCode } : {}),
    amount: money(entry.amountCents),
    vatRate: rateText(entry.vatRate ?? '0'),
    ...(entry.vatCategory ? { vatCategory: entry.vatCategory } : {}),
  }));
}

/** The file's VAT breakdown per rate (its categories of one rate summed: the records break down by rate). */
function statedBreakdown(invoice: ReceivedInvoice): VatBreakdownEntry[] {
  const byRate = new Map<string, { base: number; amount: number }>();
  for (const entry of invoice.vatBreakdown) {
    const rate = rateText(entry.rate);
    const sum = byRate.get(rate) ?? { base: 0, amount: 0 };
    byRate.set(rate, { base: sum.base + entry.baseCents, amount: sum.amount + entry.vatCents });
  }
  return [...byRate].map(([rate, sum]) => ({ rate, base: money(sum.base), amount: money(sum.amount) }));
}

/**
 * The supplier invoice an e-invoice becomes (docs/e-invoice-import.md, "Mapping"): a draft invoice
 * or credit note with the file's number, dates, lines (their stated net amounts, base quantities,
 * allowances and charges), document allowances and charges, stated VAT per rate, prepaid and
 * rounding amounts, currency and preceding invoices. Its totals are computed from them as for any
 * supplier invoice and must be the file's HT, VAT and TTC; when they cannot be (a MINIMUM file
 * without VAT breakdown, a line the records cannot hold), the record keeps the file's HT, VAT and
 * TTC without lines, never other figures.
 */
export function receivedFields(
  invoice: ReceivedInvoice,
  supplierId: string,
  documentId: string,
  creditedInvoiceId?: string,
): ReturnType<typeof pricedFields> {
  const note = invoice.kind === 'credit_note';
  const body = {
    supplierId,
    status: 'draft',
    kind: invoice.kind,
    title: `${note ? 'Avoir' : 'Facture'} ${invoice.number}`,
    paidAmount: '0.00',
    dueDate: invoice.dueDate,
    receivedAt: nowIso(),
    supplierReference: invoice.number,
    issueDate: invoice.issueDate,
    documentId,
    creditedInvoiceId,
  };
  const euro = invoice.currency === 'EUR';
  const received: ReceivedParts = {
    typeCode: invoice.typeCode,
    ...(euro ? {} : { currency: invoice.currency, vatAmountInEuros: money(invoice.vatEuroCents) }),
    ...(invoice.precedingInvoices.length > 0 ? { precedingInvoices: invoice.precedingInvoices } : {}),
    ...(invoice.prepaidCents !== 0 ? { prepaidAmount: money(invoice.prepaidCents) } : {}),
    ...(invoice.roundingCents !== 0 ? { roundingAmount: money(invoice.roundingCents) } : {}),
  };
  const expected = {
    netAmount: money(invoice.netCents),
    vatAmount: money(invoice.vatCents),
    totalAmount: money(invoice.totalCents),
  };
  try {
    const withLines = supplierInvoiceCreateParser.safeParse({
      ...body,
      lines: invoice.lines.map((line) => ({
        description: line.description,
        unit: line.unit,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        vatRate: line.vatRate,
      })),
    });
    if (withLines.success && invoice.lines.length > 0) {
      const data = withLines.data;
      const stated: SupplierInvoiceLine[] = (data.lines ?? []).map((line, index) => {
        const read = invoice.lines[index]!;
        return {
          ...line,
          ...(read.priceBaseQuantity ? { priceBaseQuantity: read.priceBaseQuantity } : {}),
          ...(summed(read.allowances) ? { allowanceAmount: summed(read.allowances) } : {}),
          ...(summed(read.charges) ? { chargeAmount: summed(read.charges) } : {}),
          vatCategory: read.vatCategory,
          total: read.total,
        };
      });
      const fields = pricedFields(data, {
        ...received,
        lines: stated,
        allowances: adjustments(invoice.allowances),
        charges: adjustments(invoice.charges),
        vatBreakdown: statedBreakdown(invoice),
      });
      if (
        fields.netAmount === expected.netAmount &&
        fields.vatAmount === expected.vatAmount &&
        fields.totalAmount === expected.totalAmount
      ) {
        return fields;
      }
    }
  } catch (error) {
    // A rate or an amount the rules cannot read: the record keeps the file's totals instead.
    if (
      !(error instanceof HttpError) &&
      !(error instanceof DecimalInputError) &&
      !(error instanceof RangeError)
    ) {
      throw error;
    }
  }
  const parsed = supplierInvoiceCreateParser.safeParse({ ...body, ...expected });
  if (!parsed.success) {
    throw badRequest(supplierInvoiceImportMessages.invalid, detailsOf(parsed.error.issues));
  }
  let breakdown: VatBreakdownEntry[] = [];
  try {
    breakdown = statedBreakdown(invoice);
  } catch {
    breakdown = [];
  }
  return pricedFields(parsed.data, { ...received, vatBreakdown: breakdown });
}
