import { progressToneColours } from '@btp/shared/progress-tone';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { apiError, json, never, stubApi, type Routes } from '../../../testing/api-stub';
import { renderWithProviders, toasts } from '../../../testing/render-app';
import { fill, setupUser } from '../../../testing/user';
import { budgetText, projectDates, projectStatusBadge } from './project-display';
import { NewProjectButton } from './project-dialog';
import { validateProject } from './project-form';
import { ProjectsPage } from './projects-page';

const record = {
  companyId: '0199e5a2-7c1b-7d3e-8f00-0000000000aa',
  createdAt: '2026-03-02T09:14:05.120Z',
  updatedAt: '2026-03-02T09:14:05.120Z',
};
const durand = {
  ...record,
  id: '0199e5a2-7c1b-7d3e-8f00-000000000001',
  name: 'Maison Durand',
  country: 'France',
  version: 1,
};
const martin = {
  ...record,
  id: '0199e5a2-7c1b-7d3e-8f00-000000000002',
  name: 'SCI Martin',
  country: 'France',
  version: 1,
};
const kitchen = {
  ...record,
  id: '0199e5a2-7c1b-7d3e-8f00-000000000021',
  name: 'Rénovation cuisine',
  clientId: durand.id,
  client: { id: durand.id, name: durand.name },
  status: 'in_progress',
  startDate: '2026-03-02',
  endDate: '2026-04-30',
  estimatedBudget: '18500.00',
  actualBudget: '7250.50',
  progress: 80,
  location: 'Lyon 3e',
  version: 3,
};
const roof = {
  ...record,
  id: '0199e5a2-7c1b-7d3e-8f00-000000000022',
  name: 'Toiture entrepôt',
  clientId: martin.id,
  client: { id: martin.id, name: martin.name },
  status: 'planning',
  progress: 50,
  version: 1,
};
const odd = {
  ...roof,
  id: '0199e5a2-7c1b-7d3e-8f00-000000000023',
  name: 'Ancien chantier',
  status: 'on_hold',
  progress: 10,
};

function stub(overrides: Routes = {}) {
  return stubApi({
    'GET /api/projects?limit=50': json([kitchen, roof]),
    'GET /api/clients': json([durand, martin]),
    'GET /api/dashboard/stats': never,
    ...overrides,
  });
}

function renderPage() {
  renderWithProviders(
    <MemoryRouter>
      <ProjectsPage title="Projets" subtitle="Suivi de vos chantiers" />
    </MemoryRouter>,
  );
}

/** The project cards, by their name. */
async function card(name: string) {
  const heading = await screen.findByRole('heading', { name });
  return heading.closest('.ant-card') as HTMLElement;
}

async function openCreation() {
  await setupUser().click(screen.getByRole('button', { name: 'Nouveau Projet' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Nouveau Projet');
  await within(dialog).findByRole('button', { name: 'Créer le projet' });
  return within(dialog);
}

describe('project display rules', () => {
  it('labels every status in French, unknown ones as Inconnu, each with its colour', () => {
    expect(projectStatusBadge('planning').label).toBe('Planification');
    expect(projectStatusBadge('in_progress').label).toBe('En cours');
    expect(projectStatusBadge('on_hold').label).toBe('En pause');
    expect(projectStatusBadge('completed').label).toBe('Terminé');
    expect(projectStatusBadge('cancelled').label).toBe('Annulé');
    expect(projectStatusBadge('archived')).toEqual({ label: 'Inconnu', colour: 'default' });
    const colours = ['planning', 'in_progress', 'on_hold', 'completed', 'cancelled'].map(
      (status) => projectStatusBadge(status).colour,
    );
    expect(new Set(colours).size).toBe(5);
  });

  it('writes budgets in euros and dates in French', () => {
    expect(budgetText('18500.00')).toMatch(/^18\s500,00\s€$/);
    expect(projectDates('2026-03-02', '2026-04-30')).toBe('Du 02/03/2026 au 30/04/2026');
    expect(projectDates('2026-03-02')).toBe('À partir du 02/03/2026');
    expect(projectDates(undefined, '2026-04-30')).toBe("Jusqu'au 30/04/2026");
    expect(projectDates()).toBeUndefined();
  });

  it('refuses an end date before the start date, and turns a blank progress into 0', () => {
    const base = { name: 'Chantier', clientId: durand.id };
    const late = validateProject({ ...base, startDate: dayjs('2026-05-01'), endDate: dayjs('2026-04-30') });
    expect(late.messages.endDate).toBe('La date de fin ne peut pas précéder la date de début');
    const blank = validateProject({ ...base, progress: null, estimatedBudget: '1234.5' });
    expect(blank.data).toMatchObject({ progress: 0, status: 'planning', estimatedBudget: '1234.50' });
    expect(validateProject({ ...base, progress: 101 }).messages.progress).toBe(
      "L'avancement doit être un nombre entier entre 0 et 100",
    );
  });
});

describe('Projets', () => {
  it('shows each project as a card: client, status, progress colour, budgets, dates, location', async () => {
    stub({ 'GET /api/projects?limit=50': json([kitchen, roof, odd]) });
    renderPage();

    const kitchenCard = await card('Rénovation cuisine');
    expect(kitchenCard).toHaveTextContent('Maison Durand');
    expect(kitchenCard).toHaveTextContent('En cours');
    expect(kitchenCard).toHaveTextContent('80 %');
    expect(kitchenCard).toHaveTextContent(/Budget estimé : 18\s500,00\s€/);
    expect(kitchenCard).toHaveTextContent(/Budget réel : 7\s250,50\s€/);
    expect(kitchenCard).toHaveTextContent('Du 02/03/2026 au 30/04/2026');
    expect(kitchenCard).toHaveTextContent('Lyon 3e');
    const bar = (card: HTMLElement) =>
      card.querySelector<HTMLElement>('.ant-progress-track, .ant-progress-bg');
    expect(bar(kitchenCard)?.style.background).toBe(toRgb(progressToneColours.accent));

    const roofCard = await card('Toiture entrepôt');
    expect(roofCard).toHaveTextContent('Planification');
    expect(bar(roofCard)?.style.background).toBe(toRgb(progressToneColours['chart-4']));
    expect(roofCard).not.toHaveTextContent('Budget');

    const oddCard = await card('Ancien chantier');
    expect(oddCard).toHaveTextContent('En pause');
    expect(bar(oddCard)?.style.background).toBe(toRgb(progressToneColours.primary));
  });

  it("shows 'Chargement...', then 'Aucun projet' when there is none", async () => {
    stub({ 'GET /api/projects?limit=50': json([]) });
    renderPage();

    expect(screen.getByText('Chargement...')).toBeInTheDocument();
    expect(await screen.findByText('Aucun projet')).toBeInTheDocument();
  });

  it('requires the name and the client, and sends nothing without them', async () => {
    const user = setupUser();
    const api = stub();
    renderPage();
    await card('Rénovation cuisine');
    const dialog = await openCreation();

    await user.click(dialog.getByRole('button', { name: 'Créer le projet' }));

    expect(await dialog.findByText('Le nom du projet est requis')).toBeInTheDocument();
    expect(dialog.getByText('Le client est requis')).toBeInTheDocument();
    expect(api.calls('POST /api/projects')).toEqual([]);
  });

  it('creates a project in planning at 0 % by default, then refreshes the list', async () => {
    const user = setupUser();
    const api = stub({
      'POST /api/projects': json({ ...roof, id: '0199e5a2-7c1b-7d3e-8f00-000000000024' }, 201),
    });
    renderPage();
    await card('Rénovation cuisine');
    const dialog = await openCreation();

    await fill(user, dialog.getByLabelText('Nom du projet'), 'Extension garage');
    await user.click(dialog.getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByTitle('SCI Martin'));
    await fill(user, dialog.getByLabelText('Budget estimé (€)'), '12500,5');
    await fill(user, dialog.getByLabelText('Localisation'), 'Villeurbanne');
    await user.click(dialog.getByRole('button', { name: 'Créer le projet' }));

    expect(await toasts().findByText('Projet créé avec succès')).toBeInTheDocument();
    expect(api.calls('POST /api/projects').map((call) => call.body)).toEqual([
      {
        name: 'Extension garage',
        clientId: martin.id,
        status: 'planning',
        estimatedBudget: '12500.50',
        progress: 0,
        location: 'Villeurbanne',
      },
    ]);
    await waitFor(() => expect(api.calls('GET /api/projects?limit=50')).toHaveLength(2));
  });

  it("finds a client past the first 1,000 by the server's search as the name is typed", async () => {
    const user = setupUser();
    const far = { ...martin, id: '0199e5a2-7c1b-7d3e-8f00-000000001050', name: 'Client 1050' };
    const api = stub({
      'GET /api/clients?q=client+1050': json([far]),
      'POST /api/projects': json({ ...roof, id: '0199e5a2-7c1b-7d3e-8f00-000000000024' }, 201),
    });
    renderPage();
    await card('Rénovation cuisine');
    const dialog = await openCreation();

    await fill(user, dialog.getByLabelText('Nom du projet'), 'Extension garage');
    await user.click(dialog.getByRole('combobox', { name: 'Client' }));
    await user.keyboard('client 1050');
    await user.click(await screen.findByTitle('Client 1050'));
    expect(dialog.getByRole('combobox', { name: 'Client' }).closest('.ant-select')).toHaveTextContent(
      'Client 1050',
    );
    await user.click(dialog.getByRole('button', { name: 'Créer le projet' }));

    expect(await toasts().findByText('Projet créé avec succès')).toBeInTheDocument();
    expect(api.calls('GET /api/clients?q=client+1050')).toHaveLength(1);
    expect(
      api.calls('POST /api/projects').map((call) => (call.body as { clientId: string }).clientId),
    ).toEqual([far.id]);
  });

  it('keeps a typed end date when Créer le projet is clicked with the mouse, and refuses a wrong one', async () => {
    const user = setupUser();
    const api = stub({
      'POST /api/projects': json({ ...roof, id: '0199e5a2-7c1b-7d3e-8f00-000000000024' }, 201),
    });
    renderPage();
    await card('Rénovation cuisine');
    const dialog = await openCreation();

    await fill(user, dialog.getByLabelText('Nom du projet'), 'Extension garage');
    await user.click(dialog.getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByTitle('SCI Martin'));
    await user.click(dialog.getByLabelText('Date de début'));
    await user.keyboard('30/02/2026');
    await user.click(dialog.getByRole('button', { name: 'Créer le projet' }));
    expect(await dialog.findByText('Date invalide (JJ/MM/AAAA)')).toBeInTheDocument();
    expect(api.calls('POST /api/projects')).toEqual([]);

    await user.clear(dialog.getByLabelText('Date de début'));
    await user.click(dialog.getByLabelText('Date de fin'));
    await user.keyboard('22/12/2026');
    await user.click(dialog.getByRole('button', { name: 'Créer le projet' }));

    expect(await toasts().findByText('Projet créé avec succès')).toBeInTheDocument();
    expect(api.calls('POST /api/projects').map((call) => call.body)).toEqual([
      {
        name: 'Extension garage',
        clientId: martin.id,
        status: 'planning',
        endDate: '2026-12-22',
        progress: 0,
      },
    ]);
  });

  it("shows the server's message, else 'Erreur lors de la création du projet'", async () => {
    const user = setupUser();
    const api = stub({
      'POST /api/projects': apiError(400, 'validation_error', 'Données invalides', [
        { path: 'clientId', message: 'Client introuvable : choisissez un client de votre entreprise.' },
      ]),
    });
    renderPage();
    await card('Rénovation cuisine');
    const dialog = await openCreation();
    await fill(user, dialog.getByLabelText('Nom du projet'), 'Extension garage');
    await user.click(dialog.getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByTitle('Maison Durand'));

    await user.click(dialog.getByRole('button', { name: 'Créer le projet' }));
    expect(await toasts().findByText('Données invalides')).toBeInTheDocument();
    expect(
      await dialog.findByText('Client introuvable : choisissez un client de votre entreprise.'),
    ).toBeInTheDocument();

    api.answer('POST /api/projects', () => new Response('', { status: 502 }));
    await user.click(dialog.getByRole('button', { name: 'Créer le projet' }));
    expect(await toasts().findByText('Erreur lors de la création du projet')).toBeInTheDocument();
  });

  it('edits a project with the version read, keeping its fields', async () => {
    const user = setupUser();
    const api = stub({ [`PUT /api/projects/${kitchen.id}`]: json({ ...kitchen, progress: 90, version: 4 }) });
    renderPage();

    await user.click(
      within(await card('Rénovation cuisine')).getByRole('button', { name: 'Modifier Rénovation cuisine' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Modifier le projet')).toBeInTheDocument();
    const progress = await dialog.findByLabelText('Avancement (%)');
    await user.clear(progress);
    await user.type(progress, '90');
    await user.click(dialog.getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Projet mis à jour avec succès')).toBeInTheDocument();
    expect(api.calls(`PUT /api/projects/${kitchen.id}`).map((call) => call.body)).toEqual([
      {
        name: 'Rénovation cuisine',
        clientId: durand.id,
        status: 'in_progress',
        startDate: '2026-03-02',
        endDate: '2026-04-30',
        estimatedBudget: '18500.00',
        actualBudget: '7250.50',
        progress: 90,
        location: 'Lyon 3e',
        version: 3,
      },
    ]);
  });

  it("deletes after a confirmation naming the project; a 409 shows the server's message", async () => {
    const user = setupUser();
    const used = "Ce projet est utilisé par 1 devis : supprimez-les ou modifiez-les d'abord.";
    const api = stub({ [`DELETE /api/projects/${roof.id}`]: apiError(409, 'conflict', used) });
    renderPage();

    await user.click(
      within(await card('Toiture entrepôt')).getByRole('button', { name: 'Supprimer Toiture entrepôt' }),
    );
    const confirmation = await screen.findByRole('dialog');
    expect(confirmation).toHaveTextContent('Voulez-vous vraiment supprimer le projet « Toiture entrepôt » ?');
    await user.click(within(confirmation).getByRole('button', { name: 'Supprimer' }));

    expect(await toasts().findByText(used)).toBeInTheDocument();
    expect(api.calls(`DELETE /api/projects/${roof.id}`)).toHaveLength(1);
  });

  it('offers the dialog as a button other screens can place in their header', async () => {
    const user = setupUser();
    stub();
    renderWithProviders(<NewProjectButton />);

    await user.click(screen.getByRole('button', { name: 'Nouveau Projet' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Nouveau Projet');
    await user.click(await within(dialog).findByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

/** How jsdom reports a hex colour set as a style. */
function toRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
