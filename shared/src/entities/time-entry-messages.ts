/** The time entries' French messages, apart from their schemas (`time-entry.ts`) so that the data
 * layer does not load zod (issue 27, `bench:lambda`). */
export const timeEntryMessages = {
  notFound: 'Saisie d’heures introuvable.',
  workerNotFound: 'Salarié introuvable : choisissez un salarié de votre entreprise.',
  workerInactive: 'Ce salarié est désactivé : réactivez-le dans Équipe pour pointer ses heures.',
  projectNotFound: 'Chantier introuvable : choisissez un chantier de votre entreprise.',
  itemNotFound: 'Ligne introuvable : choisissez une ligne d’un devis signé de ce chantier, ou aucune.',
  overDay: (worker: string, date: string, hours: string) =>
    `${worker} dépasserait 24 h le ${date} (${hours} déjà pointées, tous chantiers confondus).`,
  locked: (weekStart: string) =>
    `La semaine du ${weekStart} est validée : seul un administrateur peut encore modifier ses heures.`,
  slotTaken:
    'Des heures sont déjà pointées pour ce salarié sur ce chantier ce jour-là (et cette ligne) : modifiez-les plutôt.',
  ownOnly: 'Vous ne pouvez pointer que vos propres heures : demandez à votre chef d’équipe.',
  notMonday: 'Choisissez le lundi de la semaine à valider',
  range: 'La période ne peut pas dépasser 366 jours',
} as const;
