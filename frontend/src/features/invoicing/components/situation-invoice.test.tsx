import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { json, stubApi, type Routes } from '../../../testing/api-stub';
import { companyA } from '../../../testing/fixtures';
import { renderWithProviders, toasts } from '../../../testing/render-app';
import { replace, setupUser } from '../../../testing/user';
import { InvoicingPage } from './invoicing-page';

/**
 * Situations de travaux in Facturation (DOCUMENTS.md § 4): S1 of the worked example (line A 30 % of
 * 40 000,00 € HT, 10 % of the 5 000,00 € deposit deducted, 5 % retained). Figures written out.
 */

const at = '2026-11-24T08:00:00.000Z';
const record = { companyId: companyA.id, createdAt: at, updatedAt: at };
const client = { id: '5c0c1d2e-0000-4000-8000-000000000001', name: 'SCI Les Tilleuls' };
const quoteId = '5c0c1d2e-0000-4000-8000-000000000201';
const lineA = '5c0c1d2e-0000-4000-8000-00000000000a';
const lineB = '5c0c1d2e-0000-4000-8000-00000000000b';

const situationFigures = {
  index: 1,
  quoteNumber: 'DEV-2026-0007',
  lines: [
    {
      itemId: lineA,
      description: 'Lot A',
      vatRate: '20.00',
      saleTotal: '40000.00',
      previousPercent: '0.00',
      cumulativePercent: '30.00',
      previousAmount: '0.00',
      cumulativeAmount: '12000.00',
      amount: '12000.00',
    },
    {
      itemId: lineB,
      description: 'Lot B',
      vatRate: '20.00',
      saleTotal: '10000.00',
      previousPercent: '0.00',
      cumulativePercent: '0.00',
      previousAmount: '0.00',
      cumulativeAmount: '0.00',
      amount: '0.00',
    },
  ],
  contractAmount: '50000.00',
  previousWorksAmount: '0.00',
  cumulativeWorksAmount: '12000.00',
  worksAmount: '12000.00',
  depositsAmount: '5000.00',
  previousDeductedAmount: '0.00',
  cumulativeDeductedAmount: '1200.00',
  previousRetentionAmount: '0.00',
  cumulativeRetentionAmount: '720.00',
};

const draftSituation = {
  ...record,
  id: '5c0c1d2e-0000-4000-8000-000000000101',
  version: 2,
  kind: 'progress',
  clientId: client.id,
  client,
  quoteId,
  title: 'Situation n° 1 — Extension',
  description: 'Travaux de novembre',
  reverseCharge: false,
  lines: [
    {
      itemId: lineA,
      description: 'Lot A',
      quantity: '1.000',
      unitPrice: '12000.00',
      vatRate: '20.00',
      total: '12000.00',
    },
    {
      description: 'Déduction des acomptes',
      quantity: '-1.000',
      unitPrice: '1200.00',
      vatRate: '20.00',
      total: '-1200.00',
    },
  ],
  totalAmount: '10800.00',
  vatBreakdown: [{ rate: '20.00', base: '10800.00', amount: '2160.00' }],
  vatAmount: '2160.00',
  totalWithVat: '12960.00',
  depositDeduction: '1200.00',
  retentionRate: '5.00',
  retentionAmount: '720.00',
  amountDue: '12240.00',
  paidAmount: '0.00',
  status: 'draft',
  situation: situationFigures,
};

function stub(overrides: Routes = {}) {
  return stubApi({
    'GET /api/invoices?limit=50': json([draftSituation]),
    // 'Voir détails' and 'Modifier' read the situation whole: its per-line figures.
    [`GET /api/invoices/${draftSituation.id}`]: json(draftSituation),
    'GET /api/clients': json([{ ...record, ...client, country: 'France', version: 1 }]),
    'GET /api/projects': json([]),
    ...overrides,
  });
}

function renderPage() {
  renderWithProviders(
    <MemoryRouter>
      <InvoicingPage title="Facturation" subtitle="Factures de vos clients" />
    </MemoryRouter>,
  );
}

async function dialogTitled(title: string) {
  return waitFor(() => {
    const found = screen
      .getAllByRole('dialog')
      .find((dialog) => within(dialog).queryByText(title, { selector: '.ant-modal-title' }) !== null);
    if (found === undefined) throw new Error(`No dialog titled ${title}`);
    return found;
  });
}

describe('Facturation: situations de travaux', () => {
  it('names the situation and its quote on its card', async () => {
    stub();
    renderPage();

    const card = await screen.findByRole('article', { name: draftSituation.title });
    expect(card).toHaveTextContent('Situation de travaux · Brouillon');
    expect(card).toHaveTextContent('Situation n° 1 — devis DEV-2026-0007');
  });

  it("edits a draft situation's title, never its lines, which are read-only with the hint", async () => {
    const user = setupUser();
    const putRoute = `PUT /api/invoices/${draftSituation.id}`;
    const api = stub({
      [putRoute]: json({ ...draftSituation, title: 'Situation n° 1 — novembre', version: 3 }),
    });
    renderPage();

    const card = await screen.findByRole('article', { name: draftSituation.title });
    await user.click(within(card).getByRole('button', { name: `Modifier ${draftSituation.title}` }));
    const dialog = await dialogTitled('Modifier la situation');

    expect(
      within(dialog).getByText(
        "Les lignes d'une situation se modifient depuis « Facturation du marché » du devis",
      ),
    ).toBeInTheDocument();
    const lines = within(dialog).getByRole('region', { name: 'Lignes de la situation' });
    expect(lines).toHaveTextContent(/Lot A12\s000,00\s€ HT/);
    expect(lines).toHaveTextContent(/Déduction des acomptes-1\s200,00\s€ HT/);
    expect(within(dialog).queryByRole('button', { name: /Ajouter une ligne/ })).toBeNull();
    // No line editor: no editable line at all.
    expect(within(dialog).queryByRole('region', { name: 'Lignes de la facture' })).toBeNull();
    expect(within(dialog).queryByRole('listitem', { name: 'Ligne 1' })).toBeNull();
    expect(within(dialog).getByLabelText('Totaux de la facture')).toHaveTextContent(
      /Total TTC12\s960,00\s€Net à payer12\s240,00\s€/,
    );

    const title = within(dialog).getByLabelText('Titre');
    await replace(user, title, 'Situation n° 1 — novembre');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Facture mise à jour avec succès')).toBeInTheDocument();
    const body = api.calls(putRoute)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      clientId: client.id,
      quoteId,
      title: 'Situation n° 1 — novembre',
      description: 'Travaux de novembre',
      version: 2,
    });
    expect(body).not.toHaveProperty('lines');
    expect(body).not.toHaveProperty('totalAmount');
  }, 30_000);

  it('details a situation: its lines before and to date, the retention and the net to pay', async () => {
    const user = setupUser();
    const issued = {
      ...draftSituation,
      status: 'sent',
      number: 'FAC-2026-0012',
      issueDate: '2026-11-24',
      dueDate: '2099-12-24',
      sentAt: at,
      retentionReleasedAt: '2027-12-15',
    };
    stub({ 'GET /api/invoices?limit=50': json([issued]), [`GET /api/invoices/${issued.id}`]: json(issued) });
    renderPage();

    const card = await screen.findByRole('article', { name: issued.title });
    await user.click(within(card).getByRole('button', { name: `Voir détails ${issued.title}` }));
    const dialog = await dialogTitled('Détails de la facture');

    expect(dialog).toHaveTextContent('Situation n° 1 — devis DEV-2026-0007');
    const progress = within(dialog).getByRole('region', { name: 'Avancement de la situation' });
    expect(within(progress).getByRole('listitem', { name: 'Lot A' })).toHaveTextContent(
      /Marché 40\s000,00\s€ HT · % précédent 0\s% · % cumulé 30\s%12\s000,00\s€ HT/,
    );
    expect(within(progress).getByRole('listitem', { name: 'Lot B' })).toHaveTextContent(
      /% précédent 0\s% · % cumulé 0\s%0,00\s€ HT/,
    );
    expect(within(dialog).getByLabelText('Totaux de la facture')).toHaveTextContent(
      /Total HT10\s800,00\s€.*Total TTC12\s960,00\s€Net à payer12\s240,00\s€/,
    );
    expect(within(dialog).getByLabelText('Retenue de garantie')).toHaveTextContent(
      /Retenue de garantie \(5\s%\)720,00\s€ TTCRetenue libéréeLe 15\/12\/2027/,
    );
  }, 30_000);
});
