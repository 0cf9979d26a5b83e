/**
 * The 409 a person sees when a record that other records still use is deleted: it names what uses
 * the record and how many, in French ("Ce client est utilisé par 2 projets et 1 facture :
 * supprimez-les ou modifiez-les d'abord."). Shared by clients, suppliers and projects.
 */

/** One kind of record that may use another, with its French names and grammatical gender. */
export interface UsageKind {
  singular: string;
  plural: string;
  feminine: boolean;
}

/** How many records of one kind use the record being deleted. */
export interface Usage {
  kind: UsageKind;
  count: number;
}

/** The kinds of records that refer to clients, suppliers and projects. */
export const usageKinds = {
  project: { singular: 'projet', plural: 'projets', feminine: false },
  quote: { singular: 'devis', plural: 'devis', feminine: false },
  quoteLine: { singular: 'ligne de devis', plural: 'lignes de devis', feminine: true },
  invoice: { singular: 'facture', plural: 'factures', feminine: true },
  supplierQuote: { singular: 'demande de prix', plural: 'demandes de prix', feminine: true },
  supplierInvoice: { singular: 'facture fournisseur', plural: 'factures fournisseur', feminine: true },
  progressReport: { singular: "état d'avancement", plural: "états d'avancement", feminine: false },
  document: { singular: 'document', plural: 'documents', feminine: false },
  article: { singular: 'article de la bibliothèque', plural: 'articles de la bibliothèque', feminine: false },
} satisfies Record<string, UsageKind>;

/** How many of `records` satisfy `uses`. */
export function countWhere<T>(records: readonly T[], uses: (record: T) => boolean): number {
  let count = 0;
  for (const record of records) if (uses(record)) count += 1;
  return count;
}

/** "a", "a et b", "a, b et c". */
function frenchList(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} et ${parts.at(-1) as string}`;
}

/**
 * The French message refusing the deletion of `subject` ("Ce client", masculine) while records
 * still use it, or `undefined` when nothing does. Kinds with a zero count are left out.
 */
export function inUseMessage(subject: string, usages: readonly Usage[]): string | undefined {
  const used = usages.filter((usage) => usage.count > 0);
  if (used.length === 0) return undefined;
  const parts = used.map(({ kind, count }) => `${count} ${count === 1 ? kind.singular : kind.plural}`);
  const only = used.length === 1 && used[0]?.count === 1 ? used[0].kind : undefined;
  const pronoun = only ? (only.feminine ? 'la' : 'le') : 'les';
  return `${subject} est utilisé par ${frenchList(parts)} : supprimez-${pronoun} ou modifiez-${pronoun} d'abord.`;
}
