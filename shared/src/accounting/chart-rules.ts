/**
 * The chart of accounts the entries are written with (`../shared/guide/ACCOUNTING.md`, « Accounts »):
 * French PCG numbers, the defaults of the guide, editable per company on Paramètres
 * (`GET, PUT /api/company/accounts`) so that the books use the accountant's own numbers.
 *
 * Each use of an account (clients, VAT collected, bank…) has one number and one label. A number is
 * 3 to 10 digits of the PCG's classes 1 to 8 and must start with its use's PCG root (`411` for
 * clients, `70` for works sold, `4457` for VAT collected…): a chart where clients land on a bank
 * account is refused with the field named, never written.
 *
 * This module holds the chart's rules without zod (`chart.ts` re-exports them beside its schemas):
 * the functions reading or saving the chart start without zod's code (issue 27, `bench:lambda`).
 */
import { resourceTypes, type ResourceType, type VatRate } from '../enums.js';

/** What every account of the chart is used for, in the order Paramètres lists them. */
export const accountUses = [
  'clients',
  'retention',
  'deposits',
  'sales',
  'vatCollected',
  'vatPending',
  'suppliers',
  'supplierAdvances',
  'vatDeductible',
  'bank',
  'purchasesMaterials',
  'purchasesLabor',
  'purchasesEquipment',
  'purchasesSubcontractor',
  'purchasesRental',
  'purchasesMerchandise',
  'purchasesOther',
] as const;
export type AccountUse = (typeof accountUses)[number];

/** One account: its PCG number and its label (the FEC's `CompteNum` and `CompteLib`). */
export interface Account {
  number: string;
  label: string;
}

/** Per use: what Paramètres calls it, the PCG root its number must start with, the guide's default. */
export const accountUseRules: Record<AccountUse, { title: string; root: string; default: Account }> = {
  clients: { title: 'Clients', root: '411', default: { number: '411000', label: 'Clients' } },
  retention: {
    title: 'Retenues de garantie',
    root: '411',
    default: { number: '411700', label: 'Clients - retenues de garantie' },
  },
  deposits: {
    title: 'Acomptes reçus',
    root: '419',
    default: { number: '419100', label: 'Clients - avances et acomptes reçus' },
  },
  sales: { title: 'Travaux vendus', root: '70', default: { number: '704000', label: 'Travaux' } },
  vatCollected: {
    title: 'TVA collectée',
    root: '4457',
    default: { number: '445710', label: 'TVA collectée' },
  },
  vatPending: {
    title: 'TVA collectée en attente (encaissements)',
    root: '4457',
    default: { number: '445740', label: 'TVA sur factures en attente d’encaissement' },
  },
  suppliers: { title: 'Fournisseurs', root: '401', default: { number: '401000', label: 'Fournisseurs' } },
  supplierAdvances: {
    title: 'Acomptes versés aux fournisseurs',
    root: '409',
    default: { number: '409100', label: 'Fournisseurs - avances et acomptes versés' },
  },
  vatDeductible: {
    title: 'TVA déductible',
    root: '4456',
    default: { number: '445660', label: 'TVA déductible sur autres biens et services' },
  },
  bank: { title: 'Banque', root: '51', default: { number: '512000', label: 'Banque' } },
  purchasesMaterials: {
    title: 'Achats : matériaux',
    root: '6',
    default: { number: '601000', label: 'Achats de matériaux' },
  },
  purchasesLabor: {
    title: "Achats : main-d'œuvre",
    root: '6',
    default: { number: '604000', label: 'Achats d’études et prestations de services' },
  },
  purchasesEquipment: {
    title: 'Achats : matériel',
    root: '6',
    default: { number: '606300', label: 'Fournitures d’entretien et de petit équipement' },
  },
  purchasesSubcontractor: {
    title: 'Achats : sous-traitance',
    root: '6',
    default: { number: '604000', label: 'Achats d’études et prestations de services' },
  },
  purchasesRental: {
    title: 'Achats : locations',
    root: '6',
    default: { number: '613500', label: 'Locations mobilières' },
  },
  purchasesMerchandise: {
    title: 'Achats : marchandises',
    root: '6',
    default: { number: '607000', label: 'Achats de marchandises' },
  },
  purchasesOther: {
    title: 'Achats : autres',
    root: '6',
    default: { number: '606000', label: 'Achats non stockés de matières et fournitures' },
  },
};

/** The purchase account use of a supplier invoice line's resource type (absent: « autres »). */
export const purchaseUseOfResourceType: Record<ResourceType, AccountUse> = {
  materials: 'purchasesMaterials',
  labor: 'purchasesLabor',
  equipment: 'purchasesEquipment',
  subcontractor: 'purchasesSubcontractor',
  rental: 'purchasesRental',
  merchandise: 'purchasesMerchandise',
  other: 'purchasesOther',
};
// Every resource type has its account (a type added later must be given one).
resourceTypes.forEach((type) => purchaseUseOfResourceType[type]);

export const MAX_ACCOUNT_LABEL_LENGTH = 100;
/** The auxiliary accounts' prefixes: 1 to 3 capital letters (`C00042`, `F00017`). */
export const auxPrefixPattern = /^[A-Z]{1,3}$/;
export const accountNumberPattern = /^[1-8]\d{2,9}$/;

export const chartMessages = {
  number: (title: string) =>
    `${title} : le numéro de compte doit compter 3 à 10 chiffres, de la classe 1 à 8 du plan comptable`,
  root: (title: string, root: string) =>
    `${title} : le numéro de compte doit commencer par ${root} (plan comptable général)`,
  label: (title: string) => `${title} : le libellé du compte est requis (au plus 100 caractères)`,
  sameVat: 'La TVA en attente doit avoir un autre compte que la TVA collectée',
  sameClients: 'Les retenues de garantie doivent avoir un autre compte que les clients',
  salesRate: 'Chaque taux de TVA ne peut avoir qu’un compte de ventes',
  auxPrefix: 'Le préfixe des comptes auxiliaires doit compter 1 à 3 lettres majuscules',
  samePrefix: 'Les comptes auxiliaires des clients et des fournisseurs doivent avoir des préfixes différents',
} as const;

/**
 * The rules across fields of `PUT /api/company/accounts`'s body, as issues (path, message). They run
 * even when a field failed its own check (so that every message shows at once), so each reads what
 * it needs defensively: a body with no `accounts`, or an account that is not an object, gets its
 * fields' messages and nothing here. `chart.ts`' zod schema and the hand parser (`chart-input.ts`)
 * both report them.
 */
export function chartRuleIssues(chart: {
  accounts?: unknown;
  salesByRate?: unknown;
  clientAuxPrefix?: unknown;
  supplierAuxPrefix?: unknown;
}): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const numberOf = (use: AccountUse): string | undefined => {
    const accounts = chart.accounts as Partial<Record<AccountUse, unknown>> | null | undefined;
    const account: unknown = accounts?.[use];
    const value =
      typeof account === 'object' && account !== null ? (account as { number?: unknown }).number : undefined;
    return typeof value === 'string' ? value : undefined;
  };
  const vatPending = numberOf('vatPending');
  if (vatPending !== undefined && vatPending === numberOf('vatCollected')) {
    issues.push({ path: ['accounts', 'vatPending', 'number'], message: chartMessages.sameVat });
  }
  const retention = numberOf('retention');
  if (retention !== undefined && retention === numberOf('clients')) {
    issues.push({ path: ['accounts', 'retention', 'number'], message: chartMessages.sameClients });
  }
  const rates = new Set<string>();
  (Array.isArray(chart.salesByRate) ? (chart.salesByRate as unknown[]) : []).forEach((entry, index) => {
    const rate: unknown =
      typeof entry === 'object' && entry !== null ? (entry as { rate?: unknown }).rate : undefined;
    if (typeof rate !== 'string') return;
    if (rates.has(rate))
      issues.push({ path: ['salesByRate', index, 'rate'], message: chartMessages.salesRate });
    rates.add(rate);
  });
  if (typeof chart.clientAuxPrefix === 'string' && chart.clientAuxPrefix === chart.supplierAuxPrefix) {
    issues.push({ path: ['supplierAuxPrefix'], message: chartMessages.samePrefix });
  }
  return issues;
}

/** The chart as stored (`chart.ts`' `ChartOfAccounts`, the output of its zod schema). */
export interface StoredChart {
  accounts: Record<AccountUse, Account>;
  salesByRate: ({ rate: VatRate } & Account)[];
  clientAuxPrefix: string;
  supplierAuxPrefix: string;
  version: number;
}

/** The guide's chart, what a company uses until its administrator saves its own. */
export function defaultChartOfAccounts(): StoredChart {
  return {
    accounts: Object.fromEntries(
      accountUses.map((use) => [use, { ...accountUseRules[use].default }]),
    ) as Record<AccountUse, Account>,
    salesByRate: [],
    clientAuxPrefix: 'C',
    supplierAuxPrefix: 'F',
    version: 0,
  };
}

/** The works account of a VAT rate ("20.00"): its own when the chart lists it, else `sales`. */
export function salesAccountOfRate(
  chart: Pick<StoredChart, 'accounts' | 'salesByRate'>,
  rate: string,
): Account {
  const own = chart.salesByRate.find((entry) => entry.rate === rate);
  return own ? { number: own.number, label: own.label } : chart.accounts.sales;
}
