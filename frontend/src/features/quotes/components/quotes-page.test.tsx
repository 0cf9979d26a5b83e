import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { apiError, heldAnswer, json } from '../../../testing/api-stub';
import { toasts } from '../../../testing/render-app';
import { setupUser } from '../../../testing/user';
import {
  card,
  client,
  companyProfile,
  draft,
  fill,
  findDialog,
  item,
  pick,
  renderPage,
  replace,
  sent,
  shownOptions,
  stub,
  writes,
} from '../testing/quotes';

describe('Devis', () => {
  it('shows each quote: number, French status, title, description, client, project, totals HT and TTC, dates', async () => {
    stub();
    renderPage();

    const first = await card('DEV-2026-0002');
    expect(first).toHaveTextContent('Brouillon');
    expect(first).toHaveTextContent('Rénovation salle de bains');
    expect(first).toHaveTextContent('Dépose et pose');
    expect(first).toHaveTextContent('SCI Les Tilleuls');
    expect(first).toHaveTextContent('Maison Dupont');
    expect(first).toHaveTextContent(/Total HT1\s512,33\s€/);
    expect(first).toHaveTextContent(/Total TTC1\s814,80\s€/);
    expect(first).toHaveTextContent('31/12/2026');

    const second = await card('DEV-2026-0001');
    expect(second).toHaveTextContent('Envoyé');
    expect(second).toHaveTextContent('Aucun projet');
    expect(second).toHaveTextContent(/Total HT1\s500,00\s€/);
    expect(second).toHaveTextContent(/Total TTC1\s750,00\s€/);
    expect(second).toHaveTextContent('Envoyé le22/11/2026');
  });

  it("offers 'Envoyer' and 'Modifier' for drafts only, 'Voir' and 'Bon pour accord' for sent ones", async () => {
    stub();
    renderPage();

    const first = await card('DEV-2026-0002');
    const second = await card('DEV-2026-0001');
    expect(within(first).getByRole('button', { name: 'Envoyer' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Envoyer' })).toBeNull();
    expect(within(first).queryByRole('button', { name: /^Voir/ })).toBeNull();
    expect(within(second).queryByRole('button', { name: 'Modifier' })).toBeNull();
    expect(within(second).getByRole('button', { name: 'Voir le devis DEV-2026-0001' })).toHaveTextContent(
      'Voir',
    );
    expect(within(second).queryByRole('button', { name: /Supprimer/ })).toBeNull();
    expect(within(first).queryByRole('button', { name: 'Bon pour accord' })).toBeNull();
    expect(within(second).getByRole('button', { name: 'Bon pour accord' })).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Facturer' })).toBeNull();
  });

  it("shows 'Chargement...' while loading, then the empty state", async () => {
    stub({ 'GET /api/quotes?limit=50': json([]) });
    renderPage();

    expect(screen.getByText('Chargement...')).toBeInTheDocument();
    expect(await screen.findByText('Aucun devis')).toBeInTheDocument();
  });

  it('sends a draft through the send dialog with the version read and the address typed, then refreshes the list', async () => {
    const user = setupUser();
    const api = stub({
      'POST /api/quotes/3a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01/send': json({
        ...draft,
        status: 'sent',
        emailStatus: {
          state: 'sent',
          to: 'contact@tilleuls.fr',
          at: '2026-11-21T10:00:00.000Z',
          messageId: 'm-1',
        },
      }),
    });
    renderPage();

    await user.click(within(await card('DEV-2026-0002')).getByRole('button', { name: 'Envoyer' }));
    const dialog = await findDialog('Envoyer le devis DEV-2026-0002 ?');
    await fill(user, within(dialog).getByLabelText('E-mail du destinataire'), 'contact@tilleuls.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));

    expect(await toasts().findByText('Devis envoyé à contact@tilleuls.fr')).toBeInTheDocument();
    expect(api.calls(`POST /api/quotes/${draft.id}/send`)[0]?.body).toEqual({
      version: 3,
      email: 'contact@tilleuls.fr',
    });
    await waitFor(() => expect(api.calls('GET /api/quotes?limit=50')).toHaveLength(2));
  });

  it('shows the server message in the dialog when sending fails, and keeps it open', async () => {
    const user = setupUser();
    stub({
      [`POST /api/quotes/${draft.id}/send`]: apiError(
        409,
        'conflict',
        'Ce devis est déjà « Envoyé » : seul un devis en brouillon peut être envoyé.',
      ),
    });
    renderPage();

    await user.click(within(await card('DEV-2026-0002')).getByRole('button', { name: 'Envoyer' }));
    const dialog = await findDialog('Envoyer le devis DEV-2026-0002 ?');
    await fill(user, within(dialog).getByLabelText('E-mail du destinataire'), 'contact@tilleuls.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));

    expect(
      await within(dialog).findByText(/seul un devis en brouillon peut être envoyé/),
    ).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Envoyer le devis DEV-2026-0002 ?');
  });

  it('creates a quote with lines at 20 % and 10 %: selling prices, VAT per rate and TTC to the cent, in one call', async () => {
    const user = setupUser();
    const created = {
      ...draft,
      id: '3a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a09',
      number: 'DEV-2026-0003',
      version: 1,
      totalAmount: '512.38',
    };
    const api = stub({ 'POST /api/quotes': json(created, 201) });
    renderPage();
    await card('DEV-2026-0002');

    await user.click(screen.getAllByRole('button', { name: /Nouveau Devis/ })[0]!);
    const dialog = await findDialog('Nouveau Devis');
    expect(within(dialog).getByLabelText('Frais généraux (%)')).toHaveValue('10,00');
    expect(within(dialog).getByLabelText('Marge (%)')).toHaveValue('15,00');
    expect(within(dialog).getByRole('switch', { name: 'Autoliquidation' })).not.toBeChecked();
    await fill(user, within(dialog).getByLabelText('Titre'), 'Salle de bains');
    await user.click(within(dialog).getByRole('combobox', { name: 'Client' }));
    await pick(user, 'SCI Les Tilleuls');

    await user.click(within(dialog).getByRole('button', { name: /Ajouter une ligne/ }));
    await user.click(within(dialog).getByRole('button', { name: /Ajouter une ligne/ }));
    const [first, second] = within(dialog).getAllByRole('listitem', { name: /^Ligne/ });
    // A new line is at the company's default rate.
    expect(within(first!).getByRole('combobox', { name: 'TVA' }).closest('.ant-select')).toHaveTextContent(
      '20 %',
    );
    await user.click(within(first!).getByRole('combobox', { name: 'Type de ressource' }));
    await pick(user, 'Matériaux');
    await fill(user, within(first!).getByLabelText('Description'), 'Carrelage 60x60');
    await fill(user, within(first!).getByLabelText('Unité'), 'm²');
    await fill(user, within(first!).getByLabelText('Quantité'), '12,5');
    await fill(user, within(first!).getByLabelText('Prix unitaire (déboursé)'), '8,40');
    await user.click(within(second!).getByRole('combobox', { name: 'Type de ressource' }));
    await pick(user, "Main-d'œuvre");
    await fill(user, within(second!).getByLabelText('Quantité'), '2');
    await fill(user, within(second!).getByLabelText('Prix unitaire (déboursé)'), '150');
    await user.click(within(second!).getByRole('combobox', { name: 'TVA' }));
    expect(shownOptions()).toEqual(['20\u00a0%', '10\u00a0%', '5,5\u00a0%', '2,1\u00a0%', '0\u00a0%']);
    await pick(user, '10 %');

    // K = 1.10 × 1.15: 8.40 € → 10.63 € a unit, × 12.5 = 132.88 €; 150 € → 189.75 €, × 2 = 379.50 €.
    const firstAmounts = within(dialog).getByLabelText('Montants de la ligne 1');
    expect(firstAmounts).toHaveTextContent(/Déboursé105,00\s€/);
    expect(firstAmounts).toHaveTextContent(/Prix de vente unitaire HT10,63\s€/);
    expect(firstAmounts).toHaveTextContent(/Total vente HT132,88\s€/);
    expect(within(dialog).getByLabelText('Montants de la ligne 2')).toHaveTextContent(
      /Déboursé300,00\s€Prix de vente unitaire HT189,75\s€Total vente HT379,50\s€/,
    );
    const totals = within(dialog).getByLabelText('Totaux du devis');
    expect(totals).toHaveTextContent(/Déboursé sec405,00\s€/);
    expect(totals).toHaveTextContent(/Frais généraux \(10,00 %\)40,50\s€/);
    expect(totals).toHaveTextContent(/Marge \(15,00 %\)66,88\s€/);
    expect(totals).toHaveTextContent(/Total HT512,38\s€/);
    expect(totals).toHaveTextContent(/TVA 20 % sur 132,88\s€26,58\s€/);
    expect(totals).toHaveTextContent(/TVA 10 % sur 379,50\s€37,95\s€/);
    expect(totals).toHaveTextContent(/Total TTC576,91\s€/);

    await user.click(within(dialog).getByRole('button', { name: 'Créer le devis' }));

    expect(await toasts().findByText('Le devis a été créé avec succès.')).toBeInTheDocument();
    expect(writes(api)).toEqual(['POST /api/quotes']);
    expect(api.calls('POST /api/quotes')[0]?.body).toEqual({
      title: 'Salle de bains',
      clientId: client.id,
      overheadPercentage: '10.00',
      marginPercentage: '15.00',
      status: 'draft',
      reverseCharge: false,
      // No rate typed: the company's default applies (the key is left out).
      retentionBankGuarantee: false,
      items: [
        {
          resourceType: 'materials',
          description: 'Carrelage 60x60',
          unit: 'm²',
          quantity: '12.500',
          unitPrice: '8.40',
          vatRate: '20.00',
          sortOrder: 0,
        },
        { resourceType: 'labor', quantity: '2.000', unitPrice: '150.00', vatRate: '10.00', sortOrder: 1 },
      ],
    });
  }, 45_000);

  it('under autoliquidation shows every line at 0 % and TTC = HT, and sends it', async () => {
    const user = setupUser();
    const detail = {
      ...draft,
      items: [
        item('4a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01', {
          quantity: '12.500',
          unitPrice: '8.40',
          vatRate: '20.00',
          totalPrice: '105.00',
          saleUnitPrice: '10.63',
          saleTotal: '132.88',
        }),
        item('4a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a02', {
          resourceType: 'labor',
          quantity: '2.000',
          unitPrice: '150.00',
          vatRate: '10.00',
          totalPrice: '300.00',
          saleUnitPrice: '189.75',
          saleTotal: '379.50',
          sortOrder: 1,
        }),
      ],
    };
    const api = stub({
      [`GET /api/quotes/${draft.id}`]: json(detail),
      [`PUT /api/quotes/${draft.id}`]: json({ ...draft, reverseCharge: true, version: 4 }),
    });
    renderPage();

    await user.click(within(await card('DEV-2026-0002')).getByRole('button', { name: 'Modifier' }));
    const dialog = await findDialog('Modifier le devis DEV-2026-0002');
    const totals = within(dialog).getByLabelText('Totaux du devis');
    expect(totals).toHaveTextContent(/Total TTC576,91\s€/);

    await user.click(within(dialog).getByRole('switch', { name: 'Autoliquidation' }));

    for (const line of within(dialog).getAllByRole('listitem', { name: /^Ligne/ })) {
      const rate = within(line).getByRole('combobox', { name: 'TVA' });
      expect(rate).toBeDisabled();
      expect(rate.closest('.ant-select')).toHaveTextContent('0 %');
    }
    expect(totals).toHaveTextContent(/Total HT512,38\s€/);
    expect(totals).toHaveTextContent(/TVA 0 % sur 512,38\s€0,00\s€/);
    expect(totals).toHaveTextContent(/Total TTC512,38\s€/);
    expect(within(dialog).getByText(/Autoliquidation : TVA due par le preneur/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Le devis a été mis à jour.')).toBeInTheDocument();
    // Each line keeps its own rate, which the server taxes at 0 % while the quote is under reverse charge.
    expect(api.calls(`PUT /api/quotes/${draft.id}`)[0]?.body).toMatchObject({
      reverseCharge: true,
      version: 3,
      items: [{ vatRate: '20.00' }, { vatRate: '10.00' }],
    });
  }, 45_000);

  it('refuses wrong lines with the spec messages and sends nothing', async () => {
    const user = setupUser();
    const api = stub();
    renderPage();
    await card('DEV-2026-0002');

    await user.click(screen.getAllByRole('button', { name: /Nouveau Devis/ })[0]!);
    const dialog = await findDialog('Nouveau Devis');
    await user.click(within(dialog).getByRole('button', { name: /Ajouter une ligne/ }));
    await fill(user, within(dialog).getByLabelText('Quantité'), '0');
    await fill(user, within(dialog).getByLabelText('Prix unitaire (déboursé)'), '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le devis' }));

    expect(await within(dialog).findByText('La quantité doit être un nombre positif')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Le prix unitaire doit être un nombre positif ou nul'),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('Le titre est requis')).toBeInTheDocument();
    expect(await within(dialog).findByText('Le client est requis')).toBeInTheDocument();
    expect(api.calls('POST /api/quotes')).toHaveLength(0);
  });

  it('shows the server message, or the spec fallback, when creation fails', async () => {
    const user = setupUser();
    stub({ 'POST /api/quotes': () => new Response('', { status: 500 }) });
    renderPage();
    await card('DEV-2026-0002');

    await user.click(screen.getAllByRole('button', { name: /Nouveau Devis/ })[0]!);
    const dialog = await findDialog('Nouveau Devis');
    await fill(user, within(dialog).getByLabelText('Titre'), 'Salle de bains');
    await user.click(within(dialog).getByRole('combobox', { name: 'Client' }));
    await pick(user, 'SCI Les Tilleuls');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le devis' }));

    expect(
      await toasts().findByText('Une erreur est survenue lors de la création du devis.'),
    ).toBeInTheDocument();
  });

  it('edits a draft: its fields and its lines in one call with the version read', async () => {
    const user = setupUser();
    const detail = {
      ...draft,
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
        item('4a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a02', {
          resourceType: 'labor',
          description: 'Pose',
          unit: 'h',
          quantity: '2.000',
          unitPrice: '150.00',
          totalPrice: '300.00',
          saleUnitPrice: '189.75',
          saleTotal: '379.50',
        }),
      ],
    };
    const api = stub({
      [`GET /api/quotes/${draft.id}`]: json(detail),
      [`PUT /api/quotes/${draft.id}`]: json({ ...draft, overheadPercentage: '20.00', version: 4 }),
    });
    renderPage();

    await user.click(within(await card('DEV-2026-0002')).getByRole('button', { name: 'Modifier' }));
    const dialog = await findDialog('Modifier le devis DEV-2026-0002');
    await within(dialog).findByDisplayValue('Carrelage');
    expect(within(dialog).getByLabelText('Totaux du devis')).toHaveTextContent(/Total HT512,38\s€/);

    const [, second] = within(dialog).getAllByRole('listitem', { name: /^Ligne/ });
    await user.click(within(second!).getByRole('button', { name: 'Supprimer la ligne 2' }));
    const overhead = within(dialog).getByLabelText('Frais généraux (%)');
    await replace(user, overhead, '20');
    // K = 1.20 × 1.15: 8.40 € → 11.59 € a unit, × 12.5 = 144.88 € HT, 28.98 € of VAT at 20 %.
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Totaux du devis')).toHaveTextContent(/Total HT144,88\s€/),
    );
    expect(within(dialog).getByLabelText('Totaux du devis')).toHaveTextContent(
      /TVA 20 % sur 144,88\s€28,98\s€Total TTC173,86\s€/,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Le devis a été mis à jour.')).toBeInTheDocument();
    expect(writes(api)).toEqual([`PUT /api/quotes/${draft.id}`]);
    expect(api.calls(`PUT /api/quotes/${draft.id}`)[0]?.body).toMatchObject({
      title: draft.title,
      overheadPercentage: '20.00',
      version: 3,
      items: [
        {
          resourceType: 'materials',
          description: 'Carrelage',
          unit: 'm²',
          quantity: '12.500',
          unitPrice: '8.40',
          sortOrder: 0,
        },
      ],
    });
  });

  it('shows the server message when saving a draft and its lines fails, and keeps the dialog open', async () => {
    const user = setupUser();
    const api = stub({
      [`GET /api/quotes/${draft.id}`]: json({
        ...draft,
        items: [
          item('4a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01', {
            quantity: '1.000',
            unitPrice: '8.40',
            totalPrice: '8.40',
            saleUnitPrice: '10.63',
            saleTotal: '10.63',
          }),
        ],
      }),
      [`PUT /api/quotes/${draft.id}`]: apiError(
        409,
        'conflict',
        'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.',
      ),
    });
    renderPage();

    await user.click(within(await card('DEV-2026-0002')).getByRole('button', { name: 'Modifier' }));
    const dialog = await findDialog('Modifier le devis DEV-2026-0002');
    await within(dialog).findByDisplayValue('1');
    await user.click(within(dialog).getByRole('button', { name: /Ajouter une ligne/ }));
    const [, added] = within(dialog).getAllByRole('listitem', { name: /^Ligne/ });
    await user.click(within(added!).getByRole('combobox', { name: 'Type de ressource' }));
    await pick(user, "Main-d'œuvre");
    await fill(user, within(added!).getByLabelText('Quantité'), '2');
    await fill(user, within(added!).getByLabelText('Prix unitaire (déboursé)'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    const toast = await toasts().findByText(/modifié entre-temps : rechargez-le puis recommencez/);
    expect(toast.closest('[role="status"]')).toHaveAttribute('data-variant', 'destructive');
    expect(writes(api)).toEqual([`PUT /api/quotes/${draft.id}`]);
    expect(api.calls(`PUT /api/quotes/${draft.id}`)[0]?.body).toMatchObject({
      version: 3,
      items: [
        { resourceType: 'materials', quantity: '1.000', unitPrice: '8.40', sortOrder: 0 },
        { resourceType: 'labor', quantity: '2.000', unitPrice: '150.00', sortOrder: 1 },
      ],
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  }, 45_000);

  it("shows a sent quote read-only under 'Voir', with a single 'Fermer'", async () => {
    const user = setupUser();
    const api = stub({ [`GET /api/quotes/${sent.id}`]: json({ ...sent, items: [] }) });
    renderPage();

    await user.click(
      within(await card('DEV-2026-0001')).getByRole('button', { name: 'Voir le devis DEV-2026-0001' }),
    );
    const dialog = await findDialog('Devis DEV-2026-0001');
    expect(within(dialog).getByLabelText('Titre')).toBeDisabled();
    expect(within(dialog).getByLabelText("Valide jusqu'au")).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: /Ajouter une ligne/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Annuler' })).toBeNull();
    // The footer's single button (the corner's cross is also named 'Fermer').
    const close = within(dialog)
      .getAllByRole('button', { name: 'Fermer' })
      .filter((button) => button.textContent === 'Fermer');
    expect(close).toHaveLength(1);
    await user.click(close[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(api)).toEqual([]);
  });

  it('lets a sent quote change only its status: Envoyé, Rejeté, Expiré (Validé is the « Bon pour accord »)', async () => {
    const user = setupUser();
    const api = stub({
      [`GET /api/quotes/${sent.id}`]: json({ ...sent, items: [] }),
      [`PUT /api/quotes/${sent.id}`]: json({ ...sent, status: 'rejected', version: 3 }),
    });
    renderPage();

    await user.click(
      within(await card('DEV-2026-0001')).getByRole('button', { name: 'Voir le devis DEV-2026-0001' }),
    );
    const dialog = await findDialog('Devis DEV-2026-0001');
    expect(within(dialog).getByLabelText('Titre')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: /Ajouter une ligne/ })).toBeNull();
    expect(dialog).toHaveTextContent(
      "Ce devis a été envoyé au client : son contenu ne peut plus être modifié, seul son statut peut passer à « Rejeté » ou « Expiré ». Son acceptation s'enregistre avec « Bon pour accord ».",
    );

    await user.click(within(dialog).getByRole('combobox', { name: 'Statut' }));
    await screen.findByTitle('Rejeté');
    expect(shownOptions()).toEqual(['Envoyé', 'Rejeté', 'Expiré']);
    await pick(user, 'Rejeté');
    // 'Enregistrer' appears once the chosen status differs (the form re-renders on the change).
    await user.click(await within(dialog).findByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Le devis a été mis à jour.')).toBeInTheDocument();
    expect(api.calls(`PUT /api/quotes/${sent.id}`)[0]?.body).toMatchObject({
      title: sent.title,
      clientId: client.id,
      status: 'rejected',
      version: 2,
    });
    expect(writes(api)).toEqual([`PUT /api/quotes/${sent.id}`]);
    expect(api.calls(`PUT /api/quotes/${sent.id}`)[0]?.body).not.toHaveProperty('items');
  });

  it("gives a new line the company's default VAT rate", async () => {
    const user = setupUser();
    stub({ 'GET /api/company': json(companyProfile({ defaultVatRate: '10.00' })) });
    renderPage();
    await card('DEV-2026-0002');

    await user.click(screen.getAllByRole('button', { name: /Nouveau Devis/ })[0]!);
    const dialog = await findDialog('Nouveau Devis');
    await user.click(within(dialog).getByRole('button', { name: /Ajouter une ligne/ }));
    const [line] = within(dialog).getAllByRole('listitem', { name: /^Ligne/ });
    expect(within(line!).getByRole('combobox', { name: 'TVA' }).closest('.ant-select')).toHaveTextContent(
      '10 %',
    );
  });

  it('shows every line at 0 % for a company under the franchise, with its mention', async () => {
    const user = setupUser();
    stub({ 'GET /api/company': json(companyProfile({ vatRegime: 'franchise' })) });
    renderPage();
    await card('DEV-2026-0002');

    await user.click(screen.getAllByRole('button', { name: /Nouveau Devis/ })[0]!);
    const dialog = await findDialog('Nouveau Devis');
    await user.click(within(dialog).getByRole('button', { name: /Ajouter une ligne/ }));
    const [line] = within(dialog).getAllByRole('listitem', { name: /^Ligne/ });
    await fill(user, within(line!).getByLabelText('Quantité'), '1');
    await fill(user, within(line!).getByLabelText('Prix unitaire (déboursé)'), '100');

    const rate = within(line!).getByRole('combobox', { name: 'TVA' });
    await waitFor(() => expect(rate).toBeDisabled());
    expect(rate.closest('.ant-select')).toHaveTextContent('0 %');
    const totals = within(dialog).getByLabelText('Totaux du devis');
    expect(totals).toHaveTextContent(/Total HT126,50\s€TVA 0 % sur 126,50\s€0,00\s€Total TTC126,50\s€/);
    expect(within(dialog).getByText(/TVA non applicable, art\. 293 B du CGI/)).toBeInTheDocument();
  });
});

describe('Devis: PDF', () => {
  const attachment = 'http://localhost:4569/documents/devis.pdf?response-content-disposition=attachment';
  const inline = 'http://localhost:4569/documents/devis.pdf?response-content-disposition=inline';
  const pdfRoute = (disposition: string) => `GET /api/quotes/${draft.id}/pdf?disposition=${disposition}`;

  /** The links the page followed (anchors clicked), since jsdom loads no page. */
  function followedLinks() {
    const followed: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(this.href);
    });
    return followed;
  }

  /** A tab `window.open` gives back, recording where it is sent. */
  function newTab() {
    const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    return { tab, open };
  }

  it('offers on every card the PDF download and preview, named by the quote', async () => {
    stub();
    renderPage();

    for (const number of ['DEV-2026-0002', 'DEV-2026-0001']) {
      const quote = await card(number);
      expect(
        within(quote).getByRole('button', { name: `Télécharger le PDF du devis ${number}` }),
      ).toHaveTextContent('Télécharger le PDF');
      expect(within(quote).getByRole('button', { name: `Aperçu du devis ${number}` })).toHaveTextContent(
        'Aperçu',
      );
    }
  });

  it('downloads: asks for the attachment link, busy meanwhile, then follows it without leaving the screen', async () => {
    const user = setupUser();
    const held = heldAnswer(json({ url: attachment }));
    const api = stub({ [pdfRoute('attachment')]: held.answer });
    const followed = followedLinks();
    renderPage();
    const quote = await card('DEV-2026-0002');
    const download = within(quote).getByRole('button', { name: 'Télécharger le PDF du devis DEV-2026-0002' });
    const preview = within(quote).getByRole('button', { name: 'Aperçu du devis DEV-2026-0002' });

    await user.click(download);
    await waitFor(() => expect(download).toHaveAttribute('aria-busy', 'true'));
    expect(preview).toBeDisabled();
    // A second click while the PDF is being made asks for nothing more.
    await user.click(download);
    expect(api.calls(pdfRoute('attachment'))).toHaveLength(1);

    held.release();
    await waitFor(() => expect(followed).toEqual([attachment]));
    await waitFor(() => expect(download).toHaveAttribute('aria-busy', 'false'));
    expect(preview).toBeEnabled();
    expect(api.calls(pdfRoute('attachment'))).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Devis' })).toBeInTheDocument();
  });

  it('previews in a tab opened during the click, sent to the inline link once it is known', async () => {
    const user = setupUser();
    const held = heldAnswer(json({ url: inline }));
    const api = stub({ [pdfRoute('inline')]: held.answer });
    const { tab, open } = newTab();
    renderPage();
    const quote = await card('DEV-2026-0002');
    const preview = within(quote).getByRole('button', { name: 'Aperçu du devis DEV-2026-0002' });

    await user.click(preview);
    // Opened before the answer: a popup blocker lets a tab opened by the click through.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await waitFor(() => expect(preview).toHaveAttribute('aria-busy', 'true'));
    expect(
      within(quote).getByRole('button', { name: 'Télécharger le PDF du devis DEV-2026-0002' }),
    ).toBeDisabled();

    held.release();
    await waitFor(() => expect(tab.location.href).toBe(inline));
    expect(api.calls(pdfRoute('inline'))).toHaveLength(1);
    expect(tab.close).not.toHaveBeenCalled();
  });

  it("says why the PDF cannot be had, with the request's reference, and closes the preview's tab", async () => {
    const user = setupUser();
    stub({
      [pdfRoute('inline')]: () =>
        Response.json(
          { error: 'internal_error', message: 'Une erreur interne est survenue.', reference: 'req-9a1f' },
          { status: 500, headers: { 'x-request-id': 'req-9a1f' } },
        ),
    });
    const { tab } = newTab();
    renderPage();
    const preview = within(await card('DEV-2026-0002')).getByRole('button', {
      name: 'Aperçu du devis DEV-2026-0002',
    });

    await user.click(preview);

    const toast = await toasts().findByText('Une erreur interne est survenue.');
    expect(toast.closest('[role="status"]')).toHaveAttribute('data-variant', 'destructive');
    expect(toasts().getByText('Référence : req-9a1f')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    await waitFor(() => expect(preview).toHaveAttribute('aria-busy', 'false'));
  });

  it("says 'Erreur lors du téléchargement du PDF' when the server gives no message, and follows no link", async () => {
    const user = setupUser();
    stub({ [pdfRoute('attachment')]: () => new Response('', { status: 502, statusText: 'Bad Gateway' }) });
    const followed = followedLinks();
    renderPage();

    await user.click(
      within(await card('DEV-2026-0002')).getByRole('button', {
        name: 'Télécharger le PDF du devis DEV-2026-0002',
      }),
    );

    expect(await toasts().findByText('Erreur lors du téléchargement du PDF')).toBeInTheDocument();
    expect(followed).toEqual([]);
  });
});
