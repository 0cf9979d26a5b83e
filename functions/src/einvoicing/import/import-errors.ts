/**
 * The refusals of an e-invoice import (docs/e-invoice-import.md): each one a French sentence the
 * person who dropped the file can act on, never a parser's message or a stack trace.
 */
import { badRequest, HttpError } from '../../lib/http-errors.js';

export const acceptedFilesSentence =
  'un PDF Factur-X ou ZUGFeRD (avec sa facture XML intégrée), ou un fichier XML de facture au format CII ou UBL 2.1';

export const importMessages = {
  empty: 'Le fichier est vide : choisissez une facture électronique.',
  unsupported: `Ce type de fichier n'est pas une facture électronique : envoyez ${acceptedFilesSentence}.`,
  pdfWithoutInvoice:
    "Ce PDF ne contient pas de facture électronique (Factur-X ou ZUGFeRD) : il n'a pas de fichier factur-x.xml intégré. Saisissez la facture à la main ou demandez au fournisseur sa version Factur-X.",
  pdfUnreadable:
    'Ce PDF est illisible (fichier endommagé ou protégé par un mot de passe) : il ne peut pas être importé.',
  tooLarge: (megabytes: number) =>
    `Cette facture XML dépasse ${megabytes} Mo, la taille maximale lue : elle ne peut pas être importée.`,
  doctype:
    "Ce fichier XML contient une déclaration de type de document (DOCTYPE ou ENTITY), refusée par sécurité : une facture électronique n'en contient pas.",
  tooDeep: (depth: number) =>
    `Ce fichier XML imbrique plus de ${depth} niveaux d'éléments : ce n'est pas une facture électronique valide.`,
  brokenXml: 'Ce fichier XML est illisible (mal formé) : il ne peut pas être importé.',
  notAnInvoice:
    "Ce fichier XML n'est pas une facture : seules les factures et avoirs au format CII (Factur-X) ou UBL 2.1 (Invoice, CreditNote) sont importés.",
  currency: (code: string) =>
    `Cette facture est établie en ${code} sans donner sa TVA en euros (devise de TVA « EUR », BT-6, et montant de TVA en euros, BT-111) : elle ne peut pas être importée. Demandez au fournisseur une facture qui indique la TVA en euros, ou saisissez-la à la main.`,
  documentType: (code: string) =>
    `Le type de document « ${code} » (BT-3) n'est ni une facture ni un avoir de la norme EN 16931 : il ne peut pas être importé.`,
  missing: (what: string) => `La facture électronique est incomplète : il manque ${what}.`,
  badAmount: (what: string, value: string) =>
    `La facture électronique contient un montant invalide pour ${what} (« ${value} ») : elle ne peut pas être importée.`,
  badDate: (what: string, value: string) =>
    `La facture électronique contient une date invalide pour ${what} (« ${value} ») : elle ne peut pas être importée.`,
  /** A figure that does not agree with the others: which one, what the file says, what the others make. */
  inconsistent: (figure: string, read: string, rule: string, expected: string) =>
    `La facture électronique a des totaux incohérents : ${figure} vaut ${read} dans le fichier, alors que ${rule} donne ${expected}. Elle n'est pas importée : demandez au fournisseur une facture corrigée.`,
  /** A VAT figure that must be zero for its category (exempt, reverse charge…). */
  vatNotZero: (figure: string, read: string) =>
    `La facture électronique a des totaux incohérents : ${figure} vaut ${read} dans le fichier, alors qu'elle est nulle pour cette catégorie de TVA. Elle n'est pas importée : demandez au fournisseur une facture corrigée.`,
  /** A line, allowance or charge whose VAT category and rate are not in the VAT breakdown. */
  vatNotInBreakdown: (what: string, vat: string) =>
    `La facture électronique est incohérente : ${what} porte la TVA ${vat}, absente du détail de la TVA de la facture (BG-23). Elle n'est pas importée : demandez au fournisseur une facture corrigée.`,
  tooManyLines: (max: number) =>
    `La facture électronique compte plus de ${max} lignes : elle ne peut pas être importée, saisissez-la à la main.`,
} as const;

/** 400 with one of {@link importMessages}. */
export const importRefused = (message: string): HttpError => badRequest(message);

/** 415: not a file this route reads. */
export const unsupportedFile = (): HttpError =>
  new HttpError(415, 'unsupported_media_type', importMessages.unsupported);
