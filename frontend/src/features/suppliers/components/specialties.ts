import { parseRating } from '@btp/shared/money';
import { foldedText } from '@btp/shared/text-fold';

/**
 * Spec section 2: a specialty is added trimmed; a blank entry or one already in the list (case and
 * accents aside) leaves the list as it is.
 */
export function addSpecialty(specialties: readonly string[], entry: string): string[] {
  const specialty = entry.trim();
  const key = foldedText(specialty);
  if (specialty === '' || specialties.some((existing) => foldedText(existing) === key)) {
    return [...specialties];
  }
  return [...specialties, specialty];
}

/** A rating of the API ("4.5") as a French reader writes it over 5: "4,5/5". */
export function ratingText(rating: string): string {
  return `${rating.replace('.', ',')}/5`;
}

/** The stars shown for a rating (1 to 5 in tenths), to the nearest half star: "4.3" → 4.5. */
export function ratingStars(rating: string): number {
  return Math.round(parseRating(rating) / 5) / 2;
}
