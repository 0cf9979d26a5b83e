/**
 * Enumerations of spec section 4, each with its default and its French labels
 * (one map per enumeration, copied exactly from the spec).
 */

export const projectStatuses = ['planning', 'in_progress', 'on_hold', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];
export const defaultProjectStatus: ProjectStatus = 'planning';
export const projectStatusLabels: Record<ProjectStatus, string> = {
  planning: 'Planification',
  in_progress: 'En cours',
  on_hold: 'En pause',
  completed: 'Terminé',
  cancelled: 'Annulé',
};

/** Quote statuses, also used by supplier quotes. */
export const quoteStatuses = ['draft', 'sent', 'validated', 'rejected', 'expired'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];
export const defaultQuoteStatus: QuoteStatus = 'draft';
export const quoteStatusLabels: Record<QuoteStatus, string> = {
  draft: 'Brouillon',
  sent: 'Envoyé',
  validated: 'Validé',
  rejected: 'Rejeté',
  expired: 'Expiré',
};
/** For supplier quotes, validated reads 'Reçu'. */
export const supplierQuoteStatusLabels: Record<QuoteStatus, string> = {
  ...quoteStatusLabels,
  validated: 'Reçu',
};

/** Invoice statuses, also used by supplier invoices. */
export const invoiceStatuses = ['draft', 'sent', 'paid', 'overdue', 'cancelled'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const defaultInvoiceStatus: InvoiceStatus = 'draft';
export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  draft: 'Brouillon',
  sent: 'Envoyée',
  paid: 'Payée',
  overdue: 'En retard',
  cancelled: 'Annulée',
};
/** Labels used by the dashboard's pending invoices block. */
export const dashboardInvoiceStatusLabels: Partial<Record<InvoiceStatus, string>> = {
  overdue: 'En retard',
  sent: 'À venir',
  paid: 'Payée',
};

export const progressReportStatuses = ['pending', 'validated', 'signed'] as const;
export type ProgressReportStatus = (typeof progressReportStatuses)[number];
export const defaultProgressReportStatus: ProgressReportStatus = 'pending';
export const progressReportStatusLabels: Record<ProgressReportStatus, string> = {
  pending: 'En attente',
  validated: 'Validé',
  signed: 'Signé',
};

export const companyStatuses = ['pending', 'active', 'suspended', 'cancelled'] as const;
export type CompanyStatus = (typeof companyStatuses)[number];
export const defaultCompanyStatus: CompanyStatus = 'pending';
export const companyStatusLabels: Record<CompanyStatus, string> = {
  pending: 'En attente',
  active: 'Active',
  suspended: 'Suspendue',
  cancelled: 'Résiliée',
};

export const subscriptionPlans = ['free', 'basic', 'premium', 'enterprise'] as const;
export type SubscriptionPlan = (typeof subscriptionPlans)[number];
export const defaultSubscriptionPlan: SubscriptionPlan = 'free';
export const subscriptionPlanLabels: Record<SubscriptionPlan, string> = {
  free: 'Gratuit',
  basic: 'Basique',
  premium: 'Premium',
  enterprise: 'Entreprise',
};

export const documentTypes = ['quote', 'invoice', 'contract', 'plan', 'photo', 'study', 'other'] as const;
export type DocumentType = (typeof documentTypes)[number];
export const documentTypeLabels: Record<DocumentType, string> = {
  quote: 'Devis',
  invoice: 'Facture',
  contract: 'Contrat',
  plan: 'Plan',
  photo: 'Photo',
  study: 'Étude',
  other: 'Autre',
};

export const resourceTypes = [
  'materials',
  'labor',
  'equipment',
  'subcontractor',
  'rental',
  'merchandise',
  'other',
] as const;
export type ResourceType = (typeof resourceTypes)[number];
export const resourceTypeLabels: Record<ResourceType, string> = {
  materials: 'Matériaux',
  labor: "Main-d'œuvre",
  equipment: 'Matériel',
  subcontractor: 'Sous-traitance',
  rental: 'Location',
  merchandise: 'Marchandises',
  other: 'Autre',
};

export const userRoles = ['super_admin', 'company_admin', 'user'] as const;
export type UserRole = (typeof userRoles)[number];
export const defaultUserRole: UserRole = 'user';
/** Role labels in the sidebar footer and lists. */
export const userRoleLabels: Record<UserRole, string> = {
  super_admin: 'Super Admin',
  company_admin: 'Administrateur',
  user: 'Utilisateur',
};
/** Role choices of the admin user dialog. */
export const adminDialogRoleLabels: Record<UserRole, string> = {
  user: 'Utilisateur',
  company_admin: 'Admin Entreprise',
  super_admin: 'Super Admin',
};

/**
 * A label for a value that may be outside its enumeration (data read from the API):
 * the map's label, else the fallback ('Inconnu' for statuses, 'Utilisateur' for roles).
 */
export function labelOf<K extends string>(
  labels: Partial<Record<K, string>>,
  value: string | null | undefined,
  fallback = 'Inconnu',
): string {
  if (value == null) return fallback;
  return (labels as Record<string, string | undefined>)[value] ?? fallback;
}

export function roleLabel(role: string | null | undefined): string {
  return labelOf(userRoleLabels, role, 'Utilisateur');
}
