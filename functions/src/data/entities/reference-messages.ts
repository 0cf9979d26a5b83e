/** French messages for links to records that are not in the caller's company. */
export const referenceMessages = {
  client: 'Client introuvable : choisissez un client de votre entreprise.',
  project: 'Projet introuvable : choisissez un projet de votre entreprise.',
  supplier: 'Fournisseur introuvable : choisissez un fournisseur de votre entreprise.',
  supplierQuote: 'Demande de prix introuvable : choisissez une demande de prix de votre entreprise.',
} as const;
