/**
 * `DEMO=1`: a realistic French demo company on an empty DATA_DIR, written through the same
 * services and repositories the API uses (every value goes through the shared schemas), plus a
 * super administrator. Dates are relative to today so the dashboard always has figures. The
 * company has a complete legal profile (identifiers with their real check digits), its quotes
 * are sized to their chantiers and carry VAT on every line (10 % for renovation of housing, 20 %
 * otherwise), the accepted kitchen quote has a deposit invoice, the Garnier extension is billed by
 * situations (a deposit, two situations issued and paid, a draft one), an issued invoice has a
 * credit note, and the supplier invoices (materials, subcontracting, rentals) leave a margin a
 * building SME would recognise (about 20 % of the revenue cashed).
 */
import { clientCreateInput, type Client } from '@btp/shared/entities/client';
import { companyProfileInput } from '@btp/shared/entities/company';
import { invoiceCreateInput, type Invoice } from '@btp/shared/entities/invoice';
import { centsOf } from '@btp/shared/finance';
import { frenchVatNumber, luhnCheckDigit } from '@btp/shared/legal-identity';
import { formatMoney, percentOf } from '@btp/shared/money';
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
import { loadDemoLibrary } from './demo-library.js';
import { createCreditNote } from '../../../functions/src/invoicing/credit-notes.js';
import { createInvoice, payInvoice } from '../../../functions/src/invoicing/invoice-service.js';
import { sendInvoice } from '../../../functions/src/invoicing/invoice-sending.js';
import { readPricingContext } from '../../../functions/src/invoicing/issuer.js';
import { invoiceQuote } from '../../../functions/src/invoicing/quote-invoicing.js';
import { createSituation } from '../../../functions/src/invoicing/situations.js';
import { createSupplierInvoice as createPurchase } from '../../../functions/src/purchases/supplier-invoice-service.js';
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

  // Name, status, progress (%), estimated budget HT (replaced by its quote's total when it has one),
  // start and end in days from today, client (an index in `clientData`).
  const projectSpecs = [
    ['Rénovation cuisine Durand', 'in_progress', 25, '18500.00', -14, 35, 0],
    ['Extension maison Garnier', 'in_progress', 63, '64000.00', -60, 90, 10],
    ['Mise aux normes électriques Hôtel du Parc', 'in_progress', 80, '27500.00', -80, 10, 7],
    ['Réfection toiture École Sainte-Marie', 'planning', 0, '42000.00', 20, 80, 9],
    ['Aménagement pharmacie Lambert', 'planning', 0, '15800.00', 35, 70, 11],
    ['Ravalement façade Résidence Belle Vue', 'on_hold', 10, '90000.00', -30, 120, 5],
    ['Salle de bain Famille Petit', 'completed', 100, '9800.00', -120, -60, 6],
    ['Bureaux Cabinet Moreau', 'completed', 100, '23400.00', -200, -110, 4],
    ['Atelier Garage Roux', 'cancelled', 0, '31000.00', -90, -10, 8],
  ] as const;
  const projectRecords: Project[] = [];
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

  // The quotes, sized to their chantiers. A line's unit price is its cost (déboursé); the client
  // sees it × 1.265 (10 % overhead, 15 % margin, the defaults). VAT: 10 % for the renovation of
  // housing over two years old (the kitchen's appliances, supplied only, at 20 %), 20 % for the
  // rest (an extension is new floor area).
  type QuoteLine = readonly [string, string, string, string, string, string];
  interface QuoteSpec {
    key: string;
    title: string;
    /** An index in `projectSpecs`; else `client`, an index in `clientData`. */
    project?: number;
    client?: number;
    status: 'draft' | 'sent' | 'validated' | 'rejected' | 'expired';
    /** Days from today: sent, accepted (validated quotes), valid until. */
    sent?: number;
    accepted?: number;
    validUntil: number;
    signer?: string;
    /** The chantier's budget is this quote's total HT. */
    sizesProject?: boolean;
    description: string;
    lines: readonly QuoteLine[];
  }
  const quoteSpecs: readonly QuoteSpec[] = [
    {
      key: 'durand',
      title: 'Rénovation cuisine Durand',
      project: 0,
      status: 'validated',
      sent: -28,
      accepted: -21,
      validUntil: 2,
      signer: 'Sophie Durand',
      sizesProject: true,
      description: 'Cuisine de 14 m² : dépose, réseaux, revêtements, meubles et plan de travail.',
      lines: [
        ['labor', 'Dépose de la cuisine existante et évacuation', 'forfait', '1', '980.00', '10.00'],
        [
          'subcontractor',
          'Plomberie : reprise des alimentations et évacuations',
          'forfait',
          '1',
          '1450.00',
          '10.00',
        ],
        [
          'labor',
          'Électricité : circuits spécialisés et prises du plan de travail',
          'forfait',
          '1',
          '1320.00',
          '10.00',
        ],
        ['materials', 'Carrelage grès cérame 60×60 fourni et posé', 'm²', '24.500', '72.00', '10.00'],
        ['materials', 'Faïence de crédence fournie et posée', 'm²', '6.200', '78.00', '10.00'],
        ['materials', 'Meubles de cuisine fournis et posés', 'forfait', '1', '5600.00', '10.00'],
        ['materials', 'Plan de travail en quartz', 'ml', '4.800', '330.00', '10.00'],
        ['materials', 'Électroménager encastrable (fourniture seule)', 'forfait', '1', '1500.00', '20.00'],
      ],
    },
    {
      key: 'garnier',
      title: 'Extension maison Garnier (35 m²)',
      project: 1,
      status: 'validated',
      sent: -68,
      accepted: -62,
      validUntil: -38,
      signer: 'Paul Garnier',
      sizesProject: true,
      description:
        'Extension en maçonnerie traditionnelle, charpente bois, raccordement à la cuisine existante.',
      lines: [
        ['labor', 'Terrassement et fondations', 'forfait', '1', '7750.00', '20.00'],
        ['materials', 'Maçonnerie parpaings et chaînages', 'm²', '96', '130.00', '20.00'],
        ['materials', 'Dalle béton sur terre-plein', 'm²', '35', '115.00', '20.00'],
        ['subcontractor', 'Charpente et couverture', 'forfait', '1', '11550.00', '20.00'],
        ['materials', 'Menuiseries extérieures aluminium', 'forfait', '1', '7050.00', '20.00'],
        ['subcontractor', 'Isolation et plâtrerie', 'm²', '110', '49.00', '20.00'],
        ['labor', "Raccordement à l'existant (cuisine)", 'forfait', '1', '2700.00', '10.00'],
      ],
    },
    {
      key: 'hotel',
      title: 'Mise aux normes électriques Hôtel du Parc',
      project: 2,
      status: 'validated',
      sent: -95,
      accepted: -88,
      validUntil: -65,
      signer: 'Nadia Benali',
      sizesProject: true,
      description: 'Mise en conformité NF C 15-100 des 5 étages et des parties communes.',
      lines: [
        ['materials', 'Tableau général basse tension et protections', 'forfait', '1', '5400.00', '20.00'],
        ['materials', 'Câblage des circuits (étages 1 à 5)', 'ml', '1850', '4.20', '20.00'],
        ['labor', 'Pose et raccordements (électricien)', 'h', '142', '38.00', '20.00'],
        ['materials', 'Éclairage de sécurité (BAES)', 'u', '36', '58.00', '20.00'],
        ['labor', 'Diagnostic et attestation Consuel', 'forfait', '1', '1090.00', '20.00'],
      ],
    },
    {
      key: 'ecole',
      title: 'Réfection toiture École Sainte-Marie',
      project: 3,
      status: 'sent',
      sent: -12,
      validUntil: 18,
      sizesProject: true,
      description: 'Réfection complète de la couverture du bâtiment des classes (420 m²).',
      lines: [
        ['equipment', 'Échafaudage et protections (6 semaines)', 'forfait', '1', '4300.00', '20.00'],
        ['labor', 'Dépose de la couverture existante et évacuation', 'm²', '420', '14.00', '20.00'],
        ['materials', 'Tuiles terre cuite et liteaux', 'm²', '420', '36.00', '20.00'],
        ['subcontractor', 'Zinguerie : chéneaux et descentes', 'forfait', '1', '4650.00', '20.00'],
        ['materials', 'Écran sous-toiture HPV', 'm²', '420', '7.50', '20.00'],
      ],
    },
    {
      key: 'pharmacie',
      title: 'Aménagement pharmacie Lambert',
      project: 4,
      status: 'draft',
      validUntil: 30,
      sizesProject: true,
      description: "Réaménagement de l'espace de vente et du back-office (92 m²).",
      lines: [
        ['labor', 'Démolition des cloisons existantes', 'forfait', '1', '1400.00', '20.00'],
        ['subcontractor', 'Cloisons et faux plafonds', 'm²', '85', '48.00', '20.00'],
        ['materials', 'Sol PVC U4P3', 'm²', '92', '34.00', '20.00'],
        ['subcontractor', 'Électricité et éclairage LED', 'forfait', '1', '2900.00', '20.00'],
        ['materials', 'Peinture des murs et plafonds', 'm²', '210', '4.50', '20.00'],
      ],
    },
    {
      key: 'bellevue',
      title: 'Ravalement façade Résidence Belle Vue',
      project: 5,
      status: 'validated',
      sent: -80,
      accepted: -58,
      validUntil: -50,
      signer: 'Syndic Foncia',
      sizesProject: true,
      description: 'Ravalement des façades sur rue et sur cour (1 150 m²), voté en assemblée générale.',
      lines: [
        [
          'equipment',
          'Échafaudage de façade (montage, 10 semaines, démontage)',
          'forfait',
          '1',
          '14800.00',
          '10.00',
        ],
        ['labor', 'Nettoyage haute pression et traitement des façades', 'm²', '1150', '9.00', '10.00'],
        ['labor', 'Reprise des fissures et des éclats', 'm²', '180', '42.00', '10.00'],
        ['materials', 'Enduit de façade monocouche gratté', 'm²', '1150', '28.00', '10.00'],
        ['materials', 'Peinture des garde-corps et des volets', 'forfait', '1', '6200.00', '10.00'],
      ],
    },
    {
      key: 'roux',
      title: 'Atelier Garage Roux',
      project: 8,
      status: 'rejected',
      sent: -100,
      validUntil: -70,
      sizesProject: true,
      description: "Réaménagement de l'atelier : dallage, bardage, réseaux.",
      lines: [
        ['labor', 'Démolition de la mezzanine existante', 'forfait', '1', '2900.00', '20.00'],
        ['materials', 'Dallage béton fibré', 'm²', '180', '62.00', '20.00'],
        ['subcontractor', 'Bardage et isolation', 'm²', '140', '55.00', '20.00'],
        ['subcontractor', "Air comprimé et électricité de l'atelier", 'forfait', '1', '2750.00', '20.00'],
      ],
    },
    {
      key: 'caluire',
      title: 'Accessibilité des sanitaires, salle des fêtes',
      client: 3,
      status: 'sent',
      sent: -5,
      validUntil: 25,
      description: 'Mise en accessibilité PMR des sanitaires de la salle des fêtes.',
      lines: [
        ['labor', 'Dépose des sanitaires existants', 'forfait', '1', '850.00', '20.00'],
        ['subcontractor', 'Plomberie et appareils sanitaires PMR', 'forfait', '1', '4200.00', '20.00'],
        ['materials', 'Carrelage antidérapant fourni et posé', 'm²', '38', '68.00', '20.00'],
        ['labor', 'Portes et signalétique PMR', 'forfait', '1', '1900.00', '20.00'],
      ],
    },
    {
      key: 'martin',
      title: 'Réfection du laboratoire, Boulangerie Martin',
      client: 2,
      status: 'expired',
      sent: -60,
      validUntil: -30,
      description: 'Sols et murs du laboratoire de fabrication.',
      lines: [
        ['materials', 'Carrelage antidérapant R11 fourni et posé', 'm²', '45', '64.00', '20.00'],
        ['materials', 'Faïence murale fournie et posée', 'm²', '70', '52.00', '20.00'],
        ['labor', 'Siphons de sol et évacuations', 'forfait', '1', '1150.00', '20.00'],
      ],
    },
    {
      key: 'hotel-avenant',
      title: 'Avenant : éclairage des parties communes, Hôtel du Parc',
      project: 2,
      status: 'draft',
      validUntil: 30,
      description: 'Remplacement des luminaires des couloirs par des LED à détection.',
      lines: [
        ['materials', 'Luminaires LED à détection', 'u', '48', '62.00', '20.00'],
        ['labor', 'Pose et raccordements', 'h', '40', '38.00', '20.00'],
      ],
    },
  ];
  const pricing = await readPricingContext(company);
  const quoteIds = new Map<string, string>();
  const quoteTotals = new Map<string, number>();
  for (const spec of quoteSpecs) {
    const target = spec.project === undefined ? undefined : project(spec.project);
    const quote = await createQuote(
      company,
      quoteCreateInput.parse({
        title: spec.title,
        clientId: target?.clientId ?? client(spec.client ?? 0).id,
        projectId: target?.id,
        description: spec.description,
        validUntil: isoDate(spec.validUntil),
        items: spec.lines.map(([resourceType, description, unit, quantity, unitPrice, vatRate], position) =>
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
    quoteIds.set(spec.key, quote.id);
    quoteTotals.set(spec.key, centsOf(quote.totalAmount));
    if (spec.status !== 'draft') {
      await quotes.update(company, quote.id, (current) => ({
        ...current,
        status: spec.status,
        sentAt: instant(spec.sent ?? 0),
        ...(spec.status === 'validated'
          ? {
              validatedAt: instant(spec.accepted ?? 0),
              acceptedAt: instant(spec.accepted ?? 0),
              signerName: spec.signer,
            }
          : {}),
      }));
    }
    if (target && spec.sizesProject) {
      await projects.update(company, target.id, (current) => ({
        ...current,
        estimatedBudget: quote.totalAmount,
      }));
    }
  }
  const quoteId = (key: string) => quoteIds.get(key)!;
  /** `percent` % of a quote's total HT, as a money string. */
  const shareOf = (key: string, percent: number) =>
    formatMoney(percentOf(quoteTotals.get(key)!, percent * 100));

  // Progress reports: project, title, status, progress (%), days from today it was validated and
  // signed, who signed. Garnier's signed report (63 %) gives its third situation.
  const reportSpecs = [
    [2, "État d'avancement n°1", 'validated', 45, -40, undefined, undefined],
    [1, "État d'avancement n°1", 'validated', 40, -12, undefined, undefined],
    [2, "État d'avancement n°2", 'signed', 80, -9, -8, 'Nadia Benali'],
    [1, "État d'avancement n°2", 'signed', 63, -3, -2, 'Paul Garnier'],
    [0, 'Point de chantier n°1', 'pending', 25, undefined, undefined, undefined],
    [2, "État d'avancement n°3", 'pending', 90, undefined, undefined, undefined],
  ] as const;
  for (const [projectIndex, title, status, progress, validated, signed, signer] of reportSpecs) {
    const planned = centsOf((await projects.getOrThrow(company, project(projectIndex).id)).estimatedBudget);
    const report = await progressReports.create(company, {
      ...progressReportCreateInput.parse({
        projectId: project(projectIndex).id,
        title,
        progressPercentage: progress,
        description: 'Point de chantier avec le client.',
        workCompleted:
          projectIndex === 1
            ? 'Fondations, dalle, élévation des murs, charpente posée.'
            : projectIndex === 2
              ? 'Tableau général posé, câblage des étages 1 à 4.'
              : 'Dépose de la cuisine, reprise des réseaux.',
        nextSteps:
          projectIndex === 1
            ? 'Couverture, menuiseries extérieures, isolation.'
            : projectIndex === 2
              ? 'Câblage du 5e étage, éclairage de sécurité, Consuel.'
              : 'Carrelage, faïence, pose des meubles.',
        totalPlanned: formatMoney(planned),
        totalRealized: formatMoney(percentOf(planned, progress * 100)),
      }),
      status: 'pending',
    });
    if (status !== 'pending') {
      await progressReports.update(company, report.id, (current) => ({
        ...current,
        status,
        validatedAt: instant(validated ?? 0),
        ...(status === 'signed' ? { signedAt: instant(signed ?? 0), signatureData: signer } : {}),
      }));
    }
  }

  // Customer invoices. Each is issued on its day, in the order of those days, so that the gapless
  // numbers follow the dates as the law requires: issued, due and paid in days from today (paid:
  // none, still owed). Standalone invoices are drafted from their lines; the deposits and
  // situations from their quotes. The Garnier extension is billed by situations de travaux
  // (DOCUMENTS.md § 4): a deposit of 20 %, two situations (every line ≤ 63 %, so that the signed
  // report stays ahead), then a draft from that report.
  const standalone = (
    projectIndex: number,
    title: string,
    invoiceLines: readonly (readonly [string, string, string])[],
    due: number,
  ) =>
    createInvoice(
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
  const garnierItems = (await quotes.getOrThrow(company, quoteId('garnier'))).items ?? [];
  const percents = (values: readonly string[]) => ({
    lines: garnierItems.map((item, index) => ({ itemId: item.id, cumulativePercent: values[index] ?? '0' })),
  });
  const hotelDeposit = shareOf('hotel', 30);
  const hotelProgress = shareOf('hotel', 40);
  const invoiceEvents: {
    key: string;
    issued: number;
    due: number;
    paid?: number;
    draft: () => Promise<Invoice>;
  }[] = [
    {
      key: 'moreau',
      issued: -110,
      due: -80,
      paid: -85,
      draft: () =>
        standalone(
          7,
          'Bureaux Cabinet Moreau',
          [
            ['Aménagement des bureaux (cloisons, faux plafonds, électricité, peinture)', '22920.00', '20.00'],
            ['Nettoyage de fin de chantier', '480.00', '20.00'],
          ],
          -80,
        ),
    },
    {
      key: 'hotel-deposit',
      issued: -85,
      due: -55,
      paid: -78,
      draft: () =>
        standalone(
          2,
          'Acompte 30 % mise aux normes électriques',
          [['Acompte de 30 % à la commande', hotelDeposit, '20.00']],
          -55,
        ),
    },
    {
      key: 'petit',
      issued: -62,
      due: -32,
      paid: -35,
      draft: () =>
        standalone(
          6,
          'Salle de bain Famille Petit',
          [
            ['Dépose, plomberie et appareils sanitaires', '4650.00', '10.00'],
            ['Carrelage, faïence et finitions', '5150.00', '10.00'],
          ],
          -32,
        ),
    },
    {
      key: 'garnier-deposit',
      issued: -60,
      due: -30,
      paid: -52,
      draft: () => invoiceQuote(company, quoteId('garnier'), { kind: 'deposit', percentage: '20.00' }),
    },
    {
      key: 'bellevue-deposit',
      issued: -55,
      due: -25,
      draft: () => invoiceQuote(company, quoteId('bellevue'), { kind: 'deposit', percentage: '20.00' }),
    },
    {
      key: 'hotel-progress',
      issued: -40,
      due: -10,
      draft: () =>
        standalone(
          2,
          'Mise aux normes électriques : travaux réalisés (40 %)',
          [['Tableau général, câblage des étages 1 à 3', hotelProgress, '20.00']],
          -10,
        ),
    },
    {
      key: 'garnier-1',
      issued: -30,
      due: 0,
      paid: -21,
      draft: () =>
        createSituation(company, quoteId('garnier'), percents(['50', '30', '40', '0', '0', '0', '0'])),
    },
    // The accepted kitchen: its deposit of 30 %, split across its two VAT rates, not paid yet.
    {
      key: 'durand-deposit',
      issued: -18,
      due: 12,
      draft: () => invoiceQuote(company, quoteId('durand'), { kind: 'deposit', percentage: '30.00' }),
    },
    // Paid today: this month's revenue on the dashboard is never empty, whatever the date.
    {
      key: 'garnier-2',
      issued: -6,
      due: 24,
      paid: 0,
      draft: () =>
        createSituation(company, quoteId('garnier'), percents(['63', '60', '63', '45', '30', '10', '0'])),
    },
  ];
  invoiceEvents.sort((first, second) => first.issued - second.issued);
  const issued = new Map<string, Invoice>();
  for (const event of invoiceEvents) {
    const draft = await event.draft();
    const sent = await sendInvoice(company, draft.id, draft.version);
    const dated = await invoices.update(company, sent.id, (current) => ({
      ...current,
      issueDate: isoDate(event.issued),
      dueDate: isoDate(event.due),
      sentAt: instant(event.issued),
    }));
    issued.set(event.key, dated);
    if (event.paid !== undefined) await payInvoice(company, sent.id, { paidAt: instant(event.paid) });
  }
  // Drafts: the Garnier extension's third situation, from the signed report (63 % on every line),
  // and the balance of the Hôtel du Parc, to be issued at the Consuel.
  const garnierReport = (await progressReports.listAll(company)).find(
    (report) => report.projectId === project(1).id && report.status === 'signed',
  );
  if (garnierReport) {
    await createSituation(company, quoteId('garnier'), { progressReportId: garnierReport.id });
  }
  await standalone(
    2,
    'Solde mise aux normes électriques Hôtel du Parc',
    [
      [
        'Solde des travaux (éclairage de sécurité, 5e étage, Consuel)',
        formatMoney(quoteTotals.get('hotel')! - centsOf(hotelDeposit) - centsOf(hotelProgress)),
        '20.00',
      ],
    ],
    30,
  );
  // The cleaning of the Moreau offices was not done: a credit note of that line, issued five days
  // after the payment.
  const moreau = issued.get('moreau');
  if (moreau) {
    const note = await createCreditNote(company, moreau.id, {
      lines: [{ index: 1 }],
      reason: 'Nettoyage de fin de chantier non réalisé',
    });
    const sentNote = await sendInvoice(company, note.id, note.version);
    await invoices.update(company, sentNote.id, (current) => ({
      ...current,
      issueDate: isoDate(-80),
      sentAt: instant(-80),
    }));
  }

  // Supplier price requests: supplier, project, title, status, amount (0.00 until answered).
  const supplierQuoteSpecs = [
    [6, 0, 'Carrelage et faïence cuisine Durand', 'validated', '2150.00'],
    [3, 1, 'Menuiseries aluminium extension Garnier', 'validated', '6950.00'],
    [2, 2, 'Luminaires LED parties communes Hôtel du Parc', 'sent', '2960.00'],
    [4, 5, 'Échafaudage façade Belle Vue (10 semaines)', 'draft', '0.00'],
    [5, 1, 'Isolation et plâtrerie extension Garnier', 'rejected', '5600.00'],
  ] as const;
  for (const [index, [supplierIndex, projectIndex, title, status, amount]] of supplierQuoteSpecs.entries()) {
    await createSupplierQuote(
      company,
      supplierQuoteCreateInput.parse({
        supplierId: supplier(supplierIndex).id,
        projectId: project(projectIndex).id,
        title,
        description: 'Demande de prix selon quantitatif.',
        status,
        totalAmount: amount,
        validUntil: isoDate(20),
        selected: index === 0,
      }),
    );
  }
  // Supplier invoices (materials, subcontracting, rentals), as received: supplier, project, title,
  // amount HT (one line at 20 %, its resource type read from the title), received, due and paid in
  // days from today (paid: none, still to pay).
  const supplierInvoiceSpecs = [
    [0, 7, 'Matériaux aménagement bureaux Moreau', '3980.00', -150, -120, -140],
    [5, 7, 'Cloisons et faux plafonds bureaux Moreau', '6850.00', -130, -100, -118],
    [7, 7, 'Peintures et revêtements muraux bureaux Moreau', '2640.00', -122, -92, -112],
    [10, 7, 'Câblage courants faibles bureaux Moreau (sous-traitance)', '4250.00', -118, -88, -104],
    [2, 2, 'Tableaux, protections et câbles Hôtel du Parc', '9850.00', -70, -40, -50],
    [6, 6, 'Carrelage et faïence salle de bain Petit', '2180.00', -100, -70, -82],
    [1, 6, 'Sanitaires et robinetterie salle de bain Petit', '3450.00', -95, -65, -78],
    [11, 1, 'Béton fondations et dalle extension Garnier', '6480.00', -55, -25, -45],
    [4, 1, 'Location mini-pelle et bétonnière extension Garnier', '2340.00', -50, -20, -38],
    [0, 1, 'Parpaings, aciers et mortier extension Garnier', '6920.00', -42, -12, -30],
    [8, 1, 'Charpente et couverture extension Garnier (acompte)', '5900.00', -20, 10, -8],
    [10, 2, 'Tirage de câbles étages 3 à 5 Hôtel du Parc (sous-traitance)', '5400.00', -20, 10, -3],
    [4, 5, 'Location échafaudage façade Belle Vue (1er mois)', '3600.00', -35, -5, undefined],
    [3, 1, 'Menuiseries aluminium extension Garnier', '6950.00', -10, 20, undefined],
    [3, 0, 'Meubles de cuisine Durand', '4480.00', -8, 15, undefined],
    [1, 0, 'Alimentations et évacuations cuisine Durand', '1240.00', -5, 25, undefined],
  ] as const;
  const purchaseIds = new Map<string, string>();
  for (const [supplierIndex, projectIndex, title, amount, received, due, paid] of supplierInvoiceSpecs) {
    const resourceType = title.includes('sous-traitance')
      ? 'subcontractor'
      : title.startsWith('Location')
        ? 'rental'
        : 'materials';
    const purchase = await createPurchase(
      company,
      supplierInvoiceCreateInput.parse({
        supplierId: supplier(supplierIndex).id,
        projectId: project(projectIndex).id,
        title,
        status: paid === undefined ? 'sent' : 'paid',
        lines: [{ description: title, quantity: '1', unitPrice: amount, vatRate: '20', resourceType }],
        dueDate: isoDate(due),
        receivedAt: instant(received),
        paidAt: paid === undefined ? undefined : instant(paid),
      }),
    );
    purchaseIds.set(title, purchase.id);
  }
  // A supplier's credit note: a commercial discount on the aluminium joinery still to pay.
  await createPurchase(
    company,
    supplierInvoiceCreateInput.parse({
      supplierId: supplier(3).id,
      projectId: project(1).id,
      kind: 'credit_note',
      creditedInvoiceId: purchaseIds.get('Menuiseries aluminium extension Garnier'),
      title: 'Remise commerciale menuiseries Garnier',
      status: 'sent',
      lines: [
        {
          description: 'Remise commerciale',
          quantity: '1',
          unitPrice: '300.00',
          vatRate: '20',
          resourceType: 'materials',
        },
      ],
      receivedAt: instant(-6),
    }),
  );
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
  // The price library and a devis in lots built from it (docs/library.md).
  await loadDemoLibrary(
    company,
    { materials: supplier(0).id, plumbing: supplier(1).id },
    { clientId: client(1).id },
  );
  return true;
}
