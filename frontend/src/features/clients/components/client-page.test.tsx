import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, json, never, stubApi, type Routes } from '../../../testing/api-stub';
import { companyAdmin } from '../../../testing/fixtures';
import { renderApp, renderWithProviders } from '../../../testing/render-app';
import { setupUser } from '../../../testing/user';
import { ClientDialog } from './client-dialog';
import { ClientPageLink } from './client-page-link';
import { clientTotals, receivedPayments } from './client-page-data';
import { MemoryRouter } from 'react-router';

const companyId = '0199e5a2-7c1b-7d3e-8f00-0000000000aa';
const record = { companyId, createdAt: '2026-03-02T09:14:05.120Z', updatedAt: '2026-03-02T09:14:05.120Z' };
const id = (n: number) => `0199e5a2-7c1b-7d3e-8f00-${String(n).padStart(12, '0')}`;

const bati = {
  ...record,
  id: id(1),
  name: 'Bâti Rhône SAS',
  kind: 'company',
  contactPerson: 'Paul Girard',
  email: 'contact@bati-rhone.fr',
  phone: '04 78 00 00 00',
  address: '8 quai Perrache',
  postalCode: '69002',
  city: 'Lyon',
  country: 'France',
  siret: '73282932000074',
  siren: '732829320',
  vatNumber: 'FR44732829320',
  version: 2,
};
const dupont = {
  ...record,
  id: id(2),
  name: 'Jeanne Dupont',
  kind: 'individual',
  city: 'Annecy',
  country: 'France',
  version: 1,
};
const batiRef = { id: bati.id, name: bati.name };

const kitchen = {
  ...record,
  id: id(21),
  name: 'Rénovation cuisine',
  clientId: bati.id,
  client: batiRef,
  status: 'in_progress',
  progress: 40,
  estimatedBudget: '18500.00',
  version: 1,
};
const otherProject = {
  ...kitchen,
  id: id(22),
  name: 'Maison Dupont',
  clientId: dupont.id,
  client: undefined,
};

const quote = {
  ...record,
  id: id(31),
  number: 'DEV-2026-0001',
  title: 'Cuisine complète',
  clientId: bati.id,
  client: batiRef,
  projectId: kitchen.id,
  project: { id: kitchen.id, name: kitchen.name },
  status: 'validated',
  totalAmount: '10000.00',
  vatBreakdown: [{ rate: '20.00', base: '10000.00', amount: '2000.00' }],
  vatAmount: '2000.00',
  totalWithVat: '12000.00',
  version: 1,
};
const otherQuote = {
  ...quote,
  id: id(32),
  number: 'DEV-2026-0002',
  title: 'Salle de bains',
  clientId: dupont.id,
};

function invoice(n: number, fields: Record<string, unknown>) {
  return {
    ...record,
    id: id(n),
    kind: 'standard',
    clientId: bati.id,
    client: batiRef,
    lines: [],
    vatBreakdown: [],
    reverseCharge: false,
    version: 1,
    ...fields,
  };
}
// Sent, 1 000,00 paid of 6 000,00 TTC: 5 000,00 remains.
const sent = invoice(41, {
  number: 'FAC-2026-0001',
  title: 'Acompte cuisine',
  totalAmount: '5000.00',
  vatAmount: '1000.00',
  totalWithVat: '6000.00',
  amountDue: '6000.00',
  paidAmount: '1000.00',
  status: 'sent',
  issueDate: '2026-03-10',
  dueDate: '2099-04-09',
});
// Paid, with two payments listed.
const paid = invoice(42, {
  number: 'FAC-2026-0002',
  title: 'Solde cuisine',
  totalAmount: '2000.00',
  vatAmount: '400.00',
  totalWithVat: '2400.00',
  amountDue: '2400.00',
  paidAmount: '2400.00',
  status: 'paid',
  issueDate: '2026-03-12',
  paidAt: '2026-03-20T10:00:00.000Z',
  payments: [
    {
      id: 'p1',
      amount: '400.00',
      paidAt: '2026-03-15T10:00:00.000Z',
      method: 'cheque',
      reference: 'CHQ 123',
    },
    { id: 'p2', amount: '2000.00', paidAt: '2026-03-20T10:00:00.000Z', method: 'transfer' },
  ],
});
const draft = invoice(43, {
  title: 'Travaux supplémentaires',
  totalAmount: '300.00',
  vatAmount: '60.00',
  totalWithVat: '360.00',
  amountDue: '360.00',
  paidAmount: '0.00',
  status: 'draft',
});
const otherInvoice = invoice(44, { ...draft, id: id(44), title: 'Facture Dupont', clientId: dupont.id });

function documentRecord(n: number, fields: Record<string, unknown>) {
  return {
    ...record,
    id: id(n),
    type: 'other',
    mimeType: 'application/pdf',
    size: 10,
    tags: [],
    version: 1,
    ...fields,
  };
}
const plan = documentRecord(51, {
  name: 'Plan cuisine.pdf',
  originalName: 'Plan cuisine.pdf',
  type: 'plan',
  projectId: kitchen.id,
});
const contract = documentRecord(52, {
  name: 'Contrat signé',
  originalName: 'contrat.pdf',
  type: 'contract',
  clientId: bati.id,
});
const unrelated = documentRecord(53, {
  name: 'Photo Dupont.jpg',
  originalName: 'photo.jpg',
  type: 'photo',
  projectId: otherProject.id,
});

function stub(overrides: Routes = {}) {
  return stubApi({
    'GET /api/setup/status': json({ installed: true }),
    'GET /api/auth/me': json(companyAdmin),
    'GET /api/clients': json([bati, dupont]),
    'GET /api/projects': json([kitchen, otherProject]),
    'GET /api/quotes': json([quote, otherQuote]),
    'GET /api/invoices': json([sent, paid, draft, otherInvoice]),
    'GET /api/documents': json([plan, contract, unrelated]),
    'GET /api/dashboard/stats': never,
    ...overrides,
  });
}

const section = (name: string) => screen.findByRole('region', { name });

describe('Fiche client', () => {
  it('shows the contact, totals, projects, quotes, invoices, payments and documents of the client alone', async () => {
    stub();
    renderApp(`/clients/${bati.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Bâti Rhône SAS' })).toBeInTheDocument();
    expect(screen.getByText('Fiche client · Entreprise')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour aux clients' })).toHaveAttribute('href', '/clients');

    const contact = screen.getByRole('heading', { name: 'Coordonnées' }).closest('.ant-card') as HTMLElement;
    expect(contact).toHaveTextContent('Paul Girard');
    expect(contact).toHaveTextContent('8 quai Perrache');
    expect(contact).toHaveTextContent('69002 Lyon');
    expect(within(contact).getByRole('link', { name: 'contact@bati-rhone.fr' })).toHaveAttribute(
      'href',
      'mailto:contact@bati-rhone.fr',
    );
    expect(within(contact).getByRole('link', { name: '04 78 00 00 00' })).toHaveAttribute(
      'href',
      'tel:0478000000',
    );
    expect(contact).toHaveTextContent('SIRET73282932000074');
    expect(contact).toHaveTextContent('SIREN732 829 320');
    expect(contact).toHaveTextContent('N° de TVAFR44732829320');

    const projects = await section('Projets');
    await within(projects).findByRole('link', { name: 'Rénovation cuisine' });
    expect(within(projects).getByRole('link', { name: 'Rénovation cuisine' })).toHaveAttribute(
      'href',
      '/projects',
    );
    expect(projects).toHaveTextContent('En cours');
    expect(projects).not.toHaveTextContent('Maison Dupont');

    const quotes = await section('Devis');
    const quoteLink = await within(quotes).findByRole('link', { name: 'DEV-2026-0001 · Cuisine complète' });
    expect(quoteLink).toHaveAttribute('href', '/quotes');
    expect(quotes).toHaveTextContent('Validé');
    expect(quotes).toHaveTextContent(/10\s000,00\s€ HT · 12\s000,00\s€ TTC/);
    expect(quotes).not.toHaveTextContent('Salle de bains');

    const invoices = await section('Factures');
    const items = within(within(invoices).getByRole('list', { name: 'Factures' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/invoicing');
    expect(items[0]).toHaveTextContent('FAC-2026-0001 · Acompte cuisine');
    expect(items[0]).toHaveTextContent('Envoyée');
    expect(items[0]).toHaveTextContent(/Reste à payer : 5\s000,00\s€/);
    expect(items[1]).toHaveTextContent('Payée');
    expect(items[1]).not.toHaveTextContent('Reste à payer');
    expect(items[2]).toHaveTextContent('(brouillon) · Travaux supplémentaires');
    expect(invoices).not.toHaveTextContent('Facture Dupont');

    const payments = await section('Paiements reçus');
    const received = within(within(payments).getByRole('list', { name: 'Paiements reçus' })).getAllByRole(
      'listitem',
    );
    expect(received.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^2\s000,00\s€Le 20\/03\/2026Facture FAC-2026-0002 · Virement$/),
      expect.stringMatching(/^400,00\s€Le 15\/03\/2026Facture FAC-2026-0002 · Chèque · Réf\. CHQ 123$/),
      // The sent invoice's part payment, from its paidAmount (no payments listed, no date).
      expect.stringMatching(/^1\s000,00\s€Date non renseignéeFacture FAC-2026-0001$/),
    ]);

    const documents = await section('Documents');
    await within(documents).findByRole('link', { name: 'Plan cuisine.pdf' });
    expect(within(documents).getByRole('link', { name: 'Contrat signé' })).toHaveAttribute(
      'href',
      '/documents',
    );
    expect(within(documents).getByRole('button', { name: 'Voir Plan cuisine.pdf' })).toBeInTheDocument();
    expect(documents).not.toHaveTextContent('Photo Dupont');

    const figures = screen.getByLabelText('Totaux du client');
    // Issued HT 5 000 + 2 000; pending TTC 5 000; received TTC 1 000 + 400 + 2 000.
    expect(figures).toHaveTextContent(/CA facturé HT7\s000,00\s€/);
    // Cashed HT is the shared finance rule's (revenueHtCents), checked in shared/src/finance.test.ts.
    expect(figures).toHaveTextContent(/CA encaissé HT\d[\d\s]*,\d\d\s€/);
    expect(figures).toHaveTextContent(/En attente TTC5\s000,00\s€/);
    expect(figures).toHaveTextContent(/Encaissé TTC3\s400,00\s€/);
  });

  it('hides the company identity of a private person, and says what it has none of', async () => {
    stub({
      'GET /api/projects': json([]),
      'GET /api/quotes': json([]),
      'GET /api/invoices': json([]),
      'GET /api/documents': json([]),
    });
    renderApp(`/clients/${dupont.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Jeanne Dupont' })).toBeInTheDocument();
    expect(screen.getByText('Fiche client · Particulier')).toBeInTheDocument();
    expect(screen.queryByText('SIRET')).toBeNull();
    expect(await screen.findByText('Aucun projet pour ce client')).toBeInTheDocument();
    expect(await screen.findByText('Aucun devis pour ce client')).toBeInTheDocument();
    expect(screen.getByText('Aucune facture pour ce client')).toBeInTheDocument();
    expect(screen.getByText('Aucun paiement reçu')).toBeInTheDocument();
    expect(await screen.findByText('Aucun document pour ce client')).toBeInTheDocument();
  });

  it("shows 'E-mail refusé' in red beside a complained-about address, with the date and the reason", async () => {
    const refused = {
      ...bati,
      emailStatus: {
        state: 'complained',
        at: '2026-11-20T10:00:00.000Z',
        address: 'contact@bati-rhone.fr',
        reason: 'Le destinataire a signalé le message comme indésirable.',
      },
    };
    stub({ 'GET /api/clients': json([refused, dupont]) });
    renderApp(`/clients/${bati.id}`);

    const contact = (await screen.findByRole('heading', { name: 'Coordonnées' })).closest(
      '.ant-card',
    ) as HTMLElement;
    const tag = await within(contact).findByText('E-mail refusé');
    expect(tag).toHaveClass('ant-tag-red');
    expect(contact).toHaveTextContent(
      'contact@bati-rhone.frE-mail refuséle 20/11/2026 : Le destinataire a signalé le message comme indésirable.',
    );
  });

  it("has no 'E-mail refusé' while nothing was refused", async () => {
    stub();
    renderApp(`/clients/${bati.id}`);

    const contact = (await screen.findByRole('heading', { name: 'Coordonnées' })).closest(
      '.ant-card',
    ) as HTMLElement;
    expect(await within(contact).findByRole('link', { name: 'contact@bati-rhone.fr' })).toBeInTheDocument();
    expect(within(contact).queryByText('E-mail refusé')).toBeNull();
  });

  it("says 'Client introuvable' for an unknown client, with the way back", async () => {
    stub();
    renderApp(`/clients/${id(999)}`);

    expect(await screen.findByRole('heading', { name: 'Client introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Fiche client' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour aux clients' })).toHaveAttribute('href', '/clients');
  });

  it("shows 'Chargement...' while the client loads", async () => {
    stub({ 'GET /api/clients': never });
    renderApp(`/clients/${bati.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Fiche client' })).toBeInTheDocument();
    expect(screen.getByText('Chargement...')).toBeInTheDocument();
  });

  it("explains a failed load and loads again on 'Réessayer'", async () => {
    const user = setupUser();
    const api = stub({
      'GET /api/clients': apiError(503, 'unavailable', 'Le service est momentanément indisponible.'),
    });
    renderApp(`/clients/${bati.id}`);

    expect(await screen.findByText('Erreur lors du chargement du client')).toBeInTheDocument();
    expect(screen.getByText('Le service est momentanément indisponible.')).toBeInTheDocument();
    api.answer('GET /api/clients', json([bati, dupont]));

    await user.click(screen.getByRole('button', { name: 'Réessayer' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Bâti Rhône SAS' })).toBeInTheDocument();
  });

  it("shows a section's load error with its own 'Réessayer', the rest of the page still there", async () => {
    const user = setupUser();
    const api = stub({ 'GET /api/quotes': apiError(500, 'internal', 'Erreur interne.') });
    renderApp(`/clients/${bati.id}`);

    const quotes = await section('Devis');
    expect(await within(quotes).findByText('Erreur lors du chargement des devis')).toBeInTheDocument();
    expect(
      await within(await section('Projets')).findByRole('link', { name: 'Rénovation cuisine' }),
    ).toBeInTheDocument();
    api.answer('GET /api/quotes', json([quote]));

    await user.click(within(quotes).getByRole('button', { name: 'Réessayer' }));

    expect(
      await within(quotes).findByRole('link', { name: 'DEV-2026-0001 · Cuisine complète' }),
    ).toBeInTheDocument();
  });

  it('keeps Clients highlighted in the menu', async () => {
    stub();
    renderApp(`/clients/${bati.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Bâti Rhône SAS' });

    await setupUser().click(await screen.findByRole('button', { name: 'Ouvrir le menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByRole('link', { name: 'Clients' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('client page rules', () => {
  it('reads a payment list defensively: an invoice without one is one payment of its paidAmount', () => {
    const payments = receivedPayments([
      sent,
      { ...paid, payments: [{ amount: 'n/a' }, null, { id: 'x', amount: '10.00' }] },
    ] as never);
    expect(payments.map((payment) => [payment.invoice.number, payment.cents])).toEqual([
      ['FAC-2026-0001', 100_000],
      ['FAC-2026-0002', 1000],
    ]);
  });

  it('counts credit notes against what was invoiced', () => {
    const note = invoice(45, {
      kind: 'credit_note',
      number: 'AV-2026-0001',
      title: 'Avoir',
      totalAmount: '500.00',
      totalWithVat: '600.00',
      amountDue: '600.00',
      status: 'sent',
      creditedInvoiceId: sent.id,
    });
    expect(clientTotals([sent, note] as never, '2026-03-15').invoicedCents).toBe(450_000);
  });
});

describe('ClientPageLink', () => {
  it("links the client's name, or another text named after the client, to its page", () => {
    renderWithProviders(
      <MemoryRouter>
        <ClientPageLink clientId={bati.id} name={bati.name} />
        <ClientPageLink clientId={bati.id} name={bati.name}>
          Voir la fiche
        </ClientPageLink>
      </MemoryRouter>,
    );

    expect(screen.getByRole('link', { name: 'Bâti Rhône SAS' })).toHaveAttribute(
      'href',
      `/clients/${bati.id}`,
    );
    expect(screen.getByRole('link', { name: 'Voir la fiche de Bâti Rhône SAS' })).toHaveAttribute(
      'href',
      `/clients/${bati.id}`,
    );
  });
});

describe('client form, private person', () => {
  it("asks a private person's name as 'Nom et prénom' without SIRET nor VAT number, a company's as 'Nom de l'entreprise'", async () => {
    const user = setupUser();
    stubApi({});
    renderWithProviders(<ClientDialog client={dupont as never} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');

    expect(await within(dialog).findByLabelText('Nom et prénom')).toHaveValue('Jeanne Dupont');
    expect(within(dialog).queryByLabelText("Nom de l'entreprise")).toBeNull();
    for (const label of ['SIRET', 'SIREN', 'Numéro de TVA']) {
      expect(within(dialog).queryByLabelText(label)).toBeNull();
    }

    await user.click(within(dialog).getByRole('radio', { name: 'Entreprise' }));

    expect(within(dialog).getByLabelText("Nom de l'entreprise")).toHaveValue('Jeanne Dupont');
    expect(within(dialog).queryByLabelText('Nom et prénom')).toBeNull();
    expect(within(dialog).getByLabelText('SIRET')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Numéro de TVA')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('SIREN')).toHaveAttribute('readonly'));
  });
});
