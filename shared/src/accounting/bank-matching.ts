/**
 * Bank statements without zod (issue 27, `bench:lambda`): the lines a statement gives, how a line
 * is recognised when two statements overlap, the messages, and the matching of a line to the open
 * invoices (a credit) or supplier invoices (a debit). `bank.ts` holds the schemas and re-exports
 * all of this; the functions' services and data layer import it from here.
 */

/** The largest statement file read (bytes), and the most lines one file may hold. */
export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;
export const MAX_STATEMENT_LINES = 5_000;

/** One movement of a statement, as a parser reads it (amount signed: + credit, − debit). */
export interface StatementLine {
  /** Booking day, `YYYY-MM-DD`. */
  date: string;
  amountCents: number;
  label: string;
  /** The bank's own reference of the entry (CAMT `AcctSvcrRef`, OFX `FITID`, a CSV column). */
  reference?: string | undefined;
  /** The remittance information (`RmtInf`, OFX `MEMO`): where an invoice number is written. */
  remittance?: string | undefined;
  /** The other party's name (payer of a credit, payee of a debit). */
  party?: string | undefined;
}

/** What a parser answers: the lines, and the account the statement is of when it says. */
export interface ParsedStatement {
  format: 'camt053' | 'ofx' | 'csv';
  /** The statement's account (IBAN, or the account number of an OFX). */
  account?: string | undefined;
  lines: StatementLine[];
}

/** Upper case, accents removed, anything but letters and digits as one space. */
export function normalizedText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/**
 * What recognises a line in a later statement that covers the same days: the bank's reference when
 * it gives one, else the day, the amount and the label.
 */
export function duplicateKey(line: StatementLine): string {
  if (line.reference && line.reference.trim() !== '') return `ref:${line.reference.trim()}`;
  return `dal:${line.date}|${line.amountCents}|${normalizedText(line.label)}`;
}

export const bankMessages = {
  column: 'Indiquez la colonne',
  amountColumns: 'Indiquez la colonne du montant, ou celles du débit et du crédit',
  matchKind: 'Le rapprochement se fait avec une facture ou une facture fournisseur',
  alreadyMatched: 'Cette ligne du relevé est déjà rapprochée : rechargez la liste.',
  lineNotFound: 'Ligne de relevé introuvable.',
  wrongSide: (credit: boolean) =>
    credit
      ? 'Un encaissement se rapproche d’une facture client, pas d’une facture fournisseur'
      : 'Un décaissement se rapproche d’une facture fournisseur, pas d’une facture client',
  amountAboveLine: 'Le montant rapproché ne peut pas dépasser celui de la ligne du relevé',
} as const;

// ---------------------------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------------------------

/** An invoice or supplier invoice with something left to pay, as the matching reads it. */
export interface OpenDocument {
  kind: 'invoice' | 'supplier_invoice';
  id: string;
  /** Our number (`FAC-…`, `FF-…`). */
  number: string;
  /** The supplier's own number of a supplier invoice. */
  supplierReference?: string | undefined;
  partyName: string;
  remainingCents: number;
  /** Its issue (or due) day, `YYYY-MM-DD`: the closer to the line's, the higher a suggestion. */
  date: string;
}

export const confidences = ['certain', 'probable', 'possible'] as const;
export type Confidence = (typeof confidences)[number];

export interface Suggestion {
  kind: OpenDocument['kind'];
  id: string;
  number: string;
  partyName: string;
  remainingCents: number;
  confidence: Confidence;
  /** Why, in French. */
  reason: string;
}

/** Words of a name that identify it: legal forms and short words left out. */
const ignoredWords = new Set([
  'SARL',
  'SAS',
  'SASU',
  'EURL',
  'SCI',
  'SNC',
  'SA',
  'EI',
  'STE',
  'SOCIETE',
  'ETS',
  'LES',
  'DES',
  'DE',
  'DU',
  'LA',
  'LE',
  'ET',
  'MME',
  'MR',
  'MM',
  'M',
]);

/** Whether a party's name is written in the line's text: each word of 3 letters or more that identifies it. */
export function namesParty(text: string, name: string): boolean {
  const words = normalizedText(name)
    .split(' ')
    .filter((word) => word.length >= 3 && !ignoredWords.has(word));
  if (words.length === 0) return false;
  const present = new Set(normalizedText(text).split(' '));
  return words.every((word) => present.has(word));
}

/** Whether a document number (or a supplier's reference of 4 characters or more) is written in the text. */
export function namesDocument(text: string, reference: string | undefined): boolean {
  if (!reference) return false;
  const compact = normalizedText(reference).replaceAll(' ', '');
  if (compact.length < 4) return false;
  return normalizedText(text).replaceAll(' ', '').includes(compact);
}

const rank: Record<Confidence, number> = { certain: 0, probable: 1, possible: 2 };

function dayDistance(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
}

/**
 * The documents a line may settle, best first (at most `limit`):
 * - its number (or a supplier's own number) written in the label or the remittance: `certain` for
 *   the exact amount left to pay, `probable` for less (a partial payment), `possible` for more;
 * - else its party named and the exact amount left: `certain` when that is the only such document;
 *   the party named with another amount, or the exact amount alone: `possible`;
 * ranked by confidence, then by how close the amounts are, then the days. A credit is matched with
 * customer invoices, a debit with supplier invoices. Two `certain` for one line are both `probable`:
 * the person chooses.
 */
export function suggestMatches(line: StatementLine, open: readonly OpenDocument[], limit = 5): Suggestion[] {
  const side = line.amountCents > 0 ? 'invoice' : 'supplier_invoice';
  const amount = Math.abs(line.amountCents);
  const text = [line.label, line.remittance, line.party].filter(Boolean).join(' ');
  const found: (Suggestion & { gap: number; days: number })[] = [];
  for (const document of open) {
    if (document.kind !== side || document.remainingCents <= 0) continue;
    const exact = document.remainingCents === amount;
    const numbered =
      namesDocument(text, document.number) ||
      (document.kind === 'supplier_invoice' && namesDocument(text, document.supplierReference));
    const named = namesParty(text, document.partyName);
    let confidence: Confidence | undefined;
    let reason = '';
    if (numbered) {
      confidence = exact ? 'certain' : amount < document.remainingCents ? 'probable' : 'possible';
      reason = exact
        ? 'Numéro de facture dans le libellé, montant exact'
        : amount < document.remainingCents
          ? 'Numéro de facture dans le libellé, paiement partiel'
          : 'Numéro de facture dans le libellé, montant supérieur au reste à payer';
    } else if (named && exact) {
      confidence = 'certain';
      reason = 'Nom dans le libellé, montant exact du reste à payer';
    } else if (named) {
      confidence = 'possible';
      reason = 'Nom dans le libellé';
    } else if (exact) {
      confidence = 'possible';
      reason = 'Montant exact du reste à payer';
    }
    if (confidence === undefined) continue;
    found.push({
      kind: document.kind,
      id: document.id,
      number: document.number,
      partyName: document.partyName,
      remainingCents: document.remainingCents,
      confidence,
      reason,
      gap: Math.abs(document.remainingCents - amount),
      days: dayDistance(document.date, line.date),
    });
  }
  const certain = found.filter((suggestion) => suggestion.confidence === 'certain');
  if (certain.length > 1) for (const suggestion of certain) suggestion.confidence = 'probable';
  return found
    .sort(
      (a, b) =>
        rank[a.confidence] - rank[b.confidence] ||
        a.gap - b.gap ||
        a.days - b.days ||
        a.number.localeCompare(b.number),
    )
    .slice(0, limit)
    .map(({ gap: _gap, days: _days, ...suggestion }) => suggestion);
}
