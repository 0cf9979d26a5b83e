/**
 * Realistic inputs of the PDF renderer: a company of the trade, a private client and a company
 * client, quotes and invoices whose totals are computed by the shared pricing rules (so every figure
 * holds to the cent), and a small PNG logo. Used by the renderer's tests, `npm run bench:pdf` and
 * the sample PDFs; never by a handler.
 */
import { deflateSync } from 'node:zlib';
import type { BuyerSnapshot, Invoice, SellerSnapshot, Situation } from '@btp/shared/entities/invoice';
import type { Project } from '@btp/shared/entities/project';
import type { Quote, QuoteItem } from '@btp/shared/entities/quote';
import type { InvoiceKind, ResourceType } from '@btp/shared/enums';
import { invoiceTotals } from '@btp/shared/invoice-totals';
import { formatMoney, formatPercent, parseMoney, parsePercent } from '@btp/shared/money';
import { quoteTotals } from '@btp/shared/pricing';
import { computeSituation, type RateAmount, type SituationBasis } from '@btp/shared/situations';
import type { InvoicePdfInput, PdfLogo, QuotePdfInput } from './pdf-input.js';

const COMPANY_ID = '7d1c1f9e-4a0b-4f55-9d6e-2f8c3a5b6c01';
const CREATED_AT = '2026-03-02T08:30:00.000Z';

/** A general contractor of Lyon, every field of its legal identity filled. */
export const sampleSeller: SellerSnapshot = {
  name: 'Bâtir Rhône Construction',
  legalForm: 'SAS',
  shareCapital: '20000.00',
  siren: '812345676',
  siret: '81234567600017',
  vatNumber: 'FR19812345676',
  registration: 'RCS Lyon',
  address: '12 rue de la Charité',
  postalCode: '69002',
  city: 'Lyon',
  country: 'France',
  email: 'contact@batir-rhone.fr',
  phone: '04 72 41 18 30',
  website: 'www.batir-rhone.fr',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPP',
  insurer: 'SMABTP',
  insurerAddress: '8 rue Louis Armand, 75015 Paris',
  insurancePolicyNumber: 'DEC-2026-448812',
  insuranceActivities: 'Maçonnerie, gros œuvre, carrelage, plâtrerie et isolation',
  insuranceArea: 'France métropolitaine',
  vatRegime: 'normal',
  vatOnDebits: false,
  paymentTermDays: 30,
  latePenaltyRate: "trois fois le taux d'intérêt légal",
  earlyPaymentDiscount: "Pas d'escompte pour paiement anticipé",
};

/** A sole trader under the VAT franchise (art. 293 B CGI): no VAT number, every line at 0 %. */
export const sampleFranchiseSeller: SellerSnapshot = {
  ...sampleSeller,
  name: 'Julien Morel Carrelage',
  legalForm: 'EI',
  shareCapital: undefined,
  registration: 'RM 69',
  vatNumber: undefined,
  vatRegime: 'franchise',
  email: 'julien.morel.carrelage@orange.fr',
  website: undefined,
};

/** A private client: the consumer mentions, no SIREN. */
export const sampleIndividualBuyer: BuyerSnapshot = {
  name: 'Mme Claire Martin',
  kind: 'individual',
  address: '8 allée des Tilleuls',
  postalCode: '69500',
  city: 'Bron',
  country: 'France',
  email: 'claire.martin@example.fr',
};

/** A company client: its SIREN and VAT number on the invoice, the 40 € indemnity. */
export const sampleCompanyBuyer: BuyerSnapshot = {
  name: 'Immobilière Saône',
  kind: 'company',
  address: '45 quai Saint-Vincent',
  postalCode: '69001',
  city: 'Lyon',
  country: 'France',
  siret: '41876543200012',
  siren: '418765432',
  vatNumber: 'FR32418765432',
  email: 'travaux@immobiliere-saone.fr',
};

export const sampleProject: Project = {
  id: '0b5d2c8e-1f3a-4c6b-8d9e-7a1b2c3d4e5f',
  companyId: COMPANY_ID,
  createdAt: CREATED_AT,
  updatedAt: CREATED_AT,
  version: 1,
  name: 'Rénovation appartement Martin',
  clientId: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9',
  status: 'planning',
  startDate: '2026-04-06',
  endDate: '2026-04-24',
  progress: 0,
  location: '3 rue Paul Bert, 69003 Lyon',
};

/** A quote line before pricing: its cost (`unitPrice`), as the company enters it. */
export interface SampleQuoteLine {
  description: string;
  unit: string;
  quantity: string;
  unitCost: string;
  vatRate: '20.00' | '10.00' | '5.50' | '2.10' | '0.00';
  resourceType?: ResourceType;
}

/** Renovation works of a flat over two years old: 10 % and 5.5 % lines, one at 20 %. */
export const renovationLines: SampleQuoteLine[] = [
  {
    description: 'Dépose du carrelage existant et évacuation des gravats en décharge agréée',
    unit: 'm²',
    quantity: '24.500',
    unitCost: '14.80',
    vatRate: '10.00',
  },
  {
    description:
      'Fourniture et pose de carrelage grès cérame 60 × 60, colle flexible C2S1, joints époxy gris perle, ' +
      'plinthes assorties sur tout le périmètre de la pièce de vie',
    unit: 'm²',
    quantity: '24.500',
    unitCost: '52.40',
    vatRate: '10.00',
  },
  {
    description: 'Isolation des combles perdus par soufflage de laine de verre, R = 7 m².K/W',
    unit: 'm²',
    quantity: '62.000',
    unitCost: '21.35',
    vatRate: '5.50',
  },
  {
    description: 'Création d’une cloison en plaques de plâtre BA13 sur ossature métallique',
    unit: 'ml',
    quantity: '7.250',
    unitCost: '48.60',
    vatRate: '10.00',
  },
  {
    description: 'Installation de chantier, protection des sols et nettoyage de fin de travaux',
    unit: 'forfait',
    quantity: '1.000',
    unitCost: '380.00',
    vatRate: '20.00',
  },
];

/** `count` varied lines (for the multi-page quote and the benchmark). */
export function manyLines(count: number): SampleQuoteLine[] {
  const works = [
    'Maçonnerie : mur en parpaings de 20 cm, chaînages et linteaux compris',
    'Enduit monocouche gratté fin, teinte au choix du maître d’ouvrage',
    'Chape ciment de 5 cm sur isolant thermique',
    'Carrelage sol grès cérame, pose droite, joints 3 mm',
    'Faïence murale 20 × 40, pose collée, profilés de finition aluminium',
    'Doublage isolant PSE + plaque de plâtre 10+80 sur murs périphériques',
  ];
  const rates = ['20.00', '10.00', '20.00', '5.50'] as const;
  return Array.from({ length: count }, (_, index) => ({
    description: `${works[index % works.length] ?? ''} (lot ${Math.floor(index / works.length) + 1})`,
    unit: index % 3 === 0 ? 'm²' : index % 3 === 1 ? 'ml' : 'u',
    quantity: `${(index % 17) + 1}.${String((index * 125) % 1000).padStart(3, '0')}`,
    unitCost: `${(index * 7.3 + 12).toFixed(0)}.${String((index * 37) % 100).padStart(2, '0')}`,
    vatRate: rates[index % rates.length] ?? '20.00',
  }));
}

/** A quote priced by the shared rule (10 % overhead, 15 % margin), as `GET /api/quotes/{id}` reads it. */
export function sampleQuote(
  lines: readonly SampleQuoteLine[],
  fields: Partial<Omit<Quote, 'items'>> = {},
): Quote {
  const overheadPercentage = fields.overheadPercentage ?? '10.00';
  const marginPercentage = fields.marginPercentage ?? '15.00';
  const totals = quoteTotals({
    items: lines.map((line) => ({
      quantity: line.quantity,
      unitPrice: line.unitCost,
      vatRate: line.vatRate,
    })),
    overheadPercentage,
    marginPercentage,
    noVat: fields.reverseCharge === true,
  });
  const quoteId = fields.id ?? '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
  const items: QuoteItem[] = lines.map((line, index) => {
    const figures = totals.lines[index];
    if (!figures) throw new Error('quoteTotals lost a line');
    return {
      id: `item-${index + 1}`,
      companyId: COMPANY_ID,
      quoteId,
      createdAt: CREATED_AT,
      updatedAt: CREATED_AT,
      resourceType: line.resourceType ?? 'labor',
      description: line.description,
      unit: line.unit,
      quantity: line.quantity,
      unitPrice: line.unitCost,
      sortOrder: index,
      vatRate: figures.vatRate as QuoteItem['vatRate'],
      totalPrice: figures.totalPrice,
      saleUnitPrice: figures.saleUnitPrice,
      saleTotal: figures.saleTotal,
    };
  });
  return {
    id: quoteId,
    companyId: COMPANY_ID,
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    version: 2,
    title: 'Rénovation du séjour et isolation des combles',
    clientId: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9',
    number: 'DEV-2026-0042',
    status: 'sent',
    validUntil: '2026-04-01',
    reverseCharge: false,
    overheadPercentage,
    marginPercentage,
    subtotalAmount: totals.subtotalAmount,
    overheadAmount: totals.overheadAmount,
    marginAmount: totals.marginAmount,
    totalAmount: totals.totalAmount,
    vatBreakdown: totals.vatBreakdown,
    vatAmount: totals.vatAmount,
    totalWithVat: totals.totalWithVat,
    ...fields,
    items,
  };
}

/** An invoice line before pricing: a selling price HT. */
export interface SampleInvoiceLine {
  /** A situation's works line: the quote line it bills. */
  itemId?: string;
  description: string;
  unit?: string;
  quantity: string;
  unitPrice: string;
  vatRate: '20.00' | '10.00' | '5.50' | '2.10' | '0.00';
}

export const officeWorksLines: SampleInvoiceLine[] = [
  {
    description: 'Démolition de cloisons et évacuation des gravats',
    unit: 'forfait',
    quantity: '1.000',
    unitPrice: '1850.00',
    vatRate: '20.00',
  },
  {
    description: 'Faux plafond en dalles minérales 600 × 600 sur ossature apparente',
    unit: 'm²',
    quantity: '86.500',
    unitPrice: '42.30',
    vatRate: '20.00',
  },
  {
    description: 'Cloisons vitrées toute hauteur, profilés aluminium laqué noir',
    unit: 'ml',
    quantity: '14.200',
    unitPrice: '389.90',
    vatRate: '20.00',
  },
];

/** An invoice priced by the shared rule, as `GET /api/invoices/{id}` reads it once issued. */
export function sampleInvoice(
  lines: readonly SampleInvoiceLine[],
  fields: Partial<Invoice> & { kind?: InvoiceKind; noVat?: boolean } = {},
): Invoice {
  const { noVat, ...rest } = fields;
  const totals = invoiceTotals({ lines, noVat: noVat === true || fields.reverseCharge === true });
  return {
    id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
    companyId: COMPANY_ID,
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    version: 3,
    clientId: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9',
    title: 'Aménagement des bureaux du 2e étage',
    reverseCharge: false,
    kind: 'standard',
    lines: lines.map((line, index) => ({
      ...(line.itemId ? { itemId: line.itemId } : {}),
      description: line.description,
      ...(line.unit ? { unit: line.unit } : {}),
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatRate: (totals.lines[index]?.vatRate ?? line.vatRate) as Invoice['lines'][number]['vatRate'],
      total: totals.lines[index]?.total ?? '0.00',
    })),
    totalAmount: totals.totalAmount,
    vatBreakdown: totals.vatBreakdown,
    vatAmount: totals.vatAmount,
    totalWithVat: totals.totalWithVat,
    depositDeduction: '0.00',
    retentionRate: '0.00',
    retentionAmount: '0.00',
    amountDue: totals.amountDue,
    paidAmount: '0.00',
    payments: [],
    creditedAmount: '0.00',
    number: 'FAC-2026-0017',
    status: 'sent',
    issueDate: '2026-03-16',
    dueDate: '2026-04-15',
    sentAt: '2026-03-16T09:12:00.000Z',
    ...rest,
  };
}

/** A line of an accepted quote, as a situation bills it: its selling total HT. */
export interface SampleContractLine {
  itemId: string;
  description: string;
  unit?: string;
  saleTotal: string;
  vatRate: SampleInvoiceLine['vatRate'];
}

/** The lines of a quote priced by {@link sampleQuote}, as a contract. */
export function contractLines(quote: Quote): SampleContractLine[] {
  return (quote.items ?? []).map((item) => ({
    itemId: item.id,
    description: item.description ?? '',
    ...(item.unit ? { unit: item.unit } : {}),
    saleTotal: item.saleTotal ?? '0.00',
    vatRate: item.vatRate as SampleInvoiceLine['vatRate'],
  }));
}

/** What a sample situation is made of: the contract, its deposits, and every situation's percents. */
export interface SampleSituationSpec {
  quoteNumber: string;
  lines: readonly SampleContractLine[];
  /** Deposit invoices of the quote, HT per rate. */
  deposits: readonly { vatRate: string; amount: string }[];
  retentionRate: string;
  /**
   * The cumulative percent per line (`itemId` → "75.00") of each situation in order, the last one
   * being the situation made; the earlier ones are issued before it. A line left out stays put.
   */
  steps: readonly Readonly<Record<string, string>>[];
}

/**
 * A situation de travaux (`kind: progress`) computed by the shared rule (`computeSituation`, so
 * every figure holds to the cent), after its earlier situations were issued.
 */
export function sampleSituationInvoice(spec: SampleSituationSpec, fields: Partial<Invoice> = {}): Invoice {
  const amounts = new Map<string, number>();
  const percents = new Map<string, number>();
  let deductedBefore: RateAmount[] = [];
  let retentionBefore = 0;
  const basis = (): SituationBasis => ({
    lines: spec.lines.map((line) => ({
      itemId: line.itemId,
      description: line.description,
      ...(line.unit ? { unit: line.unit } : {}),
      saleTotalCents: parseMoney(line.saleTotal),
      rateHundredths: parsePercent(line.vatRate),
      previousAmountCents: amounts.get(line.itemId) ?? 0,
      previousPercentHundredths: percents.get(line.itemId) ?? 0,
    })),
    depositsByRate: spec.deposits.map((deposit) => ({
      rateHundredths: parsePercent(deposit.vatRate),
      cents: parseMoney(deposit.amount),
    })),
    deductedBeforeByRate: deductedBefore,
    retentionRateHundredths: parsePercent(spec.retentionRate),
    retentionBeforeCents: retentionBefore,
    noVat: false,
  });
  const percentsOf = (step: Readonly<Record<string, string>>) =>
    new Map(Object.entries(step).map(([itemId, percent]) => [itemId, parsePercent(percent)]));

  const earlier = spec.steps.slice(0, -1);
  for (const step of earlier) {
    const figures = computeSituation(basis(), percentsOf(step));
    for (const line of figures.lines) {
      amounts.set(line.itemId, line.cumulativeAmountCents);
      percents.set(line.itemId, line.cumulativePercentHundredths);
    }
    deductedBefore = figures.byRate.map((entry) => ({
      rateHundredths: entry.rateHundredths,
      cents: entry.deductedToDateCents,
    }));
    retentionBefore = figures.retentionToDateCents;
  }
  const figures = computeSituation(basis(), percentsOf(spec.steps.at(-1) ?? {}));
  const situation: Situation = {
    index: spec.steps.length,
    quoteNumber: spec.quoteNumber,
    lines: figures.lines.map((line) => ({
      itemId: line.itemId,
      description: line.description,
      ...(line.unit ? { unit: line.unit } : {}),
      vatRate: formatPercent(line.rateHundredths) as Situation['lines'][number]['vatRate'],
      saleTotal: formatMoney(line.saleTotalCents),
      previousPercent: formatPercent(line.previousPercentHundredths),
      cumulativePercent: formatPercent(line.cumulativePercentHundredths),
      previousAmount: formatMoney(line.previousAmountCents),
      cumulativeAmount: formatMoney(line.cumulativeAmountCents),
      amount: formatMoney(line.amountCents),
    })),
    contractAmount: formatMoney(figures.contractCents),
    previousWorksAmount: formatMoney(figures.previousWorksCents),
    cumulativeWorksAmount: formatMoney(figures.cumulativeWorksCents),
    worksAmount: formatMoney(figures.worksCents),
    depositsAmount: formatMoney(figures.depositsCents),
    previousDeductedAmount: formatMoney(figures.deductedBeforeCents),
    cumulativeDeductedAmount: formatMoney(figures.deductedToDateCents),
    previousRetentionAmount: formatMoney(figures.retentionBeforeCents),
    cumulativeRetentionAmount: formatMoney(figures.retentionToDateCents),
  };
  return sampleInvoice(
    figures.invoiceLines.map((line) => ({ ...line, vatRate: line.vatRate as SampleInvoiceLine['vatRate'] })),
    {
      kind: 'progress',
      title: `Situation n° ${situation.index} du devis ${spec.quoteNumber}`,
      depositDeduction: formatMoney(figures.deductionCents),
      retentionRate: formatPercent(figures.retentionRateHundredths),
      retentionAmount: formatMoney(figures.retentionCents),
      amountDue: formatMoney(figures.amountDueCents),
      situation,
      ...fields,
    },
  );
}

/** The contract of DOCUMENTS.md § 4's worked example: 40 000 + 10 000 HT at 20 %. */
export const warehouseContract: SampleContractLine[] = [
  {
    itemId: 'item-a',
    description:
      'Gros œuvre : terrassement, fondations, dallage béton armé et murs en blocs béton de l’extension',
    unit: 'forfait',
    saleTotal: '40000.00',
    vatRate: '20.00',
  },
  {
    itemId: 'item-b',
    description: 'Charpente métallique et couverture en bac acier isolé',
    unit: 'forfait',
    saleTotal: '10000.00',
    vatRate: '20.00',
  },
];

/**
 * The worked example's S2 (DOCUMENTS.md § 4) to a company client: contract 50 000 HT at 20 %, a
 * 5 000 HT deposit, 5 % retention; S1 at A 30 % / B 0 %, S2 at A 75 % / B 50 %.
 */
export function situationInvoiceInput(fields: Partial<Invoice> = {}): InvoicePdfInput {
  const invoice = sampleSituationInvoice(
    {
      quoteNumber: 'DEV-2026-0031',
      lines: warehouseContract,
      deposits: [{ vatRate: '20.00', amount: '5000.00' }],
      retentionRate: '5.00',
      steps: [
        { 'item-a': '30.00', 'item-b': '0.00' },
        { 'item-a': '75.00', 'item-b': '50.00' },
      ],
    },
    {
      number: 'FAC-2026-0024',
      title: 'Extension de l’entrepôt – situation de mai 2026',
      issueDate: '2026-05-29',
      dueDate: '2026-06-28',
      sentAt: '2026-05-29T10:05:00.000Z',
      ...fields,
    },
  );
  return {
    invoice,
    seller: sampleSeller,
    buyer: sampleCompanyBuyer,
    project: {
      ...sampleProject,
      name: 'Extension entrepôt Saône',
      location: '14 rue Jean Jaurès, 69200 Vénissieux',
      startDate: '2026-03-02',
      endDate: '2026-07-31',
    },
    logo: sampleLogo(),
    quoteNumber: 'DEV-2026-0031',
    date: '2026-05-29',
  };
}

/** A devis to a private client, with 10 % and 5.5 % lines and the project's site and dates. */
export function individualQuoteInput(fields: Partial<Omit<Quote, 'items'>> = {}): QuotePdfInput {
  return {
    quote: sampleQuote(renovationLines, fields),
    seller: sampleSeller,
    buyer: sampleIndividualBuyer,
    project: sampleProject,
    logo: sampleLogo(),
    date: '2026-03-02',
  };
}

/** A facture to a company client, for works at another address than its own. */
export function companyInvoiceInput(fields: Partial<Invoice> = {}): InvoicePdfInput {
  return {
    invoice: sampleInvoice(officeWorksLines, fields),
    seller: sampleSeller,
    buyer: sampleCompanyBuyer,
    project: {
      ...sampleProject,
      name: 'Bureaux Saône',
      location: '27 rue Garibaldi, 69006 Lyon',
      startDate: '2026-02-02',
      endDate: '2026-03-13',
    },
    logo: sampleLogo(),
    quoteNumber: 'DEV-2026-0031',
    date: '2026-03-16',
  };
}

/** An avoir crediting 2 ml of the glazed partitions of the company's facture FAC-2026-0017. */
export function creditNoteInput(): InvoicePdfInput {
  const invoice = sampleInvoice(
    [
      {
        description: 'Cloisons vitrées toute hauteur, profilés aluminium laqué noir',
        unit: 'ml',
        quantity: '2.000',
        unitPrice: '389.90',
        vatRate: '20.00',
      },
    ],
    {
      kind: 'credit_note',
      number: 'AV-2026-0003',
      title: 'Avoir sur la facture FAC-2026-0017',
      description: 'Cloisons vitrées : 2 ml non posés',
      issueDate: '2026-03-20',
      dueDate: undefined,
      creditedInvoiceNumber: 'FAC-2026-0017',
      creditedInvoiceDate: '2026-03-16',
    },
  );
  return {
    invoice,
    seller: sampleSeller,
    buyer: sampleCompanyBuyer,
    logo: sampleLogo(),
    credited: { number: 'FAC-2026-0017', issueDate: '2026-03-16' },
    date: '2026-03-20',
  };
}

/**
 * The facture d'acompte of DOCUMENTS.md § 4's worked example: 10 % of the 50 000 HT contract at
 * 20 %, 5 000.00 HT (6 000.00 TTC), to the company client.
 */
export function depositInvoiceInput(): InvoicePdfInput {
  const invoice = sampleInvoice(
    [
      {
        description: 'Acompte de 10 % sur le devis DEV-2026-0031',
        quantity: '1.000',
        unitPrice: '5000.00',
        vatRate: '20.00',
      },
    ],
    {
      kind: 'deposit',
      number: 'FAC-2026-0019',
      title: 'Acompte du devis DEV-2026-0031 – extension de l’entrepôt',
      issueDate: '2026-02-20',
      dueDate: '2026-03-22',
      sentAt: '2026-02-20T09:00:00.000Z',
    },
  );
  return {
    invoice,
    seller: sampleSeller,
    buyer: sampleCompanyBuyer,
    logo: sampleLogo(),
    quoteNumber: 'DEV-2026-0031',
    date: '2026-02-20',
  };
}

/**
 * A subcontractor's facture in autoliquidation (art. 283-2 nonies CGI): the sample company invoices
 * a general contractor, every line at 0 %, both VAT numbers printed.
 */
export function reverseChargeInvoiceInput(): InvoicePdfInput {
  return companyInvoiceInput({
    number: 'FAC-2026-0021',
    title: 'Sous-traitance : cloisons et faux plafonds des bureaux Saône',
    reverseCharge: true,
  });
}

/** A facture of a sole trader under the VAT franchise (art. 293 B CGI) to a private client. */
export function franchiseInvoiceInput(): InvoicePdfInput {
  const invoice = sampleInvoice(
    [
      {
        description: 'Pose de faïence murale, salle de bains',
        unit: 'm²',
        quantity: '12.000',
        unitPrice: '45.00',
        vatRate: '10.00',
      },
      {
        description: 'Fourniture de faïence 20 × 40 blanc mat',
        unit: 'm²',
        quantity: '13.200',
        unitPrice: '28.90',
        vatRate: '10.00',
      },
    ],
    {
      number: 'FAC-2026-0004',
      title: 'Faïence de la salle de bains',
      noVat: true,
      issueDate: '2026-03-16',
      dueDate: '2026-04-15',
    },
  );
  return {
    invoice,
    seller: sampleFranchiseSeller,
    buyer: sampleIndividualBuyer,
    project: sampleProject,
    date: '2026-03-16',
  };
}

/** A PNG (RGBA, `width` × `height`): a blue tile with a white roof, the sample company's mark. */
export function sampleLogo(width = 96, height = 96): PdfLogo {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x++) {
      const inTile = x < height;
      const roof =
        inTile &&
        y > height * 0.25 &&
        y < height * 0.8 &&
        Math.abs(x - height / 2) < (y - height * 0.25) * 0.9;
      const bar = !inTile && y > height * 0.35 && y < height * 0.65 && x > height + 12;
      const [r, g, b, a] = roof ? [255, 255, 255, 255] : inTile || bar ? [29, 53, 87, 255] : [0, 0, 0, 0];
      row.set([r, g, b, a], 1 + x * 4);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { bytes: new Uint8Array(bytes), contentType: 'image/png' };
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
