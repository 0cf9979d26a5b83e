/**
 * `DEMO=1`: a realistic French demo company on an empty DATA_DIR, written through the same
 * services and repositories the API uses (every value goes through the shared schemas), plus a
 * super administrator. Dates are relative to today so the dashboard always has figures.
 */
import { clientCreateInput, type Client } from '@btp/shared/entities/client';
import { invoiceCreateInput } from '@btp/shared/entities/invoice';
import { progressReportCreateInput } from '@btp/shared/entities/progress-report';
import { projectCreateInput, type Project } from '@btp/shared/entities/project';
import { quoteCreateInput, quoteItemInput } from '@btp/shared/entities/quote';
import { supplierCreateInput, type Supplier } from '@btp/shared/entities/supplier';
import { supplierInvoiceCreateInput } from '@btp/shared/entities/supplier-invoice';
import { supplierQuoteCreateInput } from '@btp/shared/entities/supplier-quote';
import { installFirstSuperAdmin, register } from '../../../functions/src/accounts/account-service.js';
import { changeCompany } from '../../../functions/src/admin/admin-service.js';
import { clients } from '../../../functions/src/data/entities/clients.js';
import { createDraftInvoice, invoices, issueInvoice } from '../../../functions/src/data/entities/invoices.js';
import { progressReports } from '../../../functions/src/data/entities/progress-reports.js';
import { projects } from '../../../functions/src/data/entities/projects.js';
import { createQuote, quotes, replaceQuoteItems } from '../../../functions/src/data/entities/quotes.js';
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

const clientData = [
  ['Maison Durand', 'Sophie Durand', '12 rue des Lilas', 'Lyon', '69003', '552 100 554 00025'],
  ['SCI Les Tilleuls', 'Marc Lefèvre', '4 avenue Jean Jaurès', 'Villeurbanne', '69100', '803 254 117 00018'],
  ['Boulangerie Martin', 'Claire Martin', '27 place Bellecour', 'Lyon', '69002', '419 876 302 00031'],
  [
    'Mairie de Caluire',
    'Service technique',
    '1 place du Docteur Dugoujon',
    'Caluire-et-Cuire',
    '69300',
    '216 900 347 00012',
  ],
  ['Cabinet Moreau Avocats', 'Julien Moreau', '8 quai Saint-Antoine', 'Lyon', '69002', '512 398 772 00044'],
  ['Résidence Belle Vue', 'Syndic Foncia', '35 montée de Choulans', 'Lyon', '69005', '330 221 905 00057'],
  ['Famille Petit', 'Antoine Petit', '9 chemin des Vignes', 'Écully', '69130', undefined],
  ['Hôtel du Parc', 'Nadia Benali', '61 boulevard des Belges', 'Lyon', '69006', '789 412 366 00019'],
  ['Garage Roux', 'Thierry Roux', '140 route de Vienne', 'Vénissieux', '69200', '443 018 921 00026'],
  ['École Sainte-Marie', 'Direction', '3 rue Tronchet', 'Lyon', '69006', '779 856 114 00015'],
  [
    'M. et Mme Garnier',
    'Hélène Garnier',
    '22 allée des Peupliers',
    'Tassin-la-Demi-Lune',
    '69160',
    undefined,
  ],
  ['Pharmacie Lambert', 'Olivier Lambert', '5 cours Vitton', 'Lyon', '69006', '384 559 201 00033'],
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
  for (const [name, contactPerson, address, city, postalCode, siret] of clientData) {
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
          siret,
          vatNumber: siret
            ? `FR${String(10 + clientRecords.length)}${siret.replace(/\s/g, '').slice(0, 9)}`
            : undefined,
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

  const lines = [
    {
      resourceType: 'materials',
      description: 'Carrelage grès cérame 60×60',
      unit: 'm²',
      quantity: '24.500',
      unitPrice: '38.90',
    },
    { resourceType: 'labor', description: 'Pose carrelage', unit: 'h', quantity: '18', unitPrice: '45.00' },
    {
      resourceType: 'equipment',
      description: 'Location carrelette électrique',
      unit: 'jour',
      quantity: '3',
      unitPrice: '55.00',
    },
    {
      resourceType: 'subcontractor',
      description: 'Plomberie (sous-traitance)',
      unit: 'forfait',
      quantity: '1',
      unitPrice: '1250.00',
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
  for (const [index, status] of quoteStatuses.entries()) {
    const quote = await createQuote(
      company,
      quoteCreateInput.parse({
        title: `Devis ${project(index).name}`,
        clientId: project(index).clientId,
        projectId: project(index).id,
        description: 'Fourniture et pose selon descriptif joint.',
        validUntil: isoDate(30 - index * 5),
      }),
    );
    await replaceQuoteItems(
      company,
      quote.id,
      lines
        .slice(0, 2 + (index % 3))
        .map((line, position) => quoteItemInput.parse({ ...line, sortOrder: position })),
    );
    if (status !== 'draft') {
      await quotes.update(company, quote.id, (current) => ({
        ...current,
        status,
        sentAt: instant(-10 - index),
        ...(status === 'validated' ? { validatedAt: instant(-3) } : {}),
      }));
    }
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

  const invoiceSpecs = [
    // Paid today: this month's revenue on the dashboard is never empty, whatever the date.
    ['Acompte 30 % cuisine Durand', '5550.00', 'paid', -20, 0, 0],
    ['Situation n°1 extension Garnier', '12800.00', 'paid', -35, -5, 1],
    ['Solde salle de bain Petit', '9800.00', 'paid', -70, -40, 6],
    ['Bureaux Cabinet Moreau', '23400.00', 'paid', -130, -100, 7],
    ['Situation n°2 extension Garnier', '9600.00', 'sent', 15, undefined, 1],
    ['Mise aux normes électriques', '8250.00', 'overdue', -12, undefined, 2],
    ['Acompte ravalement Belle Vue', '19200.00', 'overdue', -25, undefined, 5],
    ['Acompte toiture École', '8400.00', 'draft', 30, undefined, 3],
  ] as const;
  // The last value of each invoice is its project, an index in `projectSpecs`.
  for (const [title, amount, status, due, paidOffset, projectIndex] of invoiceSpecs) {
    const draft = await createDraftInvoice(
      company,
      invoiceCreateInput.parse({
        clientId: project(projectIndex).clientId,
        projectId: project(projectIndex).id,
        title,
        totalAmount: amount,
        dueDate: isoDate(due),
      }),
    );
    if (status === 'draft') continue;
    const sent = await issueInvoice(
      company,
      draft.id,
      () => ({ status: 'sent', sentAt: instant(due - 30) }),
      () => undefined,
    );
    if (status === 'paid') {
      await invoices.update(company, sent.id, (current) => ({
        ...current,
        status: 'paid',
        paidAmount: current.totalAmount,
        paidAt: instant(paidOffset ?? 0),
      }));
    }
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
