/**
 * How many items each dashboard widget lists (`dashboard-widgets.ts` re-exports it): apart from the
 * widgets' zod schema, so that `GET /api/dashboard/stats` starts without zod (issue 27).
 */

/** Spec section 9: how many items each dashboard widget lists. */
export const dashboardWidgetSizes = {
  /** 'Projets Récents': the 3 most recent projects. */
  recentProjects: 3,
  /** 'Suivi des Quantités - Projets Actifs': the 3 most recent projects in progress. */
  activeProjects: 3,
  /** 'Factures en Attente': the 3 most recent pending invoices. */
  pendingInvoices: 3,
  /** 'Documents Récents': the 4 most recent documents. */
  recentDocuments: 4,
} as const;
