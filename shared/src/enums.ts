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
/** For supplier invoices, sent reads 'Reçue': the company received the invoice, it did not send it. */
export const supplierInvoiceStatusLabels: Record<InvoiceStatus, string> = {
  ...invoiceStatusLabels,
  sent: 'Reçue',
};
/**
 * What a supplier invoice record is: an invoice the company received, or a supplier's credit note
 * (avoir fournisseur), which lowers what the company owes that supplier and its purchases.
 */
export const supplierInvoiceKinds = ['invoice', 'credit_note'] as const;
export type SupplierInvoiceKind = (typeof supplierInvoiceKinds)[number];
export const supplierInvoiceKindLabels: Record<SupplierInvoiceKind, string> = {
  invoice: 'Facture',
  credit_note: 'Avoir',
};
/**
 * The French VAT rates a quote or invoice line may carry (DOCUMENTS.md § 2), as the API writes them:
 * normal 20 %, intermediate 10 % (renovation of housing over two years old), reduced 5.5 % (energy
 * renovation), 2.1 %, and 0 % (reverse charge, franchise, exempt).
 */
export const vatRates = ['20.00', '10.00', '5.50', '2.10', '0.00'] as const;
export type VatRate = (typeof vatRates)[number];
export const defaultVatRate: VatRate = '20.00';
export const vatRateLabels: Record<VatRate, string> = {
  '20.00': '20\u00a0%',
  '10.00': '10\u00a0%',
  '5.50': '5,5\u00a0%',
  '2.10': '2,1\u00a0%',
  '0.00': '0\u00a0%',
};

/**
 * What an invoice is (DOCUMENTS.md § 3): an invoice, a deposit invoice (facture d'acompte), a
 * situation de travaux, or a credit note (avoir, its own number series). Set by the server for the
 * last three.
 */
export const invoiceKinds = ['standard', 'deposit', 'progress', 'credit_note'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];
export const invoiceKindLabels: Record<InvoiceKind, string> = {
  standard: 'Facture',
  deposit: "Facture d'acompte",
  progress: 'Situation de travaux',
  credit_note: 'Avoir',
};
/**
 * How a client paid an invoice (`POST /api/invoices/{id}/pay`, `payments[].method`): bank transfer,
 * cheque, cash or card. Optional on a payment (records made before it read without one).
 */
export const paymentMethods = ['transfer', 'cheque', 'cash', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  transfer: 'Virement',
  cheque: 'Chèque',
  cash: 'Espèces',
  card: 'Carte bancaire',
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

/** Legal forms of a company (DOCUMENTS.md § 1), printed on every document. */
export const legalForms = ['EI', 'EURL', 'SARL', 'SAS', 'SASU', 'SA', 'SCOP', 'other'] as const;
export type LegalForm = (typeof legalForms)[number];
export const legalFormLabels: Record<LegalForm, string> = {
  EI: 'Entreprise individuelle (EI)',
  EURL: 'EURL',
  SARL: 'SARL',
  SAS: 'SAS',
  SASU: 'SASU',
  SA: 'SA',
  SCOP: 'SCOP',
  other: 'Autre',
};

/** VAT regime of a company: `franchise` is the franchise en base of art. 293 B CGI (no VAT charged). */
export const vatRegimes = ['normal', 'franchise'] as const;
export type VatRegime = (typeof vatRegimes)[number];
export const defaultVatRegime: VatRegime = 'normal';
export const vatRegimeLabels: Record<VatRegime, string> = {
  normal: 'Régime normal (TVA facturée)',
  franchise: 'Franchise en base de TVA (art. 293 B du CGI)',
};

/** Whether a client is a company (SIREN, professional mentions) or a private person (consumer mentions). */
export const clientKinds = ['company', 'individual'] as const;
export type ClientKind = (typeof clientKinds)[number];
export const defaultClientKind: ClientKind = 'company';
export const clientKindLabels: Record<ClientKind, string> = {
  company: 'Entreprise',
  individual: 'Particulier',
};

/** The roles a company administrator may give a colleague (never `super_admin`). */
export const companyUserRoles = ['user', 'company_admin'] as const;
export type CompanyUserRole = (typeof companyUserRoles)[number];

/** Spec section 9: country defaults to France. */
export const DEFAULT_COUNTRY = 'France';
