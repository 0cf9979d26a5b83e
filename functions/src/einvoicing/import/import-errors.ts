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
    "Ce fichier XML n'est pas une facture : seules les factures au format CII (Factur-X) ou UBL 2.1 (Invoice) sont importées.",
  creditNote:
    "Ce fichier est un avoir, pas une facture : l'import ne prend que les factures. Saisissez l'avoir à la main dans Achats (montant à déduire de la facture concernée).",
  currency: (code: string) =>
    `Cette facture est établie en ${code} : seules les factures en euros (EUR) sont importées.`,
  missing: (what: string) => `La facture électronique est incomplète : il manque ${what}.`,
  badAmount: (what: string, value: string) =>
    `La facture électronique contient un montant invalide pour ${what} (« ${value} ») : elle ne peut pas être importée.`,
  negativeTotal:
    "Le total TTC de cette facture est négatif : c'est un avoir. Saisissez-le à la main dans Achats.",
  badDate: (what: string, value: string) =>
    `La facture électronique contient une date invalide pour ${what} (« ${value} ») : elle ne peut pas être importée.`,
  inconsistentTotals: (net: string, vat: string, total: string) =>
    `La facture électronique a des totaux incohérents : HT ${net} + TVA ${vat} ne font pas le TTC ${total}.`,
  tooManyLines: (max: number) =>
    `La facture électronique compte plus de ${max} lignes : elle ne peut pas être importée, saisissez-la à la main.`,
} as const;

/** 400 with one of {@link importMessages}. */
export const importRefused = (message: string): HttpError => badRequest(message);

/** 415: not a file this route reads. */
export const unsupportedFile = (): HttpError =>
  new HttpError(415, 'unsupported_media_type', importMessages.unsupported);
