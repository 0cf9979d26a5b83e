import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, json, stubApi } from '../../../testing/api-stub';
import { renderWithProviders, toasts } from '../../../testing/render-app';
import { BankPage } from './bank-page';

const line = (id: string, fields: Record<string, unknown>) => ({
  id,
  statementId: 's1',
  date: '2026-10-05',
  amount: '1800.00',
  label: 'VIR SEPA RECU',
  status: 'unmatched',
  suggestions: [],
  version: 1,
  ...fields,
});
const suggestion = (id: string, number: string, confidence: string, remaining = '1800.00') => ({
  kind: 'invoice',
  id,
  number,
  partyName: 'Hôtel Bérénice',
  remaining,
  confidence,
  reason: 'Numéro de facture dans le libellé, montant exact',
});

const lines = [
  line('l1', {
    label: 'VIR HOTEL BERENICE FAC-2026-0001',
    suggestions: [suggestion('i1', 'FAC-2026-0001', 'certain')],
  }),
  line('l2', {
    amount: '1000.00',
    label: 'VIR GARNIER',
    suggestions: [suggestion('i3', 'FAC-2026-0003', 'certain', '1000.00')],
  }),
  line('l3', {
    amount: '1500.00',
    label: 'MAIRIE DE LYON',
    suggestions: [suggestion('i2', 'FAC-2026-0002', 'probable', '3000.00')],
  }),
  line('l4', { amount: '-24.40', label: 'COTISATION OFFRE PRO' }),
];

function page() {
  renderWithProviders(<BankPage title="Rapprochement bancaire" subtitle="Relevés" />);
}

describe('Rapprochement bancaire', () => {
  it('groups the lines, validates every certain one at once, and one suggestion with a click', async () => {
    const api = stubApi({
      'GET /api/bank/lines?status=unmatched': json(lines),
      'GET /api/bank/lines?status=matched': json([]),
      'POST /api/bank/lines/l1/match': json({}),
      'POST /api/bank/lines/l2/match': json({}),
      'POST /api/bank/lines/l3/match': json({}),
    });
    page();
    expect(await screen.findByRole('heading', { name: 'Correspondances certaines (2)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Suggestions à vérifier (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sans correspondance (1)' })).toBeInTheDocument();
    expect(screen.getByText('Aucune facture ouverte ne correspond.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Tout valider' }));
    expect(await toasts().findByText('2 paiements enregistrés')).toBeInTheDocument();
    expect(api.calls('POST /api/bank/lines/l1/match')[0]!.body).toEqual({ kind: 'invoice', id: 'i1' });
    expect(api.calls('POST /api/bank/lines/l2/match')[0]!.body).toEqual({ kind: 'invoice', id: 'i3' });
    expect(api.calls('POST /api/bank/lines/l3/match')).toHaveLength(0);

    const mairie = screen.getByRole('listitem', { name: /MAIRIE DE LYON/ });
    fireEvent.click(within(mairie).getByRole('button', { name: /Valider/ }));
    expect(await toasts().findByText('Paiement enregistré sur FAC-2026-0002')).toBeInTheDocument();
  });

  it('imports a CSV whose columns it asks for, and says what the import did', async () => {
    const api = stubApi({
      'GET /api/bank/lines?status=unmatched': json([]),
      'POST /api/bank/statements/upload': json(
        { uploadId: 'u1', url: 'http://s3.test/documents', fields: { key: 'bank-statements/c/u1' } },
        201,
      ),
      'POST http://s3.test/documents': () => new Response(null, { status: 204 }),
      'POST /api/bank/statements': apiError(400, 'validation_error', 'Indiquez les colonnes du relevé CSV', [
        { path: 'mapping', message: 'Indiquez les colonnes du relevé CSV' },
      ]),
    });
    page();
    expect(await screen.findByText(/Aucune ligne à rapprocher/)).toBeInTheDocument();
    const file = new File(['Quand;Quoi;Combien\n05/10/2026;Virement;12,00\n'], 'releve.csv', {
      type: 'text/csv',
    });
    fireEvent.change(screen.getByLabelText('Relevé de compte (CAMT.053, OFX ou CSV)'), {
      target: { files: [file] },
    });

    const dialog = await screen.findByRole('dialog', { name: 'Colonnes du relevé CSV' });
    api.answer(
      'POST /api/bank/statements',
      json({ statementId: 's1', format: 'csv', lines: [line('l9', {})], duplicates: 2, warnings: [] }, 201),
    );
    for (const [label, option] of [
      ['Date', 'Quand'],
      ['Libellé', 'Quoi'],
      ['Montant', 'Combien'],
    ] as const) {
      fireEvent.mouseDown(within(dialog).getByLabelText(label));
      // Each select keeps its closed dropdown in the page: the option of the one just opened is the last.
      const options = (await screen.findAllByTitle(option)).filter((element) =>
        element.classList.contains('ant-select-item-option'),
      );
      fireEvent.click(options.at(-1)!);
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importer' }));
    expect(
      await screen.findByText('1 ligne importée, 2 déjà importées par un relevé précédent'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls('POST /api/bank/statements').at(-1)!.body).toEqual({
        uploadId: 'u1',
        mapping: { date: 'Quand', label: 'Quoi', amount: 'Combien' },
      }),
    );
  });
});
