import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { json } from '../../../testing/api-stub';
import { toasts } from '../../../testing/render-app';
import { setupUser } from '../../../testing/user';
import {
  card,
  companyProfile,
  draft,
  fill,
  findDialog,
  item,
  pick,
  renderPage,
  replace,
  sent,
  stub,
} from '../testing/quotes';

const detail = {
  ...draft,
  retentionRate: '3.00',
  items: [
    item('4a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01', {
      description: 'Carrelage',
      unit: 'm²',
      quantity: '12.500',
      unitPrice: '8.40',
      totalPrice: '105.00',
      saleUnitPrice: '10.63',
      saleTotal: '132.88',
    }),
  ],
};

describe('Devis: retenue de garantie', () => {
  it("shows the company's default rate, and sends the rate typed with the quote", async () => {
    const user = setupUser();
    const api = stub({
      'GET /api/company': json(companyProfile({ defaultRetentionRate: '5.00' })),
      'POST /api/quotes': json(draft, 201),
    });
    renderPage();

    await user.click((await within(document.body).findAllByRole('button', { name: /Nouveau Devis/ }))[0]!);
    const dialog = await findDialog('Nouveau Devis');
    const rate = within(dialog).getByLabelText('Taux de retenue de garantie (%)');
    expect(await within(dialog).findByPlaceholderText('Par défaut : 5 %')).toBe(rate);
    expect(
      within(dialog).getByRole('checkbox', { name: 'Caution bancaire (pas de retenue)' }),
    ).not.toBeChecked();

    await fill(user, within(dialog).getByLabelText('Titre'), 'Salle de bains');
    await user.click(within(dialog).getByRole('combobox', { name: 'Client' }));
    await pick(user, 'SCI Les Tilleuls');
    await user.click(within(dialog).getByRole('button', { name: /Ajouter une ligne/ }));
    const [line] = within(dialog).getAllByRole('listitem', { name: /^Ligne/ });
    await user.click(within(line!).getByRole('combobox', { name: 'Type de ressource' }));
    await pick(user, 'Matériaux');
    await fill(user, within(line!).getByLabelText('Quantité'), '1');
    await fill(user, within(line!).getByLabelText('Prix unitaire (déboursé)'), '100');
    await fill(user, rate, '2,5');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le devis' }));

    expect(await toasts().findByText('Le devis a été créé avec succès.')).toBeInTheDocument();
    expect(api.calls('POST /api/quotes')[0]?.body).toMatchObject({
      retentionRate: '2.50',
      retentionBankGuarantee: false,
    });
  }, 30_000);

  it('refuses a rate above the legal 5 %, and sends nothing', async () => {
    const user = setupUser();
    const api = stub({ [`GET /api/quotes/${draft.id}`]: json(detail) });
    renderPage();

    await user.click(within(await card('DEV-2026-0002')).getByRole('button', { name: 'Modifier' }));
    const dialog = await findDialog('Modifier le devis DEV-2026-0002');
    const rate = within(dialog).getByLabelText('Taux de retenue de garantie (%)');
    expect(rate).toHaveValue('3,00');
    await replace(user, rate, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(
      await within(dialog).findByText(
        'Le taux de retenue de garantie doit être compris entre 0 et 5 %, avec au plus deux décimales',
      ),
    ).toBeInTheDocument();
    expect(api.calls(`PUT /api/quotes/${draft.id}`)).toEqual([]);
  }, 30_000);

  it('keeps the rate on edit and sends the caution bancaire, which replaces the retention', async () => {
    const user = setupUser();
    const api = stub({
      [`GET /api/quotes/${draft.id}`]: json(detail),
      [`PUT /api/quotes/${draft.id}`]: json({ ...draft, version: 4 }),
    });
    renderPage();

    await user.click(within(await card('DEV-2026-0002')).getByRole('button', { name: 'Modifier' }));
    const dialog = await findDialog('Modifier le devis DEV-2026-0002');
    await within(dialog).findByDisplayValue('Carrelage');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Caution bancaire (pas de retenue)' }));
    // The dialog follows the box through Form.useWatch, whose update may land after the click.
    expect(
      await within(dialog).findByText('Aucune retenue : une caution bancaire la remplace.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Taux de retenue de garantie (%)')).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Le devis a été mis à jour.')).toBeInTheDocument();
    expect(api.calls(`PUT /api/quotes/${draft.id}`)[0]?.body).toMatchObject({
      retentionRate: '3.00',
      retentionBankGuarantee: true,
      version: 3,
    });
  }, 30_000);

  it("keeps a sent quote's retention when only its status changes", async () => {
    const user = setupUser();
    const api = stub({
      [`GET /api/quotes/${sent.id}`]: json({
        ...sent,
        retentionRate: '4.00',
        retentionBankGuarantee: false,
        items: [],
      }),
      [`PUT /api/quotes/${sent.id}`]: json({ ...sent, status: 'expired', version: 3 }),
    });
    renderPage();

    await user.click(
      within(await card('DEV-2026-0001')).getByRole('button', { name: 'Voir le devis DEV-2026-0001' }),
    );
    const dialog = await findDialog('Devis DEV-2026-0001');
    expect(within(dialog).getByLabelText('Taux de retenue de garantie (%)')).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Statut' }));
    await pick(user, 'Expiré');
    await user.click(await within(dialog).findByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Le devis a été mis à jour.')).toBeInTheDocument();
    expect(api.calls(`PUT /api/quotes/${sent.id}`)[0]?.body).toMatchObject({
      status: 'expired',
      retentionRate: '4.00',
      retentionBankGuarantee: false,
    });
  }, 30_000);
});
