import { companyA, companyAdmin } from '../../../testing/fixtures';

const createdAt = '2026-01-15T09:30:00.000Z';

/** What `GET /api/company` answers for a company whose profile holds only its name (defaults applied). */
export const incompleteProfile = {
  id: companyA.id,
  createdAt,
  updatedAt: createdAt,
  version: 3,
  name: 'Durand Bâtiment',
  country: 'France',
  vatRegime: 'normal',
  vatOnDebits: false,
  paymentTermDays: 30,
  latePenaltyRate: "trois fois le taux d'intérêt légal",
  earlyPaymentDiscount: "Pas d'escompte pour paiement anticipé",
  quoteValidityDays: 30,
  defaultVatRate: '20.00',
  defaultRetentionRate: '5.00',
  status: 'active',
  subscriptionPlan: 'premium',
  maxUsers: 5,
  missingFields: {
    quote: [
      { path: 'siret', message: 'Le SIRET est requis' },
      { path: 'insurer', message: "L'assureur (décennale ou RC professionnelle) est requis" },
    ],
    invoice: [
      { path: 'siret', message: 'Le SIRET est requis' },
      { path: 'insurer', message: "L'assureur (décennale ou RC professionnelle) est requis" },
      { path: 'iban', message: "L'IBAN est requis pour émettre une facture" },
    ],
  },
};

/** A complete profile: a SARL of Lyon, every identifier valid. */
export const completeProfile = {
  ...incompleteProfile,
  version: 7,
  legalForm: 'SARL',
  shareCapital: '10000.00',
  siret: '73282932000074',
  siren: '732829320',
  registration: 'RCS Lyon',
  vatNumber: 'FR44732829320',
  address: '12 rue des Artisans',
  postalCode: '69003',
  city: 'Lyon',
  email: 'contact@durand-batiment.fr',
  phone: '04 78 00 00 00',
  iban: 'FR1420041010050500013M02606',
  bic: 'PSSTFRPPLIL',
  insurer: 'SMABTP',
  insurancePolicyNumber: 'DEC-2026-0042',
  insuranceActivities: 'Maçonnerie, gros œuvre',
  insuranceArea: 'France métropolitaine',
  missingFields: { quote: [], invoice: [] },
};

const member = {
  companyId: companyA.id,
  company: { id: companyA.id, name: companyA.name },
  createdAt,
  pendingApproval: false,
};

/** `GET /api/company/users`: the administrator, a colleague waiting for approval, an active user. */
export const marie = { ...member, ...companyAdmin, createdAt, lastLoginAt: '2026-03-01T16:45:00.000Z' };
export const lucas = {
  ...member,
  id: '7d8a3f10-2c4b-4e6f-8a9b-0c1d2e3f4a10',
  firstName: 'Lucas',
  lastName: 'Petit',
  email: 'lucas.petit@example.fr',
  username: 'lpetit',
  role: 'user',
  isActive: false,
  pendingApproval: true,
};
export const paul = {
  ...member,
  id: '7d8a3f10-2c4b-4e6f-8a9b-0c1d2e3f4a11',
  firstName: 'Paul',
  lastName: 'Girard',
  email: 'paul.girard@example.fr',
  username: 'pgirard',
  role: 'user',
  isActive: true,
  lastLoginAt: '2026-02-27T07:10:00.000Z',
};
export const companyUsers = [paul, lucas, marie];
