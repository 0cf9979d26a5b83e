import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, json } from '../../../testing/api-stub';
import { press } from '../../../testing/keys';
import { toasts } from '../../../testing/render-app';
import { setupUser } from '../../../testing/user';
import { fill, pick, replace } from '../../quotes/testing/quotes';
import { macon, mortier, mur, parpaing, renderPage, searchItem, stub, supplier } from '../testing/library';

const card = async (name: string) => (await screen.findByRole('article', { name })) as HTMLElement;

describe('Bibliothèque: articles', () => {
  it('shows each article with its cost per unit, reference, supplier, family and catalogue status', async () => {
    stub();
    renderPage();

    const first = within(await card('Article Parpaing 20×20×50'));
    expect(first.getByRole('heading', { name: 'Parpaing 20×20×50' })).toBeInTheDocument();
    expect(first.getByText('1,48 € / u')).toBeInTheDocument();
    expect(first.getByText('PAR2050')).toBeInTheDocument();
    expect(first.getByText(supplier.name)).toBeInTheDocument();
    expect(first.getByText('Matériaux')).toBeInTheDocument();
    expect(first.queryByText('Hors catalogue')).not.toBeInTheDocument();
    const retired = within(await card('Article Mortier bâtard'));
    expect(retired.getByText('Hors catalogue')).toBeInTheDocument();
    expect(retired.getByText('142,60 € / m³')).toBeInTheDocument();
    expect(
      within(await card('Article Maçon N3P2')).getByText("Main-d'œuvre", { selector: '.ant-tag' }),
    ).toBeInTheDocument();
  }, 30_000);

  it('narrows the list to a family of the tree, then searches it on the server as one types', async () => {
    const user = setupUser();
    const api = stub({
      'GET /api/library/articles?family=Gros+%C5%93uvre&limit=50': json([parpaing, mortier]),
      'GET /api/library/articles?q=parp&family=Gros+%C5%93uvre&limit=50': json([parpaing]),
    });
    renderPage();
    await card('Article Maçon N3P2');

    const families = screen.getByRole('navigation', { name: 'Familles' });
    // Folded above the list on a phone (jsdom has no desktop width).
    await user.click(within(families).getByText('Familles'));
    expect(within(families).getByRole('button', { name: 'Toutes les familles' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await user.click(within(families).getByRole('button', { name: 'Gros œuvre, 2 articles' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Article Maçon N3P2' })).not.toBeInTheDocument(),
    );
    // The branch chosen opens on its sub-families.
    expect(within(families).getByRole('button', { name: 'Maçonnerie, 2 articles' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'parp');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Article Mortier bâtard' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Article Parpaing 20×20×50' })).toBeInTheDocument();
    // Once typing paused: one search, not one per key.
    expect(api.calls('GET /api/library/articles?q=parp&family=Gros+%C5%93uvre&limit=50')).toHaveLength(1);
    expect(
      api.sent.filter((request) => request.path.includes('q=pa&') || request.path.includes('q=p&')),
    ).toEqual([]);
  }, 30_000);

  it('creates an article with the shared schema’s rules, and shows what is missing first', async () => {
    const user = setupUser();
    const api = stub({
      'POST /api/library/articles': json({ ...macon, id: '6a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a09' }, 201),
    });
    renderPage();
    await card('Article Maçon N3P2');

    await user.click(screen.getByRole('button', { name: 'Nouvel article' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: "Créer l'article" }));
    expect(await dialog.findByText('La désignation est requise')).toBeInTheDocument();
    expect(api.calls('POST /api/library/articles')).toEqual([]);

    await fill(user, dialog.getByLabelText('Désignation'), 'Maçon N3P2');
    await user.click(dialog.getByRole('combobox', { name: 'Type de ressource' }));
    await pick(user, "Main-d'œuvre");
    await fill(user, dialog.getByLabelText('Unité'), 'h');
    await fill(user, dialog.getByLabelText('Coût unitaire HT (€)'), '38,75');
    await user.click(dialog.getByRole('button', { name: "Créer l'article" }));

    expect(await toasts().findByText('Article créé')).toBeInTheDocument();
    expect(api.calls('POST /api/library/articles')[0]?.body).toMatchObject({
      designation: 'Maçon N3P2',
      resourceType: 'labor',
      unit: 'h',
      unitCost: '38.75',
      status: 'active',
    });
  }, 30_000);

  it('says which ouvrage still uses an article it cannot delete (the server’s 409)', async () => {
    const user = setupUser();
    stub({
      [`DELETE /api/library/articles/${parpaing.id}`]: apiError(
        409,
        'conflict',
        "Cet article est utilisé par l'ouvrage « Mur en parpaings de 20 » : retirez-le d'abord de ces ouvrages.",
      ),
    });
    renderPage();

    await user.click(
      within(await card('Article Parpaing 20×20×50')).getByRole('button', {
        name: 'Supprimer Parpaing 20×20×50',
      }),
    );
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));

    expect(
      await toasts().findByText(
        "Cet article est utilisé par l'ouvrage « Mur en parpaings de 20 » : retirez-le d'abord de ces ouvrages.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Article Parpaing 20×20×50' })).toBeInTheDocument();
  }, 30_000);
});

describe('Bibliothèque: ouvrages', () => {
  async function openOuvrage(user: ReturnType<typeof setupUser>, button: string) {
    await user.click(
      within(await card('Ouvrage Mur en parpaings de 20')).getByRole('button', { name: button }),
    );
    return within(await screen.findByRole('dialog'));
  }

  it('shows each ouvrage with its déboursé sec unitaire and its components', async () => {
    stub();
    renderPage('/library?vue=ouvrages');

    const mine = within(await card('Ouvrage Mur en parpaings de 20'));
    expect(mine.getByText('50,83 € / m²')).toBeInTheDocument();
    expect(mine.getByText('MAC-020')).toBeInTheDocument();
    expect(mine.getByText('3 composants')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouvel ouvrage' })).toBeInTheDocument();
  }, 30_000);

  it('computes the déboursé live from the components (loss rates included), adds one by the keyboard and saves', async () => {
    const user = setupUser();
    const api = stub({
      'GET /api/library/search?q=parp&limit=8': json([searchItem(parpaing)]),
      [`PUT /api/library/ouvrages/${mur.id}`]: json({ ...mur, version: 2 }),
    });
    renderPage('/library?vue=ouvrages');
    const dialog = await openOuvrage(user, 'Modifier Mur en parpaings de 20');

    const components = within(dialog.getByRole('list', { name: 'Composants' }));
    const total = dialog.getByText('Déboursé sec unitaire').parentElement!;
    // 15.54 + 2.35 + 32.94 (LIBRARY.md's worked example).
    expect(total).toHaveTextContent('50,83 € par m²');
    const mason = within(components.getByRole('listitem', { name: 'Composant 3. Maçon N3P2' }));
    expect(mason.getByLabelText('Quantité par m²')).toHaveValue('0,85');
    expect(mason.getByText('32,94 €')).toBeInTheDocument();
    await replace(user, mason.getByLabelText('Quantité par m²'), '1');
    expect(mason.getByText('38,75 €')).toBeInTheDocument();
    expect(total).toHaveTextContent('56,64 € par m²');

    // A fourth component by the keyboard: type, arrow down, Enter; then its quantity gets the focus.
    const add = dialog.getByLabelText('Ajouter un composant');
    await user.click(add);
    await user.keyboard('parp');
    await screen.findByText('Parpaing 20×20×50', { selector: 'span' });
    await press('ArrowDown');
    await press('Enter');
    const added = within(await components.findByRole('listitem', { name: 'Composant 4. Parpaing 20×20×50' }));
    await waitFor(() => expect(added.getByLabelText('Quantité par m²')).toHaveFocus());
    await user.keyboard('2');
    await user.type(added.getByLabelText('Perte (%)'), '5');
    // 2 × 1.05 × 1.48 = 3.108 → 3.11.
    expect(added.getByText('3,11 €')).toBeInTheDocument();
    expect(total).toHaveTextContent('59,75 € par m²');

    await user.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    expect(await toasts().findByText('Ouvrage mis à jour')).toBeInTheDocument();
    expect(api.calls(`PUT /api/library/ouvrages/${mur.id}`)[0]?.body).toEqual({
      code: 'MAC-020',
      designation: 'Mur en parpaings de 20',
      unit: 'm²',
      family: 'Gros œuvre › Maçonnerie',
      components: [
        { articleId: parpaing.id, quantity: '10.000', lossRate: '5.00' },
        { articleId: mortier.id, quantity: '0.015', lossRate: '10.00' },
        { articleId: macon.id, quantity: '1.000' },
        { articleId: parpaing.id, quantity: '2.000', lossRate: '5.00' },
      ],
      version: 1,
    });
  }, 60_000);

  it('shows the server’s refusal (a cycle) on the component it names', async () => {
    const user = setupUser();
    stub({
      [`PUT /api/library/ouvrages/${mur.id}`]: apiError(400, 'validation_error', 'Données invalides', [
        {
          path: 'components.1.articleId',
          message:
            'Cet ouvrage contient déjà « Mur en parpaings de 20 » : un ouvrage ne peut pas se contenir lui-même.',
        },
      ]),
    });
    renderPage('/library?vue=ouvrages');
    const dialog = await openOuvrage(user, 'Modifier Mur en parpaings de 20');

    await user.click(dialog.getByRole('button', { name: 'Enregistrer' }));

    const second = within(await dialog.findByRole('listitem', { name: 'Composant 2. Mortier bâtard' }));
    expect(
      await second.findByText(
        'Cet ouvrage contient déjà « Mur en parpaings de 20 » : un ouvrage ne peut pas se contenir lui-même.',
      ),
    ).toBeInTheDocument();
    expect(second.getByLabelText('Quantité par m²')).toHaveAttribute('aria-invalid', 'true');
  }, 30_000);

  it('duplicates an ouvrage as a new one, its code left to type', async () => {
    const user = setupUser();
    const api = stub({
      'POST /api/library/ouvrages': json({ ...mur, id: '7a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a09' }, 201),
    });
    renderPage('/library?vue=ouvrages');
    const dialog = await openOuvrage(user, 'Dupliquer Mur en parpaings de 20');

    expect(dialog.getByText('Nouvel ouvrage')).toBeInTheDocument();
    expect(dialog.getByLabelText('Désignation')).toHaveValue('Mur en parpaings de 20 (copie)');
    expect(dialog.getByLabelText('Code')).toHaveValue('');
    await user.click(dialog.getByRole('button', { name: "Créer l'ouvrage" }));

    expect(await toasts().findByText('Ouvrage créé')).toBeInTheDocument();
    const body = api.calls('POST /api/library/ouvrages')[0]?.body as { code?: string; components: unknown[] };
    expect(body).toMatchObject({ designation: 'Mur en parpaings de 20 (copie)' });
    expect(body.code).toBeUndefined();
    expect(body.components).toHaveLength(3);
  }, 30_000);
});
