import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { heldAnswer, json } from '../../../testing/api-stub';
import { press } from '../../../testing/keys';
import { toasts } from '../../../testing/render-app';
import { setupUser } from '../../../testing/user';
import { macon, mortier, mur, parpaing, searchItem } from '../../library/testing/library';
import { card, draft, fill, findDialog, item, pick, renderPage, replace, stub } from '../testing/quotes';

/**
 * The devis editor and the library (issue 28, LIBRARY.md's worked example): a line from the
 * library by typing (arrows, Enter, Escape) or from the side panel, lots with their subtotals,
 * rows moved by buttons (the focus follows) or dragged, the sous-détail changed in the devis,
 * « Enregistrer dans la bibliothèque », « Actualiser les prix » and the analysis panel.
 */

const wall = searchItem(mur);
const SEARCH_MUR = 'GET /api/library/search?q=mur&limit=8';
const OUVRAGE = `GET /api/library/ouvrages/${mur.id}`;

async function newQuote(user: ReturnType<typeof setupUser>) {
  await user.click(screen.getAllByRole('button', { name: /Nouveau Devis/ })[0]!);
  const dialog = await findDialog('Nouveau Devis');
  await fill(user, within(dialog).getByLabelText('Titre'), 'Extension Garnier');
  await user.click(within(dialog).getByRole('combobox', { name: 'Client' }));
  await pick(user, 'SCI Les Tilleuls');
  return dialog;
}

/** Adds a lot titled `title`: its title field has the focus at once. */
async function addLot(user: ReturnType<typeof setupUser>, dialog: HTMLElement, title: string) {
  await user.click(within(dialog).getByRole('button', { name: /Ajouter un lot/ }));
  await waitFor(() => expect(document.activeElement).toHaveAttribute('placeholder', 'Maçonnerie'));
  await user.paste(title);
}

/**
 * The dialog (or panel) titled `title` among those open: under tests antd names every dialog by the
 * same title id, so the name cannot tell them apart.
 */
async function dialogTitled(title: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen
      .getAllByRole('dialog')
      .find((dialog) => dialog.querySelector('.ant-modal-title, .ant-drawer-title')?.textContent === title);
    expect(found).toBeDefined();
  });
  return found!;
}

const line = (dialog: HTMLElement, number: string) =>
  within(within(dialog).getByRole('listitem', { name: `Ligne ${number}` }));

/** Takes the wall from the library in the line's description: typed, arrow down, Enter. */
async function takeWall(user: ReturnType<typeof setupUser>, dialog: HTMLElement, number: string) {
  await user.click(line(dialog, number).getByLabelText('Description'));
  await user.keyboard('mur');
  expect(
    await screen.findByText('Ouvrage · MAC-020 · Gros œuvre › Maçonnerie · 50,83 € / m²'),
  ).toBeInTheDocument();
  await press('ArrowDown');
  await press('Enter');
  await waitFor(() =>
    expect(line(dialog, number).getByLabelText('Prix unitaire (déboursé)')).toHaveValue('50,83'),
  );
}

describe('Devis built from the library', () => {
  it('takes an ouvrage by the keyboard in a lot: one line with its components, priced to the cent, sent in one call', async () => {
    const user = setupUser();
    const api = stub({
      [SEARCH_MUR]: json([wall]),
      [OUVRAGE]: json(mur),
      'POST /api/quotes': json({ ...draft, id: '3a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a09' }, 201),
    });
    renderPage();
    await card('DEV-2026-0002');
    const dialog = await newQuote(user);

    await addLot(user, dialog, 'Maçonnerie');
    await user.click(within(dialog).getByRole('button', { name: /Ajouter une ligne/ }));
    await takeWall(user, dialog, '1.1');
    await fill(user, line(dialog, '1.1').getByLabelText('Quantité'), '42,5');

    // LIBRARY.md: 50.83 × 1.265 = 64.30 a m², × 42.5 = 2,732.75 HT; the lot's subtotal follows.
    expect(within(dialog).getByLabelText('Montants de la ligne 1.1')).toHaveTextContent(
      /Prix de vente unitaire HT64,30\s€Total vente HT2\s732,75\s€/,
    );
    expect(within(dialog).getByRole('listitem', { name: 'Lot 1' })).toHaveTextContent(
      /Sous-total HT\s*2\s732,75\s€/,
    );
    // The ouvrage's price is its components' déboursé: not typed over.
    expect(line(dialog, '1.1').getByLabelText('Prix unitaire (déboursé)')).toHaveAttribute('readonly');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le devis' }));

    expect(await toasts().findByText('Le devis a été créé avec succès.')).toBeInTheDocument();
    const [heading, wallLine] =
      (api.calls('POST /api/quotes')[0]?.body as { items: object[] } | undefined)?.items ?? [];
    expect(heading).toEqual({ kind: 'heading', section: '1', title: 'Maçonnerie' });
    expect(wallLine).toMatchObject({
      section: '1',
      ouvrageId: mur.id,
      description: 'Mur en parpaings de 20',
      unit: 'm²',
      quantity: '42.500',
      unitPrice: '50.83',
      resourceType: 'labor',
      components: [
        {
          articleId: parpaing.id,
          designation: 'Parpaing 20×20×50',
          quantity: '10.000',
          lossRate: '5.00',
          unitCost: '1.48',
          resourceType: 'materials',
        },
        { articleId: mortier.id, quantity: '0.015', lossRate: '10.00', unitCost: '142.60' },
        { articleId: macon.id, quantity: '0.850', unitCost: '38.75', resourceType: 'labor' },
      ],
    });
  }, 60_000);

  it('gives an ouvrage’s line its resource type at once, while its components are still being read', async () => {
    const user = setupUser();
    const ouvrage = heldAnswer(json(mur));
    stub({ [SEARCH_MUR]: json([wall]), [OUVRAGE]: ouvrage.answer });
    renderPage();
    await card('DEV-2026-0002');
    const dialog = await newQuote(user);

    await user.click(within(dialog).getByRole('button', { name: /Ajouter une ligne/ }));
    await takeWall(user, dialog, '1');
    // The search's type (the ouvrage's largest cost: labour): no « Le type de ressource est requis »
    // if the devis is saved before the sous-détail arrives.
    expect(
      line(dialog, '1').getByRole('combobox', { name: 'Type de ressource' }).closest('.ant-select'),
    ).toHaveTextContent("Main-d'œuvre");
    const price = line(dialog, '1').getByLabelText('Prix unitaire (déboursé)');
    expect(price).not.toHaveAttribute('readonly');

    // Its components read: the price is theirs (read-only), the type still the ouvrage's.
    ouvrage.release();
    await waitFor(() => expect(price).toHaveAttribute('readonly'));
    expect(
      line(dialog, '1').getByRole('combobox', { name: 'Type de ressource' }).closest('.ant-select'),
    ).toHaveTextContent("Main-d'œuvre");
  }, 60_000);

  it('closes the results with Escape, keeping the text typed and the dialog open', async () => {
    const user = setupUser();
    stub({ [SEARCH_MUR]: json([wall]) });
    renderPage();
    await card('DEV-2026-0002');
    const dialog = await newQuote(user);
    await user.click(within(dialog).getByRole('button', { name: /Ajouter une ligne/ }));

    await user.click(line(dialog, '1').getByLabelText('Description'));
    await user.keyboard('mur');
    const result = await screen.findByText('Mur en parpaings de 20', { selector: 'span' });
    await press('Escape');

    expect(result).toBeInTheDocument();
    const description = line(dialog, '1').getByLabelText('Description');
    await waitFor(() => expect(description).toHaveAttribute('aria-expanded', 'false'));
    expect(description).toHaveValue('mur');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  }, 60_000);

  it('moves a line to the next lot with its buttons, the focus following; numbers and subtotals follow; a drag does the same', async () => {
    const user = setupUser();
    const detail = {
      ...draft,
      items: [
        item('4a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01', {
          description: 'Mur',
          quantity: '1.000',
          unitPrice: '100.00',
          totalPrice: '100.00',
          saleUnitPrice: '126.50',
          saleTotal: '126.50',
          section: '1',
        }),
        item('4a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a02', {
          description: 'Enduit',
          quantity: '1.000',
          unitPrice: '10.00',
          totalPrice: '10.00',
          saleUnitPrice: '12.65',
          saleTotal: '12.65',
          section: '2',
          sortOrder: 1,
        }),
      ],
      sections: [
        { section: '1', title: 'Maçonnerie', totalHT: '126.50' },
        { section: '2', title: 'Enduits', totalHT: '12.65' },
      ],
    };
    stub({ [`GET /api/quotes/${draft.id}`]: json(detail) });
    renderPage();
    await user.click(within(await card('DEV-2026-0002')).getByRole('button', { name: 'Modifier' }));
    const dialog = await findDialog('Modifier le devis DEV-2026-0002');
    const lot = (name: string) => within(dialog).getByRole('listitem', { name });
    expect(line(dialog, '1.1').getByLabelText('Description')).toHaveValue('Mur');
    expect(lot('Lot 2')).toHaveTextContent(/Sous-total HT\s*12,65\s€/);

    await user.click(line(dialog, '1.1').getByRole('button', { name: 'Descendre la ligne 1.1' }));

    // Below the heading of lot 2 now: its first line.
    expect(line(dialog, '2.1').getByLabelText('Description')).toHaveValue('Mur');
    expect(line(dialog, '2.2').getByLabelText('Description')).toHaveValue('Enduit');
    expect(lot('Lot 1')).toHaveTextContent(/Sous-total HT\s*0,00\s€/);
    expect(lot('Lot 2')).toHaveTextContent(/Sous-total HT\s*139,15\s€/);
    await waitFor(() =>
      expect(line(dialog, '2.1').getByRole('button', { name: 'Descendre la ligne 2.1' })).toHaveFocus(),
    );

    // Dragged back above the heading of lot 2 (its handle, then the row it lands on).
    const handle = within(dialog)
      .getByRole('listitem', { name: 'Ligne 2.1' })
      .querySelector('[draggable="true"]')!;
    fireEvent.dragStart(handle, { dataTransfer: { setData: () => undefined, effectAllowed: 'move' } });
    fireEvent.dragOver(lot('Lot 2'), { dataTransfer: { dropEffect: 'move' } });
    fireEvent.drop(lot('Lot 2'), { dataTransfer: {} });
    expect(line(dialog, '1.1').getByLabelText('Description')).toHaveValue('Mur');
    expect(lot('Lot 1')).toHaveTextContent(/Sous-total HT\s*126,50\s€/);
  }, 60_000);

  it('changes the sous-détail inside the devis (a quantity, one more article): the line’s cost follows', async () => {
    const user = setupUser();
    stub({
      [SEARCH_MUR]: json([wall]),
      [OUVRAGE]: json(mur),
      'GET /api/library/search?q=parp&limit=8': json([searchItem(parpaing)]),
    });
    renderPage();
    await card('DEV-2026-0002');
    const dialog = await newQuote(user);
    await user.click(within(dialog).getByRole('button', { name: /Ajouter une ligne/ }));
    await takeWall(user, dialog, '1');
    await fill(user, line(dialog, '1').getByLabelText('Quantité'), '10');

    await user.click(
      line(dialog, '1').getByRole('button', { name: 'Sous-détail de la ligne 1 (3 composants)' }),
    );
    const mason = within(line(dialog, '1').getByRole('listitem', { name: 'Composant 3. Maçon N3P2' }));
    await replace(user, mason.getByLabelText('Quantité par m²'), '1');
    // 15.54 + 2.35 + 38.75
    expect(line(dialog, '1').getByLabelText('Prix unitaire (déboursé)')).toHaveValue('56,64');

    await user.click(line(dialog, '1').getByLabelText('Ajouter un article à la ligne 1'));
    await user.keyboard('parp');
    await screen.findByText('Matériaux · PAR2050 · Gros œuvre › Maçonnerie · 1,48 € / u');
    await press('ArrowDown');
    await press('Enter');
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Quantité par m²'));
    await user.keyboard('1');
    expect(line(dialog, '1').getByLabelText('Prix unitaire (déboursé)')).toHaveValue('58,12');
    expect(within(dialog).getByLabelText('Montants de la ligne 1')).toHaveTextContent(/Déboursé581,20\s€/);
  }, 60_000);

  it('saves a line’s sous-détail as a new ouvrage of the library', async () => {
    const user = setupUser();
    const saved = {
      ...mur,
      id: '7a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a0f',
      designation: 'Mur de clôture',
      code: undefined,
    };
    const api = stub({
      [SEARCH_MUR]: json([wall]),
      [OUVRAGE]: json(mur),
      'POST /api/library/ouvrages': json(saved, 201),
    });
    renderPage();
    await card('DEV-2026-0002');
    const dialog = await newQuote(user);
    await user.click(within(dialog).getByRole('button', { name: /Ajouter une ligne/ }));
    await takeWall(user, dialog, '1');
    await user.click(line(dialog, '1').getByRole('button', { name: /^Sous-détail de la ligne 1/ }));
    await user.click(line(dialog, '1').getByRole('button', { name: 'Enregistrer dans la bibliothèque' }));

    const ouvrageDialog = await dialogTitled('Nouvel ouvrage');
    const form = within(ouvrageDialog);
    expect(form.getByLabelText('Désignation')).toHaveValue('Mur en parpaings de 20');
    await replace(user, form.getByLabelText('Désignation'), 'Mur de clôture');
    await user.click(form.getByRole('button', { name: "Créer l'ouvrage" }));

    expect(await toasts().findByText('Ouvrage créé')).toBeInTheDocument();
    expect(api.calls('POST /api/library/ouvrages')[0]?.body).toEqual({
      designation: 'Mur de clôture',
      unit: 'm²',
      components: [
        { articleId: parpaing.id, quantity: '10.000', lossRate: '5.00' },
        { articleId: mortier.id, quantity: '0.015', lossRate: '10.00' },
        { articleId: macon.id, quantity: '0.850' },
      ],
    });
  }, 60_000);

  it('inserts from the side panel at the end of the devis, and says so', async () => {
    const user = setupUser();
    stub({ 'GET /api/library/search?q=ma%C3%A7on&limit=30': json([searchItem(macon)]) });
    renderPage();
    await card('DEV-2026-0002');
    const dialog = await newQuote(user);
    await addLot(user, dialog, 'Maçonnerie');

    await user.click(within(dialog).getByRole('button', { name: /Bibliothèque/ }));
    const panel = within(await dialogTitled('Bibliothèque'));
    await user.type(panel.getByRole('searchbox', { name: 'Rechercher dans la bibliothèque' }), 'maçon');
    await user.click(await panel.findByRole('button', { name: 'Insérer Maçon N3P2' }));

    expect(panel.getByRole('status')).toHaveTextContent('« Maçon N3P2 » ajouté : ligne 1.1.');
    const added = line(dialog, '1.1');
    expect(added.getByLabelText('Description')).toHaveValue('Maçon N3P2');
    expect(added.getByLabelText('Unité')).toHaveValue('h');
    expect(added.getByLabelText('Prix unitaire (déboursé)')).toHaveValue('38,75');
  }, 60_000);
});

describe('Actualiser les prix and the analysis', () => {
  const storedComponents = [
    {
      articleId: parpaing.id,
      designation: 'Parpaing 20×20×50',
      unit: 'u',
      resourceType: 'materials',
      quantity: '10.000',
      lossRate: '5.00',
      unitCost: '1.48',
    },
    {
      articleId: mortier.id,
      designation: 'Mortier bâtard',
      unit: 'm³',
      resourceType: 'materials',
      quantity: '0.015',
      lossRate: '10.00',
      unitCost: '142.60',
    },
    {
      articleId: macon.id,
      designation: 'Maçon N3P2',
      unit: 'h',
      resourceType: 'labor',
      quantity: '0.850',
      unitCost: '38.75',
    },
  ];
  const stored = {
    ...draft,
    overheadPercentage: '10.00',
    marginPercentage: '15.00',
    items: [
      item('4a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01', {
        description: 'Mur en parpaings de 20',
        resourceType: 'labor',
        unit: 'm²',
        quantity: '42.500',
        unitPrice: '50.83',
        totalPrice: '2160.28',
        saleUnitPrice: '64.30',
        saleTotal: '2732.75',
        vatRate: '10.00',
        ouvrageId: mur.id,
        section: '1',
        components: storedComponents,
      }),
    ],
    sections: [{ section: '1', title: 'Maçonnerie', totalHT: '2732.75' }],
  };
  const refreshedItem = {
    ...stored.items[0]!,
    unitPrice: '51.98',
    totalPrice: '2209.15',
    saleUnitPrice: '65.75',
    saleTotal: '2794.38',
    components: storedComponents.map((component) =>
      component.articleId === macon.id ? { ...component, unitCost: '40.10' } : component,
    ),
  };
  const preview = {
    lines: [
      {
        itemId: stored.items[0]!.id,
        description: 'Mur en parpaings de 20',
        outcome: 'updated',
        missing: 0,
        old: { unitPrice: '50.83', saleUnitPrice: '64.30', saleTotal: '2732.75' },
        new: { unitPrice: '51.98', saleUnitPrice: '65.75', saleTotal: '2794.38' },
      },
    ],
    old: { subtotalAmount: '2160.28', totalAmount: '2732.75', vatAmount: '273.28', totalWithVat: '3006.03' },
    new: { subtotalAmount: '2209.15', totalAmount: '2794.38', vatAmount: '279.44', totalWithVat: '3073.82' },
    changed: 1,
    quote: null,
  };

  it('previews old → new per line and in total, then applies: the editor shows the new prices and saves with the new version', async () => {
    const user = setupUser();
    const api = stub({
      [`GET /api/quotes/${draft.id}`]: json(stored),
      [`POST /api/quotes/${draft.id}/refresh-prices`]: (request) =>
        Response.json(
          (request.body as { apply?: boolean }).apply === true
            ? {
                ...preview,
                quote: {
                  ...stored,
                  version: 4,
                  items: [refreshedItem],
                  sections: [{ section: '1', title: 'Maçonnerie', totalHT: '2794.38' }],
                },
              }
            : preview,
        ),
      [`PUT /api/quotes/${draft.id}`]: json({ ...draft, version: 5 }),
    });
    renderPage();
    await user.click(within(await card('DEV-2026-0002')).getByRole('button', { name: 'Modifier' }));
    const dialog = await findDialog('Modifier le devis DEV-2026-0002');

    await user.click(within(dialog).getByRole('button', { name: /Actualiser les prix/ }));
    const refresh = within(await dialogTitled('Actualiser les prix du devis DEV-2026-0002'));
    const lines = refresh.getByRole('list', { name: 'Lignes actualisées' });
    expect(lines).toHaveTextContent(/Déboursé unitaire50,83\s€ → 51,98\s€/);
    expect(lines).toHaveTextContent(/Prix de vente unitaire HT64,30\s€ → 65,75\s€/);
    expect(lines).toHaveTextContent(/Total vente HT2\s732,75\s€ → 2\s794,38\s€/);
    expect(refresh.getByLabelText('Totaux actualisés')).toHaveTextContent(
      /Total TTC3\s006,03\s€ → 3\s073,82\s€/,
    );
    expect(api.calls(`POST /api/quotes/${draft.id}/refresh-prices`)[0]?.body).toEqual({});

    await user.click(refresh.getByRole('button', { name: 'Appliquer les nouveaux prix' }));
    expect(await toasts().findByText('Les prix du devis ont été actualisés.')).toBeInTheDocument();
    expect(api.calls(`POST /api/quotes/${draft.id}/refresh-prices`)[1]?.body).toEqual({
      apply: true,
      version: 3,
    });
    await waitFor(() =>
      expect(line(dialog, '1.1').getByLabelText('Prix unitaire (déboursé)')).toHaveValue('51,98'),
    );
    expect(within(dialog).getByLabelText('Montants de la ligne 1.1')).toHaveTextContent(
      /Total vente HT2\s794,38\s€/,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await toasts().findByText('Le devis a été mis à jour.')).toBeInTheDocument();
    expect(api.calls(`PUT /api/quotes/${draft.id}`)[0]?.body).toMatchObject({ version: 4 });
  }, 60_000);

  it('shows the déboursé by resource type, the hours of labour, K and the margin', async () => {
    const user = setupUser();
    stub({ [`GET /api/quotes/${draft.id}`]: json(stored) });
    renderPage();
    await user.click(within(await card('DEV-2026-0002')).getByRole('button', { name: 'Modifier' }));
    const dialog = await findDialog('Modifier le devis DEV-2026-0002');

    await user.click(within(dialog).getByText('Analyse du devis'));
    // The line's 2,160.28 € split across its components' costs (15.54 + 2.35 materials, 32.94 labour).
    const byType = within(dialog).getByLabelText('Déboursé par type de ressource');
    expect(byType).toHaveTextContent(/Matériaux760,33\s€/);
    expect(byType).toHaveTextContent(/Main-d'œuvre1\s399,95\s€/);
    expect(byType).toHaveTextContent(/Déboursé sec2\s160,28\s€/);
    const figures = within(dialog).getByLabelText('Indicateurs du devis');
    // 0.850 h × 42.5 m²; K = 2,732.75 / 2,160.28.
    expect(figures).toHaveTextContent("Heures de main-d'œuvre36,125 h");
    expect(figures).toHaveTextContent('Coefficient K (vente HT ÷ déboursé)1,265');
    expect(figures).toHaveTextContent(/Marge356,44\s€/);
  }, 60_000);
});
