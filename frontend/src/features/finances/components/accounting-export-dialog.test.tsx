import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { apiError, json, stubApi } from '../../../testing/api-stub';
import { renderWithProviders } from '../../../testing/render-app';
import { AccountingExportDialog } from './accounting-export-dialog';

const jobId = '0190a7c4-0000-7000-8000-0000000000e1';
const running = {
  id: jobId,
  from: '2026-04-01',
  to: '2026-04-30',
  status: 'running',
  read: 0,
  createdAt: '2026-05-20T10:00:00.000Z',
  files: [],
};
const done = {
  ...running,
  status: 'done',
  read: 1250,
  summary: {
    journals: [
      { journal: 'VE', label: 'Ventes', entries: 3, lines: 10, debit: '3600.00', credit: '3600.00' },
      { journal: 'HA', label: 'Achats', entries: 1, lines: 4, debit: '180.00', credit: '180.00' },
      { journal: 'BQ', label: 'Banque', entries: 2, lines: 8, debit: '1700.00', credit: '1700.00' },
    ],
    total: { entries: 6, debit: '5480.00', credit: '5480.00' },
    invoicedHt: '3000.00',
    depositsHt: '0.00',
    revenueHt: '1250.00',
    documents: { read: 1250, booked: 4 },
  },
  files: [
    { kind: 'fec', name: '732829320FEC20260430.txt', bytes: 2048, url: 'http://s3/fec' },
    {
      kind: 'csv',
      journal: 'VE',
      name: '732829320-VE-20260401-20260430.csv',
      bytes: 900,
      url: 'http://s3/ve',
    },
    {
      kind: 'csv',
      journal: 'HA',
      name: '732829320-HA-20260401-20260430.csv',
      bytes: 400,
      url: 'http://s3/ha',
    },
    {
      kind: 'csv',
      journal: 'BQ',
      name: '732829320-BQ-20260401-20260430.csv',
      bytes: 700,
      url: 'http://s3/bq',
    },
  ],
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-20T10:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the Export comptable dialog', () => {
  it('exports last month by default, shows the progress, then the summary per journal and the files', async () => {
    const api = stubApi({
      'POST /api/accounting/exports': json(running, 202),
      [`GET /api/accounting/exports/${jobId}`]: json({ ...running, read: 120 }),
    });
    renderWithProviders(<AccountingExportDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Export comptable' });
    expect(within(dialog).getByText(/Du 01\/04\/2026 au 30\/04\/2026/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByText("Lancer l'export"));

    expect(await within(dialog).findByText(/Export en cours : 120 documents lus/)).toBeInTheDocument();
    expect(api.calls('POST /api/accounting/exports')[0]!.body).toEqual({
      from: '2026-04-01',
      to: '2026-04-30',
    });

    api.answer(`GET /api/accounting/exports/${jobId}`, json(done));
    const journals = await within(dialog).findByRole(
      'list',
      { name: 'Résumé par journal' },
      { timeout: 5_000 },
    );
    expect(
      within(journals)
        .getAllByRole('listitem')
        .map((item) => (item.textContent ?? '').replace(/\s+/g, ' ')),
    ).toEqual([
      'VE · Ventes3 écrituresDébit 3 600,00 €Crédit 3 600,00 €',
      'HA · Achats1 écritureDébit 180,00 €Crédit 180,00 €',
      'BQ · Banque2 écrituresDébit 1 700,00 €Crédit 1 700,00 €',
    ]);
    expect(within(dialog).getByText('CA encaissé HT de la période (Finances)')).toBeInTheDocument();
    for (const name of ['Télécharger le FEC', 'CSV Ventes', 'CSV Achats', 'CSV Banque']) {
      expect(within(dialog).getByRole('button', { name: new RegExp(`${name}$`) })).toBeInTheDocument();
    }
  });

  it('exports a quarter, and says why an export failed or could not start', async () => {
    const api = stubApi({
      'POST /api/accounting/exports': json({ ...running, from: '2026-04-01', to: '2026-06-30' }, 202),
      [`GET /api/accounting/exports/${jobId}`]: json({
        ...running,
        status: 'failed',
        message: "L'export s'est interrompu avant la fin : relancez-le.",
      }),
    });
    renderWithProviders(<AccountingExportDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Export comptable' });
    fireEvent.click(within(dialog).getByText('Trimestre'));
    expect(within(dialog).getByText(/Du 01\/04\/2026 au 30\/06\/2026/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByText("Lancer l'export"));
    expect(
      await within(dialog).findByText("L'export s'est interrompu avant la fin : relancez-le."),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/accounting/exports')[0]!.body).toEqual({
      from: '2026-04-01',
      to: '2026-06-30',
    });

    api.answer(
      'POST /api/accounting/exports',
      apiError(
        409,
        'conflict',
        "Le SIREN de l'entreprise nomme le FEC : renseignez le SIRET dans Paramètres avant d'exporter.",
      ),
    );
    fireEvent.click(within(dialog).getByText("Relancer l'export"));
    expect(await within(dialog).findByText(/Le SIREN de l'entreprise nomme le FEC/)).toBeInTheDocument();
  });
});
