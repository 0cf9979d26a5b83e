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
