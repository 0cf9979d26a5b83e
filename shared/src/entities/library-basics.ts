/**
 * The price library's limits and family paths ("Gros œuvre › Béton"), apart from the schemas
 * (`library.ts`, which re-exports them) so that the data layer and the services read them without
 * loading zod (issue 27, `bench:lambda`).
 */

/** The most components one ouvrage has (one transaction writes the ouvrage and what it links to). */
export const MAX_OUVRAGE_COMPONENTS = 40;

/** Ouvrages inside ouvrages: at most 3 levels (an ouvrage, its sub-ouvrages, theirs). */
export const MAX_OUVRAGE_LEVELS = 3;

/** The separator of a family path: "Gros œuvre › Béton". */
export const FAMILY_SEPARATOR = ' › ';

/** The longest family path, in characters. */
export const LIBRARY_FAMILY_MAX_LENGTH = 300;

/** The deepest family path, in levels. */
export const MAX_FAMILY_LEVELS = 5;

/** The levels of a family path, trimmed, blank levels dropped: "Gros œuvre ›  › Béton" → two levels. */
export function familyLevels(family: string | undefined | null): string[] {
  if (!family) return [];
  return family
    .split(/\s*[›>]\s*/u)
    .map((level) => level.trim().replace(/\s+/g, ' '))
    .filter((level) => level !== '');
}

/** A family path written the one way: levels joined by " › ". */
export function normaliseFamily(family: string | undefined | null): string | undefined {
  const levels = familyLevels(family);
  return levels.length === 0 ? undefined : levels.join(FAMILY_SEPARATOR);
}

/** Lengths of the short texts of the library. */
/** An article's catalogue status: `retired` is « hors catalogue » (`library.ts` re-exports them). */
export const articleStatuses = ['active', 'retired'] as const;
export type ArticleStatus = (typeof articleStatuses)[number];

export const LIBRARY_REFERENCE_MAX_LENGTH = 100;
export const LIBRARY_DESIGNATION_MAX_LENGTH = 500;
export const LIBRARY_UNIT_MAX_LENGTH = 20;

/** The largest price-list file, in bytes (20 MB). */
export const MAX_PRICE_LIST_BYTES = 20 * 1024 * 1024;

/** The most rows one price list may have. */
export const MAX_PRICE_LIST_ROWS = 100_000;

/** What a column of a price list may be mapped to. */
export const priceListFields = [
  'reference',
  'designation',
  'unit',
  'price',
  'family',
  'discount',
  'resourceType',
  'vatRate',
] as const;
export type PriceListField = (typeof priceListFields)[number];
export const priceListFieldLabels: Record<PriceListField, string> = {
  reference: 'Référence',
  designation: 'Désignation',
  unit: 'Unité',
  price: 'Prix HT',
  family: 'Famille',
  discount: 'Remise %',
  resourceType: 'Type de ressource',
  vatRate: 'Taux de TVA',
};

/** At most this many refused rows are listed in a report (`refusedCount` counts them all). */
export const MAX_REPORTED_REFUSALS = 1_000;

/** Where price lists and their checked rows wait in the documents bucket (expired after 2 days). */
export const PRICE_LIST_KEY_PREFIX = 'imports/';

/** The encodings and delimiters of a CSV price list (`library.ts` re-exports them; read by `price-list-import-input.ts` too). */
export const priceListEncodings = ['utf-8', 'windows-1252'] as const;
export type PriceListEncoding = (typeof priceListEncodings)[number];
export const priceListDelimiters = [';', ',', '\t'] as const;
