import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { apiError, json, never, stubApi, type Routes } from '../../../testing/api-stub';
import { companyAdmin } from '../../../testing/fixtures';
import { renderWithProviders, toasts } from '../../../testing/render-app';
import { replace, setupUser } from '../../../testing/user';
import { completeProfile, incompleteProfile, lucas, marie, paul } from '../testing/company-records';
import { stubUpload } from '../testing/fake-upload';
import { CompanySettingsPage } from './company-settings-page';

const stale = 'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.';

function stub(overrides: Routes = {}) {
  return stubApi({
    'GET /api/company': json(incompleteProfile),
    'GET /api/company/users': json([paul, lucas, marie]),
    'PUT /api/company': json(completeProfile),
    ...overrides,
  });
}

function renderPage({ role = 'company_admin', path = '/settings' } = {}) {
  const onOwnAccountChanged = vi.fn();
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <CompanySettingsPage
        title="Paramètres de l'entreprise"
        subtitle="Identité légale, coordonnées, banque, assurance et utilisateurs"
        role={role}
        currentUserId={companyAdmin.id}
        onOwnAccountChanged={onOwnAccountChanged}
      />
    </MemoryRouter>,
  );
  return { onOwnAccountChanged };
}

async function profileForm() {
  return (await screen.findByRole('form', { name: "Profil de l'entreprise" })) as HTMLElement;
}

/** Replaces a field's text as a person pastes over it (`replace`): one render of the form. */
const fill = (user: ReturnType<typeof setupUser>, label: string, text: string) =>
  replace(user, screen.getByLabelText(label), text);

async function choose(user: ReturnType<typeof setupUser>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(option);
  await user.click(options[options.length - 1]!);
}

const save = (user: ReturnType<typeof setupUser>) =>
  user.click(screen.getByRole('button', { name: 'Enregistrer' }));

describe("Paramètres de l'entreprise: the profile", () => {
  it("shows 'Chargement...' while the profile loads", () => {
    stub({ 'GET /api/company': never });
    renderPage();

    expect(screen.getByRole('heading', { name: "Paramètres de l'entreprise" })).toBeInTheDocument();
    expect(screen.getByText('Chargement...')).toBeInTheDocument();
  });

  it('says what the company must complete before sending quotes and invoices', async () => {
    stub();
    renderPage();

    expect(await screen.findByText("Profil de l'entreprise incomplet")).toBeInTheDocument();
    expect(
      screen.getByText('Pour envoyer des devis et des factures, complétez : SIRET, assureur, IBAN.'),
    ).toBeInTheDocument();
  });

  it('shows the saved profile in its sections, identifiers grouped for reading', async () => {
    stub({ 'GET /api/company': json(completeProfile) });
    renderPage();
    await profileForm();

    for (const section of [
      'Identité',
      'Coordonnées',
      'Logo',
      'Banque',
      'Assurance décennale / RC pro',
      'TVA et paiement',
      'Défauts des documents',
    ]) {
      expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();
    }
    expect(screen.getByLabelText("Nom de l'entreprise")).toHaveValue('Durand Bâtiment');
    expect(screen.getByLabelText('SIRET')).toHaveValue('732 829 320 00074');
    expect(screen.getByText('SIREN : 732 829 320')).toBeInTheDocument();
    expect(screen.getByLabelText('Capital social (€)')).toHaveValue('10000,00');
    expect(screen.getByLabelText('IBAN')).toHaveValue('FR14 2004 1010 0505 0001 3M02 606');
    expect(screen.getByLabelText('Délai de paiement')).toHaveValue('30');
    expect(screen.getByLabelText('Retenue de garantie par défaut (%)')).toHaveValue('5,00');
    expect(
      screen.getByText('Profil complet : les devis et les factures peuvent être envoyés.'),
    ).toBeInTheDocument();
  });

  it('saves the whole profile, normalised, with the version read', async () => {
    const user = setupUser();
    const saved = { ...completeProfile, version: 8, bic: 'PSSTFRPPLIL', paymentTermDays: 45 };
    const api = stub({ 'GET /api/company': json(completeProfile), 'PUT /api/company': json(saved) });
    renderPage();
    await profileForm();

    await fill(user, 'Capital social (€)', '12 500,5');
    await fill(user, 'BIC', 'psst frpp lil');
    await user.click(
      screen.getByRole('checkbox', { name: "Option pour le paiement de la TVA d'après les débits" }),
    );
    await fill(user, 'Délai de paiement', '45');
    await choose(user, 'Taux de TVA par défaut', '10 %');
    await fill(user, 'Retenue de garantie par défaut (%)', '2,5');
    await save(user);

    expect(await toasts().findByText("Paramètres de l'entreprise enregistrés")).toBeInTheDocument();
    const [put] = api.calls('PUT /api/company');
    expect(put?.headers.get('X-Requested-With')).toBe('fetch');
    expect(put?.body).toEqual({
      version: 7,
      name: 'Durand Bâtiment',
      legalForm: 'SARL',
      shareCapital: '12500.50',
      siret: '73282932000074',
      registration: 'RCS Lyon',
      vatNumber: 'FR44732829320',
      address: '12 rue des Artisans',
      postalCode: '69003',
      city: 'Lyon',
      country: 'France',
      email: 'contact@durand-batiment.fr',
      phone: '04 78 00 00 00',
      iban: 'FR1420041010050500013M02606',
      bic: 'PSSTFRPPLIL',
      insurer: 'SMABTP',
      insurancePolicyNumber: 'DEC-2026-0042',
      insuranceActivities: 'Maçonnerie, gros œuvre',
      insuranceArea: 'France métropolitaine',
      vatRegime: 'normal',
      vatOnDebits: true,
      paymentTermDays: 45,
      latePenaltyRate: "trois fois le taux d'intérêt légal",
      earlyPaymentDiscount: "Pas d'escompte pour paiement anticipé",
      quoteValidityDays: 30,
      defaultVatRate: '10.00',
      defaultRetentionRate: '2.50',
    });
    // The server's answer is what the screen now shows, without reading the profile again.
    await waitFor(() => expect(screen.getByLabelText('Capital social (€)')).toHaveValue('10000,00'));
    expect(screen.getByLabelText('Délai de paiement')).toHaveValue('45');
    expect(api.calls('GET /api/company')).toHaveLength(1);
  });

  it('fills an empty profile: what it lacks is said until it is saved complete', async () => {
    const user = setupUser();
    const api = stub();
    renderPage();
    await profileForm();

    await choose(user, 'Forme juridique', 'SARL');
    await fill(user, 'SIRET', '732 829 320 00074');
    await user.click(screen.getByRole('button', { name: 'Calculer depuis le SIREN' }));
    await fill(user, 'Immatriculation', 'RCS Lyon');
    await fill(user, 'Assureur', 'SMABTP');
    await fill(user, 'IBAN', 'FR14 2004 1010 0505 0001 3M02 606');
    await save(user);

    expect(
      await screen.findByText('Profil complet : les devis et les factures peuvent être envoyés.'),
    ).toBeInTheDocument();
    expect(api.calls('PUT /api/company')[0]?.body).toMatchObject({
      version: 3,
      legalForm: 'SARL',
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      registration: 'RCS Lyon',
      insurer: 'SMABTP',
      iban: 'FR1420041010050500013M02606',
    });
  });

  it('derives the SIREN from the SIRET as it is typed, and computes the VAT number from it', async () => {
    const user = setupUser();
    stub();
    renderPage();
    await profileForm();
    const compute = screen.getByRole('button', { name: 'Calculer depuis le SIREN' });
    expect(compute).toBeDisabled();
    expect(screen.getByText('Le SIREN (ses 9 premiers chiffres) en sera déduit.')).toBeInTheDocument();

    await fill(user, 'SIRET', '73282932000074');
    expect(screen.getByText('SIREN : 732 829 320')).toBeInTheDocument();
    await user.click(compute);

    expect(screen.getByLabelText('N° de TVA intracommunautaire')).toHaveValue('FR44732829320');
  });

  it('checks the identifiers with the shared rules once left, then as the person types', async () => {
    const user = setupUser();
    const api = stub();
    renderPage();
    const form = await profileForm();

    await fill(user, 'SIRET', '73282932000075');
    expect(within(form).queryByText('Le SIRET est invalide (clé de contrôle)')).not.toBeInTheDocument();
    await user.tab();
    expect(within(form).getByText('Le SIRET est invalide (clé de contrôle)')).toBeInTheDocument();
    await fill(user, 'SIRET', '73282932000074');
    expect(within(form).queryByText('Le SIRET est invalide (clé de contrôle)')).not.toBeInTheDocument();

    await fill(user, 'N° de TVA intracommunautaire', 'FR96552100554');
    await user.tab();
    expect(within(form).getByText('Le numéro de TVA ne correspond pas au SIREN')).toBeInTheDocument();
    await save(user);
    expect(api.calls('PUT /api/company')).toEqual([]);
  });

  it('checks the bank, the payment term and the name, and sends nothing while one is wrong', async () => {
    const user = setupUser();
    const api = stub();
    renderPage();
    const form = await profileForm();

    await fill(user, 'IBAN', 'FR14 2004 1010 0505 0001 3M02 607');
    await user.tab();
    expect(within(form).getByText("L'IBAN est invalide (clé de contrôle)")).toBeInTheDocument();

    await fill(user, 'Délai de paiement', '90');
    await user.tab();
    expect(
      within(form).getByText('Le délai de paiement doit être un nombre entier de jours entre 0 et 60'),
    ).toBeInTheDocument();

    await fill(user, "Nom de l'entreprise", '');
    await user.tab();
    expect(within(form).getByText("Le nom de l'entreprise est requis")).toBeInTheDocument();

    await save(user);
    expect(api.calls('PUT /api/company')).toEqual([]);
  });

  it('takes the share capital away for an entreprise individuelle', async () => {
    const user = setupUser();
    const api = stub({ 'GET /api/company': json(completeProfile) });
    renderPage();
    await profileForm();
    expect(screen.getByLabelText('Capital social (€)')).toHaveValue('10000,00');

    await choose(user, 'Forme juridique', 'Entreprise individuelle (EI)');

    expect(screen.queryByLabelText('Capital social (€)')).not.toBeInTheDocument();
    expect(
      screen.getByText("Une entreprise individuelle (EI) n'a pas de capital social."),
    ).toBeInTheDocument();
    await save(user);
    await waitFor(() => expect(api.calls('PUT /api/company')).toHaveLength(1));
    const body = api.calls('PUT /api/company')[0]?.body as Record<string, unknown>;
    expect(body.legalForm).toBe('EI');
    expect(body).not.toHaveProperty('shareCapital');
    expect(body.version).toBe(7);
  });

  it("shows the server's 400 messages on their fields", async () => {
    const user = setupUser();
    stub({
      'PUT /api/company': apiError(400, 'validation_error', 'Données invalides.', [
        {
          path: 'shareCapital',
          message: "Une entreprise individuelle (EI) n'a pas de capital social : laissez ce champ vide",
        },
        { path: 'email', message: 'Une entreprise utilise déjà cette adresse e-mail.' },
      ]),
    });
    renderPage();
    const form = await profileForm();
    await fill(user, 'E-mail', 'contact@durand-batiment.fr');

    await save(user);

    expect(
      await within(form).findByText(
        "Une entreprise individuelle (EI) n'a pas de capital social : laissez ce champ vide",
      ),
    ).toBeInTheDocument();
    expect(within(form).getByText('Une entreprise utilise déjà cette adresse e-mail.')).toBeInTheDocument();
    expect(toasts().getByText('Données invalides.')).toBeInTheDocument();
    // A field's message from the server goes once the person changes that field.
    await fill(user, 'E-mail', 'bureau@durand-batiment.fr');
    expect(
      within(form).queryByText('Une entreprise utilise déjà cette adresse e-mail.'),
    ).not.toBeInTheDocument();
  });

  it('says when the profile changed meanwhile, then shows it as saved', async () => {
    const user = setupUser();
    const api = stub({ 'PUT /api/company': apiError(409, 'conflict', stale) });
    renderPage();
    await profileForm();
    await fill(user, 'Ville', 'Villeurbanne');
    api.answer('GET /api/company', json({ ...completeProfile, city: 'Lyon', version: 4 }));

    await save(user);

    expect(await toasts().findByText(stale)).toBeInTheDocument();
    expect((api.calls('PUT /api/company')[0]?.body as { version: number } | undefined)?.version).toBe(3);
    await waitFor(() => expect(screen.getByLabelText('Ville')).toHaveValue('Lyon'));
    expect(api.calls('GET /api/company')).toHaveLength(2);
  });

  it('keeps what was typed when the server refuses the name of another company', async () => {
    const user = setupUser();
    stub({ 'PUT /api/company': apiError(409, 'conflict', 'Une entreprise porte déjà ce nom.') });
    renderPage();
    await profileForm();
    await fill(user, "Nom de l'entreprise", 'Martin Rénovation');

    await save(user);

    expect(await toasts().findByText('Une entreprise porte déjà ce nom.')).toBeInTheDocument();
    expect(screen.getByLabelText("Nom de l'entreprise")).toHaveValue('Martin Rénovation');
  });

  it('sends a PNG logo to Documents, previews it and saves its id with the profile', async () => {
    const user = setupUser();
    const uploads = stubUpload();
    const logoId = '0190a5f0-3333-7abc-8def-0000000000aa';
    const api = stub({
      [`GET /api/documents/${logoId}/download?inline=1`]: json({
        url: 'https://bucket.example/logo.png?sig=1',
      }),
    });
    renderPage();
    await profileForm();
    expect(screen.getByText('Aucun logo')).toBeInTheDocument();

    await user.upload(
      screen.getByLabelText('Logo (PNG ou JPEG)'),
      new File(['png'], 'logo.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    const [upload] = uploads.sent;
    expect(upload?.url).toBe('/api/documents/upload');
    expect(upload?.fields()).toMatchObject({ type: 'other', tags: 'logo', file: 'logo.png' });
    upload?.respond(201, {
      id: logoId,
      companyId: incompleteProfile.id,
      name: 'logo.png',
      originalName: 'logo.png',
      type: 'other',
      mimeType: 'image/png',
      size: 3,
      tags: ['logo'],
      createdAt: '2026-03-02T09:14:05.120Z',
      updatedAt: '2026-03-02T09:14:05.120Z',
      version: 1,
    });

    expect(await screen.findByRole('img', { name: "Logo de l'entreprise" })).toHaveAttribute(
      'src',
      'https://bucket.example/logo.png?sig=1',
    );
    await save(user);
    await waitFor(() => expect(api.calls('PUT /api/company')).toHaveLength(1));
    expect(api.calls('PUT /api/company')[0]?.body).toMatchObject({ logoDocumentId: logoId });
  });

  it('refuses a logo that is not a PNG or a JPEG before sending it', async () => {
    const uploads = stubUpload();
    stub();
    renderPage();
    const form = await profileForm();

    // The picker offers PNG and JPEG only; a file dropped by other means still gets here.
    fireEvent.change(screen.getByLabelText('Logo (PNG ou JPEG)'), {
      target: { files: [new File(['gif'], 'logo.gif', { type: 'image/gif' })] },
    });

    expect(await within(form).findByText('Le logo doit être une image PNG ou JPEG.')).toBeInTheDocument();
    expect(uploads.sent).toEqual([]);
  });
});

describe("Paramètres de l'entreprise: a user who is not the administrator", () => {
  it('reads the profile, without a form, and never asks for the users', async () => {
    const api = stub({ 'GET /api/company': json(completeProfile) });
    renderPage({ role: 'user' });

    expect(
      await screen.findByText("Seul un administrateur de l'entreprise peut modifier ces informations."),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Banque' })).toBeInTheDocument();
    expect(screen.getByText('732 829 320 00074')).toBeInTheDocument();
    expect(screen.getByText('732 829 320')).toBeInTheDocument();
    expect(screen.getByText('FR14 2004 1010 0505 0001 3M02 606')).toBeInTheDocument();
    expect(screen.getByText('10 000,00 €')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Utilisateurs/ })).not.toBeInTheDocument();
    expect(api.calls('GET /api/company/users')).toEqual([]);
  });

  it('is told that only an administrator can complete what is missing', async () => {
    stub();
    renderPage({ role: 'user' });

    expect(
      await screen.findByText(
        "Pour envoyer des devis et des factures, complétez : SIRET, assureur, IBAN. Seul un administrateur de l'entreprise peut le faire.",
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Non renseigné').length).toBeGreaterThan(0);
  });
});

describe("Paramètres de l'entreprise: the company's users", () => {
  async function openUsers(user: ReturnType<typeof setupUser>) {
    await user.click(await screen.findByRole('tab', { name: 'Utilisateurs (1 en attente)' }));
    return screen.findByRole('list', { name: 'Utilisateurs' });
  }

  const cardOf = (list: HTMLElement, name: string) =>
    within(list).getByRole('heading', { name }).closest('li') as HTMLElement;

  it('lists them with their role and status, a colleague waiting for approval first', async () => {
    const user = setupUser();
    stub();
    renderPage();

    const list = await openUsers(user);

    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Lucas Petit', 'Paul Girard', 'Marie Durand']);
    expect(within(cardOf(list, 'Lucas Petit')).getByText('En attente')).toBeInTheDocument();
    expect(within(cardOf(list, 'Paul Girard')).getByText('Actif')).toBeInTheDocument();
    expect(within(cardOf(list, 'Paul Girard')).getByText('paul.girard@example.fr')).toBeInTheDocument();
    expect(within(cardOf(list, 'Marie Durand')).getByText('Vous')).toBeInTheDocument();
    expect(
      within(cardOf(list, 'Marie Durand')).getByRole('combobox', { name: 'Rôle de Marie Durand' }),
    ).toBeInTheDocument();
    expect(within(cardOf(list, 'Marie Durand')).getByText('Administrateur')).toBeInTheDocument();
    expect(
      within(cardOf(list, 'Marie Durand')).queryByRole('button', { name: /Désactiver/ }),
    ).not.toBeInTheDocument();
    expect(
      screen.getByText(/2 utilisateurs actifs sur 5 autorisés par votre abonnement/),
    ).toBeInTheDocument();
  });

  it('opens on the users from /settings?onglet=utilisateurs', async () => {
    stub();
    renderPage({ path: '/settings?onglet=utilisateurs' });

    expect(await screen.findByRole('list', { name: 'Utilisateurs' })).toBeInTheDocument();
  });

  it('approves a colleague who joined the company', async () => {
    const user = setupUser();
    const api = stub({
      [`PUT /api/company/users/${lucas.id}`]: json({ ...lucas, isActive: true, pendingApproval: false }),
    });
    renderPage();
    const list = await openUsers(user);
    api.answer(
      'GET /api/company/users',
      json([paul, { ...lucas, isActive: true, pendingApproval: false }, marie]),
    );

    await user.click(within(list).getByRole('button', { name: 'Approuver Lucas Petit' }));

    expect(await toasts().findByText('Lucas Petit peut maintenant se connecter')).toBeInTheDocument();
    expect(api.calls(`PUT /api/company/users/${lucas.id}`)[0]?.body).toEqual({ isActive: true });
    expect(await screen.findByRole('tab', { name: 'Utilisateurs' })).toBeInTheDocument();
    await waitFor(() => expect(within(cardOf(list, 'Lucas Petit')).getByText('Actif')).toBeInTheDocument());
  });

  it("says why the server refuses an approval (the company's user limit)", async () => {
    const user = setupUser();
    const full =
      "Votre entreprise a atteint son nombre maximal d'utilisateurs actifs (2) : désactivez un compte ou demandez une augmentation de votre abonnement.";
    stub({ [`PUT /api/company/users/${lucas.id}`]: apiError(409, 'conflict', full) });
    renderPage();
    const list = await openUsers(user);

    await user.click(within(list).getByRole('button', { name: 'Approuver Lucas Petit' }));

    expect(await toasts().findByText(full)).toBeInTheDocument();
    expect(within(cardOf(list, 'Lucas Petit')).getByText('En attente')).toBeInTheDocument();
  });

  it('makes a colleague an administrator', async () => {
    const user = setupUser();
    const api = stub({ [`PUT /api/company/users/${paul.id}`]: json({ ...paul, role: 'company_admin' }) });
    renderPage();
    const list = await openUsers(user);

    await choose(user, 'Rôle de Paul Girard', 'Administrateur');

    expect(
      await toasts().findByText('Paul Girard est maintenant administrateur (nouvelle connexion nécessaire)'),
    ).toBeInTheDocument();
    expect(api.calls(`PUT /api/company/users/${paul.id}`)[0]?.body).toEqual({ role: 'company_admin' });
    await waitFor(() => expect(api.calls('GET /api/company/users')).toHaveLength(2));
    expect(list).toBeInTheDocument();
  });

  it('says why the last administrator cannot leave the role, after a warning', async () => {
    const user = setupUser();
    const last =
      "Impossible : vous êtes le dernier administrateur actif de l'entreprise. Nommez d'abord un autre administrateur.";
    const api = stub({ [`PUT /api/company/users/${marie.id}`]: apiError(409, 'conflict', last) });
    const { onOwnAccountChanged } = renderPage();
    await openUsers(user);

    await choose(user, 'Rôle de Marie Durand', 'Utilisateur');
    const warning = await screen.findByRole('dialog');
    expect(warning).toHaveTextContent("Vous ne pourrez plus modifier les paramètres de l'entreprise");
    expect(api.calls(`PUT /api/company/users/${marie.id}`)).toEqual([]);
    await user.click(within(warning).getByRole('button', { name: 'Confirmer' }));

    expect(await toasts().findByText(last)).toBeInTheDocument();
    expect(api.calls(`PUT /api/company/users/${marie.id}`)[0]?.body).toEqual({ role: 'user' });
    expect(onOwnAccountChanged).not.toHaveBeenCalled();
  });

  it('deactivates a colleague after a confirmation naming them', async () => {
    const user = setupUser();
    const api = stub({ [`PUT /api/company/users/${paul.id}`]: json({ ...paul, isActive: false }) });
    renderPage();
    const list = await openUsers(user);

    await user.click(within(list).getByRole('button', { name: 'Désactiver Paul Girard' }));
    const confirmation = await screen.findByRole('dialog');
    expect(confirmation).toHaveTextContent(
      'Voulez-vous vraiment désactiver Paul Girard ? Cette personne ne pourra plus se connecter.',
    );
    expect(api.calls(`PUT /api/company/users/${paul.id}`)).toEqual([]);
    await user.click(within(confirmation).getByRole('button', { name: 'Désactiver' }));

    expect(await toasts().findByText('Paul Girard a été désactivé(e)')).toBeInTheDocument();
    expect(api.calls(`PUT /api/company/users/${paul.id}`)[0]?.body).toEqual({ isActive: false });
  });
});
