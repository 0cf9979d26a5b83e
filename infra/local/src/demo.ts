/**
 * `DEMO=1`: a realistic French demo company on an empty DATA_DIR, written through the same
 * services and repositories the API uses (every value goes through the shared schemas), plus a
 * super administrator. Dates are relative to today so the dashboard always has figures. The
 * company has a complete legal profile (identifiers with their real check digits), its quotes
 * carry VAT on every line (10 % for renovation of housing, 20 % otherwise), an accepted quote has a
 * deposit invoice, the Garnier extension is billed by situations (a deposit, two situations issued
 * and paid, a draft one), and an issued invoice has a credit note.
 */
import { clientCreateInput, type Client } from '@btp/shared/entities/client';
import { companyProfileInput } from '@btp/shared/entities/company';
import { invoiceCreateInput, type Invoice } from '@btp/shared/entities/invoice';
import { frenchVatNumber, luhnCheckDigit } from '@btp/shared/legal-identity';
import { progressReportCreateInput } from '@btp/shared/entities/progress-report';
import { projectCreateInput, type Project } from '@btp/shared/entities/project';
import { quoteCreateInput, quoteItemInput } from '@btp/shared/entities/quote';
import { supplierCreateInput, type Supplier } from '@btp/shared/entities/supplier';
import { supplierInvoiceCreateInput } from '@btp/shared/entities/supplier-invoice';
import { supplierQuoteCreateInput } from '@btp/shared/entities/supplier-quote';
import { installFirstSuperAdmin, register } from '../../../functions/src/accounts/account-service.js';
import { getCompany } from '../../../functions/src/accounts/companies.js';
import { changeCompany } from '../../../functions/src/admin/admin-service.js';
import { updateCompanyProfile } from '../../../functions/src/company/company-service.js';
import { clients } from '../../../functions/src/data/entities/clients.js';
import { invoices } from '../../../functions/src/data/entities/invoices.js';
import { progressReports } from '../../../functions/src/data/entities/progress-reports.js';
import { projects } from '../../../functions/src/data/entities/projects.js';
import { createQuote, quotes } from '../../../functions/src/data/entities/quotes.js';
import { createCreditNote } from '../../../functions/src/invoicing/credit-notes.js';
import { createInvoice, payInvoice } from '../../../functions/src/invoicing/invoice-service.js';
import { sendInvoice } from '../../../functions/src/invoicing/invoice-sending.js';
import { readPricingContext } from '../../../functions/src/invoicing/issuer.js';
import { invoiceQuote } from '../../../functions/src/invoicing/quote-invoicing.js';
import { createSituation } from '../../../functions/src/invoicing/situations.js';
import { createSupplierInvoice } from '../../../functions/src/data/entities/supplier-invoices.js';
import { createSupplierQuote } from '../../../functions/src/data/entities/supplier-quotes.js';
import { suppliers } from '../../../functions/src/data/entities/suppliers.js';
import { documents } from '../../../functions/src/data/entities/documents.js';
import { newId } from '../../../functions/src/data/ids.js';
import { documentObjectKey, putDocumentObject } from '../../../functions/src/documents/document-storage.js';
import { demoPdf, demoPng } from './demo-files.js';

export const demoLogins = {
  superAdmin: { username: 'superadmin', password: 'Demo#2026' },
  companyAdmin: { username: 'demo', password: 'Demo#2026' },
} as const;

const day = 24 * 60 * 60 * 1000;
const isoDate = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString().slice(0, 10);
const instant = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();

/**
 * A SIRET with real check digits: the SIREN is `sirenBase` (8 digits) and its Luhn key, the
 * establishment `nic` (4 digits) and the SIRET's own Luhn key.
 */
export function demoSiret(sirenBase: string, nic = '0001'): string {
  const siren = `${sirenBase}${luhnCheckDigit(sirenBase)}`;
  return `${siren}${nic}${luhnCheckDigit(`${siren}${nic}`)}`;
}

/**
 * A French IBAN with its real keys: the RIB key of bank, branch and account (97 − (89 × bank + 15
 * × branch + 3 × account) mod 97), then the IBAN's check digits (98 − BBAN·FR00 mod 97).
 */
export function demoIban(bank: string, branch: string, account: string): string {
  const ribKey = 97n - ((89n * BigInt(bank) + 15n * BigInt(branch) + 3n * BigInt(account)) % 97n);
  const bban = `${bank}${branch}${account}${String(ribKey).padStart(2, '0')}`;
  // FR00 moved to the end, letters as numbers (F = 15, R = 27).
  const check = 98n - (BigInt(`${bban}152700`) % 97n);
  return `FR${String(check).padStart(2, '0')}${bban}`;
}

/** Dupont Bâtiment's legal identity (DOCUMENTS.md § 1). */
const demoSiretNumber = demoSiret('51234567');
export const demoProfile = {
  legalForm: 'SARL',
  shareCapital: '20000.00',
  siret: demoSiretNumber,
  registration: `RCS Lyon ${demoSiretNumber.slice(0, 9)}`,
  vatNumber: frenchVatNumber(demoSiretNumber.slice(0, 9)),
  address: '18 rue de la Charité',
  postalCode: '69002',
  city: 'Lyon',
  country: 'France',
  phone: '04 78 42 12 00',
  website: 'https://dupont-batiment.fr',
  iban: demoIban('30004', '00823', '00010123456'),
  bic: 'BNPAFRPPXXX',
  insurer: 'SMABTP',
  insurerAddress: '8 rue Louis Armand, 75015 Paris',
  insurancePolicyNumber: 'DEC-2026-458712',
  insuranceActivities: 'Maçonnerie, carrelage, plâtrerie, plomberie sanitaire, électricité',
  insuranceArea: 'France métropolitaine',
  vatRegime: 'normal',
  vatOnDebits: false,
  paymentTermDays: 30,
  quoteValidityDays: 30,
  defaultVatRate: '20.00',
  defaultRetentionRate: '5.00',
} as const;

// Name, contact, address, city, postal code, SIREN base (8 digits; none: a private person).
const clientData = [
  ['Maison Durand', 'Sophie Durand', '12 rue des Lilas', 'Lyon', '69003', '55210055'],
  ['SCI Les Tilleuls', 'Marc Lefèvre', '4 avenue Jean Jaurès', 'Villeurbanne', '69100', '80325411'],
  ['Boulangerie Martin', 'Claire Martin', '27 place Bellecour', 'Lyon', '69002', '41987630'],
  [
    'Mairie de Caluire',
    'Service technique',
    '1 place du Docteur Dugoujon',
    'Caluire-et-Cuire',
    '69300',
    '21690034',
  ],
  ['Cabinet Moreau Avocats', 'Julien Moreau', '8 quai Saint-Antoine', 'Lyon', '69002', '51239877'],
  ['Résidence Belle Vue', 'Syndic Foncia', '35 montée de Choulans', 'Lyon', '69005', '33022190'],
  ['Famille Petit', 'Antoine Petit', '9 chemin des Vignes', 'Écully', '69130', undefined],
  ['Hôtel du Parc', 'Nadia Benali', '61 boulevard des Belges', 'Lyon', '69006', '78941236'],
  ['Garage Roux', 'Thierry Roux', '140 route de Vienne', 'Vénissieux', '69200', '44301892'],
  ['École Sainte-Marie', 'Direction', '3 rue Tronchet', 'Lyon', '69006', '77985611'],
  [
    'M. et Mme Garnier',
    'Hélène Garnier',
    '22 allée des Peupliers',
    'Tassin-la-Demi-Lune',
    '69160',
    undefined,
  ],
  ['Pharmacie Lambert', 'Olivier Lambert', '5 cours Vitton', 'Lyon', '69006', '38455920'],
] as const;

const supplierData = [
  ['Point P Lyon Gerland', 'Gros œuvre, Matériaux', 4.5, 'Lyon', '69007'],
  ['Cedeo Villeurbanne', 'Plomberie, Sanitaire', 4.2, 'Villeurbanne', '69100'],
  ['Rexel Lyon Est', 'Électricité', 4.0, 'Bron', '69500'],
  ['Lapeyre Pro', 'Menuiserie, Fenêtres', 3.8, 'Vénissieux', '69200'],
  ['Kiloutou Lyon', 'Location, Échafaudages', 4.4, 'Lyon', '69008'],
  ['SARL Plâtrerie Dubois', 'Plâtrerie, Isolation', 4.7, 'Décines-Charpieu', '69150'],
  ['Carrelages Rhône-Alpes', 'Carrelage, Faïence', 4.1, 'Saint-Priest', '69800'],
  ['Peintures Guittet', 'Peinture', 3.9, 'Lyon', '69009'],
  ['Toitures Berthier', 'Couverture, Zinguerie', 4.6, 'Meyzieu', '69330'],
  ['Bois & Charpentes du Lyonnais', 'Charpente, Bois', 4.3, 'Brignais', '69530'],
  ['Électricité Fontaine', 'Électricité, Sous-traitance', 3.6, 'Oullins', '69600'],
  ['Béton Services 69', 'Béton, Gros œuvre', 4.0, 'Corbas', '69960'],
] as const;

/** Loads the demo data; returns false (and writes nothing) when the product is already installed. */
export async function loadDemoData(setupToken: string): Promise<boolean> {
  const { isInstalled } = await import('../../../functions/src/setup/installation.js');
  if (await isInstalled()) return false;

  const password = demoLogins.superAdmin.password;
  const admin = await installFirstSuperAdmin({
    setupToken,
    firstName: 'Claire',
    lastName: 'Administratrice',
    email: 'admin@btp-gestion.fr',
    username: demoLogins.superAdmin.username,
    password,
  });
  const owner = await register({
    firstName: 'Jean',
    lastName: 'Dupont',
    email: 'jean.dupont@dupont-batiment.fr',
    username: demoLogins.companyAdmin.username,
    password: demoLogins.companyAdmin.password,
    confirmPassword: demoLogins.companyAdmin.password,
    companyName: 'Dupont Bâtiment',
  });
  const company = owner.user.companyId as string;
  await changeCompany(
    company,
    { status: 'active', subscriptionPlan: 'premium', maxUsers: 20 },
    admin.user.id,
  );
  const registered = await getCompany(company);
  await updateCompanyProfile(
    company,
    companyProfileInput.parse({ name: 'Dupont Bâtiment', email: registered?.email, ...demoProfile }),
  );
  await register({
    firstName: 'Lucas',
    lastName: 'Bernard',
    email: 'lucas.bernard@dupont-batiment.fr',
    username: 'lucas',
    password,
    confirmPassword: password,
    companyId: company,
  });

  const clientRecords: Client[] = [];
  for (const [name, contactPerson, address, city, postalCode, sirenBase] of clientData) {
    const siret = sirenBase ? demoSiret(sirenBase) : undefined;
    const slug = name
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[^a-z]+/g, '.');
    clientRecords.push(
      await clients.create(
        company,
        clientCreateInput.parse({
          name,
          contactPerson,
          email: `contact@${slug.replace(/^\.|\.$/g, '')}.fr`,
          phone: '04 78 ' + String(100000 + clientRecords.length * 7919).slice(0, 2) + ' 12 34',
          address,
          city,
          postalCode,
          kind: siret ? 'company' : 'individual',
          siret,
          vatNumber: siret ? frenchVatNumber(siret.slice(0, 9)) : undefined,
        }),
      ),
    );
  }
  const supplierRecords: Supplier[] = [];
  for (const [name, specialties, rating, city, postalCode] of supplierData) {
    supplierRecords.push(
      await suppliers.create(
        company,
        supplierCreateInput.parse({
          name,
          specialties: specialties.split(', '),
          rating,
          city,
          postalCode,
          email: `commandes@${name
            .toLowerCase()
            .normalize('NFD')
            .replace(/\p{M}/gu, '')
            .replace(/[^a-z]+/g, '-')
            .replace(/^-|-$/g, '')}.fr`,
          phone: '04 72 55 ' + String(10 + supplierRecords.length) + ' 00',
          contactPerson: 'Service commercial',
        }),
      ),
    );
  }
  const client = (index: number) => clientRecords[index % clientRecords.length]!;
  const supplier = (index: number) => supplierRecords[index % supplierRecords.length]!;

  const projectSpecs = [
    ['Rénovation cuisine Durand', 'in_progress', 65, '18500.00', -40, 30, 0],
    ['Extension maison Garnier', 'in_progress', 35, '64000.00', -60, 90, 10],
    ['Mise aux normes électriques Hôtel du Parc', 'in_progress', 80, '27500.00', -75, 10, 7],
    ['Réfection toiture École Sainte-Marie', 'planning', 0, '42000.00', 20, 80, 9],
    ['Aménagement pharmacie Lambert', 'planning', 0, '15800.00', 35, 70, 11],
    ['Ravalement façade Résidence Belle Vue', 'on_hold', 20, '96000.00', -30, 120, 5],
    ['Salle de bain Famille Petit', 'completed', 100, '9800.00', -120, -60, 6],
    ['Bureaux Cabinet Moreau', 'completed', 100, '23400.00', -200, -110, 4],
    ['Atelier Garage Roux', 'cancelled', 5, '31000.00', -90, -10, 8],
  ] as const;
  const projectRecords: Project[] = [];
  // The last value of each project is its client, an index in `clientData`.
  for (const [name, status, progress, budget, start, end, clientIndex] of projectSpecs) {
    projectRecords.push(
      await projects.create(
        company,
        projectCreateInput.parse({
          name,
          clientId: client(clientIndex).id,
          status,
          progress,
          estimatedBudget: budget,
          actualBudget: status === 'completed' ? budget : undefined,
          startDate: isoDate(start),
          endDate: isoDate(end),
          location: `${client(clientIndex).city ?? 'Lyon'}`,
          description: `Chantier ${name.toLowerCase()}.`,
        }),
      ),
    );
  }
  const project = (index: number) => projectRecords[index % projectRecords.length]!;

  // Renovation of housing over two years old: 10 % (the client's certification is printed); the
  // rest at 20 %.
  const lines = [
    {
      resourceType: 'materials',
      description: 'Carrelage grès cérame 60×60',
      unit: 'm²',
      quantity: '24.500',
      unitPrice: '38.90',
      vatRate: '10.00',
    },
    {
      resourceType: 'labor',
      description: 'Pose carrelage',
      unit: 'h',
      quantity: '18',
      unitPrice: '45.00',
      vatRate: '10.00',
    },
    {
      resourceType: 'equipment',
      description: 'Location carrelette électrique',
      unit: 'jour',
      quantity: '3',
      unitPrice: '55.00',
      vatRate: '20.00',
    },
    {
      resourceType: 'subcontractor',
      description: 'Plomberie (sous-traitance)',
      unit: 'forfait',
      quantity: '1',
      unitPrice: '1250.00',
      vatRate: '20.00',
    },
  ];
  const quoteStatuses = [
    'draft',
    'sent',
    'sent',
    'validated',
    'rejected',
    'draft',
    'sent',
    'expired',
  ] as const;
  const pricing = await readPricingContext(company);
  let acceptedQuoteId: string | undefined;
  for (const [index, status] of quoteStatuses.entries()) {
    const quote = await createQuote(
      company,
      quoteCreateInput.parse({
        title: `Devis ${project(index).name}`,
        clientId: project(index).clientId,
        projectId: project(index).id,
        description: 'Fourniture et pose selon descriptif joint.',
        validUntil: isoDate(30 - index * 5),
        // The accepted quote has every line, at both rates: its deposit is split across them.
        items: (status === 'validated' ? lines : lines.slice(0, 2 + (index % 3))).map((line, position) =>
          quoteItemInput.parse({ ...line, sortOrder: position }),
        ),
      }),
      pricing,
    );
    if (status !== 'draft') {
      await quotes.update(company, quote.id, (current) => ({
        ...current,
        status,
        sentAt: instant(-10 - index),
        ...(status === 'validated'
          ? {
              validatedAt: instant(-3),
              acceptedAt: instant(-3),
              signerName: 'Marie Lefort',
            }
          : {}),
      }));
    }
    if (status === 'validated') acceptedQuoteId = quote.id;
  }

  for (const [index, status] of (
    ['pending', 'pending', 'validated', 'validated', 'signed', 'signed'] as const
  ).entries()) {
    const report = await progressReports.create(company, {
      ...progressReportCreateInput.parse({
        projectId: project(index % 3).id,
        title: `Situation n°${index + 1}`,
        progressPercentage: 15 + index * 12,
        description: 'Point hebdomadaire de chantier.',
        workCompleted: 'Démolition, évacuation des gravats, reprise des réseaux.',
        nextSteps: 'Pose des revêtements et finitions.',
        totalPlanned: '12000.00',
        totalRealized: String(2000 + index * 1500) + '.00',
      }),
      status: 'pending',
    });
    if (status !== 'pending') {
      await progressReports.update(company, report.id, (current) => ({
        ...current,
        status,
        validatedAt: instant(-5),
        ...(status === 'signed' ? { signedAt: instant(-2), signatureData: 'Sophie Durand' } : {}),
      }));
    }
  }

  // Title, lines [description, amount HT, VAT rate], status, due in days, paid in days, project.
  const invoiceSpecs = [
    // Paid today: this month's revenue on the dashboard is never empty, whatever the date.
    [
      'Acompte 30 % cuisine Durand',
      [['Acompte sur travaux de cuisine', '5550.00', '10.00']],
      'paid',
      -20,
      0,
      0,
    ],
    ['Solde salle de bain Petit', [['Salle de bain complète', '9800.00', '10.00']], 'paid', -70, -40, 6],
    [
      'Bureaux Cabinet Moreau',
      [
        ['Aménagement des bureaux', '22920.00', '20.00'],
        ['Nettoyage de fin de chantier', '480.00', '20.00'],
      ],
      'paid',
      -130,
      -100,
      7,
    ],
    [
      'Mise aux normes électriques',
      [['Tableau et circuits', '8250.00', '20.00']],
      'overdue',
      -12,
      undefined,
      2,
    ],
    [
      'Acompte ravalement Belle Vue',
      [['Acompte sur ravalement', '19200.00', '10.00']],
      'overdue',
      -25,
      undefined,
      5,
    ],
    [
      'Acompte toiture École',
      [['Acompte sur réfection de toiture', '8400.00', '20.00']],
      'draft',
      30,
      undefined,
      3,
    ],
  ] as const;
  const issued = new Map<string, Invoice>();
  // Issued in the order of their dates (a month before they fall due), so that the gapless numbers
  // follow the dates as the law requires. The last value of each invoice is its project, an index
  // in `projectSpecs`.
  const byIssueDate = [...invoiceSpecs].sort((first, second) => first[3] - second[3]);
  for (const [title, invoiceLines, status, due, paidOffset, projectIndex] of byIssueDate) {
    const draft = await createInvoice(
      company,
      invoiceCreateInput.parse({
        clientId: project(projectIndex).clientId,
        projectId: project(projectIndex).id,
        title,
        lines: invoiceLines.map(([description, unitPrice, vatRate]) => ({
          description,
          unit: 'forfait',
          quantity: '1',
          unitPrice,
          vatRate,
        })),
        dueDate: isoDate(due),
      }),
    );
    if (status === 'draft') continue;
    const sent = await sendInvoice(company, draft.id, draft.version);
    // Issued a month before it falls due.
    const dated = await invoices.update(company, sent.id, (current) => ({
      ...current,
      issueDate: isoDate(due - 30),
      sentAt: instant(due - 30),
    }));
    issued.set(title, dated);
    if (status === 'paid') await payInvoice(company, sent.id, { paidAt: instant(paidOffset ?? 0) });
  }

  // The Garnier extension is billed by situations de travaux (DOCUMENTS.md § 4): its accepted
  // quote, a deposit of 20 % issued and paid, two situations issued and paid, the third a draft
  // taken from the signed progress report of the chantier (63 %). Issued after the invoices
  // above, dated in the same order as their numbers.
  const garnier = project(1);
  const garnierQuote = await createQuote(
    company,
    quoteCreateInput.parse({
      title: 'Extension maison Garnier (35 m²)',
      clientId: garnier.clientId,
      projectId: garnier.id,
      description:
        'Extension en maçonnerie traditionnelle, charpente bois, raccordement à la cuisine existante.',
      validUntil: isoDate(-50),
      items: [
        ['labor', 'Terrassement et fondations', 'forfait', '1', '7800.00', '20.00'],
        ['materials', 'Maçonnerie parpaings et chaînages', 'm²', '62', '118.00', '20.00'],
        ['subcontractor', 'Charpente et couverture', 'forfait', '1', '9600.00', '20.00'],
        ['labor', "Raccordement à l'existant (cuisine)", 'forfait', '1', '2400.00', '10.00'],
      ].map(([resourceType, description, unit, quantity, unitPrice, vatRate], position) =>
        quoteItemInput.parse({
          resourceType,
          description,
          unit,
          quantity,
          unitPrice,
          vatRate,
          sortOrder: position,
        }),
      ),
    }),
    pricing,
  );
  await quotes.update(company, garnierQuote.id, (current) => ({
    ...current,
    status: 'validated',
    sentAt: instant(-65),
    validatedAt: instant(-62),
    acceptedAt: instant(-62),
    signerName: 'Paul Garnier',
  }));
  const garnierItems = (await quotes.getOrThrow(company, garnierQuote.id)).items ?? [];
  /** Issues a draft, dated `issuedOffset` days from today, and records its payment `paidOffset` days from today. */
  const issueDated = async (draft: Invoice, issuedOffset: number, paidOffset: number) => {
    const sent = await sendInvoice(company, draft.id, draft.version);
    await invoices.update(company, sent.id, (current) => ({
      ...current,
      issueDate: isoDate(issuedOffset),
      dueDate: isoDate(issuedOffset + 30),
      sentAt: instant(issuedOffset),
    }));
    await payInvoice(company, sent.id, { paidAt: instant(paidOffset) });
  };
  const garnierDeposit = await invoiceQuote(company, garnierQuote.id, {
    kind: 'deposit',
    percentage: '20.00',
  });
  await issueDated(garnierDeposit, -14, -12);
  const percents = (values: readonly string[]) => ({
    lines: garnierItems.map((item, index) => ({ itemId: item.id, cumulativePercent: values[index] ?? '0' })),
  });
  await issueDated(
    await createSituation(company, garnierQuote.id, percents(['40', '30', '0', '0'])),
    -10,
    -6,
  );
  await issueDated(
    await createSituation(company, garnierQuote.id, percents(['60', '55', '45', '20'])),
    -4,
    -1,
  );
  const garnierReport = (await progressReports.listAll(company)).find(
    (report) => report.projectId === garnier.id && report.status === 'signed',
  );
  if (garnierReport) {
    await createSituation(company, garnierQuote.id, { progressReportId: garnierReport.id });
  }

  // The accepted quote: a deposit of 30 % split across its VAT rates, issued.
  if (acceptedQuoteId) {
    const deposit = await invoiceQuote(company, acceptedQuoteId, { kind: 'deposit', percentage: '30.00' });
    await sendInvoice(company, deposit.id, deposit.version);
  }
  // The cleaning of the Moreau offices was not done: a credit note of that line, issued.
  const moreau = issued.get('Bureaux Cabinet Moreau');
  if (moreau) {
    const note = await createCreditNote(company, moreau.id, {
      lines: [{ index: 1 }],
      reason: 'Nettoyage de fin de chantier non réalisé',
    });
    await sendInvoice(company, note.id, note.version);
  }

  for (const [index, status] of (
    ['validated', 'validated', 'sent', 'draft', 'rejected'] as const
  ).entries()) {
    await createSupplierQuote(
      company,
      supplierQuoteCreateInput.parse({
        supplierId: supplier(index).id,
        projectId: project(index % 2).id,
        title: [
          'Carrelage et faïence',
          'Menuiseries PVC',
          'Tableau électrique',
          'Échafaudage 3 semaines',
          'Isolation combles',
        ][index],
        description: 'Demande de prix selon quantitatif.',
        status,
        totalAmount: ['2350.00', '8900.00', '1450.00', '980.00', '3200.00'][index],
        validUntil: isoDate(20),
        selected: index === 0,
      }),
    );
  }
  for (const [index, paid] of [true, true, false, true, false].entries()) {
    await createSupplierInvoice(
      company,
      supplierInvoiceCreateInput.parse({
        supplierId: supplier(index).id,
        projectId: project(index % 3).id,
        title: `Facture fournisseur ${supplier(index).name}`,
        status: paid ? 'paid' : 'sent',
        totalAmount: ['2350.00', '1820.00', '4100.00', '760.00', '1290.00'][index],
        paidAmount: paid ? ['2350.00', '1820.00', '4100.00', '760.00', '1290.00'][index] : '0.00',
        dueDate: isoDate(paid ? -10 : 20),
        receivedAt: instant(-25),
        paidAt: paid ? instant(-3 - index) : undefined,
      }),
    );
  }
  const documentSpecs = [
    ['Plan RDC cuisine Durand.pdf', 'plan', ['cuisine', 'RDC', 'cotes'], 0],
    ['Devis carrelage signé.pdf', 'quote', ['carrelage', 'signé'], 0],
    ['Photo chantier avant travaux.png', 'photo', ['avant travaux'], 1],
    ['Contrat sous-traitance plomberie.pdf', 'contract', ['plomberie', 'sous-traitance', 'juridique'], 1],
    ['Étude thermique extension.pdf', 'study', ['RE2020'], 1],
    ['PV de réception bureaux Moreau.pdf', 'other', [], 7],
  ] as const;
  for (const [name, type, tags, projectIndex] of documentSpecs) {
    const isImage = name.endsWith('.png');
    const bytes = isImage ? demoPng() : demoPdf(name.replace(/\.pdf$/, ''));
    const mimeType = isImage ? 'image/png' : 'application/pdf';
    const id = newId();
    const key = documentObjectKey(company, id);
    await putDocumentObject(key, bytes, mimeType);
    await documents.create(
      company,
      {
        name,
        originalName: name,
        type,
        mimeType,
        size: bytes.length,
        path: key,
        tags: [...tags],
        projectId: project(projectIndex).id,
        description: `Document du chantier ${project(projectIndex).name}.`,
      },
      { id },
    );
  }
  return true;
}
