/** The workers' French messages, apart from their schemas (`worker.ts`) so that the data layer and
 * `GET /api/workers` do not load zod (issue 27, `bench:lambda`). */
export const workerMessages = {
  userNotFound: 'Utilisateur introuvable : choisissez un utilisateur actif de votre entreprise.',
  userTaken: 'Cet utilisateur est déjà lié à un autre salarié.',
  inUse: 'Ce salarié a des heures pointées : désactivez-le plutôt que de le supprimer.',
  notFound: 'Salarié introuvable.',
} as const;
