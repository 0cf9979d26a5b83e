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
import { supplierCreateInput } from '@btp/shared/entities/supplier';
import { supplierInvoiceCreateInput, type SupplierInvoice } from '@btp/shared/entities/supplier-invoice';
import type { EntityRef } from '@btp/shared/record';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { numberSeries, takeNextNumber } from '../data/counters.js';
import type { Fields } from '../data/entity-repository.js';
import { documents } from '../data/entities/documents.js';
import { supplierInvoices } from '../data/entities/supplier-invoices.js';
import { suppliers } from '../data/entities/suppliers.js';
import { newId, nowIso } from '../data/ids.js';
import { companyMarkerKey, normaliseUnique, type Key } from '../data/keys.js';
import { referenceStamp } from '../data/reference-stamps.js';
import type { TransactItem } from '../data/transactions.js';
import { deleteDocumentObject, documentObjectKey, putDocumentObject } from '../documents/document-storage.js';
import { sanitiseFileName } from '../documents/file-names.js';
import { parseMultipartForm } from '../documents/multipart-form.js';
import { readEInvoice, type ReceivedFormat } from '../einvoicing/import/read-e-invoice.js';
import {
  normalisedIdentifier,
  sirenOfFrenchVat,
  money,
  type ReceivedInvoice,
  type ReceivedSeller,
} from '../einvoicing/import/received-invoice.js';
import { awsErrorToHttp } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { badRequest, conflict, HttpError, type ErrorDetail } from '../lib/http-errors.js';
import { logger } from '../lib/logger.js';

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
} as const;

/** A multipart body larger than this is refused before it is read: the file cannot fit. */
const maxMultipartBodyBytes = MULTIPART_UPLOAD_MAX_BYTES + 2 * 1024 * 1024;

const payloadTooLarge = () => new HttpError(413, 'payload_too_large', supplierInvoiceImportMessages.tooLarge);

const formats: Record<ReceivedFormat, { mimeType: string; extension: string }> = {
  pdf: { mimeType: 'application/pdf', extension: '.pdf' },
  xml: { mimeType: 'application/xml', extension: '.xml' },
};

/** What the route answers: the draft (with its supplier), its document, and whether the supplier is new. */
export interface SupplierInvoiceImport {
  supplierInvoice: SupplierInvoice & { supplier: EntityRef };
  document: DocumentRecord;
  supplierCreated: boolean;
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
  let parsed = supplierCreateInput.safeParse(candidate);
  // An e-mail address the form would refuse is left out rather than refusing the invoice.
  if (!parsed.success) parsed = supplierCreateInput.safeParse({ ...candidate, email: undefined });
  if (!parsed.success)
    throw badRequest(supplierInvoiceImportMessages.invalid, detailsOf(parsed.error.issues));
  return parsed.data;
}

function detailsOf(issues: readonly { path: PropertyKey[]; message: string }[]): ErrorDetail[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** The marker that makes one supplier's invoice number unique in the company. */
function referenceMarkerKey(companyId: string, supplierId: string, reference: string): Key {
  return companyMarkerKey(
    companyId,
    supplierInvoices.type,
    'SUPPLIER_REFERENCE',
    `${supplierId} ${reference}`,
  );
}

/**
 * The put of that marker. A marker left by an invoice since deleted (the delete route does not
 * know it) or re-typed to another supplier or number is taken over; a live one is a 409.
 */
async function referenceMarkerItem(
  companyId: string,
  supplierId: string,
  reference: string,
  invoiceId: string,
): Promise<TransactItem> {
  const key = referenceMarkerKey(companyId, supplierId, reference);
  let owner: string | undefined;
  try {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
    );
    owner = typeof Item?.ownerId === 'string' ? Item.ownerId : undefined;
  } catch (error) {
    throw awsErrorToHttp(error) ?? error;
  }
  return {
    Put: {
      TableName: tableName(),
      Item: { ...key, ownerId: invoiceId },
      ConditionExpression: owner ? 'ownerId = :stale' : 'attribute_not_exists(pk)',
      ...(owner ? { ExpressionAttributeValues: { ':stale': owner } } : {}),
    },
  };
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
  const { format, invoice } = await readEInvoice(file.data);
  const { seller } = invoice;

  const known = await suppliers.listAll(companyId, ['name', 'siret', 'vatNumber']);
  const matched = sellerAmong(known, seller);
  const sameName = known.some((supplier) => normaliseUnique(supplier.name) === normaliseUnique(seller.name));

  if (matched) {
    const recorded = await supplierInvoices.listAll(companyId, ['supplierId', 'supplierReference', 'number']);
    const duplicate = recorded.find(
      (other) =>
        other.supplierId === matched.id &&
        !!other.supplierReference &&
        normaliseUnique(other.supplierReference) === normaliseUnique(invoice.number),
    );
    if (duplicate) {
      throw conflict(supplierInvoiceImportMessages.duplicate(invoice.number, matched.name, duplicate.number));
    }
  }

  const supplierFields = matched ? undefined : newSupplierFields(seller, invoice, !!sameName);
  const supplierId = matched?.id ?? newId();
  const supplierName = matched?.name ?? supplierFields?.name ?? seller.name;
  const invoiceId = newId();
  const documentId = newId();

  const parsedInvoice = supplierInvoiceCreateInput.safeParse({
    supplierId,
    status: 'draft',
    title: `Facture ${invoice.number}`,
    totalAmount: money(invoice.totalCents),
    paidAmount: '0.00',
    dueDate: invoice.dueDate,
    receivedAt: nowIso(),
    items: invoice.lines.map((line) => ({ ...line })),
    supplierReference: invoice.number,
    issueDate: invoice.issueDate,
    netAmount: money(invoice.netCents),
    vatAmount: money(invoice.vatCents),
    documentId,
  });
  if (!parsedInvoice.success) {
    throw badRequest(supplierInvoiceImportMessages.invalid, detailsOf(parsedInvoice.error.issues));
  }
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
  const markerItem = await referenceMarkerItem(companyId, supplierId, invoice.number, invoiceId);

  await putDocumentObject(objectKey, file.data, mimeType);
  let created: SupplierInvoice | undefined;
  let document: DocumentRecord | undefined;
  try {
    await takeNextNumber(
      companyId,
      numberSeries.supplierInvoice,
      (number) => {
        // A supplier found is stamped here, on condition it exists (its deletion then cannot
        // miss this invoice, see data/reference-stamps.ts); one created here needs no stamp. The
        // invoice's own stamp of it is left out (one transaction cannot write an item twice), so
        // the positions below stay those of `explain`.
        const supplierItems: TransactItem[] = supplierFields
          ? suppliers.createItems(companyId, supplierFields, supplierId).items
          : [referenceStamp(suppliers.key(companyId, supplierId))];
        const supplierSk = suppliers.key(companyId, supplierId).sk;
        const invoiceWrite = supplierInvoices.createItems(
          companyId,
          {
            ...parsedInvoice.data,
            number,
            ...(received ? { receivedVia: 'platform' } : {}),
          } as Fields<SupplierInvoice>,
          invoiceId,
        );
        const invoiceItems = invoiceWrite.items.filter((item) => item.Update?.Key?.sk !== supplierSk);
        const documentWrite = documents.createItems(companyId, documentFields, documentId);
        created = invoiceWrite.record;
        document = documentWrite.record;
        return [
          ...supplierItems,
          ...invoiceItems,
          ...documentWrite.items,
          markerItem,
          ...(received?.extraItems(invoiceId, invoice) ?? []),
        ];
      },
      (index) => {
        const supplierCount = supplierFields ? 2 : 1;
        if (index < supplierCount) {
          return conflict(
            supplierFields
              ? supplierInvoiceImportMessages.supplierNameTaken
              : supplierInvoiceImportMessages.supplierGone,
          );
        }
        // The supplier invoice (2 items) and the document (1) have fresh ids: only the marker is left.
        if (index === supplierCount + 3) {
          return conflict(supplierInvoiceImportMessages.duplicateNow(invoice.number, supplierName));
        }
        return index === supplierCount + 4 ? received?.alreadyReceived : undefined;
      },
    );
  } catch (error) {
    await discardObject(objectKey, 'records not written');
    throw error;
  }
  if (!created || !document) throw new Error('import transaction wrote nothing');
  return {
    supplierInvoice: { ...created, supplier: { id: supplierId, name: supplierName } },
    document,
    supplierCreated: !matched,
  };
}
