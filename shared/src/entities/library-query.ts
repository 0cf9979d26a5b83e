/**
 * The query string of the price library's lists and search, parsed by hand (`query-parser.ts`)
 * so that the list routes start without zod (issue 27, `bench:lambda`); `library.ts` re-exports
 * it. It answers as the zod schema it replaces did (`list-queries.test.ts` compares them).
 */
import {
  fieldParser,
  notText,
  optionalIdParser,
  queryParser,
  textParser,
  coercedIntegerParser,
  enumParser,
} from '../query-parser.js';
import {
  familyLevels,
  LIBRARY_FAMILY_MAX_LENGTH,
  MAX_FAMILY_LEVELS,
  normaliseFamily,
} from './library-basics.js';

export const libraryKinds = ['article', 'ouvrage'] as const;
export type LibraryKind = (typeof libraryKinds)[number];

/** The first page a search answers when no `limit` is given. */
export const LIBRARY_SEARCH_DEFAULT_LIMIT = 20;
/** The largest page of a search or of a list of the library. */
export const LIBRARY_MAX_LIMIT = 200;

/** A family path (`library.ts` `familyField`): at most 300 characters and 5 levels, output normalised. */
const familyParser = fieldParser<string | undefined>(
  { type: 'string', maxLength: LIBRARY_FAMILY_MAX_LENGTH },
  (value) => {
    if (typeof value !== 'string') return notText(value);
    if (value.length > LIBRARY_FAMILY_MAX_LENGTH) {
      return {
        ok: false,
        messages: [`La famille doit contenir au plus ${LIBRARY_FAMILY_MAX_LENGTH} caractères`],
        continues: true,
      };
    }
    const family = normaliseFamily(value);
    if (familyLevels(family).length > MAX_FAMILY_LEVELS) {
      return {
        ok: false,
        messages: [`Une famille compte au plus ${MAX_FAMILY_LEVELS} niveaux (ex. « Gros œuvre › Béton »)`],
        continues: true,
      };
    }
    return { ok: true, value: family };
  },
);

/**
 * The query string of the library's lists and search: `q` (words, each the start of a word of the
 * designation, reference, code or family; accents and case ignored), `family` (a family and its
 * sub-families, lists only), `kind` (search only), `supplierId`, `limit` (1–200) and `cursor`.
 */
export const libraryQuery = queryParser({
  q: textParser({ max: 200, message: 'La recherche ne doit pas dépasser 200 caractères', trim: true }),
  family: familyParser,
  kind: enumParser(libraryKinds, 'Type inconnu : article ou ouvrage'),
  supplierId: optionalIdParser(),
  limit: coercedIntegerParser({
    min: 1,
    max: LIBRARY_MAX_LIMIT,
    message: `La limite doit être un nombre entier entre 1 et ${LIBRARY_MAX_LIMIT}`,
  }),
  cursor: textParser({ max: 2_048, message: 'Curseur invalide' }),
});
export type LibraryQuery = ReturnType<typeof libraryQuery.parse>;
