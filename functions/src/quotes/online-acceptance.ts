/**
 * The client's online "Bon pour accord" (docs/online-acceptance.md): the public page's summary of
 * a sent quote, found by its link's token alone, and its acceptance with a drawn signature.
 *
 * The acceptance writes everything at once or nothing: the signed PDF (the PDF as sent, its
 * "Bon pour accord" box filled with the name, the date and the signature) and the signature are
 * stored first, unlisted; then one transaction validates the quote (guarded by its version and
 * status), marks the token used (guarded by its not being used), lists both files as documents of
 * the quote and records the company's notification. When that transaction fails, both objects
 * are deleted again.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Company } from '@btp/shared/entities/company';
import type { DocumentRecord } from '@btp/shared/entities/document';
import type { PublicQuote, PublicQuoteAccepted } from '@btp/shared/entities/public-quote';
import {
  MAX_SIGNATURE_BYTES,
  type PublicQuoteAcceptBody,
  SIGNATURE_DATA_URL_PREFIX,
} from '@btp/shared/entities/public-quote-input';
import type { Quote } from '@btp/shared/entities/quote';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import type { Fields } from '../data/entity-repository.js';
import { clients } from '../data/entities/clients.js';
import { documents } from '../data/entities/documents.js';
import { quoteAsRead, quotes } from '../data/entities/quotes.js';
import { newId, nowIso } from '../data/ids.js';
import type { TransactItem } from '../data/transactions.js';
import { linksOf } from '../documents/document-links.js';
import { documentObjectKey, putDocumentObject } from '../documents/document-storage.js';
import { presignedDownload } from '../documents/presigned-download.js';
import { readIssuer } from '../invoicing/issuer.js';
import { withAwsErrors } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/http-errors.js';
import { notificationItems } from '../notifications/notify.js';
import { discardPdf, drawPdf, PDF_MIME_TYPE, storePdf, type StoredPdf } from '../pdf/pdf-archive.js';
import { sentQuotePdfInput } from '../pdf/pdf-sources.js';
import { renderQuotePdf } from '../pdf/renderer.js';
import {
  findAcceptanceToken,
  hashAcceptanceToken,
  isTokenShaped,
  tokenKey,
  type AcceptanceTokenRecord,
} from './acceptance-link.js';

/** The eight bytes every PNG file starts with. */
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Requests allowed per window (15 minutes): reads per IP, acceptances per IP and per link. */
export const rateLimits = {
  windowSeconds: 15 * 60,
  readsPerIp: 120,
  acceptsPerIp: 30,
  acceptsPerToken: 10,
} as const;

function frenchDay(instant: string): string {
  const [year, month, day] = calendarDateInFrance(new Date(instant)).split('-');
  return `${day}/${month}/${year}`;
}

/** "Durand & Fils (contact@durand.fr, 01 23 45 67 89)": how the client reaches the company. */
function contactOf(company: Partial<Company>): string {
  const means = [company.email, company.phone].filter((value): value is string => Boolean(value?.trim()));
  const name = company.name ?? "l'entreprise";
  return means.length > 0 ? `${name} (${means.join(', ')})` : name;
}

export const publicQuoteMessages = {
  unknown:
    "Ce lien de devis n'existe pas ou n'est plus valable. Vérifiez l'adresse reçue par e-mail, ou demandez un nouveau lien à l'entreprise qui vous a adressé le devis.",
  expired: (number: string, until: string, company: Partial<Company>) =>
    `Ce lien a expiré le ${frenchDay(until)} : le devis ${number} ne peut plus être accepté en ligne. Pour le faire prolonger ou en recevoir un nouveau, contactez ${contactOf(company)}.`,
  used: (quote: Pick<Quote, 'number' | 'acceptedAt' | 'signerName'>, company: Partial<Company>) =>
    `Le devis ${quote.number} a déjà été accepté${quote.acceptedAt ? ` le ${frenchDay(quote.acceptedAt)}` : ''}${quote.signerName ? ` par ${quote.signerName}` : ''}. Pour toute question, contactez ${contactOf(company)}.`,
  notPending: (number: string, company: Partial<Company>) =>
    `Le devis ${number} n'est plus en attente d'acceptation. Pour toute question, contactez ${contactOf(company)}.`,
  notPng: 'La signature doit être une image PNG.',
  tooLarge: 'La signature dépasse 200 Ko : effacez-la et signez de nouveau.',
  tooMany: (minutes: number) =>
    `Trop de tentatives : réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
} as const;

/** 404 of an expired link: distinct code, the same status as an unknown one (API.md: 404 `not_found`). */
function expired(message: string): HttpError {
  return new HttpError(404, 'link_expired', message);
}

/**
 * The caller's IP address: the last entry of `X-Forwarded-For` (CloudFront appends the viewer's
 * address to whatever the viewer sent; the local gateway sets it from the socket), else the
 * address API Gateway saw.
 */
export function clientIp(headers: Record<string, string>, sourceIp: string | undefined): string {
  const forwarded = (headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return (forwarded.at(-1) ?? sourceIp ?? 'unknown').slice(0, 100);
}

/**
 * Counts one request against `scope`'s budget for the current window (one DynamoDB counter per
 * window, removed by the table's TTL); 429 once `limit` requests were counted in it.
 */
export async function takeRateBudget(scope: string, limit: number, now = Date.now()): Promise<void> {
  const windowMs = rateLimits.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `RATE#${scope}#${windowStart}`, sk: 'RATE' },
        UpdateExpression: 'ADD hits :one SET expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': limit,
          ':expires': Math.floor((windowStart + 2 * windowMs) / 1000),
        },
      }),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') {
      const minutes = Math.max(1, Math.ceil((windowStart + windowMs - now) / 60_000));
      throw new HttpError(429, 'too_many_attempts', publicQuoteMessages.tooMany(minutes));
    }
    throw error;
  }
}

/**
 * The PNG bytes of a signature data URL: 400 when it is not `data:image/png;base64,…` holding a
 * PNG (its eight magic bytes), or when it decodes to more than 200 KB.
 */
export function decodeSignature(dataUrl: string): Buffer {
  const refuse = (message: string) => badRequest(message, [{ path: 'signature', message }]);
  if (!dataUrl.startsWith(SIGNATURE_DATA_URL_PREFIX)) throw refuse(publicQuoteMessages.notPng);
  const base64 = dataUrl.slice(SIGNATURE_DATA_URL_PREFIX.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw refuse(publicQuoteMessages.notPng);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.byteLength > MAX_SIGNATURE_BYTES) throw refuse(publicQuoteMessages.tooLarge);
  if (
    bytes.byteLength <= PNG_MAGIC.byteLength ||
    !bytes.subarray(0, PNG_MAGIC.byteLength).equals(PNG_MAGIC)
  ) {
    throw refuse(publicQuoteMessages.notPng);
  }
  return bytes;
}

interface OpenLink {
  link: AcceptanceTokenRecord;
  quote: Quote;
  company: Partial<Company>;
}

/**
 * The link's quote, still open for acceptance: 404 for an unknown token (or a quote since
 * deleted), 404 `link_expired` past its day, 409 once used or when the quote is no longer `sent`.
 */
async function openLink(token: string, now: Date): Promise<OpenLink> {
  const link = await withAwsErrors(() => findAcceptanceToken(token));
  if (!link) throw notFound(publicQuoteMessages.unknown);
  const [stored, company] = await Promise.all([
    quotes.get(link.companyId, link.quoteId),
    readIssuer(link.companyId),
  ]);
  if (!stored) throw notFound(publicQuoteMessages.unknown);
  const quote = quoteAsRead({ ...stored, items: stored.items ?? [] });
  if (link.usedAt || quote.status === 'validated') {
    throw conflict(publicQuoteMessages.used(quote, company));
  }
  if (now.getTime() > Date.parse(link.validUntilAt)) {
    throw expired(publicQuoteMessages.expired(quote.number, link.validUntilAt, company));
  }
  if (quote.status !== 'sent') throw conflict(publicQuoteMessages.notPending(quote.number, company));
  return { link, quote, company };
}

function pdfUrl(companyId: string, documentId: string, fileName: string): Promise<string> {
  return presignedDownload(documentObjectKey(companyId, documentId), {
    fileName,
    mimeType: PDF_MIME_TYPE,
    inline: true,
  });
}

/**
 * `GET /api/public/quotes/{token}`: the quote as the client reads it, never its costs; the company
 * and the client as they were when it was sent (its snapshots), as on the PDF the client signs.
 */
export async function readPublicQuote(token: string, ip: string): Promise<PublicQuote> {
  await takeRateBudget(`PUBLIC_QUOTE_READ#${ip}`, rateLimits.readsPerIp);
  const { link, quote, company } = await openLink(token, new Date());
  const seller = quote.seller ?? company;
  const clientName = quote.buyer?.name ?? (await clients.get(link.companyId, quote.clientId))?.name;
  return {
    company: {
      name: seller.name ?? '',
      ...optional('legalForm', seller.legalForm),
      ...optional('siret', seller.siret),
      ...optional('address', seller.address),
      ...optional('postalCode', seller.postalCode),
      ...optional('city', seller.city),
      ...optional('email', seller.email),
      ...optional('phone', seller.phone),
    },
    clientName: clientName ?? '',
    number: quote.number,
    title: quote.title,
    ...optional('description', quote.description),
    lines: [...(quote.items ?? [])]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((item) => ({
        description: item.description ?? '',
        unit: item.unit ?? '',
        quantity: item.quantity,
        saleUnitPrice: item.saleUnitPrice,
        saleTotal: item.saleTotal,
        vatRate: item.vatRate,
      })),
    vatBreakdown: quote.vatBreakdown,
    totalAmount: quote.totalAmount,
    vatAmount: quote.vatAmount,
    totalWithVat: quote.totalWithVat,
    reverseCharge: quote.reverseCharge,
    ...optional('sentAt', quote.sentAt),
    ...optional('validUntil', quote.validUntil),
    linkValidUntil: link.validUntilAt,
    status: quote.status,
    ...(quote.pdfDocumentId
      ? { pdfUrl: await pdfUrl(link.companyId, quote.pdfDocumentId, `Devis ${quote.number}.pdf`) }
      : {}),
  };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value !== undefined && value !== '' ? ({ [key]: value } as Record<K, string>) : {};
}

/** "Devis DEV-2026-0001 signé.pdf". */
export function signedPdfName(number: string): string {
  return `Devis ${number} signé.pdf`;
}

/** The items that list a stored file as a document of the quote (linked to it, its client and project). */
function quoteDocumentItems(
  companyId: string,
  quote: Quote,
  file: StoredPdf,
  name: string,
  type: DocumentRecord['type'],
  mimeType: string,
): TransactItem[] {
  const fields: Fields<DocumentRecord> = {
    name,
    type,
    ...linksOf({ quoteId: quote.id, clientId: quote.clientId, projectId: quote.projectId }),
    tags: [],
    originalName: name,
    mimeType,
    size: file.size,
    path: documentObjectKey(companyId, file.documentId),
  };
  return documents.createItems(companyId, fields, file.documentId).items;
}

/**
 * `POST /api/public/quotes/{token}/accept`: the client's "Bon pour accord" (name, terms accepted,
 * drawn signature). Rate-limited per IP and per link (429); 404, 404 `link_expired` and 409 as
 * {@link openLink}; 400 for a signature that is not a PNG or is over 200 KB.
 */
export async function acceptPublicQuote(
  token: string,
  body: PublicQuoteAcceptBody,
  ip: string,
): Promise<PublicQuoteAccepted> {
  await takeRateBudget(`PUBLIC_QUOTE_ACCEPT_IP#${ip}`, rateLimits.acceptsPerIp);
  if (isTokenShaped(token)) {
    await takeRateBudget(
      `PUBLIC_QUOTE_ACCEPT_TOKEN#${hashAcceptanceToken(token)}`,
      rateLimits.acceptsPerToken,
    );
  }
  const acceptedAt = nowIso();
  const { link, quote, company } = await openLink(token, new Date(acceptedAt));
  const signature = decodeSignature(body.signature);
  const signerName = body.signerName;
  const companyId = link.companyId;

  // The PDF as sent (its date, and the company and the client as the quote's snapshots keep them),
  // its box filled; the company as `openLink` read it, for a quote sent before snapshots were kept.
  const input = await sentQuotePdfInput(companyId, quote, { company });
  const signedPdf = await drawPdf(renderQuotePdf, {
    ...input,
    quote: { ...input.quote, acceptedAt, signerName },
    signatureImage: signature,
  });
  const pdfFile = await storePdf(companyId, signedPdf);
  const signatureFile: StoredPdf = { documentId: newId(), size: signature.byteLength };
  try {
    await putDocumentObject(documentObjectKey(companyId, signatureFile.documentId), signature, 'image/png');
  } catch (error) {
    await discardPdf(companyId, pdfFile, 'signature not stored');
    throw error;
  }

  const tokenUse: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: tokenKey(link.tokenHash),
      UpdateExpression: 'SET usedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt)',
      ExpressionAttributeValues: { ':now': acceptedAt },
    },
  };
  const extraItems: TransactItem[] = [
    tokenUse,
    ...quoteDocumentItems(companyId, quote, pdfFile, signedPdfName(quote.number), 'quote', PDF_MIME_TYPE),
    ...quoteDocumentItems(
      companyId,
      quote,
      signatureFile,
      `Signature devis ${quote.number}.png`,
      'other',
      'image/png',
    ),
    ...notificationItems(companyId, {
      kind: 'quote_accepted',
      title: `Devis ${quote.number} accepté`,
      body: `${signerName} a signé en ligne le devis « ${quote.title} » (${quote.totalWithVat} € TTC).`,
      link: `/quotes?q=${encodeURIComponent(quote.number)}`,
    }),
  ];
  const stale = () => conflict(publicQuoteMessages.used(quote, company));
  try {
    await quotes.update(
      companyId,
      quote.id,
      (stored) => {
        const current = quoteAsRead(stored);
        if (current.status !== 'sent')
          throw conflict(publicQuoteMessages.notPending(current.number, company));
        return {
          ...current,
          status: 'validated',
          acceptedAt,
          validatedAt: acceptedAt,
          signerName,
          acceptedFromIp: ip,
          signatureDocumentId: signatureFile.documentId,
          signedPdfDocumentId: pdfFile.documentId,
        };
      },
      {
        expectedVersion: quote.version,
        extraItems,
        explainExtra: (index) => (index === 0 ? stale() : undefined),
      },
    );
  } catch (error) {
    await discardPdf(companyId, pdfFile, 'quote not accepted');
    await discardPdf(companyId, signatureFile, 'quote not accepted');
    // A concurrent acceptance changed the version: the client sees that it was accepted.
    if (error instanceof HttpError && error.statusCode === 409) {
      const now = await quotes.get(companyId, quote.id);
      if (now && now.status !== 'sent') throw conflict(publicQuoteMessages.used(now, company));
    }
    throw error;
  }
  return {
    number: quote.number,
    status: 'validated',
    acceptedAt,
    signerName,
    pdfUrl: await pdfUrl(companyId, pdfFile.documentId, signedPdfName(quote.number)),
  };
}
