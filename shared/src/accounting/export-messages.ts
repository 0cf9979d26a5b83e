/**
 * The accounting export's limit and messages, apart from its schemas (`export.ts`, which re-exports
 * them): the export's routes and job read them without loading zod (issue 27, `bench:lambda`).
 */

/** The longest period exported at once: a first financial year may last up to 24 months. */
export const MAX_EXPORT_MONTHS = 24;

export const exportMessages = {
  order: 'La date de fin doit être postérieure ou égale à la date de début',
  tooLong: `La période exportée dure au plus ${MAX_EXPORT_MONTHS} mois`,
  interrupted: "L'export s'est interrompu avant la fin : relancez-le.",
  failed: "L'export n'a pas pu être terminé : relancez-le.",
  notFound: 'Export introuvable.',
} as const;
