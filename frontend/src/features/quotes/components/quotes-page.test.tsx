import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, json, stubApi, type Routes } from '../../../testing/api-stub';
import { renderWithProviders, toasts } from '../../../testing/render-app';
import { setupUser } from '../../../testing/user';
import { QuotesPage } from './quotes-page';

const companyId = '0f0e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01';
const client = { id: '1a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01', name: 'SCI Les Tilleuls' };
const project = { id: '2a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01', name: 'Maison Dupont' };
const stamps = { companyId, createdAt: '2026-11-20T09:00:00.000Z', updatedAt: '2026-11-20T09:00:00.000Z' };

const draft = {
  ...stamps,
  id: '3a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01',
  number: 'DEV-2026-0002',
  status: 'draft',
  title: 'Rénovation salle de bains',
  description: 'Dépose et pose',
  clientId: client.id,
  projectId: project.id,
  overheadPercentage: '10.00',
  marginPercentage: '15.00',
  subtotalAmount: '405.00',
  overheadAmount: '40.50',
  marginAmount: '66.83',
  totalAmount: '1512.33',
  validUntil: '2026-12-31',
  version: 3,
  client,
  project,
};
const sent = {
  ...draft,
  id: '3a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a02',
  number: 'DEV-2026-0001',
  status: 'sent',
  title: 'Extension garage',
  description: undefined,
  projectId: undefined,
  project: undefined,
  totalAmount: '0.00',
  validUntil: undefined,
  sentAt: '2026-11-22T09:12:00.000Z',
  version: 2,
};

const item = (id: string, changes: Record<string, unknown>) => ({
  ...stamps,
  id,
  quoteId: draft.id,
  resourceType: 'materials',
  sortOrder: 0,
  ...changes,
});

function stub(overrides: Routes = {}) {
  return stubApi({
    'GET /api/quotes': json([draft, sent]),
    'GET /api/clients': json([{ ...stamps, ...client, country: 'France', version: 1 }]),
    'GET /api/projects': json([
      { ...stamps, ...project, clientId: client.id, status: 'planning', progress: 0, version: 1 },
    ]),
    ...overrides,
  });
}

function renderPage() {
  renderWithProviders(<QuotesPage title="Devis" subtitle="Devis de vos clients" />);
}

async function card(number: string) {
  return (await screen.findByRole('article', { name: `Devis ${number}` })) as HTMLElement;
}

/** Types a value at once (keystroke by keystroke is slow with antd under jsdom). */
async function fill(user: ReturnType<typeof setupUser>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** Clicks an option of the open select (antd keeps the popups of the selects opened before). */
async function pick(user: ReturnType<typeof setupUser>, title: string) {
  const options = await screen.findAllByTitle(title);
  await user.click(options[options.length - 1]!);
}

/** The options of the select popup open now. */
function shownOptions() {
  const popups = document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const popup = popups[popups.length - 1];
  return [...(popup?.querySelectorAll('.ant-select-item-option') ?? [])].map((option) =>
    option.getAttribute('title'),
  );
}

/** The writes the SPA sent, in order ("PUT /api/quotes/…"). */
function writes(api: ReturnType<typeof stub>) {
  return api.sent
    .filter((request) => request.method !== 'GET')
    .map((request) => `${request.method} ${request.path}`);
}

async function findDialog(title: string) {
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText(title);
  return dialog;
}

describe('Devis', () => {
  it('shows each quote: number, French status, title, description, client, project, total, dates', async () => {
    stub();
    renderPage();

    const first = await card('DEV-2026-0002');
    expect(first).toHaveTextContent('Brouillon');
    expect(first).toHaveTextContent('Rénovation salle de bains');
    expect(first).toHaveTextContent('Dépose et pose');
    expect(first).toHaveTextContent('SCI Les Tilleuls');
    expect(first).toHaveTextContent('Maison Dupont');
    expect(first).toHaveTextContent(/1\s512,33\s€/);
    expect(first).toHaveTextContent('31/12/2026');

    const second = await card('DEV-2026-0001');
    expect(second).toHaveTextContent('Envoyé');
    expect(second).toHaveTextContent('Aucun projet');
    expect(second).toHaveTextContent(/0,00\s€/);
    expect(second).toHaveTextContent('Envoyé le22/11/2026');
  });

  it("offers 'Envoyer' for drafts only, 'Modifier' for every quote", async () => {
    stub();
    renderPage();

    const first = await card('DEV-2026-0002');
    const second = await card('DEV-2026-0001');
    expect(within(first).getByRole('button', { name: 'Envoyer' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Envoyer' })).toBeNull();
    expect(within(second).getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: /Supprimer/ })).toBeNull();
  });

  it("shows 'Chargement...' while loading, then the empty state", async () => {
    stub({ 'GET /api/quotes': json([]) });
    renderPage();

    expect(screen.getByText('Chargement...')).toBeInTheDocument();
    expect(await screen.findByText('Aucun devis')).toBeInTheDocument();
  });

  it('sends a draft with the version read, then refreshes the list', async () => {
    const user = setupUser();
    const api = stub({
      'POST /api/quotes/3a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01/send': json({ ...draft, status: 'sent' }),
    });
    renderPage();

    await user.click(within(await card('DEV-2026-0002')).getByRole('button', { name: 'Envoyer' }));
    await user.click(await screen.findByRole('button', { name: "Confirmer l'envoi" }));

    expect(await toasts().findByText('Le devis a été envoyé.')).toBeInTheDocument();
    expect(api.calls(`POST /api/quotes/${draft.id}/send`)[0]?.body).toEqual({ version: 3 });
    await waitFor(() => expect(api.calls('GET /api/quotes')).toHaveLength(2));
  });

  it('shows the server message when sending fails', async () => {
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
    await user.click(await screen.findByRole('button', { name: "Confirmer l'envoi" }));

    const toast = await toasts().findByText(/seul un devis en brouillon peut être envoyé/);
    expect(toast.closest('[role="status"]')).toHaveAttribute('data-variant', 'destructive');
  });

  it('creates a quote with two lines, totals following what is typed, in one call', async () => {
    const user = setupUser();
    const created = {
      ...draft,
      id: '3a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a09',
      number: 'DEV-2026-0003',
      version: 1,
      totalAmount: '512.33',
    };
    const api = stub({ 'POST /api/quotes': json(created, 201) });
    renderPage();
    await card('DEV-2026-0002');

    await user.click(screen.getAllByRole('button', { name: /Nouveau Devis/ })[0]!);
    const dialog = await findDialog('Nouveau Devis');
    expect(within(dialog).getByLabelText('Frais généraux (%)')).toHaveValue('10.00');
    expect(within(dialog).getByLabelText('Marge (%)')).toHaveValue('15.00');
    await fill(user, within(dialog).getByLabelText('Titre'), 'Salle de bains');
    await user.click(within(dialog).getByRole('combobox', { name: 'Client' }));
    await pick(user, 'SCI Les Tilleuls');

    await user.click(within(dialog).getByRole('button', { name: /Ajouter une ligne/ }));
    await user.click(within(dialog).getByRole('button', { name: /Ajouter une ligne/ }));
    const [first, second] = within(dialog).getAllByRole('listitem', { name: /^Ligne/ });
    await user.click(within(first!).getByRole('combobox', { name: 'Type de ressource' }));
    await pick(user, 'Matériaux');
    await fill(user, within(first!).getByLabelText('Description'), 'Carrelage 60x60');
    await fill(user, within(first!).getByLabelText('Unité'), 'm²');
    await fill(user, within(first!).getByLabelText('Quantité'), '12,5');
    await fill(user, within(first!).getByLabelText('Prix unitaire'), '8,40');
    await user.click(within(second!).getByRole('combobox', { name: 'Type de ressource' }));
    await pick(user, "Main-d'œuvre");
    await fill(user, within(second!).getByLabelText('Quantité'), '2');
    await fill(user, within(second!).getByLabelText('Prix unitaire'), '150');

    const totals = within(dialog).getByLabelText('Totaux du devis');
    expect(totals).toHaveTextContent(/Déboursé sec405,00\s€/);
    expect(totals).toHaveTextContent(/Frais généraux \(10,00 %\)40,50\s€/);
    expect(totals).toHaveTextContent(/Marge \(15,00 %\)66,83\s€/);
    expect(totals).toHaveTextContent(/Total HT512,33\s€/);

    await user.click(within(dialog).getByRole('button', { name: 'Créer le devis' }));

    expect(await toasts().findByText('Le devis a été créé avec succès.')).toBeInTheDocument();
    expect(writes(api)).toEqual(['POST /api/quotes']);
    expect(api.calls('POST /api/quotes')[0]?.body).toEqual({
      title: 'Salle de bains',
      clientId: client.id,
      overheadPercentage: '10.00',
      marginPercentage: '15.00',
      status: 'draft',
      items: [
        {
          resourceType: 'materials',
          description: 'Carrelage 60x60',
          unit: 'm²',
          quantity: '12.500',
          unitPrice: '8.40',
          sortOrder: 0,
        },
        { resourceType: 'labor', quantity: '2.000', unitPrice: '150.00', sortOrder: 1 },
      ],
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
    await fill(user, within(dialog).getByLabelText('Prix unitaire'), '-5');
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
        }),
        item('4a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a02', {
          resourceType: 'labor',
          description: 'Pose',
          unit: 'h',
          quantity: '2.000',
          unitPrice: '150.00',
          totalPrice: '300.00',
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
    expect(within(dialog).getByLabelText('Totaux du devis')).toHaveTextContent(/Total HT512,33\s€/);

    const [, second] = within(dialog).getAllByRole('listitem', { name: /^Ligne/ });
    await user.click(within(second!).getByRole('button', { name: 'Supprimer la ligne 2' }));
    const overhead = within(dialog).getByLabelText('Frais généraux (%)');
    await user.clear(overhead);
    await fill(user, overhead, '20');
    // 105.00 + 21.00 overhead + 18.90 margin
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Totaux du devis')).toHaveTextContent(/Total HT144,90\s€/),
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
    await fill(user, within(added!).getByLabelText('Prix unitaire'), '150');
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

  it('lets a sent quote change only its status: Envoyé, Validé, Rejeté, Expiré', async () => {
    const user = setupUser();
    const api = stub({
      [`GET /api/quotes/${sent.id}`]: json({ ...sent, items: [] }),
      [`PUT /api/quotes/${sent.id}`]: json({ ...sent, status: 'validated', version: 3 }),
    });
    renderPage();

    await user.click(within(await card('DEV-2026-0001')).getByRole('button', { name: 'Modifier' }));
    const dialog = await findDialog('Modifier le devis DEV-2026-0001');
    expect(within(dialog).getByLabelText('Titre')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: /Ajouter une ligne/ })).toBeNull();

    await user.click(within(dialog).getByRole('combobox', { name: 'Statut' }));
    await screen.findByTitle('Validé');
    expect(shownOptions()).toEqual(['Envoyé', 'Validé', 'Rejeté', 'Expiré']);
    await pick(user, 'Validé');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Le devis a été mis à jour.')).toBeInTheDocument();
    expect(api.calls(`PUT /api/quotes/${sent.id}`)[0]?.body).toMatchObject({
      title: sent.title,
      clientId: client.id,
      status: 'validated',
      version: 2,
    });
    expect(writes(api)).toEqual([`PUT /api/quotes/${sent.id}`]);
    expect(api.calls(`PUT /api/quotes/${sent.id}`)[0]?.body).not.toHaveProperty('items');
  });
});
