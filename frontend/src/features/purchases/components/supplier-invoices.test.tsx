import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { json, stubApi, type Routes } from '../../../testing/api-stub';
import { renderWithProviders, toasts } from '../../../testing/render-app';
import { pick, replace, setupUser } from '../../../testing/user';
import { PurchasesPage } from './purchases-page';

/**
 * Achats' supplier invoices with lines and supplier credit notes: the lines editor (HT, VAT per
 * rate, TTC as typed; resource type and project per line), the credit notes' own tab and the
 * invoice they correct, the link shown on both cards, what remains and what is owed per supplier,
 * a payment.
 */
const companyId = '0f0e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01';
const stamps = { companyId, createdAt: '2026-11-20T09:00:00.000Z', updatedAt: '2026-11-20T09:00:00.000Z' };
const supplier = { id: '5a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01', name: 'Béton du Midi' };
const project = { id: '2a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01', name: 'Maison Dupont' };
const other = { id: '2a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a02', name: 'Hôtel du Parc' };

const invoice = {
  ...stamps,
  id: '7a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01',
  number: 'FF-2026-0001',
  kind: 'invoice',
  supplierId: supplier.id,
  supplierReference: 'BM-778',
  status: 'sent',
  title: 'Livraison béton',
  lines: [
    {
      description: 'Béton C25/30',
      unit: 'm³',
      quantity: '10.000',
      unitPrice: '100.00',
      vatRate: '20.00',
      total: '1000.00',
    },
  ],
  netAmount: '1000.00',
  vatBreakdown: [{ rate: '20.00', base: '1000.00', amount: '200.00' }],
  vatAmount: '200.00',
  totalAmount: '1200.00',
  vatDetailed: true,
  paidAmount: '500.00',
  creditedAmount: '120.00',
  remainingAmount: '580.00',
  creditNotes: [
    {
      id: '7a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a02',
      number: 'FF-2026-0002',
      netAmount: '100.00',
      totalAmount: '120.00',
    },
  ],
  dueDate: '2099-12-31',
  version: 3,
  supplier,
};

const creditNote = {
  ...stamps,
  id: '7a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a02',
  number: 'FF-2026-0002',
  kind: 'credit_note',
  supplierId: supplier.id,
  supplierReference: 'AV-12',
  status: 'sent',
  title: 'Avoir casse',
  creditedInvoiceId: invoice.id,
  creditedInvoiceNumber: 'FF-2026-0001',
  lines: [
    { description: 'Casse', quantity: '1.000', unitPrice: '100.00', vatRate: '20.00', total: '100.00' },
  ],
  netAmount: '100.00',
  vatBreakdown: [{ rate: '20.00', base: '100.00', amount: '20.00' }],
  vatAmount: '20.00',
  totalAmount: '120.00',
  vatDetailed: true,
  paidAmount: '0.00',
  creditedAmount: '0.00',
  remainingAmount: '0.00',
  creditNotes: [],
  version: 1,
  supplier,
};

function stub(overrides: Routes = {}) {
  return stubApi({
    'GET /api/supplier-quotes?limit=50': json([]),
    'GET /api/supplier-invoices?limit=50': json([creditNote, invoice]),
    // The credit note's dialog offers the supplier's invoices from the whole list.
    'GET /api/supplier-invoices': json([creditNote, invoice]),
    'GET /api/supplier-invoices/balances': json([
      { supplier, owed: '580.00', openInvoices: 1 },
      {
        supplier: { id: '5a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a09', name: 'Bois & Cie' },
        owed: '-30.00',
        openInvoices: 0,
      },
    ]),
    'GET /api/suppliers': json([{ ...stamps, ...supplier, country: 'France', specialties: [], version: 1 }]),
    'GET /api/projects': json(
      [project, other].map((entry) => ({
        ...stamps,
        ...entry,
        clientId: supplier.id,
        status: 'planning',
        progress: 0,
        version: 1,
      })),
    ),
    ...overrides,
  });
}

const renderPage = () =>
  renderWithProviders(<PurchasesPage title="Achats" subtitle="Demandes de prix et commandes" />);

const fill = replace;

describe('Achats: supplier invoices and credit notes', () => {
  it('shows the link both ways, what remains to pay and what is owed per supplier', async () => {
    const user = setupUser();
    stub();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: /Commandes/ }));

    const card = await screen.findByRole('article', { name: 'Facture fournisseur FF-2026-0001' });
    expect(card).toHaveTextContent(/Total HT1\s000,00\s€TVA200,00\s€Total TTC1\s200,00\s€/);
    expect(card).toHaveTextContent(/AvoirsFF-2026-0002 \(−120,00\s€\)/);
    expect(card).toHaveTextContent(/Reste à payer580,00\s€/);
    // The credit note is in its own tab, not among the invoices.
    expect(screen.queryByRole('article', { name: /Avoir fournisseur/ })).toBeNull();

    const owed = screen.getByRole('region', { name: 'À payer par fournisseur' });
    const rows = within(owed).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(/Béton du Midi580,00\s€1 facture à payer/);
    expect(rows[1]).toHaveTextContent(/Bois & Cie30,00\s€avoir en votre faveur/);

    await user.click(screen.getByRole('tab', { name: 'Avoirs fournisseurs (1)' }));
    const note = await screen.findByRole('article', { name: 'Avoir fournisseur FF-2026-0002' });
    expect(note).toHaveTextContent('Avoir');
    expect(note).toHaveTextContent('Facture corrigéeFF-2026-0001');
    expect(within(note).queryByRole('button', { name: /Enregistrer un/ })).toBeNull();
  }, 45_000);

  it('records a credit note of one of the supplier’s invoices, its lines and totals as typed', async () => {
    const user = setupUser();
    const api = stub({
      'POST /api/supplier-invoices': json(
        { ...creditNote, id: '7a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a03', number: 'FF-2026-0003' },
        201,
      ),
    });
    renderPage();
    await user.click(await screen.findByRole('tab', { name: /Avoirs fournisseurs/ }));
    await user.click(await screen.findByRole('button', { name: /Nouvel avoir/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel Avoir Fournisseur' });

    await user.click(within(dialog).getByRole('combobox', { name: 'Fournisseur' }));
    await pick(user, 'Béton du Midi');
    await user.click(within(dialog).getByRole('combobox', { name: 'Facture corrigée' }));
    await pick(user, 'FF-2026-0001 · n° BM-778');
    await fill(user, within(dialog).getByLabelText("N° de l'avoir reçu"), 'AV-13');

    const lines = within(dialog).getByRole('region', { name: "Lignes de l'avoir" });
    const line = within(lines).getByRole('listitem', { name: 'Ligne 1' });
    await fill(user, within(line).getByLabelText('Désignation'), 'Reprise de palettes');
    await fill(user, within(line).getByLabelText('Quantité'), '3');
    await fill(user, within(line).getByLabelText('Prix unitaire HT'), '12,5');
    await user.click(within(line).getByRole('combobox', { name: 'Type de ressource' }));
    await pick(user, 'Matériaux');
    await user.click(within(line).getByRole('combobox', { name: 'Projet de la ligne' }));
    await pick(user, 'Hôtel du Parc');
    expect(line).toHaveTextContent(/Total HT37,50\s€/);
    const totals = within(dialog).getByRole('region', { name: "Totaux de l'avoir" });
    expect(totals).toHaveTextContent(
      /Total HT37,50\s€TVA 20\s% sur 37,50\s€7,50\s€Total TVA7,50\s€Total TTC45,00\s€/,
    );

    await user.click(within(dialog).getByRole('button', { name: "Créer l'avoir" }));
    expect(await toasts().findByText('Avoir fournisseur créé avec succès')).toBeInTheDocument();
    expect(api.calls('POST /api/supplier-invoices')[0]?.body).toEqual(
      expect.objectContaining({
        kind: 'credit_note',
        supplierId: supplier.id,
        creditedInvoiceId: invoice.id,
        supplierReference: 'AV-13',
        lines: [
          {
            description: 'Reprise de palettes',
            quantity: '3.000',
            unitPrice: '12.50',
            vatRate: '20.00',
            resourceType: 'materials',
            projectId: other.id,
          },
        ],
      }),
    );
    expect(api.calls('POST /api/supplier-invoices')[0]?.body).not.toHaveProperty('totalAmount');
  }, 60_000);

  it('says what is wrong on a line before sending anything', async () => {
    const user = setupUser();
    const api = stub();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: /Commandes/ }));
    await user.click(await screen.findByRole('button', { name: /Nouvelle facture/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle Facture Fournisseur' });
    await user.click(within(dialog).getByRole('button', { name: 'Créer la facture' }));
    expect(await within(dialog).findByText('Le fournisseur est requis')).toBeInTheDocument();
    expect(await within(dialog).findByText('La désignation de la ligne est requise')).toBeInTheDocument();
    expect(within(dialog).getByText('Le prix unitaire HT est requis')).toBeInTheDocument();
    expect(api.calls('POST /api/supplier-invoices')).toHaveLength(0);
  }, 45_000);

  it('records a payment of what remains, then reads the list again', async () => {
    const user = setupUser();
    const route = `POST /api/supplier-invoices/${invoice.id}/pay`;
    const api = stub({
      [route]: json({ ...invoice, status: 'paid', paidAmount: '1080.00', remainingAmount: '0.00' }),
    });
    renderPage();
    await user.click(await screen.findByRole('tab', { name: /Commandes/ }));
    const card = await screen.findByRole('article', { name: 'Facture fournisseur FF-2026-0001' });
    await user.click(within(card).getByRole('button', { name: 'Enregistrer un paiement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer un paiement' });
    expect(within(dialog).getByLabelText('Montant payé (€)')).toHaveValue('580,00');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(api.calls(route)).toHaveLength(1));
    expect(api.calls(route)[0]?.body).toMatchObject({ paidAmount: '580.00', version: 3 });
    expect(await toasts().findByText('Facture FF-2026-0001 payée')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /api/supplier-invoices/balances').length).toBeGreaterThan(1));
  }, 45_000);
});
