import { formatEuro } from '@btp/shared/money';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { dashboardStatsQueryOptions } from '../../../api/dashboard/get-dashboard-stats';
import { listProjectsQueryOptions } from '../../../api/projects/list-projects';
import { apiError, json, stubApi, type Routes } from '../../../testing/api-stub';
import { companyA } from '../../../testing/fixtures';
import { renderWithProviders, toasts } from '../../../testing/render-app';
import { fill, setupUser } from '../../../testing/user';
import { countByStatus, reportActions, signedText, signingNotice } from './progress-report-rules';
import { WorkTrackingPage } from './work-tracking-page';

const at = '2026-05-04T08:00:00.000Z';
const client = { id: '3b0c1d2e-0000-4000-8000-000000000001', name: 'Garnier SARL' };
const project = {
  id: '3b0c1d2e-0000-4000-8000-000000000010',
  companyId: companyA.id,
  clientId: client.id,
  name: 'Extension Garnier',
  status: 'in_progress',
  progress: 40,
  createdAt: at,
  updatedAt: at,
  version: 1,
  client,
};
const otherProject = {
  ...project,
  id: '3b0c1d2e-0000-4000-8000-000000000011',
  name: 'École Jules Ferry',
  client: { id: '3b0c1d2e-0000-4000-8000-000000000002', name: 'Mairie de Lyon' },
  clientId: '3b0c1d2e-0000-4000-8000-000000000002',
};
const base = {
  companyId: companyA.id,
  projectId: project.id,
  createdAt: at,
  updatedAt: at,
  project: { id: project.id, name: project.name, client },
};
const pending = {
  ...base,
  id: '3b0c1d2e-0000-4000-8000-000000000101',
  title: 'Gros œuvre — semaine 12',
  status: 'pending',
  progressPercentage: 40,
  description: 'Point hebdomadaire de chantier.',
  workCompleted: 'Fondations',
  nextSteps: 'Élévation des murs',
  totalPlanned: '12000.00',
  totalRealized: '5400.00',
  version: 1,
};
const validated = {
  ...base,
  id: '3b0c1d2e-0000-4000-8000-000000000102',
  title: 'Situation n°2',
  status: 'validated',
  progressPercentage: 55,
  validatedAt: '2026-05-08T15:02:11.000Z',
  version: 2,
};
const signed = {
  ...base,
  id: '3b0c1d2e-0000-4000-8000-000000000103',
  title: 'Situation n°1',
  status: 'signed',
  progressPercentage: 20,
  validatedAt: '2026-04-02T09:00:00.000Z',
  signedAt: '2026-04-03T10:00:00.000Z',
  signatureData: 'Jeanne Durand',
  version: 3,
};
const reports = [pending, validated, signed];

function stub(overrides: Routes = {}) {
  return stubApi({
    'GET /api/progress-reports?limit=50': json(reports),
    'GET /api/projects': json([project, otherProject]),
    ...overrides,
  });
}

function renderPage() {
  return renderWithProviders(
    <WorkTrackingPage title="Suivi Travaux" subtitle="États d'avancement des chantiers" />,
  );
}

/** Euros as Testing Library reads text: its matcher turns no-break spaces into plain ones. */
const euro = (cents: number) => formatEuro(cents).replace(/[\u00a0\u202f]/g, ' ');

const card = (title: string) => screen.findByRole('article', { name: title });

async function openTab(name: RegExp) {
  await setupUser().click(await screen.findByRole('tab', { name }));
}

/** antd's ids are not unique under test, so a dialog is found by its title text. */
async function findDialog(title: string) {
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent(title);
  return dialog;
}

async function chooseProject(dialog: HTMLElement, label: string) {
  const user = setupUser();
  await user.click(within(dialog).getByRole('combobox', { name: 'Projet' }));
  await user.click(await screen.findByTitle(label));
}

describe('progress report rules', () => {
  it('offers validate only to pending reports, sign only to validated ones, no edit once signed', () => {
    expect(reportActions('pending')).toEqual({ edit: true, validate: true, sign: false });
    expect(reportActions('validated')).toEqual({ edit: true, validate: false, sign: true });
    expect(reportActions('signed')).toEqual({ edit: false, validate: false, sign: false });
  });

  it('says what signing does to the project, lower included', () => {
    expect(signingNotice('Extension Garnier', 70)).toBe(
      "En signant, l'avancement du projet « Extension Garnier » passera à 70\u00a0%.",
    );
    expect(signingNotice('Extension Garnier', 70, 65)).toBe(
      "En signant, l'avancement du projet « Extension Garnier » passera de 65\u00a0% à 70\u00a0%.",
    );
    expect(signingNotice('Extension Garnier', 70, 80)).toBe(
      "En signant, l'avancement du projet « Extension Garnier » passera de 80\u00a0% à 70\u00a0% : " +
        'le pourcentage signé par le client remplace celui du projet, même plus bas.',
    );
    expect(signingNotice('Extension Garnier', 70, 70)).toBe(
      "L'avancement du projet « Extension Garnier » restera à 70\u00a0%.",
    );
    expect(signedText({ name: 'Extension Garnier', progress: 70 })).toBe(
      'État signé avec succès : le projet « Extension Garnier » passe à 70\u00a0%',
    );
    expect(signedText(undefined)).toBe('État signé avec succès');
    expect(signedText({ name: 'Extension Garnier' })).toBe('État signé avec succès');
  });

  it('counts the reports of each status', () => {
    expect(countByStatus([])).toEqual({ pending: 0, validated: 0, signed: 0 });
    expect(countByStatus([pending, validated, signed, { ...pending, id: 'x' }] as never)).toEqual({
      pending: 2,
      validated: 1,
      signed: 1,
    });
  });
});

describe('Suivi Travaux', () => {
  it("shows 'Chargement...' while the reports load", async () => {
    stubApi({ 'GET /api/progress-reports?limit=50': () => new Promise<Response>(() => undefined) });
    renderPage();
    expect(await screen.findByText('Chargement...')).toBeInTheDocument();
  });

  it('shows the three tabs with their counts and the pending report in full', async () => {
    stub();
    renderPage();

    const report = await card('Gros œuvre — semaine 12');
    expect(screen.getByRole('tab', { name: 'En Attente (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Validés (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Signés (1)' })).toBeInTheDocument();
    expect(report).toHaveTextContent('Extension Garnier · Garnier SARL');
    expect(report).toHaveTextContent('En attente');
    expect(report).toHaveTextContent('40%');
    expect(report).toHaveTextContent('Point hebdomadaire de chantier.');
    expect(report).toHaveTextContent('Travaux réalisésFondations');
    expect(report).toHaveTextContent('Prochaines étapesÉlévation des murs');
    expect(report).toHaveTextContent(`Total prévu${euro(1_200_000)}`);
    expect(report).toHaveTextContent(`Total réalisé${euro(540_000)}`);
    const buttons = within(report)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toEqual(['Modifier', 'Valider']);
  });

  it('offers sign on a validated report, and nothing but its facts on a signed one', async () => {
    stub();
    renderPage();

    await openTab(/^Validés/);
    const validatedCard = await card('Situation n°2');
    expect(validatedCard).toHaveTextContent('Validé');
    expect(validatedCard).toHaveTextContent('Validé le08/05/2026');
    expect(
      within(validatedCard)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Modifier', 'Signer']);

    await openTab(/^Signés/);
    const signedCard = await card('Situation n°1');
    expect(signedCard).toHaveTextContent('Signé');
    expect(signedCard).toHaveTextContent('Signé le03/04/2026');
    expect(signedCard).toHaveTextContent('SignataireJeanne Durand');
    expect(within(signedCard).queryAllByRole('button')).toEqual([]);
  });

  it('says so when a tab is empty', async () => {
    stub({ 'GET /api/progress-reports?limit=50': json([validated]) });
    renderPage();
    expect(await screen.findByText('Aucun état en attente')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'En Attente (0)' })).toBeInTheDocument();
  });

  it('offers to create a report from an empty list, and from each empty tab', async () => {
    const user = setupUser();
    stub({ 'GET /api/progress-reports?limit=50': json([]) });
    renderPage();

    expect(await screen.findByText('Aucun état en attente')).toBeInTheDocument();
    expect(
      screen.getByText("Créez un état d'avancement pour faire le point sur un chantier"),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Créer un état d'avancement" }));
    let dialog = await findDialog("Nouvel État d'Avancement");
    expect(within(dialog).getByRole('button', { name: "Créer l'état" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    for (const [tab, empty] of [
      [/^Validés/, 'Aucun état validé'],
      [/^Signés/, 'Aucun état signé'],
    ] as const) {
      await openTab(tab);
      const panel = screen.getByRole('tabpanel', { name: tab });
      expect(within(panel).getByText(empty)).toBeInTheDocument();
      await user.click(within(panel).getByRole('button', { name: "Créer un état d'avancement" }));
      dialog = await findDialog("Nouvel État d'Avancement");
      await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
  });

  it('offers no creation button in a tab that has reports', async () => {
    stub();
    renderPage();
    await card('Gros œuvre — semaine 12');
    expect(screen.queryByRole('button', { name: "Créer un état d'avancement" })).not.toBeInTheDocument();
  });

  it('refuses an incomplete form without sending anything', async () => {
    const user = setupUser();
    const api = stub();
    renderPage();

    await user.click(await screen.findByRole('button', { name: /Nouvel État/ }));
    const dialog = await findDialog("Nouvel État d'Avancement");
    await user.click(within(dialog).getByRole('button', { name: "Créer l'état" }));

    expect(await within(dialog).findByText('Le projet est requis')).toBeInTheDocument();
    expect(within(dialog).getByText('Le titre est requis')).toBeInTheDocument();
    expect(within(dialog).getByText("Le pourcentage d'avancement est requis")).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Total prévu (€)'), '-5');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'état" }));
    expect(await within(dialog).findByText('Le montant doit être positif ou nul')).toBeInTheDocument();
    expect(api.sent.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('creates a report as pending and refreshes the list', async () => {
    const user = setupUser();
    const api = stub({
      'POST /api/progress-reports': json({ ...pending, id: '3b0c1d2e-0000-4000-8000-000000000104' }, 201),
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: /Nouvel État/ }));
    const dialog = await findDialog("Nouvel État d'Avancement");
    await chooseProject(dialog, 'École Jules Ferry — Mairie de Lyon');
    await fill(user, within(dialog).getByLabelText('Titre'), '  Charpente  ');
    await user.type(within(dialog).getByLabelText('Avancement (%)'), '35');
    await fill(user, within(dialog).getByLabelText('Travaux réalisés'), 'Pose des fermes');
    await fill(user, within(dialog).getByLabelText('Total prévu (€)'), '12 000,5');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'état" }));

    expect(await toasts().findByText('État créé avec succès')).toBeInTheDocument();
    expect(api.calls('POST /api/progress-reports').map((call) => call.body)).toEqual([
      {
        projectId: otherProject.id,
        title: 'Charpente',
        progressPercentage: 35,
        workCompleted: 'Pose des fermes',
        totalPlanned: '12000.50',
        status: 'pending',
      },
    ]);
    await waitFor(() => expect(api.calls('GET /api/progress-reports?limit=50')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says 'Erreur lors de la création de l'état' when the creation fails without a message", async () => {
    const user = setupUser();
    stub({ 'POST /api/progress-reports': () => new Response('', { status: 502 }) });
    renderPage();

    await user.click(await screen.findByRole('button', { name: /Nouvel État/ }));
    const dialog = await findDialog("Nouvel État d'Avancement");
    await chooseProject(dialog, 'Extension Garnier — Garnier SARL');
    await fill(user, within(dialog).getByLabelText('Titre'), 'Charpente');
    await user.type(within(dialog).getByLabelText('Avancement (%)'), '10');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'état" }));

    expect(await toasts().findByText("Erreur lors de la création de l'état")).toBeInTheDocument();
    expect(toasts().getByText('Erreur')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('edits a report with its version and never sends a status', async () => {
    const user = setupUser();
    const api = stub({ [`PUT /api/progress-reports/${validated.id}`]: json({ ...validated, version: 3 }) });
    renderPage();

    await openTab(/^Validés/);
    await user.click(within(await card('Situation n°2')).getByRole('button', { name: /^Modifier/ }));
    const dialog = await findDialog("Modifier l'état d'avancement");
    expect(within(dialog).getByLabelText('Titre')).toHaveValue('Situation n°2');
    const percent = within(dialog).getByLabelText('Avancement (%)');
    await user.clear(percent);
    await user.type(percent, '60');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('État mis à jour avec succès')).toBeInTheDocument();
    const [put] = api.calls(`PUT /api/progress-reports/${validated.id}`);
    expect(put?.body).toEqual({
      projectId: project.id,
      title: 'Situation n°2',
      progressPercentage: 60,
      version: 2,
    });
    expect(put?.body).not.toHaveProperty('status');
  });

  it("shows the server's message when an edit is refused", async () => {
    const user = setupUser();
    stub({
      [`PUT /api/progress-reports/${pending.id}`]: apiError(
        409,
        'conflict',
        'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.',
      ),
    });
    renderPage();

    await user.click(
      within(await card('Gros œuvre — semaine 12')).getByRole('button', { name: /^Modifier/ }),
    );
    const dialog = await findDialog("Modifier l'état d'avancement");
    expect(within(dialog).getByLabelText('Total prévu (€)')).toHaveValue('12000,00');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(
      await toasts().findByText(
        'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.',
      ),
    ).toBeInTheDocument();
  });

  it('validates a pending report with an empty body', async () => {
    const user = setupUser();
    const api = stub({
      [`PATCH /api/progress-reports/${pending.id}/validate`]: json({
        ...pending,
        status: 'validated',
        validatedAt: at,
      }),
    });
    renderPage();

    await user.click(within(await card('Gros œuvre — semaine 12')).getByRole('button', { name: /^Valider/ }));

    expect(await toasts().findByText('État validé avec succès')).toBeInTheDocument();
    const [patch] = api.calls(`PATCH /api/progress-reports/${pending.id}/validate`);
    expect(patch?.body).toBeUndefined();
    await waitFor(() => expect(api.calls('GET /api/progress-reports?limit=50')).toHaveLength(2));
    expect(screen.getByRole('tab', { name: /^Validés/ })).toHaveAttribute('aria-selected', 'true');
  });

  it("says 'Erreur lors de la validation', or the server's message, when validation fails", async () => {
    const user = setupUser();
    const api = stub({
      [`PATCH /api/progress-reports/${pending.id}/validate`]: () => new Response('', { status: 500 }),
    });
    renderPage();

    const report = await card('Gros œuvre — semaine 12');
    await user.click(within(report).getByRole('button', { name: /^Valider/ }));
    expect(await toasts().findByText('Erreur lors de la validation')).toBeInTheDocument();

    api.answer(
      `PATCH /api/progress-reports/${pending.id}/validate`,
      apiError(409, 'conflict', "Cet état d'avancement est déjà validé."),
    );
    await user.click(within(report).getByRole('button', { name: /^Valider/ }));
    expect(await toasts().findByText("Cet état d'avancement est déjà validé.")).toBeInTheDocument();
  });

  it("asks for the signer's name and sends nothing while it is empty", async () => {
    const user = setupUser();
    const api = stub({
      [`PATCH /api/progress-reports/${validated.id}/sign`]: json({
        ...validated,
        status: 'signed',
        signedAt: at,
        signatureData: 'Jeanne Durand',
        project: { ...validated.project, progress: 55 },
      }),
    });
    renderPage();

    await openTab(/^Validés/);
    await user.click(within(await card('Situation n°2')).getByRole('button', { name: /^Signer/ }));
    const dialog = await findDialog("Signer l'état d'avancement");
    const signer = within(dialog).getByLabelText('Nom du signataire');

    await user.click(within(dialog).getByRole('button', { name: 'Signer' }));
    expect(await within(dialog).findByText('Le nom du signataire est requis')).toBeInTheDocument();
    await user.type(signer, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Signer' }));
    expect(api.calls(`PATCH /api/progress-reports/${validated.id}/sign`)).toEqual([]);

    await user.clear(signer);
    await fill(user, signer, ' Jeanne Durand ');
    await user.click(within(dialog).getByRole('button', { name: 'Signer' }));

    expect(
      await toasts().findByText('État signé avec succès : le projet « Extension Garnier » passe à 55 %'),
    ).toBeInTheDocument();
    expect(api.calls(`PATCH /api/progress-reports/${validated.id}/sign`).map((call) => call.body)).toEqual([
      { signerName: 'Jeanne Durand' },
    ]);
    expect(screen.getByRole('tab', { name: /^Signés/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('says in the dialog that the project takes the signed percentage, even when lower', async () => {
    const user = setupUser();
    stub({ 'GET /api/projects': json([{ ...project, progress: 80 }, otherProject]) });
    renderPage();

    await openTab(/^Validés/);
    await user.click(within(await card('Situation n°2')).getByRole('button', { name: /^Signer/ }));
    const dialog = await findDialog("Signer l'état d'avancement");
    expect(
      await within(dialog).findByText(
        "En signant, l'avancement du projet « Extension Garnier » passera de 80 % à 55 % : " +
          'le pourcentage signé par le client remplace celui du projet, même plus bas.',
      ),
    ).toBeInTheDocument();
  });

  it('says the project’s new progress after signing and refreshes the projects and the dashboard', async () => {
    const user = setupUser();
    const signedAnswer = {
      ...validated,
      progressPercentage: 70,
      status: 'signed',
      signedAt: at,
      signatureData: 'Jeanne Durand',
      project: { ...validated.project, progress: 70 },
    };
    const api = stub({
      'GET /api/progress-reports?limit=50': json([{ ...validated, progressPercentage: 70 }]),
      'GET /api/projects': json([{ ...project, progress: 65 }, otherProject]),
      [`PATCH /api/progress-reports/${validated.id}/sign`]: json(signedAnswer),
    });
    const { queryClient } = renderPage();
    queryClient.setQueryData(dashboardStatsQueryOptions().queryKey, {} as never);

    await openTab(/^Validés/);
    await user.click(within(await card('Situation n°2')).getByRole('button', { name: /^Signer/ }));
    const dialog = await findDialog("Signer l'état d'avancement");
    expect(
      await within(dialog).findByText(
        "En signant, l'avancement du projet « Extension Garnier » passera de 65 % à 70 %.",
      ),
    ).toBeInTheDocument();
    const projectReads = api.calls('GET /api/projects').length;
    api.answer('GET /api/progress-reports?limit=50', json([signedAnswer]));
    await fill(user, within(dialog).getByLabelText('Nom du signataire'), 'Jeanne Durand');
    await user.click(within(dialog).getByRole('button', { name: 'Signer' }));

    expect(
      await toasts().findByText('État signé avec succès : le projet « Extension Garnier » passe à 70 %'),
    ).toBeInTheDocument();
    expect(api.calls('GET /api/projects').length).toBeGreaterThan(projectReads);
    expect(queryClient.getQueryState(listProjectsQueryOptions().queryKey)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(dashboardStatsQueryOptions().queryKey)?.isInvalidated).toBe(true);
    expect(await card('Situation n°2')).toHaveTextContent('Signé');
  });

  it("says 'Erreur lors de la signature' when signing fails without a message", async () => {
    const user = setupUser();
    stub({ [`PATCH /api/progress-reports/${validated.id}/sign`]: () => new Response('', { status: 503 }) });
    renderPage();

    await openTab(/^Validés/);
    await user.click(within(await card('Situation n°2')).getByRole('button', { name: /^Signer/ }));
    const dialog = await findDialog("Signer l'état d'avancement");
    await fill(user, within(dialog).getByLabelText('Nom du signataire'), 'Jeanne Durand');
    await user.click(within(dialog).getByRole('button', { name: 'Signer' }));

    expect(await toasts().findByText('Erreur lors de la signature')).toBeInTheDocument();
  });
});
