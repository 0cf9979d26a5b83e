/**
 * The e-mails that carry a devis, a facture or an avoir to the client (docs/sending.md): French,
 * plain text and HTML (every value HTML-escaped), the amounts TTC in euros as France writes them,
 * the validity or due date, the person's optional message and the company's signature block.
 */
import type { Company } from '@btp/shared/entities/company';
import { escapeHtml, frenchDate } from '@btp/shared/french-text';
import { formatEuro, parseMoney } from '@btp/shared/money';

/** What the e-mail says of the document sent. */
export type SentDocument =
  | {
      kind: 'quote';
      number: string;
      title: string;
      /** TTC, decimal string. */
      totalWithVat: string;
      /** `YYYY-MM-DD`, when the quote has one. */
      validUntil?: string;
      /** The absolute URL of the online « Bon pour accord ». */
      acceptUrl: string;
    }
  | {
      kind: 'invoice' | 'credit_note';
      number: string;
      title: string;
      /** TTC, decimal string. */
      totalWithVat: string;
      /** What the client must pay (TTC less a retention), decimal string; an invoice only. */
      amountDue?: string;
      /** `YYYY-MM-DD`; an invoice only. */
      dueDate?: string;
      /** A credit note: the number of the invoice it cancels. */
      creditedInvoiceNumber?: string;
    };

/** The company as it signs: its name and how to reach it. */
export type SenderCompany = Pick<
  Partial<Company>,
  'name' | 'address' | 'postalCode' | 'city' | 'email' | 'phone' | 'website'
>;

export interface MailContent {
  /** The sender's display name: the company's. */
  fromName: string;
  subject: string;
  text: string;
  html: string;
}

/** A decimal string as euros, French style ("1 234,50 €", with the narrow no-break spaces of fr-FR). */
export function euros(amount: string): string {
  return formatEuro(parseMoney(amount));
}

/** "Devis", "Facture", "Avoir". */
export function documentLabel(kind: SentDocument['kind']): string {
  return kind === 'quote' ? 'Devis' : kind === 'credit_note' ? 'Avoir' : 'Facture';
}

/** The company's name as it signs; "Votre entreprise" when its profile has none yet. */
export function companyName(company: SenderCompany): string {
  return company.name?.trim() || 'Votre entreprise';
}

/** "Devis DEV-2026-0001 – Durand & Fils". */
export function mailSubject(document: Pick<SentDocument, 'kind' | 'number'>, company: SenderCompany): string {
  return `${documentLabel(document.kind)} ${document.number} – ${companyName(company)}`;
}

/** The signature block: the name, then the address, phone, e-mail and website it has. */
function signatureLines(company: SenderCompany): string[] {
  const place = [company.postalCode, company.city].filter(Boolean).join(' ');
  return [
    companyName(company),
    company.address,
    place || undefined,
    company.phone ? `Tél. : ${company.phone}` : undefined,
    company.email,
    company.website,
  ].filter((line): line is string => Boolean(line?.trim()));
}

/** The paragraphs of the body, plain; the first of them is the greeting. */
function bodyParagraphs(document: SentDocument): string[] {
  const paragraphs = ['Bonjour,'];
  if (document.kind === 'quote') {
    paragraphs.push(
      `Veuillez trouver ci-joint notre devis ${document.number} « ${document.title} », d'un montant de ${euros(document.totalWithVat)} TTC.`,
    );
    if (document.validUntil) {
      paragraphs.push(`Ce devis est valable jusqu'au ${frenchDate(document.validUntil)}.`);
    }
    paragraphs.push(
      'Pour le signer en ligne (« Bon pour accord »), ouvrez ce lien depuis votre téléphone ou votre ordinateur :',
    );
  } else if (document.kind === 'invoice') {
    paragraphs.push(
      `Veuillez trouver ci-joint notre facture ${document.number} « ${document.title} », d'un montant de ${euros(document.totalWithVat)} TTC.`,
    );
    const due = document.amountDue ?? document.totalWithVat;
    if (document.dueDate) {
      paragraphs.push(`Montant à régler : ${euros(due)}, avant le ${frenchDate(document.dueDate)}.`);
    } else if (due !== document.totalWithVat) {
      paragraphs.push(`Montant à régler : ${euros(due)}.`);
    }
  } else {
    paragraphs.push(
      `Veuillez trouver ci-joint notre avoir ${document.number} « ${document.title} », d'un montant de ${euros(document.totalWithVat)} TTC` +
        (document.creditedInvoiceNumber ? `, sur la facture ${document.creditedInvoiceNumber}.` : '.'),
    );
  }
  return paragraphs;
}

/**
 * The e-mail of a document: subject « Devis DEV-… – <entreprise> », the body (amount TTC, validity
 * or due date, the acceptance link of a quote), the person's `message` when given, and the
 * company's signature. In the HTML, every value is escaped and line breaks of the message kept.
 */
export function documentMail(document: SentDocument, company: SenderCompany, message?: string): MailContent {
  const paragraphs = bodyParagraphs(document);
  const signature = signatureLines(company);
  const personal = message?.trim() ? message.trim() : undefined;
  const attachmentLine = `Le document est joint à ce message au format PDF.`;

  const text = [
    ...paragraphs,
    ...(document.kind === 'quote' ? [document.acceptUrl] : []),
    ...(personal ? [personal] : []),
    attachmentLine,
    'Cordialement,',
    signature.join('\n'),
  ].join('\n\n');

  const htmlParagraph = (value: string) => `<p>${escapeHtml(value)}</p>`;
  const html = [
    '<!DOCTYPE html>',
    '<html lang="fr"><head><meta charset="utf-8"></head>',
    '<body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; color: #1f2937; line-height: 1.5;">',
    ...paragraphs.map(htmlParagraph),
    ...(document.kind === 'quote'
      ? [
          `<p><a href="${escapeHtml(document.acceptUrl)}" style="display: inline-block; padding: 10px 18px; background: #1677ff; color: #ffffff; text-decoration: none; border-radius: 6px;">Voir et signer le devis</a></p>`,
          `<p style="font-size: 13px; color: #4b5563;">${escapeHtml(document.acceptUrl)}</p>`,
        ]
      : []),
    ...(personal ? [`<p style="white-space: pre-line;">${escapeHtml(personal)}</p>`] : []),
    htmlParagraph(attachmentLine),
    htmlParagraph('Cordialement,'),
    `<p>${signature.map((line, index) => (index === 0 ? `<strong>${escapeHtml(line)}</strong>` : escapeHtml(line))).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');

  return { fromName: companyName(company), subject: mailSubject(document, company), text, html };
}
