import { expect, type APIRequestContext } from '@playwright/test';
import { ensureInstalled } from './accounts.js';

/** Every write needs it (else `403 csrf`). */
export const writeHeaders = { 'X-Requested-With': 'fetch' };

export const companyPassword = 'Chantier-2026';

export interface RegisteredCompany {
  companyName: string;
  username: string;
  password: string;
  companyId: string;
}

/**
 * Registers a new company through the API with `request`, which then holds its administrator's
 * session cookie, and completes its legal profile unless told not to. `label` makes every name
 * unique on the shared server.
 */
export async function registerCompany(
  request: APIRequestContext,
  label: string,
  options: { completeProfile?: boolean } = {},
): Promise<RegisteredCompany> {
  await ensureInstalled(request);
  const unique = `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const companyName = `Entreprise ${unique}`;
  const username = `admin-${unique}`;
  const response = await request.post('/api/auth/register', {
    headers: writeHeaders,
    data: {
      firstName: 'Claire',
      lastName: 'Fontaine',
      email: `claire.${unique}@example.fr`,
      username,
      password: companyPassword,
      confirmPassword: companyPassword,
      companyName,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { user } = (await response.json()) as { user: { companyId: string } };
  if (options.completeProfile !== false) await completeCompanyProfile(request);
  return { companyName, username, password: companyPassword, companyId: user.companyId };
}

/**
 * A complete legal profile (DOCUMENTS.md § 1), so the company may send quotes and invoices. The
 * identifiers carry real check digits: SIRET 812 345 676 00017 (Luhn), VAT FR19 812345676 (key of
 * that SIREN), IBAN FR76 3000 6000 0112 3456 7890 189 (mod 97).
 */
export const legalProfile = {
  legalForm: 'SARL',
  shareCapital: '10000.00',
  siret: '81234567600017',
  registration: 'RCS Lyon 812 345 676',
  vatNumber: 'FR19812345676',
  address: '12 rue des Artisans',
  postalCode: '69003',
  city: 'Lyon',
  phone: '04 78 00 00 00',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPP',
  insurer: 'Mutuelle du Bâtiment',
  insurerAddress: '1 place de la Bourse, 69002 Lyon',
  insurancePolicyNumber: 'DEC-2026-0042',
  insuranceActivities: 'Maçonnerie, carrelage, plâtrerie',
  insuranceArea: 'France métropolitaine',
};

/** Fills the company's legal profile through the API (`request` is its administrator's session). */
export async function completeCompanyProfile(request: APIRequestContext): Promise<void> {
  const current = await request.get('/api/company');
  expect(current.status(), await current.text()).toBe(200);
  const company = (await current.json()) as Record<string, unknown>;
  const response = await request.put('/api/company', {
    headers: writeHeaders,
    data: { ...company, ...legalProfile },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A write through the API that must succeed; answers the record's id. */
export async function write(
  request: APIRequestContext,
  method: 'post' | 'put' | 'patch',
  path: string,
  data?: object,
): Promise<string> {
  const response = await request[method](path, { headers: writeHeaders, ...(data ? { data } : {}) });
  expect(response.status(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { id: string }).id;
}

/** The bytes of a small real PDF (the server checks the first bytes of what it stores). */
export function pdfBytes(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
}

/** The names and ids of what `seedCompany` created, for the tests that look for them. */
export interface SeededRecords {
  clients: { id: string; name: string }[];
  supplier: { id: string; name: string };
  projects: { id: string; name: string }[];
  quote: { id: string; title: string };
  supplierQuote: { id: string; title: string };
  supplierInvoice: { id: string; title: string };
  progressReport: { id: string; title: string };
  invoice: { id: string; title: string };
  document: { id: string; name: string };
}

/**
 * A company's week in records, through the API of `request` (signed in to that company): two
 * clients, a supplier, two projects, a sent quote with two lines and a draft, a selected price
 * request with its invoice, progress reports pending/validated/signed, invoices draft/sent/paid/overdue
 * and a document. Every name starts with `prefix`, so another company can look for it.
 */
export async function seedCompany(request: APIRequestContext, prefix: string): Promise<SeededRecords> {
  const clients = [
    {
      name: `${prefix} Maison Durand`,
      email: 'sophie@durand.fr',
      contactPerson: 'Sophie Durand',
      city: 'Lyon',
    },
    { name: `${prefix} SCI Les Tilleuls`, phone: '04 72 00 00 00', city: 'Villeurbanne' },
  ];
  const clientIds: string[] = [];
  for (const client of clients) clientIds.push(await write(request, 'post', '/api/clients', client));
  const [durand, tilleuls] = clientIds as [string, string];

  const supplierName = `${prefix} Béton du Midi`;
  const supplierId = await write(request, 'post', '/api/suppliers', {
    name: supplierName,
    contactPerson: 'Karim Benali',
    specialties: ['Béton', 'Maçonnerie', 'Gros œuvre'],
    rating: '4,5',
  });

  const projectNames = [`${prefix} Rénovation cuisine`, `${prefix} Extension Tilleuls`];
  const kitchen = await write(request, 'post', '/api/projects', {
    name: projectNames[0],
    clientId: durand,
    status: 'in_progress',
    estimatedBudget: '18500',
    progress: 60,
    location: 'Lyon 3e',
    startDate: '2026-03-02',
    endDate: '2026-12-18',
  });
  const extension = await write(request, 'post', '/api/projects', {
    name: projectNames[1],
    clientId: tilleuls,
    status: 'planning',
    estimatedBudget: '80000',
  });

  const quoteTitle = `${prefix} Rénovation salle de bains`;
  const quoteId = await write(request, 'post', '/api/quotes', {
    title: quoteTitle,
    clientId: durand,
    projectId: kitchen,
    validUntil: '2099-12-31',
  });
  await write(request, 'put', `/api/quotes/${quoteId}/items`, {
    items: [
      {
        resourceType: 'materials',
        description: 'Carrelage 60x60',
        unit: 'm²',
        quantity: '12,5',
        unitPrice: '8.40',
      },
      { resourceType: 'labor', description: 'Pose', unit: 'h', quantity: 2, unitPrice: 150 },
    ],
  });
  await write(request, 'post', `/api/quotes/${quoteId}/send`);
  await write(request, 'post', '/api/quotes', { title: `${prefix} Ravalement façade`, clientId: tilleuls });

  const supplierQuoteTitle = `${prefix} Béton C25/30`;
  const supplierQuoteId = await write(request, 'post', '/api/supplier-quotes', {
    supplierId,
    projectId: kitchen,
    title: supplierQuoteTitle,
    status: 'validated',
    totalAmount: '4800.50',
    validUntil: '2099-12-15',
  });
  await write(request, 'post', `/api/supplier-quotes/${supplierQuoteId}/select`);
  const supplierInvoiceTitle = `${prefix} Livraison béton`;
  const supplierInvoiceId = await write(request, 'post', '/api/supplier-invoices', {
    supplierId,
    projectId: kitchen,
    supplierQuoteId,
    title: supplierInvoiceTitle,
    totalAmount: '3200.15',
    status: 'paid',
  });

  const reportTitle = `${prefix} Gros œuvre semaine 12`;
  const reportIds: string[] = [];
  for (const [index, title] of [reportTitle, `${prefix} Plomberie`, `${prefix} Électricité`].entries()) {
    reportIds.push(
      await write(request, 'post', '/api/progress-reports', {
        projectId: kitchen,
        title,
        progressPercentage: 20 * (index + 1),
        workCompleted: 'Fondations',
        totalPlanned: '12000',
        totalRealized: '5400',
        status: 'pending',
      }),
    );
  }
  await write(request, 'patch', `/api/progress-reports/${reportIds[1]}/validate`);
  await write(request, 'patch', `/api/progress-reports/${reportIds[2]}/validate`);
  await write(request, 'patch', `/api/progress-reports/${reportIds[2]}/sign`, {
    signerName: 'Jeanne Durand',
  });

  const invoiceTitle = `${prefix} Situation n°1`;
  const invoices = [
    { title: invoiceTitle, totalAmount: '12500.40', dueDate: '2099-12-31', then: ['send', 'pay'] },
    { title: `${prefix} Situation n°2`, totalAmount: '3000.50', dueDate: '2099-12-31', then: ['send'] },
    { title: `${prefix} Acompte`, totalAmount: '500', dueDate: '2026-01-05', then: ['send'] },
    { title: `${prefix} Solde`, totalAmount: '1234.50', dueDate: '2099-06-30', then: [] },
  ];
  const invoiceIds: string[] = [];
  for (const { then, ...invoice } of invoices) {
    const id = await write(request, 'post', '/api/invoices', {
      clientId: durand,
      projectId: kitchen,
      ...invoice,
    });
    // A new draft is at version 1; sending it takes the version seen (409 otherwise).
    for (const step of then)
      await write(request, 'post', `/api/invoices/${id}/${step}`, step === 'pay' ? {} : { version: 1 });
    invoiceIds.push(id);
  }

  const documentName = `${prefix} Plan RDC.pdf`;
  const upload = await request.post('/api/documents/upload', {
    headers: writeHeaders,
    multipart: {
      file: { name: documentName, mimeType: 'application/pdf', buffer: pdfBytes() },
      type: 'plan',
      description: 'Indice B',
      tags: 'plans, rdc, indice B',
      projectId: kitchen,
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const documentId = ((await upload.json()) as { id: string }).id;

  return {
    clients: clients.map((client, index) => ({ id: clientIds[index] as string, name: client.name })),
    supplier: { id: supplierId, name: supplierName },
    projects: [
      { id: kitchen, name: projectNames[0] as string },
      { id: extension, name: projectNames[1] as string },
    ],
    quote: { id: quoteId, title: quoteTitle },
    supplierQuote: { id: supplierQuoteId, title: supplierQuoteTitle },
    supplierInvoice: { id: supplierInvoiceId, title: supplierInvoiceTitle },
    progressReport: { id: reportIds[0] as string, title: reportTitle },
    invoice: { id: invoiceIds[0] as string, title: invoiceTitle },
    document: { id: documentId, name: documentName },
  };
}
