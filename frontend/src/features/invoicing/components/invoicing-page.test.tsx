import type { VatRate } from '@btp/shared/enums';
import { financesSummaryOfRecords } from '@btp/shared/finances-summary';
import { formatEuro } from '@btp/shared/money';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { apiError, heldAnswer, json, stubApi, type Routes } from '../../../testing/api-stub';
import { companyA } from '../../../testing/fixtures';
import { renderWithProviders, toasts } from '../../../testing/render-app';
import { replace, setupUser } from '../../../testing/user';
import { validateCreditNote } from './credit-note-rules';
import { countByTab, dueDateText, invoiceActions, invoiceCount, withStatusesOn } from './invoice-rules';
import { InvoicingPage } from './invoicing-page';
import { paymentInstant } from './pay-invoice-dialog';

const at = '2026-04-01T08:00:00.000Z';
const record = { companyId: companyA.id, createdAt: at, updatedAt: at, version: 1 };
const garnier = {
  ...record,
  id: '4c0c1d2e-0000-4000-8000-000000000001',
  name: 'Garnier SARL',
  email: 'compta@garnier.fr',
};
const mairie = {
  ...record,
  id: '4c0c1d2e-0000-4000-8000-000000000002',
  name: 'Mairie de Lyon',
  email: 'finances@mairie-lyon.fr',
};

/** Sends from the send dialog once the client's address has filled its field. */
async function sendFrom(user: ReturnType<typeof setupUser>, dialog: HTMLElement, to: string) {
  await waitFor(() => expect(within(dialog).getByLabelText('E-mail du destinataire')).toHaveValue(to));
  await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
}
const extension = {
  ...record,
  id: '4c0c1d2e-0000-4000-8000-000000000010',
  name: 'Extension Garnier',
  clientId: garnier.id,
  status: 'in_progress',
  progress: 40,
  client: { id: garnier.id, name: garnier.name },
};
const ecole = {
  ...extension,
  id: '4c0c1d2e-0000-4000-8000-000000000011',
  name: 'École Jules Ferry',
  clientId: mairie.id,
  client: { id: mairie.id, name: mairie.name },
};

/** A line of an invoice as the API answers it (figures written out, not computed by the code tested). */
function line(
  description: string,
  quantity: string,
  unitPrice: string,
  vatRate: VatRate,
  total: string,
  unit?: string,
) {
  return { description, unit, quantity, unitPrice, vatRate, total };
}

/** One rate of a VAT breakdown. */
const vat = (rate: string, base: string, amount: string) => ({ rate, base, amount });

const garnierRef = { id: garnier.id, name: garnier.name };
const draft = {
  ...record,
  id: '4c0c1d2e-0000-4000-8000-000000000101',
  kind: 'standard',
  clientId: mairie.id,
  client: { id: mairie.id, name: mairie.name },
  title: 'Acompte toiture École',
  lines: [line('Acompte 30 %', '1.000', '8400.00', '20.00', '8400.00')],
  totalAmount: '8400.00',
  vatBreakdown: [vat('20.00', '8400.00', '1680.00')],
  vatAmount: '1680.00',
  totalWithVat: '10080.00',
  amountDue: '10080.00',
  paidAmount: '0.00',
  status: 'draft',
  reverseCharge: false,
  quoteId: '4c0c1d2e-0000-4000-8000-000000000201',
  version: 3,
};
// Two lines at two rates: 8 000,00 at 20 % and 2 000,00 at 10 % → VAT 1 600,00 + 200,00.
const upcoming = {
  ...record,
  id: '4c0c1d2e-0000-4000-8000-000000000102',
  kind: 'standard',
  clientId: garnier.id,
  client: garnierRef,
  projectId: extension.id,
  project: { id: extension.id, name: extension.name },
  number: 'FAC-2026-0003',
  title: 'Situation n°3',
  lines: [
    line('Maçonnerie', '10.000', '800.00', '20.00', '8000.00', 'm²'),
    line('Isolation combles', '20.000', '100.00', '10.00', '2000.00', 'm²'),
  ],
  totalAmount: '10000.00',
  vatBreakdown: [vat('20.00', '8000.00', '1600.00'), vat('10.00', '2000.00', '200.00')],
  vatAmount: '1800.00',
  totalWithVat: '11800.00',
  amountDue: '11800.00',
  paidAmount: '0.00',
  status: 'sent',
  reverseCharge: false,
  issueDate: '2026-04-10',
  dueDate: '2099-12-31',
  sentAt: '2026-04-10T09:12:00.000Z',
  seller: {
    name: 'Durand Bâtiment',
    legalForm: 'SARL',
    siret: '73282932000074',
    vatNumber: 'FR44732829320',
    registration: 'RCS Lyon',
    address: '3 rue de la Paix',
    postalCode: '69002',
    city: 'Lyon',
    country: 'France',
  },
  buyer: {
    name: 'Garnier SARL',
    siren: '552100554',
    address: '8 quai Perrache',
    postalCode: '69002',
    city: 'Lyon',
  },
  version: 2,
};
function standard(fields: Record<string, unknown>) {
  return { ...upcoming, seller: undefined, buyer: undefined, ...fields };
}
const lateFromServer = standard({
  id: '4c0c1d2e-0000-4000-8000-000000000103',
  number: 'FAC-2026-0001',
  title: 'Situation n°1',
  lines: [line('Gros œuvre', '1.000', '12800.00', '20.00', '12800.00')],
  totalAmount: '12800.00',
  vatBreakdown: [vat('20.00', '12800.00', '2560.00')],
  vatAmount: '2560.00',
  totalWithVat: '15360.00',
  amountDue: '15360.00',
  status: 'overdue',
  dueDate: '2026-01-02',
});
// Read before midnight as sent, past its due date now: the screen derives overdue itself. A credit
// note took 600,00 TTC off it.
const lateSinceLoaded = standard({
  id: '4c0c1d2e-0000-4000-8000-000000000104',
  number: 'FAC-2026-0002',
  title: 'Situation n°2',
  lines: [line('Charpente', '1.000', '3000.00', '20.00', '3000.00')],
  totalAmount: '3000.00',
  vatBreakdown: [vat('20.00', '3000.00', '600.00')],
  vatAmount: '600.00',
  totalWithVat: '3600.00',
  amountDue: '3600.00',
  creditedAmount: '600.00',
  issueDate: '2026-03-15',
  dueDate: '2020-01-15',
});
const paid = standard({
  id: '4c0c1d2e-0000-4000-8000-000000000105',
  number: 'FAC-2026-0004',
  title: 'Solde Extension',
  lines: [line('Solde', '1.000', '5000.00', '20.00', '5000.00')],
  totalAmount: '5000.00',
  vatBreakdown: [vat('20.00', '5000.00', '1000.00')],
  vatAmount: '1000.00',
  totalWithVat: '6000.00',
  amountDue: '6000.00',
  paidAmount: '5700.00',
  status: 'paid',
  paidAt: '2026-04-20T10:00:00.000Z',
  version: 3,
});
const cancelled = standard({
  id: '4c0c1d2e-0000-4000-8000-000000000106',
  number: 'FAC-2026-0005',
  title: 'Facture erronée',
  creditedAmount: '11800.00',
  status: 'cancelled',
});
const creditNote = standard({
  id: '4c0c1d2e-0000-4000-8000-000000000107',
  kind: 'credit_note',
  number: 'AV-2026-0001',
  title: 'Avoir sur FAC-2026-0002',
  lines: [line('Charpente', '1.000', '500.00', '20.00', '500.00')],
  totalAmount: '500.00',
  vatBreakdown: [vat('20.00', '500.00', '100.00')],
  vatAmount: '100.00',
  totalWithVat: '600.00',
  amountDue: '600.00',
  status: 'sent',
  dueDate: undefined,
  issueDate: '2026-04-12',
  creditedInvoiceId: lateSinceLoaded.id,
  creditedInvoiceNumber: 'FAC-2026-0002',
  creditedInvoiceDate: '2026-03-15',
});
const draftCreditNote = standard({
  ...creditNote,
  id: '4c0c1d2e-0000-4000-8000-000000000108',
  number: undefined,
  title: 'Avoir sur FAC-2026-0004',
  status: 'draft',
  issueDate: undefined,
  sentAt: undefined,
  creditedInvoiceId: paid.id,
  creditedInvoiceNumber: 'FAC-2026-0004',
  creditedInvoiceDate: '2026-04-10',
  version: 1,
});
const invoices = [
  draft,
  upcoming,
  lateFromServer,
  lateSinceLoaded,
  paid,
  cancelled,
  creditNote,
  draftCreditNote,
];

/**
 * `GET /api/invoices/{id}` of each invoice: the whole record, lines and snapshots included, which
 * 'Voir détails', 'Modifier' and 'Établir un avoir' read (the list's entries carry none).
 */
function wholeInvoices(...records: { id: string }[]): Routes {
  return Object.fromEntries(records.map((record) => [`GET /api/invoices/${record.id}`, json(record)]));
}

/**
 * The API with the company's invoices as `GET /api/invoices?limit=50` lists them (a screen's page); the summary cards read
 * `GET /api/finances/summary`, answered as the server computes it from those invoices
 * (`financesSummaryOfRecords`, which the server's aggregates are tested against), so a test that
 * changes the list after a write changes the summary too.
 */
function stub(overrides: Routes = {}) {
  const routes: Routes = {
    'GET /api/invoices?limit=50': json(invoices),
    ...wholeInvoices(...invoices),
    'GET /api/clients': json([garnier, mairie]),
    'GET /api/projects': json([extension, ecole]),
    ...overrides,
  };
  return stubApi({
    'GET /api/finances/summary': async (request) => {
      const listed = (await (await routes['GET /api/invoices?limit=50']!(request)).json()) as never[];
      return Response.json(
        financesSummaryOfRecords({ invoices: listed, supplierInvoices: [], projects: [] }),
      );
    },
    ...routes,
  });
}

function renderPage(path = '/') {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <InvoicingPage title="Facturation" subtitle="Factures de vos clients" />
    </MemoryRouter>,
  );
}

/** Euros as Testing Library reads text: its matcher turns no-break spaces into plain ones. */
const euro = (cents: number) => formatEuro(cents).replace(/[\u00a0\u202f]/g, ' ');

const card = (title: string) => screen.findByRole('article', { name: title });

async function openTab(name: RegExp) {
  await setupUser().click(await screen.findByRole('tab', { name }));
}

/** What every card ends with, a draft's too (its PDF is a preview marked "BROUILLON"). */
const pdfButtons = ['Télécharger le PDF', 'Aperçu'];

function buttonsOf(element: HTMLElement) {
  return within(element)
    .getAllByRole('button')
    .map((button) => button.textContent);
}

/** antd's ids are not unique under test, so a dialog is found by its title text. */
async function findDialog(title: string) {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByRole('dialog').find((candidate) => candidate.textContent.includes(title));
    if (found === undefined) throw new Error(`No dialog ${title}`);
  });
  return found as HTMLElement;
}

async function choose(dialog: HTMLElement, field: string, option: string) {
  const user = setupUser();
  await user.click(within(dialog).getByRole('combobox', { name: field }));
  await user.click(await screen.findByTitle(option));
}

/** Puts a whole value in a field at once (`replace`, one input event): the dialog renders on each. */
const fill = (field: HTMLElement, text: string) => replace(setupUser(), field, text);

function lineOf(dialog: HTMLElement, number: number) {
  return within(dialog).getByRole('listitem', { name: `Ligne ${number}` });
}

describe('invoice rules', () => {
  const today = '2026-05-10';

  it('derives overdue for a sent invoice past its due date, never for drafts, paid invoices or credit notes', () => {
    const read = withStatusesOn(
      [
        { ...upcoming, dueDate: '2026-05-09' },
        { ...upcoming, dueDate: '2026-05-10' },
        { ...draft, dueDate: '2026-01-01' },
        { ...paid, dueDate: '2026-01-01' },
        { ...upcoming, dueDate: undefined },
        { ...creditNote, dueDate: '2026-01-01' },
      ] as never,
      today,
    );
    expect(read.map((invoice) => invoice.status)).toEqual([
      'overdue',
      'sent',
      'draft',
      'paid',
      'sent',
      'sent',
    ]);
    expect(countByTab(withStatusesOn(invoices as never, today))).toEqual({
      sent: 1,
      overdue: 2,
      paid: 1,
      draft: 1,
      cancelled: 1,
      credit_notes: 2,
    });
  });

  it('words counts and due dates in French', () => {
    expect([0, 1, 2].map(invoiceCount)).toEqual(['0 facture', '1 facture', '2 factures']);
    expect(dueDateText('2026-06-30')).toBe('Échéance: 30/06/2026');
    expect(dueDateText(undefined)).toBe('Échéance: Non définie');
  });

  it('edits invoice and deposit drafts only, pays sent invoices, credits issued invoices but not credit notes', () => {
    const none = { edit: false, remove: false, send: false, pay: false, credit: false };
    expect(invoiceActions({ status: 'draft', kind: 'standard' })).toEqual({
      ...none,
      edit: true,
      remove: true,
      send: true,
    });
    expect(invoiceActions({ status: 'draft', kind: 'deposit' })).toEqual({
      ...none,
      edit: true,
      remove: true,
      send: true,
    });
    // A situation's draft: its title, description and due date (its lines are the server's).
    expect(invoiceActions({ status: 'draft', kind: 'progress' })).toEqual({
      ...none,
      edit: true,
      remove: true,
      send: true,
    });
    expect(invoiceActions({ status: 'sent', kind: 'standard' })).toEqual({
      ...none,
      pay: true,
      credit: true,
    });
    expect(invoiceActions({ status: 'overdue', kind: 'deposit' })).toEqual({
      ...none,
      pay: true,
      credit: true,
    });
    expect(invoiceActions({ status: 'paid', kind: 'standard' })).toEqual({ ...none, credit: true });
    expect(invoiceActions({ status: 'cancelled', kind: 'standard' })).toEqual(none);
    expect(invoiceActions({ status: 'draft', kind: 'credit_note' })).toEqual({
      ...none,
      remove: true,
      send: true,
    });
    expect(invoiceActions({ status: 'sent', kind: 'credit_note' })).toEqual(none);
  });

  it('asks for the whole invoice without lines, or the chosen lines with a quantity only when smaller', () => {
    const lines = upcoming.lines;
    expect(validateCreditNote(lines, 'whole', [], '  ').data).toEqual({});
    const chosen = validateCreditNote(
      lines,
      'lines',
      [
        { chosen: true, quantity: '10' },
        { chosen: true, quantity: '2,5' },
      ],
      'Surface surestimée',
    );
    expect(chosen.data).toEqual({
      lines: [{ index: 0 }, { index: 1, quantity: '2.500' }],
      reason: 'Surface surestimée',
    });
    const wrong = validateCreditNote(
      lines,
      'lines',
      [
        { chosen: true, quantity: '0' },
        { chosen: true, quantity: '20,001' },
      ],
      '',
    );
    expect(wrong.data).toBeUndefined();
    expect(wrong.lineMessages).toEqual([
      'La quantité à créditer doit être un nombre positif',
      'La quantité à créditer ne peut pas dépasser la quantité facturée (20)',
    ]);
    expect(validateCreditNote(lines, 'lines', [], '').listMessage).toBe(
      'Choisissez au moins une ligne à créditer',
    );
  });

  it('sends now for a payment of today, noon of the day for an earlier one', () => {
    const now = new Date('2026-05-10T14:30:00.000Z');
    expect(paymentInstant(dayjs('2026-05-10'), now)).toBe('2026-05-10T14:30:00.000Z');
    expect(paymentInstant(dayjs('2026-05-02'), now)).toMatch(/^2026-05-02T12:00:00[+-]\d{2}:\d{2}$/);
  });
});

describe('Facturation', () => {
  it("offers 'Créer une facture' where a company without invoices lands, and it opens the creation dialog", async () => {
    stub({ 'GET /api/invoices?limit=50': json([]) });
    renderPage();

    expect(await screen.findByText('Aucune facture envoyée')).toBeInTheDocument();
    await setupUser().click(screen.getByRole('button', { name: 'Créer une facture' }));
    expect(await findDialog('Nouvelle Facture')).toBeInTheDocument();
  });

  it('shows the summary cards in TTC or HT and the tabs with their counts', async () => {
    stub();
    renderPage();

    const pendingCard = await screen.findByRole('region', { name: 'Total en attente (TTC)' });
    await waitFor(() =>
      expect(pendingCard).toHaveTextContent(`Total en attente (TTC)${euro(3_016_000)}3 factures`),
    );
    expect(screen.getByRole('region', { name: 'Total encaissé (HT)' })).toHaveTextContent(
      `${euro(500_000)}1 facture`,
    );
    expect(screen.getByRole('region', { name: 'En retard (TTC)' })).toHaveTextContent(
      `${euro(1_836_000)}2 factures`,
    );
    expect(screen.getByRole('region', { name: 'Brouillons (HT)' })).toHaveTextContent(
      `${euro(840_000)}1 facture`,
    );

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Envoyées (1)',
      'En retard (2)',
      'Payées (1)',
      'Brouillons (1)',
      'Annulées (1)',
      'Avoirs (2)',
    ]);
    expect(screen.getByRole('tab', { name: 'Envoyées (1)' })).toHaveAttribute('aria-selected', 'true');

    const sent = await card('Situation n°3');
    expect(sent).toHaveTextContent('Facture · FAC-2026-0003');
    expect(sent).toHaveTextContent('Envoyée');
    expect(sent).toHaveTextContent('Garnier SARL · Extension Garnier');
    expect(sent).toHaveTextContent(`${euro(1_180_000)} TTC${euro(1_000_000)} HT`);
    expect(sent).toHaveTextContent(`Reste à payer : ${euro(1_180_000)}`);
    expect(sent).toHaveTextContent('Échéance: 31/12/2099');
    expect(buttonsOf(sent)).toEqual(['Voir détails', 'Marquer payée', 'Établir un avoir', ...pdfButtons]);
  });

  it("shows the server's figures of every invoice while the list shows a search's results, reading the list once", async () => {
    const api = stub({ 'GET /api/invoices?q=Garnier&limit=50': json([upcoming]) });
    renderPage('/?q=Garnier');

    expect(await card('Situation n°3')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Total en attente (TTC)' })).toHaveTextContent(
        `${euro(3_016_000)}3 factures`,
      ),
    );
    expect(screen.getByRole('region', { name: 'Brouillons (HT)' })).toHaveTextContent(
      `${euro(840_000)}1 facture`,
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Envoyées (1)',
      'En retard (0)',
      'Payées (0)',
      'Brouillons (0)',
      'Annulées (0)',
      'Avoirs (0)',
    ]);
    expect(api.calls('GET /api/invoices?q=Garnier&limit=50')).toHaveLength(1);
    expect(api.calls('GET /api/invoices?limit=50')).toHaveLength(0);
    expect(api.calls('GET /api/finances/summary')).toHaveLength(1);
  });

  it('reads the figures again after a write: a deleted draft leaves Brouillons', async () => {
    const user = setupUser();
    let deleted = false;
    const api = stub({
      'GET /api/invoices?limit=50': (request) =>
        json(deleted ? invoices.filter((invoice) => invoice.id !== draft.id) : invoices)(request),
      [`DELETE /api/invoices/${draft.id}`]: () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    renderPage();

    const drafts = await screen.findByRole('region', { name: 'Brouillons (HT)' });
    await waitFor(() => expect(drafts).toHaveTextContent(`${euro(840_000)}1 facture`));
    await openTab(/^Brouillons/);
    await user.click(within(await card('Acompte toiture École')).getByRole('button', { name: /^Supprimer/ }));
    await user.click(
      within(await findDialog('Supprimer le brouillon ?')).getByRole('button', { name: 'Supprimer' }),
    );

    await waitFor(() => expect(drafts).toHaveTextContent(`${euro(0)}0 facture`));
    expect(api.calls('GET /api/finances/summary')).toHaveLength(2);
  });

  it('says when the figures cannot be read, the invoices still listed', async () => {
    stub({
      'GET /api/finances/summary': apiError(500, 'internal_error', 'Erreur interne du serveur.'),
    });
    renderPage();

    expect(await screen.findByText('Erreur lors du chargement des totaux des factures')).toBeInTheDocument();
    expect(await card('Situation n°3')).toBeInTheDocument();
  });

  it('lists overdue invoices with what remains after credit notes, paid and cancelled ones in their tabs', async () => {
    stub();
    renderPage();

    await openTab(/^En retard/);
    const late = await card('Situation n°1');
    expect(late).toHaveTextContent('En retard');
    expect(buttonsOf(late)).toEqual([
      'Voir détails',
      'Marquer payée',
      'Relancer',
      'Établir un avoir',
      ...pdfButtons,
    ]);
    const credited = await card('Situation n°2');
    expect(credited).toHaveTextContent(`${euro(360_000)} TTC${euro(300_000)} HT`);
    expect(credited).toHaveTextContent(`Reste à payer : ${euro(300_000)}`);
    expect(credited).toHaveTextContent(`Crédité par avoir : ${euro(60_000)} TTC`);

    await openTab(/^Payées/);
    const settled = await card('Solde Extension');
    expect(settled).toHaveTextContent('Payée');
    expect(settled).toHaveTextContent(`Payé : ${euro(570_000)}`);
    expect(buttonsOf(settled)).toEqual(['Voir détails', 'Établir un avoir', ...pdfButtons]);

    await openTab(/^Annulées/);
    const gone = await card('Facture erronée');
    expect(gone).toHaveTextContent('Annulée');
    expect(buttonsOf(gone)).toEqual(['Voir détails', ...pdfButtons]);
  });

  it("shows a draft as 'Brouillon', and its details with lines, VAT per rate and totals", async () => {
    const user = setupUser();
    // The list answers summaries (no lines); the details read the invoice whole.
    const { lines: _lines, vatBreakdown: _breakdown, ...summary } = draft;
    const api = stub({ 'GET /api/invoices?limit=50': json([summary]) });
    renderPage();

    await openTab(/^Brouillons/);
    const drafted = await card('Acompte toiture École');
    expect(drafted).toHaveTextContent('Facture · Brouillon');
    expect(drafted).toHaveTextContent('Échéance: Non définie');
    expect(buttonsOf(drafted)).toEqual(['Voir détails', 'Modifier', 'Supprimer', 'Envoyer', ...pdfButtons]);

    await user.click(within(drafted).getByRole('button', { name: /^Voir détails/ }));
    const details = await findDialog('Détails de la facture');
    expect(api.calls(`GET /api/invoices/${draft.id}`)).toHaveLength(1);
    expect(details).toHaveTextContent('NuméroBrouillon');
    expect(details).toHaveTextContent('ClientMairie de Lyon');
    expect(details).toHaveTextContent('ProjetAucun projet');
    expect(details).toHaveTextContent('Échéance:Non définie');
    expect(within(details).getByRole('list', { name: 'Lignes' })).toHaveTextContent(
      `Acompte 30 %1 × ${euro(840_000)} HT · TVA 20 %${euro(840_000)} HT`,
    );
    expect(details).toHaveTextContent(
      `Total HT${euro(840_000)}TVA 20 % sur ${euro(840_000)}${euro(168_000)}Total TVA${euro(168_000)}Total TTC${euro(1_008_000)}`,
    );
    expect(details).toHaveTextContent(`Montant payé${euro(0)}`);
    expect(within(details).queryByRole('button', { name: 'Établir un avoir' })).not.toBeInTheDocument();
  });

  it('says when an invoice cannot be read whole, and opens no dialog', async () => {
    const user = setupUser();
    stub({ [`GET /api/invoices/${draft.id}`]: apiError(404, 'not_found', 'Facture introuvable.') });
    renderPage();

    await openTab(/^Brouillons/);
    await user.click(within(await card('Acompte toiture École')).getByRole('button', { name: /^Modifier/ }));
    expect(await toasts().findByText('Facture introuvable.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows an issued invoice read-only: its lines at two rates, the seller and buyer at issue, and the way to credit it', async () => {
    const user = setupUser();
    stub();
    renderPage();

    await user.click(within(await card('Situation n°3')).getByRole('button', { name: /^Voir détails/ }));
    const details = await findDialog('Détails de la facture');
    expect(details).toHaveTextContent('TypeFacture');
    expect(details).toHaveTextContent('NuméroFAC-2026-0003');
    expect(details).toHaveTextContent(`Montant total${euro(1_180_000)} TTC · ${euro(1_000_000)} HT`);
    expect(details).toHaveTextContent("Date d'émission10/04/2026");
    const lines = within(within(details).getByRole('list', { name: 'Lignes' })).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent(`Maçonnerie10 m² × ${euro(80_000)} HT · TVA 20 %${euro(800_000)} HT`);
    expect(lines[1]).toHaveTextContent(
      `Isolation combles20 m² × ${euro(10_000)} HT · TVA 10 %${euro(200_000)} HT`,
    );
    expect(within(details).getByLabelText('Totaux de la facture')).toHaveTextContent(
      `Total HT${euro(1_000_000)}` +
        `TVA 20 % sur ${euro(800_000)}${euro(160_000)}` +
        `TVA 10 % sur ${euro(200_000)}${euro(20_000)}` +
        `Total TVA${euro(180_000)}Total TTC${euro(1_180_000)}`,
    );
    expect(details).toHaveTextContent(`Reste à payer${euro(1_180_000)}`);
    const seller = within(details).getByRole('region', { name: 'Émetteur' });
    expect(seller).toHaveTextContent('Raison socialeDurand Bâtiment');
    expect(seller).toHaveTextContent('Forme juridiqueSARL');
    expect(seller).toHaveTextContent('Adresse3 rue de la Paix, 69002 Lyon');
    expect(seller).toHaveTextContent('SIRET73282932000074');
    expect(seller).toHaveTextContent('N° TVAFR44732829320');
    const buyer = within(details).getByRole('region', { name: "Client à l'émission" });
    expect(buyer).toHaveTextContent('NomGarnier SARL');
    expect(buyer).toHaveTextContent('SIREN552100554');
    expect(within(details).queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
    expect(details).toHaveTextContent(
      "Une facture émise ne peut plus être modifiée ni supprimée : pour l'annuler ou la corriger, établissez un avoir.",
    );

    await user.click(within(details).getByRole('button', { name: 'Établir un avoir' }));
    const credit = await findDialog('Établir un avoir');
    expect(credit).toHaveTextContent(
      `Avoir sur la facture FAC-2026-0003 du 10/04/2026 (Garnier SARL), d'un montant de ${euro(1_180_000)} TTC.`,
    );
  });

  it('refuses an incomplete invoice without sending anything, with a French message per field and line', async () => {
    const user = setupUser();
    const api = stub();
    renderPage();

    await user.click(await screen.findByRole('button', { name: /Nouvelle Facture/ }));
    const dialog = await findDialog('Nouvelle Facture');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la facture' }));

    expect(await within(dialog).findByText('Le client est requis')).toBeInTheDocument();
    expect(within(dialog).getByText('Le titre est requis')).toBeInTheDocument();
    const first = lineOf(dialog, 1);
    expect(within(first).getByText('La désignation de la ligne est requise')).toBeInTheDocument();
    expect(
      within(first).getByText('Le prix unitaire HT doit être un nombre positif ou nul'),
    ).toBeInTheDocument();
    await user.type(within(first).getByLabelText('Prix unitaire HT'), '12,345');
    expect(
      await within(first).findByText(
        'Montant invalide : utilisez un nombre avec au plus deux décimales, par exemple 1 234,50',
      ),
    ).toBeInTheDocument();
    await fill(within(first).getByLabelText('Quantité'), '0');
    expect(await within(first).findByText('La quantité doit être un nombre positif')).toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Supprimer la ligne 1' }));
    expect(await within(dialog).findByText('Ajoutez au moins une ligne à la facture')).toBeInTheDocument();
    expect(api.sent.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('totals lines at 20 % and 10 % live to the cent, and again under reverse charge', async () => {
    const user = setupUser();
    stub();
    renderPage();

    await user.click(await screen.findByRole('button', { name: /Nouvelle Facture/ }));
    const dialog = await findDialog('Nouvelle Facture');

    // 12,5 × 45,99 € = 574,875 → 574,88 € at 20 % (the company's default rate).
    const first = lineOf(dialog, 1);
    expect(within(first).getByRole('combobox', { name: 'TVA' }).closest('.ant-select')).toHaveTextContent(
      '20 %',
    );
    await fill(within(first).getByLabelText('Quantité'), '12,5');
    await fill(within(first).getByLabelText('Prix unitaire HT'), '45,99');
    expect(first).toHaveTextContent(`Total HT${euro(57_488)}`);

    // 3 × 333,33 € = 999,99 € at 10 %.
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter une ligne' }));
    const second = lineOf(dialog, 2);
    await fill(within(second).getByLabelText('Quantité'), '3');
    await fill(within(second).getByLabelText('Prix unitaire HT'), '333,33');
    await choose(second, 'TVA', '10 %');
    expect(second).toHaveTextContent(`Total HT${euro(99_999)}`);

    // VAT per rate on the sums: 574,88 × 20 % = 114,976 → 114,98; 999,99 × 10 % = 99,999 → 100,00.
    const totals = within(dialog).getByLabelText('Totaux de la facture');
    expect(totals).toHaveTextContent(
      `Total HT${euro(157_487)}` +
        `TVA 20 % sur ${euro(57_488)}${euro(11_498)}` +
        `TVA 10 % sur ${euro(99_999)}${euro(10_000)}` +
        `Total TVA${euro(21_498)}Total TTC${euro(178_985)}`,
    );

    // Reverse charge: every line at 0 %, TTC = HT, the mention.
    await user.click(within(dialog).getByRole('switch', { name: 'Autoliquidation' }));
    expect(totals).toHaveTextContent(
      `Total HT${euro(157_487)}TVA 0 % sur ${euro(157_487)}${euro(0)}Total TVA${euro(0)}Total TTC${euro(157_487)}`,
    );
    expect(dialog).toHaveTextContent('Autoliquidation : TVA due par le preneur (art. 283-2 nonies du CGI).');
    expect(within(second).getByRole('combobox', { name: 'TVA' })).toBeDisabled();
  });

  const profile = {
    ...record,
    id: companyA.id,
    name: companyA.name,
    defaultVatRate: '5.50',
    vatRegime: 'normal',
    missingFields: { quote: [], invoice: [] },
  };

  it("starts each line at the company's default rate, even when the profile arrives after the dialog opened", async () => {
    const user = setupUser();
    let answerProfile = () => {};
    const profileRead = new Promise<void>((resolve) => {
      answerProfile = resolve;
    });
    stub({ 'GET /api/company': () => profileRead.then(() => Response.json(profile)) });
    renderPage();

    await user.click(await screen.findByRole('button', { name: /Nouvelle Facture/ }));
    const dialog = await findDialog('Nouvelle Facture');
    const rateOf = (number: number) =>
      within(lineOf(dialog, number)).getByRole('combobox', { name: 'TVA' }).closest('.ant-select');
    expect(rateOf(1)).toHaveTextContent('20 %');
    answerProfile();
    await waitFor(() => expect(rateOf(1)).toHaveTextContent('5,5 %'));
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter une ligne' }));
    expect(rateOf(2)).toHaveTextContent('5,5 %');
  });

  it('taxes every line at 0 % with the 293 B mention under the VAT franchise', async () => {
    const user = setupUser();
    stub({ 'GET /api/company': json({ ...profile, vatRegime: 'franchise' }) });
    renderPage();

    await user.click(await screen.findByRole('button', { name: /Nouvelle Facture/ }));
    const dialog = await findDialog('Nouvelle Facture');
    const first = lineOf(dialog, 1);
    await fill(within(first).getByLabelText('Prix unitaire HT'), '100');
    expect(within(dialog).getByLabelText('Totaux de la facture')).toHaveTextContent(
      `Total HT${euro(10_000)}TVA 0 % sur ${euro(10_000)}${euro(0)}Total TVA${euro(0)}Total TTC${euro(10_000)}`,
    );
    expect(dialog).toHaveTextContent('TVA non applicable, art. 293 B du CGI.');
    expect(within(first).getByRole('combobox', { name: 'TVA' })).toBeDisabled();
  });

  it("creates a draft with its lines for a client and one of that client's projects", async () => {
    const user = setupUser();
    const created = { ...draft, id: '4c0c1d2e-0000-4000-8000-000000000109', title: 'Salle de bain' };
    const api = stub({ 'POST /api/invoices': json(created, 201) });
    renderPage();

    await user.click(await screen.findByRole('button', { name: /Nouvelle Facture/ }));
    const dialog = await findDialog('Nouvelle Facture');
    await choose(dialog, 'Client', 'Garnier SARL');
    await user.click(within(dialog).getByRole('combobox', { name: 'Projet' }));
    await screen.findByTitle('Extension Garnier');
    expect(screen.queryByTitle('École Jules Ferry')).not.toBeInTheDocument();
    await user.click(screen.getByTitle('Extension Garnier'));
    await fill(within(dialog).getByLabelText('Titre'), 'Salle de bain');
    // The date's typing is DateField's (date-field.test.tsx): here the day, pasted, then Enter.
    await fill(within(dialog).getByLabelText('Échéance'), '30/06/2026');
    await user.keyboard('{Enter}');
    const first = lineOf(dialog, 1);
    await fill(within(first).getByLabelText('Désignation'), 'Carrelage');
    await fill(within(first).getByLabelText('Unité'), 'm²');
    await fill(within(first).getByLabelText('Quantité'), '12,5');
    await fill(within(first).getByLabelText('Prix unitaire HT'), '45,99');
    await choose(first, 'TVA', '10 %');
    await user.click(within(dialog).getByRole('switch', { name: 'Autoliquidation' }));
    await user.click(within(dialog).getByRole('button', { name: 'Créer la facture' }));

    expect(await toasts().findByText('Facture créée avec succès')).toBeInTheDocument();
    expect(api.calls('POST /api/invoices').map((call) => call.body)).toEqual([
      {
        clientId: garnier.id,
        projectId: extension.id,
        title: 'Salle de bain',
        dueDate: '2026-06-30',
        reverseCharge: true,
        lines: [
          { description: 'Carrelage', unit: 'm²', quantity: '12.500', unitPrice: '45.99', vatRate: '10.00' },
        ],
      },
    ]);
    await waitFor(() => expect(api.calls('GET /api/invoices?limit=50')).toHaveLength(2));
    expect(screen.getByRole('tab', { name: /^Brouillons/ })).toHaveAttribute('aria-selected', 'true');
  });

  it("finds the chosen client's project past the first 1,000 by the server's search, never another client's", async () => {
    const user = setupUser();
    const old = { ...extension, id: '4c0c1d2e-0000-4000-8000-000000001050', name: 'Garage Garnier 2019' };
    const otherOld = { ...ecole, id: '4c0c1d2e-0000-4000-8000-000000001051', name: 'Garage mairie 2019' };
    const api = stub({
      'GET /api/projects?q=garage': json([old, otherOld]),
      'POST /api/invoices': json({ ...draft, id: '4c0c1d2e-0000-4000-8000-000000000109' }, 201),
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: /Nouvelle Facture/ }));
    const dialog = await findDialog('Nouvelle Facture');
    await choose(dialog, 'Client', 'Garnier SARL');
    await user.click(within(dialog).getByRole('combobox', { name: 'Projet' }));
    await user.keyboard('garage');
    await user.click(await screen.findByTitle('Garage Garnier 2019'));
    expect(screen.queryByTitle('Garage mairie 2019')).not.toBeInTheDocument();
    await fill(within(dialog).getByLabelText('Titre'), 'Garage');
    // The date's typing is DateField's (date-field.test.tsx): here the day, pasted, then Enter.
    await fill(within(dialog).getByLabelText('Échéance'), '30/06/2026');
    await user.keyboard('{Enter}');
    const first = lineOf(dialog, 1);
    await fill(within(first).getByLabelText('Désignation'), 'Porte');
    await fill(within(first).getByLabelText('Quantité'), '1');
    await fill(within(first).getByLabelText('Prix unitaire HT'), '900');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la facture' }));

    expect(await toasts().findByText('Facture créée avec succès')).toBeInTheDocument();
    expect(api.calls('GET /api/projects?q=garage')).toHaveLength(1);
    expect(
      api.calls('POST /api/invoices').map((call) => (call.body as { projectId: string }).projectId),
    ).toEqual([old.id]);
  });

  it("says 'Erreur lors de la création de la facture' when the creation fails without a message", async () => {
    const user = setupUser();
    stub({ 'POST /api/invoices': () => new Response('', { status: 502 }) });
    renderPage();

    await user.click(await screen.findByRole('button', { name: /Nouvelle Facture/ }));
    const dialog = await findDialog('Nouvelle Facture');
    await choose(dialog, 'Client', 'Mairie de Lyon');
    await fill(within(dialog).getByLabelText('Titre'), 'Acompte');
    const first = lineOf(dialog, 1);
    await fill(within(first).getByLabelText('Désignation'), 'Acompte');
    await fill(within(first).getByLabelText('Prix unitaire HT'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la facture' }));

    expect(await toasts().findByText('Erreur lors de la création de la facture')).toBeInTheDocument();
  });

  it("shows the server's message under the line it names", async () => {
    const user = setupUser();
    const message = 'Taux de TVA inconnu : choisissez 20 %, 10 %, 5,5 %, 2,1 % ou 0 %';
    stub({
      'POST /api/invoices': apiError(400, 'validation_error', message, [
        { path: 'lines.0.vatRate', message },
      ]),
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: /Nouvelle Facture/ }));
    const dialog = await findDialog('Nouvelle Facture');
    await choose(dialog, 'Client', 'Mairie de Lyon');
    await fill(within(dialog).getByLabelText('Titre'), 'Acompte');
    const first = lineOf(dialog, 1);
    await fill(within(first).getByLabelText('Désignation'), 'Acompte');
    await fill(within(first).getByLabelText('Prix unitaire HT'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la facture' }));

    expect(await within(first).findByText(message)).toBeInTheDocument();
  });

  it('edits a draft: its lines shown as stored, sent back with its quote and version', async () => {
    const user = setupUser();
    const api = stub({ [`PUT /api/invoices/${draft.id}`]: json({ ...draft, version: 4 }) });
    renderPage();

    await openTab(/^Brouillons/);
    await user.click(within(await card('Acompte toiture École')).getByRole('button', { name: /^Modifier/ }));
    const dialog = await findDialog('Modifier la facture');
    const first = lineOf(dialog, 1);
    expect(within(first).getByLabelText('Désignation')).toHaveValue('Acompte 30 %');
    expect(within(first).getByLabelText('Quantité')).toHaveValue('1');
    const price = within(first).getByLabelText('Prix unitaire HT');
    expect(price).toHaveValue('8400,00');
    await fill(price, '9000');
    expect(within(dialog).getByLabelText('Totaux de la facture')).toHaveTextContent(
      `Total TTC${euro(1_080_000)}`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Facture mise à jour avec succès')).toBeInTheDocument();
    expect(api.calls(`PUT /api/invoices/${draft.id}`).map((call) => call.body)).toEqual([
      {
        clientId: mairie.id,
        title: 'Acompte toiture École',
        reverseCharge: false,
        lines: [{ description: 'Acompte 30 %', quantity: '1.000', unitPrice: '9000.00', vatRate: '20.00' }],
        quoteId: draft.quoteId,
        version: 3,
      },
    ]);
  });

  it("edits a quote's invoice without touching the deposit it deducts, counted in its totals", async () => {
    const user = setupUser();
    const fromQuote = {
      ...draft,
      id: '4c0c1d2e-0000-4000-8000-000000000111',
      title: 'Solde du devis DEV-2026-0004',
      lines: [
        line('Rénovation salle de bain', '1.000', '10000.00', '20.00', '10000.00'),
        line('Acompte FAC-2026-0001 déduit', '-1.000', '3000.00', '20.00', '-3000.00'),
      ],
      totalAmount: '7000.00',
      vatBreakdown: [vat('20.00', '7000.00', '1400.00')],
      vatAmount: '1400.00',
      totalWithVat: '8400.00',
      amountDue: '8400.00',
    };
    const api = stub({
      'GET /api/invoices?limit=50': json([fromQuote]),
      ...wholeInvoices(fromQuote),
      [`PUT /api/invoices/${fromQuote.id}`]: json({ ...fromQuote, version: 4 }),
    });
    renderPage();

    await openTab(/^Brouillons/);
    await user.click(
      within(await card('Solde du devis DEV-2026-0004')).getByRole('button', { name: /^Modifier/ }),
    );
    const dialog = await findDialog('Modifier la facture');
    expect(within(dialog).queryByRole('listitem', { name: 'Ligne 2' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Déductions' })).toHaveTextContent(
      `Acompte FAC-2026-0001 déduit${euro(-300_000)} HT`,
    );
    await fill(within(lineOf(dialog, 1)).getByLabelText('Prix unitaire HT'), '11000');
    // (11 000,00 − 3 000,00) at 20 %.
    expect(within(dialog).getByLabelText('Totaux de la facture')).toHaveTextContent(
      `Total HT${euro(800_000)}TVA 20 % sur ${euro(800_000)}${euro(160_000)}Total TVA${euro(160_000)}Total TTC${euro(960_000)}`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Facture mise à jour avec succès')).toBeInTheDocument();
    const [put] = api.calls(`PUT /api/invoices/${fromQuote.id}`);
    expect((put?.body as { lines: unknown } | undefined)?.lines).toEqual([
      { description: 'Rénovation salle de bain', quantity: '1.000', unitPrice: '11000.00', vatRate: '20.00' },
    ]);
  });

  it('sends a draft with the version read, which takes its number', async () => {
    const user = setupUser();
    const api = stub({
      [`POST /api/invoices/${draft.id}/send`]: json({
        ...draft,
        status: 'sent',
        number: 'FAC-2026-0006',
        emailStatus: { state: 'sent', to: mairie.email, at: '2026-11-21T10:00:00.000Z', messageId: 'm-1' },
      }),
    });
    renderPage();

    await openTab(/^Brouillons/);
    await user.click(within(await card('Acompte toiture École')).getByRole('button', { name: /^Envoyer/ }));
    const confirm = await findDialog('Envoyer la facture ?');
    expect(confirm).toHaveTextContent("Pièce jointe : Facture (numérotée à l'envoi).pdf");
    await sendFrom(user, confirm, mairie.email);

    expect(await toasts().findByText(`Facture FAC-2026-0006 envoyée à ${mairie.email}`)).toBeInTheDocument();
    const [send] = api.calls(`POST /api/invoices/${draft.id}/send`);
    expect(send?.body).toEqual({ version: 3, email: mairie.email });
    expect(send?.headers.get('X-Requested-With')).toBe('fetch');
    expect(screen.getByRole('tab', { name: /^Envoyées/ })).toHaveAttribute('aria-selected', 'true');
  });

  it("shows the server's 409 message when a send is stale, and reads the list again", async () => {
    const user = setupUser();
    const message =
      'La facture a été modifiée entre-temps : rechargez la page pour voir sa dernière version.';
    const api = stub({ [`POST /api/invoices/${draft.id}/send`]: apiError(409, 'conflict', message) });
    renderPage();

    await openTab(/^Brouillons/);
    await user.click(within(await card('Acompte toiture École')).getByRole('button', { name: /^Envoyer/ }));
    const dialog = await findDialog('Envoyer la facture ?');
    await sendFrom(user, dialog, mairie.email);

    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /api/invoices?limit=50')).toHaveLength(2));
  });

  it('lists what the company profile lacks when a send is refused for it, with the way to the settings', async () => {
    const user = setupUser();
    const message =
      "Le profil de l'entreprise est incomplet : complétez-le dans « Paramètres de l'entreprise » avant d'émettre une facture ou un avoir.";
    stub({
      [`POST /api/invoices/${draft.id}/send`]: apiError(409, 'conflict', message, [
        { path: 'siret', message: 'Le SIRET est requis' },
        { path: 'insurer', message: "L'assureur (décennale) est requis" },
        { path: 'iban', message: "L'IBAN est requis pour recevoir les paiements" },
      ]),
    });
    renderPage();

    await openTab(/^Brouillons/);
    await user.click(within(await card('Acompte toiture École')).getByRole('button', { name: /^Envoyer/ }));
    await sendFrom(user, await findDialog('Envoyer la facture ?'), mairie.email);

    const dialog = await findDialog("Profil de l'entreprise incomplet");
    expect(dialog).toHaveTextContent(message);
    const missing = within(dialog).getByRole('list', { name: 'Informations manquantes' });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Le SIRET est requis',
      "L'assureur (décennale) est requis",
      "L'IBAN est requis pour recevoir les paiements",
    ]);
    expect(within(dialog).getByRole('link', { name: 'Compléter le profil' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it('credits the whole invoice: nothing but the reason is asked, and the draft credit note is shown under Avoirs', async () => {
    const user = setupUser();
    const made = {
      ...draftCreditNote,
      id: '4c0c1d2e-0000-4000-8000-000000000110',
      title: 'Avoir sur FAC-2026-0003',
      creditedInvoiceId: upcoming.id,
      creditedInvoiceNumber: 'FAC-2026-0003',
    };
    const api = stub({ [`POST /api/invoices/${upcoming.id}/credit-note`]: json(made, 201) });
    renderPage();

    await user.click(within(await card('Situation n°3')).getByRole('button', { name: /^Établir un avoir/ }));
    const dialog = await findDialog('Établir un avoir');
    expect(within(dialog).getByRole('radio', { name: 'Toute la facture' })).toBeChecked();
    expect(within(dialog).getByLabelText("Totaux de l'avoir")).toHaveTextContent(
      `Total HT${euro(1_000_000)}` +
        `TVA 20 % sur ${euro(800_000)}${euro(160_000)}` +
        `TVA 10 % sur ${euro(200_000)}${euro(20_000)}` +
        `Total TVA${euro(180_000)}Total TTC${euro(1_180_000)}`,
    );
    await user.click(within(dialog).getByRole('button', { name: "Créer l'avoir" }));

    expect(
      await toasts().findByText(
        'Avoir sur la facture FAC-2026-0003 créé : envoyez-le pour lui donner son numéro',
      ),
    ).toBeInTheDocument();
    expect(api.calls(`POST /api/invoices/${upcoming.id}/credit-note`).map((call) => call.body)).toEqual([{}]);
    expect(screen.getByRole('tab', { name: /^Avoirs/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('credits chosen lines, part of one, with the live totals of the credit note and its reason', async () => {
    const user = setupUser();
    const api = stub({ [`POST /api/invoices/${upcoming.id}/credit-note`]: json(draftCreditNote, 201) });
    renderPage();

    await user.click(within(await card('Situation n°3')).getByRole('button', { name: /^Établir un avoir/ }));
    const dialog = await findDialog('Établir un avoir');
    await user.click(within(dialog).getByRole('radio', { name: 'Certaines lignes' }));
    await user.click(within(dialog).getByRole('button', { name: "Créer l'avoir" }));
    expect(await within(dialog).findByText('Choisissez au moins une ligne à créditer')).toBeInTheDocument();

    const second = lineOf(dialog, 2);
    expect(second).toHaveTextContent(`Facturé : 20 m² × ${euro(10_000)} HT · TVA 10 % · ${euro(200_000)} HT`);
    await user.click(within(second).getByRole('checkbox', { name: 'Isolation combles' }));
    const quantity = within(second).getByLabelText('Quantité à créditer');
    expect(quantity).toHaveValue('20');
    await fill(quantity, '25');
    expect(
      await within(second).findByText(
        'La quantité à créditer ne peut pas dépasser la quantité facturée (20)',
      ),
    ).toBeInTheDocument();
    await fill(quantity, '5,5');
    expect(second).toHaveTextContent(`Crédité : ${euro(55_000)} HT`);
    await user.click(within(lineOf(dialog, 1)).getByRole('checkbox', { name: 'Maçonnerie' }));

    // 8 000,00 at 20 % and 550,00 at 10 %: VAT 1 600,00 + 55,00.
    expect(within(dialog).getByLabelText("Totaux de l'avoir")).toHaveTextContent(
      `Total HT${euro(855_000)}` +
        `TVA 20 % sur ${euro(800_000)}${euro(160_000)}` +
        `TVA 10 % sur ${euro(55_000)}${euro(5_500)}` +
        `Total TVA${euro(165_500)}Total TTC${euro(1_020_500)}`,
    );
    await fill(within(dialog).getByLabelText('Motif (facultatif)'), 'Surface surestimée');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'avoir" }));

    expect(await toasts().findByText(/^Avoir sur la facture FAC-2026-0003 créé/)).toBeInTheDocument();
    expect(api.calls(`POST /api/invoices/${upcoming.id}/credit-note`).map((call) => call.body)).toEqual([
      { lines: [{ index: 0 }, { index: 1, quantity: '5.500' }], reason: 'Surface surestimée' },
    ]);
  });

  it("shows the server's refusal of a credit note", async () => {
    const user = setupUser();
    const message = "L'avoir dépasse ce qui reste à créditer sur la facture FAC-2026-0002 (3 000,00 € TTC).";
    stub({ [`POST /api/invoices/${lateSinceLoaded.id}/credit-note`]: apiError(409, 'conflict', message) });
    renderPage();

    await openTab(/^En retard/);
    await user.click(within(await card('Situation n°2')).getByRole('button', { name: /^Établir un avoir/ }));
    const dialog = await findDialog('Établir un avoir');
    expect(dialog).toHaveTextContent(
      `Des avoirs émis ont déjà crédité ${euro(60_000)} TTC de cette facture : un avoir ne peut créditer que ce qui reste.`,
    );
    await user.click(within(dialog).getByRole('button', { name: "Créer l'avoir" }));

    expect(await toasts().findByText(message)).toBeInTheDocument();
    expect(screen.getAllByRole('dialog').some((open) => open.textContent.includes('Établir un avoir'))).toBe(
      true,
    );
  });

  it('lists the credit notes under Avoirs with the invoice they credit, and sends a draft one, which takes its AV number', async () => {
    const user = setupUser();
    const api = stub({
      [`POST /api/invoices/${draftCreditNote.id}/send`]: json({
        ...draftCreditNote,
        status: 'sent',
        number: 'AV-2026-0002',
        emailStatus: { state: 'sent', to: garnier.email, at: '2026-11-21T10:00:00.000Z', messageId: 'm-1' },
      }),
    });
    renderPage();

    await openTab(/^Avoirs/);
    const issued = await card('Avoir sur FAC-2026-0002');
    expect(issued).toHaveTextContent('Avoir · AV-2026-0001');
    expect(issued).toHaveTextContent('Émis');
    expect(issued).toHaveTextContent('Avoir de la facture FAC-2026-0002 du 15/03/2026');
    expect(issued).toHaveTextContent(`${euro(60_000)} TTC${euro(50_000)} HT`);
    expect(issued).not.toHaveTextContent('Reste à payer');
    expect(buttonsOf(issued)).toEqual(['Voir détails', ...pdfButtons]);

    await user.click(within(issued).getByRole('button', { name: /^Voir détails/ }));
    const details = await findDialog("Détails de l'avoir");
    expect(details).toHaveTextContent('TypeAvoir');
    expect(details).toHaveTextContent('Facture créditéeAvoir de la facture FAC-2026-0002 du 15/03/2026');
    expect(within(details).getByLabelText("Totaux de l'avoir")).toHaveTextContent(`Total TTC${euro(60_000)}`);
    await user.click(within(details).getAllByRole('button', { name: 'Fermer' })[0]!);

    const drafted = await card('Avoir sur FAC-2026-0004');
    expect(drafted).toHaveTextContent('Avoir · Brouillon');
    expect(buttonsOf(drafted)).toEqual(['Voir détails', 'Supprimer', 'Envoyer', ...pdfButtons]);
    await user.click(within(drafted).getByRole('button', { name: /^Envoyer/ }));
    const confirm = await findDialog("Envoyer l'avoir ?");
    expect(confirm).toHaveTextContent("recevra le prochain numéro d'avoir");
    await sendFrom(user, confirm, garnier.email);

    expect(await toasts().findByText(`Avoir AV-2026-0002 envoyé à ${garnier.email}`)).toBeInTheDocument();
    expect(api.calls(`POST /api/invoices/${draftCreditNote.id}/send`).map((call) => call.body)).toEqual([
      { version: 1, email: garnier.email },
    ]);
    expect(screen.getByRole('tab', { name: /^Avoirs/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('records a payment: what remains TTC and today by default, or a lower amount, its means and reference', async () => {
    const user = setupUser();
    const api = stub({
      [`POST /api/invoices/${upcoming.id}/pay`]: json({ ...upcoming, status: 'paid', paidAmount: '9500.00' }),
    });
    renderPage();

    await user.click(within(await card('Situation n°3')).getByRole('button', { name: /^Marquer payée/ }));
    const dialog = await findDialog('Enregistrer un paiement');
    const amount = within(dialog).getByLabelText('Montant payé (€)');
    expect(amount).toHaveValue('11800,00');
    expect(dialog).toHaveTextContent(`Montant TTC reçu. Reste à payer : ${euro(1_180_000)} TTC.`);
    expect(within(dialog).getByLabelText('Date de paiement')).toHaveValue(dayjs().format('DD/MM/YYYY'));
    expect(within(dialog).getByRole('combobox', { name: 'Moyen de paiement' })).toBeInTheDocument();
    await replace(user, amount, '9 500');
    await choose(dialog, 'Moyen de paiement', 'Chèque');
    await fill(within(dialog).getByLabelText('Référence'), 'Chèque n° 0012345');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le paiement' }));

    expect(await toasts().findByText('Facture FAC-2026-0003 marquée payée avec succès')).toBeInTheDocument();
    const [pay] = api.calls(`POST /api/invoices/${upcoming.id}/pay`);
    expect(pay?.body).toMatchObject({
      paidAmount: '9500.00',
      method: 'cheque',
      reference: 'Chèque n° 0012345',
      version: 2,
    });
    expect((pay?.body as { paidAt: string } | undefined)?.paidAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(screen.getByRole('tab', { name: /^Payées/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('records a partial payment: the invoice stays under Envoyées, with what was paid and what remains', async () => {
    const user = setupUser();
    const partial = { ...upcoming, status: 'sent', paidAmount: '9500.00', version: 3 };
    let paid = false;
    const api = stub({
      [`POST /api/invoices/${upcoming.id}/pay`]: (request) => {
        paid = true;
        return json(partial)(request);
      },
      'GET /api/invoices?limit=50': (request) =>
        json(paid ? invoices.map((invoice) => (invoice.id === upcoming.id ? partial : invoice)) : invoices)(
          request,
        ),
    });
    renderPage();

    await user.click(within(await card('Situation n°3')).getByRole('button', { name: /^Marquer payée/ }));
    const dialog = await findDialog('Enregistrer un paiement');
    const amount = within(dialog).getByLabelText('Montant payé (€)');
    await replace(user, amount, '9 500');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le paiement' }));

    await waitFor(() => expect(api.calls(`POST /api/invoices/${upcoming.id}/pay`)).toHaveLength(1));
    expect(await toasts().findByText(/^Paiement enregistré : reste à payer/)).toHaveTextContent(
      `Paiement enregistré : reste à payer ${euro(230_000)} sur la facture FAC-2026-0003`,
    );
    expect(screen.getByRole('tab', { name: /^Envoyées/ })).toHaveAttribute('aria-selected', 'true');
    const updated = await card('Situation n°3');
    expect(updated).toHaveTextContent(`Déjà payé : ${euro(950_000)} TTC`);
    expect(updated).toHaveTextContent(`Reste à payer : ${euro(230_000)}`);
  });

  it('lists the payments received in the details, with their means and reference, and what remains', async () => {
    const user = setupUser();
    const partlyPaid = {
      ...upcoming,
      paidAmount: '9500.00',
      paidAt: '2026-04-25T10:00:00.000Z',
      remainingAmount: '2300.00',
      payments: [
        {
          id: 'p1',
          amount: '6000.00',
          paidAt: '2026-04-20T10:00:00.000Z',
          method: 'transfer',
          reference: 'VIR SEPA Garnier',
        },
        { id: 'p2', amount: '3500.00', paidAt: '2026-04-25T10:00:00.000Z' },
      ],
    };
    stub({ 'GET /api/invoices?limit=50': json([partlyPaid]), ...wholeInvoices(partlyPaid) });
    renderPage();

    const sent = await card('Situation n°3');
    expect(sent).toHaveTextContent('Envoyée');
    expect(sent).toHaveTextContent(`Déjà payé : ${euro(950_000)} TTC`);
    expect(sent).toHaveTextContent(`Reste à payer : ${euro(230_000)}`);
    await user.click(within(sent).getByRole('button', { name: /^Voir détails/ }));
    const details = await findDialog('Détails de la facture');
    const payments = within(within(details).getByRole('region', { name: 'Paiements reçus' })).getAllByRole(
      'listitem',
    );
    expect(payments.map((payment) => payment.textContent)).toEqual([
      `20/04/2026 · VirementRéf. VIR SEPA Garnier${formatEuro(600_000)}`,
      `25/04/2026 · Moyen non préciséSans référence${formatEuro(350_000)}`,
    ]);
    expect(details).toHaveTextContent(`Montant payé${euro(950_000)}`);
    expect(details).toHaveTextContent(`Reste à payer${euro(230_000)}`);
    // Still awaiting payment: no 'Payée le'.
    expect(details).not.toHaveTextContent('Payée le');
  });

  it('says no payment was received yet in the details of an issued invoice', async () => {
    const user = setupUser();
    stub();
    renderPage();

    await user.click(within(await card('Situation n°3')).getByRole('button', { name: /^Voir détails/ }));
    const details = await findDialog('Détails de la facture');
    expect(within(details).getByRole('region', { name: 'Paiements reçus' })).toHaveTextContent(
      'Aucun paiement enregistré',
    );
  });

  it('opens on Brouillons when only drafts exist', async () => {
    stub({ 'GET /api/invoices?limit=50': json([draft]) });
    renderPage();

    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /^Brouillons/ })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(await card('Acompte toiture École')).toBeInTheDocument();
  });

  it('offers what remains after a credit note as the payment', async () => {
    const user = setupUser();
    stub();
    renderPage();

    await openTab(/^En retard/);
    await user.click(within(await card('Situation n°2')).getByRole('button', { name: /^Marquer payée/ }));
    const dialog = await findDialog('Enregistrer un paiement');
    expect(within(dialog).getByLabelText('Montant payé (€)')).toHaveValue('3000,00');
  });

  it("shows the server's message when a payment is refused", async () => {
    const user = setupUser();
    const message = 'Le montant payé ne peut pas dépasser ce qui reste à payer (11 800,00 €).';
    stub({
      [`POST /api/invoices/${upcoming.id}/pay`]: apiError(400, 'validation_error', message, [
        { path: 'paidAmount', message },
      ]),
    });
    renderPage();

    await user.click(within(await card('Situation n°3')).getByRole('button', { name: /^Marquer payée/ }));
    const dialog = await findDialog('Enregistrer un paiement');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le paiement' }));

    expect(await toasts().findByText(message)).toBeInTheDocument();
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });

  it('deletes a draft after confirmation', async () => {
    const user = setupUser();
    const api = stub({ [`DELETE /api/invoices/${draft.id}`]: () => new Response(null, { status: 204 }) });
    renderPage();

    await openTab(/^Brouillons/);
    await user.click(within(await card('Acompte toiture École')).getByRole('button', { name: /^Supprimer/ }));
    await user.click(
      within(await findDialog('Supprimer le brouillon ?')).getByRole('button', { name: 'Supprimer' }),
    );

    expect(await toasts().findByText('Facture supprimée avec succès')).toBeInTheDocument();
    expect(api.calls(`DELETE /api/invoices/${draft.id}`)).toHaveLength(1);
    await waitFor(() => expect(api.calls('GET /api/invoices?limit=50')).toHaveLength(2));
  });

  describe('PDF', () => {
    const attachment = 'http://localhost:4569/documents/facture.pdf?response-content-disposition=attachment';
    const inline = 'http://localhost:4569/documents/facture.pdf?response-content-disposition=inline';
    const pdfRoute = (id: string, disposition: string) =>
      `GET /api/invoices/${id}/pdf?disposition=${disposition}`;

    it('offers the PDF of every invoice and credit note, named by its number, or its title while a draft', async () => {
      stub();
      renderPage();

      const sent = await card('Situation n°3');
      expect(
        within(sent).getByRole('button', { name: 'Télécharger le PDF de la facture FAC-2026-0003' }),
      ).toHaveTextContent('Télécharger le PDF');
      expect(
        within(sent).getByRole('button', { name: 'Aperçu de la facture FAC-2026-0003' }),
      ).toHaveTextContent('Aperçu');

      await openTab(/^Brouillons/);
      const drafted = await card('Acompte toiture École');
      expect(
        within(drafted).getByRole('button', {
          name: 'Télécharger le PDF de la facture Acompte toiture École',
        }),
      ).toBeInTheDocument();
      expect(
        within(drafted).getByRole('button', { name: 'Aperçu de la facture Acompte toiture École' }),
      ).toBeInTheDocument();

      await openTab(/^Avoirs/);
      const credit = await card('Avoir sur FAC-2026-0002');
      expect(
        within(credit).getByRole('button', { name: "Télécharger le PDF de l'avoir AV-2026-0001" }),
      ).toBeInTheDocument();
      expect(
        within(credit).getByRole('button', { name: "Aperçu de l'avoir AV-2026-0001" }),
      ).toBeInTheDocument();
      expect(
        within(await card('Avoir sur FAC-2026-0004')).getByRole('button', {
          name: "Aperçu de l'avoir Avoir sur FAC-2026-0004",
        }),
      ).toBeInTheDocument();
    });

    it("downloads an issued invoice's archived PDF from its card, the button busy until the link comes", async () => {
      const user = setupUser();
      const held = heldAnswer(json({ url: attachment }));
      const api = stub({ [pdfRoute(upcoming.id, 'attachment')]: held.answer });
      const followed: string[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        followed.push(this.href);
      });
      renderPage();
      const sent = await card('Situation n°3');
      const download = within(sent).getByRole('button', {
        name: 'Télécharger le PDF de la facture FAC-2026-0003',
      });

      await user.click(download);
      await waitFor(() => expect(download).toHaveAttribute('aria-busy', 'true'));
      expect(within(sent).getByRole('button', { name: 'Aperçu de la facture FAC-2026-0003' })).toBeDisabled();
      expect(followed).toEqual([]);

      held.release();
      await waitFor(() => expect(followed).toEqual([attachment]));
      await waitFor(() => expect(download).toHaveAttribute('aria-busy', 'false'));
      expect(api.calls(pdfRoute(upcoming.id, 'attachment'))).toHaveLength(1);
    });

    it('previews a PDF from the details, in a tab opened by the click', async () => {
      const user = setupUser();
      const api = stub({ [pdfRoute(upcoming.id, 'inline')]: json({ url: inline }) });
      const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
      const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
      renderPage();

      await user.click(within(await card('Situation n°3')).getByRole('button', { name: /^Voir détails/ }));
      const details = await findDialog('Détails de la facture');
      expect(
        within(details).getByRole('button', { name: 'Télécharger le PDF de la facture FAC-2026-0003' }),
      ).toBeInTheDocument();
      await user.click(within(details).getByRole('button', { name: 'Aperçu de la facture FAC-2026-0003' }));

      expect(open).toHaveBeenCalledWith('', '_blank');
      await waitFor(() => expect(tab.location.href).toBe(inline));
      expect(api.calls(pdfRoute(upcoming.id, 'inline'))).toHaveLength(1);
    });

    it("shows the server's message when a credit note's PDF cannot be made, and closes the preview's tab", async () => {
      const user = setupUser();
      stub({
        [pdfRoute(creditNote.id, 'inline')]: apiError(
          409,
          'conflict',
          "Le PDF de l'avoir AV-2026-0001 n'a pas été archivé.",
        ),
      });
      const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
      vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
      renderPage();

      await openTab(/^Avoirs/);
      await user.click(
        within(await card('Avoir sur FAC-2026-0002')).getByRole('button', {
          name: "Aperçu de l'avoir AV-2026-0001",
        }),
      );

      const toast = await toasts().findByText("Le PDF de l'avoir AV-2026-0001 n'a pas été archivé.");
      expect(toast.closest('[role="status"]')).toHaveAttribute('data-variant', 'destructive');
      expect(tab.close).toHaveBeenCalled();
      expect(tab.location.href).toBe('about:blank');
    });
  });
});
