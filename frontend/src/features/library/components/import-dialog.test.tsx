import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, json } from '../../../testing/api-stub';
import { setupUser } from '../../../testing/user';
import { stubXhr } from '../../documents/components/fake-xhr';
import { pick } from '../../quotes/testing/quotes';
import { renderPage, stamps, stub, supplier } from '../testing/library';

const uploadId = '8a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01';
const jobId = '9a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01';
const PREVIEW = `GET /api/library/imports/uploads/${uploadId}/preview?supplierId=${supplier.id}`;

const preview = {
  format: 'csv',
  layout: 'table',
  encoding: 'windows-1252',
  delimiter: ';',
  columns: [
    { index: 0, header: 'Réf' },
    { index: 1, header: 'Libellé' },
    { index: 2, header: 'Prix' },
    { index: 3, header: 'Unité' },
    { index: 4, header: 'Famille' },
  ],
  rows: [
    ['PAR2050', 'Parpaing 20×20×50', '1,48', 'u', 'Maçonnerie'],
    ['MOR01', 'Mortier bâtard', '142,60', 'm³', 'Maçonnerie'],
  ],
  mapping: {
    columns: { reference: 0, designation: 1, price: 2, unit: 3, family: [4] },
    headerRow: 1,
    decimal: ',',
  },
  remembered: true,
};

const job = (changes: object) => ({
  ...stamps,
  id: jobId,
  supplierId: supplier.id,
  fileName: 'tarif-pointp.csv',
  status: 'running',
  total: 3,
  processed: 1,
  report: { created: 0, updated: 0, unchanged: 0, retired: 0, refused: [], refusedCount: 0 },
  ...changes,
});

async function openImport(user: ReturnType<typeof setupUser>) {
  await screen.findByRole('article', { name: 'Article Parpaing 20×20×50' });
  await user.click(screen.getByRole('button', { name: 'Importer un tarif fournisseur' }));
  return within(await screen.findByRole('dialog'));
}

describe('Importer un tarif fournisseur', () => {
  it('sends the file to storage, shows its first rows with the remembered mapping, imports with progress, then the report', async () => {
    const user = setupUser();
    const xhr = stubXhr();
    let polls = 0;
    const api = stub({
      'POST /api/library/imports/uploads': json(
        {
          uploadId,
          upload: { url: 'https://bucket.example/', fields: { key: `imports/${uploadId}` } },
          maxBytes: 20971520,
        },
        201,
      ),
      [PREVIEW]: json(preview),
      'POST /api/library/imports': json(job({ status: 'queued', processed: 0, total: 0 }), 202),
      [`GET /api/library/imports/${jobId}`]: () => {
        polls += 1;
        return Response.json(
          polls === 1
            ? job({})
            : job({
                status: 'done',
                processed: 3,
                report: {
                  created: 1,
                  updated: 1,
                  unchanged: 0,
                  retired: 2,
                  refused: [{ row: 4, message: 'Prix illisible : « abc »' }],
                  refusedCount: 1,
                },
              }),
        );
      },
    });
    renderPage();
    const dialog = await openImport(user);

    await user.click(dialog.getByRole('button', { name: 'Lire le fichier' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Choisissez le fournisseur de ce tarif.');
    await user.click(dialog.getByRole('combobox', { name: 'Fournisseur' }));
    await pick(user, supplier.name);
    const file = new File(['Réf;Libellé;Prix\n'], 'tarif-pointp.csv', { type: 'text/csv' });
    await user.upload(dialog.getByLabelText('Fichier du tarif'), file);
    await user.click(dialog.getByRole('button', { name: 'Lire le fichier' }));

    // Straight to the bucket (the presigned POST: its fields, then the file), never through the API.
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(xhr.sent[0]?.url).toBe('https://bucket.example/');
    expect(xhr.sent[0]?.entries()).toEqual([
      ['key', `imports/${uploadId}`],
      ['file', 'file:tarif-pointp.csv'],
    ]);
    expect(api.calls('POST /api/library/imports/uploads')[0]?.body).toEqual({
      fileName: 'tarif-pointp.csv',
      size: file.size,
    });
    xhr.sent[0]?.respond(204);

    const rows = within(await dialog.findByRole('region', { name: 'Premières lignes du fichier' }));
    expect(rows.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Réf',
      'Libellé',
      'Prix',
      'Unité',
      'Famille',
    ]);
    expect(rows.getByRole('cell', { name: 'Mortier bâtard' })).toBeInTheDocument();
    expect(dialog.getByText(/Fichier CSV · encodage Windows-1252 · séparateur « ; »/)).toBeInTheDocument();
    expect(
      dialog.getByText('Correspondance des colonnes reprise du dernier import de ce fournisseur.'),
    ).toBeInTheDocument();
    const mapped = (label: string) =>
      dialog.getByRole('combobox', { name: label }).closest('.ant-select')?.textContent;
    expect(mapped('Référence *')).toBe('Réf');
    expect(mapped('Prix HT *')).toBe('Prix');
    expect(mapped('Remise %')).toBe('Aucune colonne');

    await user.click(dialog.getByRole('button', { name: "Lancer l'import" }));
    const progress = await dialog.findByRole('status');
    await waitFor(() => expect(progress).toHaveTextContent('Import en cours : 1 sur 3 lignes'));
    const report = within(await dialog.findByLabelText("Bilan de l'import", {}, { timeout: 5_000 }));
    expect(report.getByText('Créés').nextSibling).toHaveTextContent('1');
    expect(report.getByText('Hors catalogue').nextSibling).toHaveTextContent('2');
    expect(report.getByText('Refusés').nextSibling).toHaveTextContent('1');
    expect(dialog.getByRole('region', { name: 'Lignes refusées' })).toHaveTextContent(
      'Ligne 4 : Prix illisible : « abc »',
    );
    expect(api.calls('POST /api/library/imports')[0]?.body).toEqual({
      uploadId,
      supplierId: supplier.id,
      mapping: {
        columns: { reference: 0, designation: 1, price: 2, unit: 3, family: [4] },
        headerRow: 1,
        decimal: ',',
      },
    });
  }, 60_000);

  it('says why a file cannot be read (the server’s message), and lets another be chosen', async () => {
    const user = setupUser();
    const xhr = stubXhr();
    stub({
      'POST /api/library/imports/uploads': json(
        { uploadId, upload: { url: 'https://bucket.example/', fields: {} }, maxBytes: 20971520 },
        201,
      ),
      [PREVIEW]: apiError(
        400,
        'validation_error',
        "Ce fichier n'est pas en UTF-8 : choisissez l'encodage Windows-1252 (Excel) dans les options de l'import.",
      ),
    });
    renderPage();
    const dialog = await openImport(user);
    await user.click(dialog.getByRole('combobox', { name: 'Fournisseur' }));
    await pick(user, supplier.name);
    await user.upload(
      dialog.getByLabelText('Fichier du tarif'),
      new File(['x'], 'tarif.csv', { type: 'text/csv' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Lire le fichier' }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    xhr.sent[0]?.respond(204);

    expect(await dialog.findByRole('alert')).toHaveTextContent(
      "Ce fichier n'est pas en UTF-8 : choisissez l'encodage Windows-1252 (Excel) dans les options de l'import.",
    );
    expect(dialog.getByLabelText('Fichier du tarif')).toBeEnabled();
    expect(dialog.getByRole('button', { name: 'Lire le fichier' })).toBeEnabled();
  }, 60_000);
});
