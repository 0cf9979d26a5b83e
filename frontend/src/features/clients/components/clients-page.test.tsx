import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { apiError, json, never, stubApi, type Routes } from '../../../testing/api-stub';
import { renderWithProviders, toasts } from '../../../testing/render-app';
import { fill, setupUser } from '../../../testing/user';
import { ClientsPage } from './clients-page';

const companyId = '0199e5a2-7c1b-7d3e-8f00-0000000000aa';
const record = { companyId, createdAt: '2026-03-02T09:14:05.120Z', updatedAt: '2026-03-02T09:14:05.120Z' };
const durand = {
  ...record,
  id: '0199e5a2-7c1b-7d3e-8f00-000000000001',
  name: 'Maison Durand',
  contactPerson: 'Sophie Durand',
  email: 'sophie@durand.fr',
  phone: '04 78 00 00 00',
  city: 'Lyon',
  country: 'France',
  version: 3,
};
/** A company client with its SIRET, and the SIREN the server derives from it. */
const bati = {
  ...record,
  id: '0199e5a2-7c1b-7d3e-8f00-000000000004',
  name: 'Bâti Rhône SAS',
  kind: 'company',
  siret: '73282932000074',
  siren: '732829320',
  vatNumber: 'FR44732829320',
  country: 'France',
  version: 2,
};
const martin = {
  ...record,
  id: '0199e5a2-7c1b-7d3e-8f00-000000000002',
  name: 'SCI Martin',
  country: 'France',
  version: 1,
};
const dupont = {
  ...record,
  id: '0199e5a2-7c1b-7d3e-8f00-000000000005',
  name: 'Jeanne Dupont',
  kind: 'individual',
  city: 'Annecy',
  country: 'France',
  version: 1,
};

function stub(overrides: Routes = {}) {
  return stubApi({ 'GET /api/clients?limit=50': json([durand, martin]), ...overrides });
}

function renderPage(path = '/clients') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <ClientsPage title="Clients" subtitle="Gestion de vos clients" />
    </MemoryRouter>,
  );
}

async function openForm() {
  await setupUser().click(screen.getByRole('button', { name: 'Nouveau Client' }));
  return (await screen.findByRole('button', { name: 'Créer le client' })).closest('form') as HTMLElement;
}

describe('Clients', () => {
  it("shows 'Chargement...' while the clients load", () => {
    stub({ 'GET /api/clients?limit=50': never });
    renderPage();

    expect(screen.getByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    expect(screen.getByText('Chargement...')).toBeInTheDocument();
  });

  it('lists the clients as name and e-mail lines', async () => {
    stub();
    renderPage();

    const list = await screen.findByRole('list', { name: 'Clients' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Maison Durand');
    expect(within(first as HTMLElement).getByRole('link', { name: 'sophie@durand.fr' })).toHaveAttribute(
      'href',
      'mailto:sophie@durand.fr',
    );
    expect(first).toHaveTextContent('Sophie Durand · 04 78 00 00 00 · Lyon');
    expect(second).toHaveTextContent('SCI Martin');
  });

  it("marks a client whose address was refused with a red 'E-mail refusé', the date and the reason", async () => {
    const refused = {
      ...durand,
      emailStatus: {
        state: 'bounced',
        at: '2026-11-24T08:15:00.000Z',
        address: 'sophie@durand.fr',
        reason: "L'adresse n'existe pas. (smtp; 550 5.1.1 user unknown)",
      },
    };
    stub({ 'GET /api/clients?limit=50': json([refused, martin]) });
    renderPage();

    const list = await screen.findByRole('list', { name: 'Clients' });
    const [first, second] = within(list).getAllByRole('listitem');
    const tag = within(first as HTMLElement).getByText('E-mail refusé');
    expect(tag).toHaveClass('ant-tag-red');
    expect(first).toHaveTextContent("le 24/11/2026 : L'adresse n'existe pas. (smtp; 550 5.1.1 user unknown)");
    expect(second).not.toHaveTextContent('E-mail refusé');
  });

  it("reads the next page with 'Charger plus' while the server holds more (x-next-cursor)", async () => {
    const api = stub({
      'GET /api/clients?limit=50': () =>
        Response.json([durand, martin], { headers: { 'x-next-cursor': 'page 2/=' } }),
      'GET /api/clients?limit=50&cursor=page+2%2F%3D': json([dupont]),
    });
    renderPage();

    const list = await screen.findByRole('list', { name: 'Clients' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('2+ résultats');
    await setupUser().click(screen.getByRole('button', { name: 'Charger plus' }));

    expect(await within(list).findByText('Jeanne Dupont')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Charger plus' })).not.toBeInTheDocument();
    expect(api.calls('GET /api/clients?limit=50')).toHaveLength(1);
    expect(api.calls('GET /api/clients?limit=50&cursor=page+2%2F%3D')).toHaveLength(1);
  });

  it('pages a search with its own cursor, the search kept in the next call', async () => {
    const api = stub({
      'GET /api/clients?q=lyon&sort=name&limit=50': () =>
        Response.json([durand], { headers: { 'x-next-cursor': 'c2' } }),
      'GET /api/clients?q=lyon&sort=name&limit=50&cursor=c2': json([bati]),
    });
    renderPage('/clients?q=lyon&tri=name');

    const list = await screen.findByRole('list', { name: 'Clients' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await setupUser().click(screen.getByRole('button', { name: 'Charger plus' }));
    expect(await within(list).findByText('Bâti Rhône SAS')).toBeInTheDocument();
    expect(api.calls('GET /api/clients?q=lyon&sort=name&limit=50&cursor=c2')).toHaveLength(1);
    expect(api.calls('GET /api/clients?limit=50')).toHaveLength(0);
  });

  it("says 'Erreur lors du chargement des clients' in a toast when the list fails", async () => {
    stub({ 'GET /api/clients?limit=50': apiError(500, 'internal_error', 'Erreur interne.') });
    renderPage();

    expect(await toasts().findByText('Erreur lors du chargement des clients')).toBeInTheDocument();
    expect(toasts().getByRole('status')).toHaveAttribute('data-variant', 'destructive');
  });

  it('toggles the creation form, with France as the default country', async () => {
    const user = setupUser();
    stub();
    renderPage();

    const form = await openForm();
    expect(within(form).getByLabelText('Pays')).toHaveValue('France');
    for (const label of [
      'Personne de contact',
      'E-mail',
      'Téléphone',
      'Adresse',
      'Ville',
      'Code postal',
      'SIRET',
      'Numéro de TVA',
      'Notes',
    ]) {
      expect(within(form).getByLabelText(label)).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('button', { name: 'Créer le client' })).not.toBeInTheDocument();
  });

  it('opens the creation form from /clients?nouveau', async () => {
    stub();
    renderPage('/clients?nouveau');

    expect(await screen.findByRole('button', { name: 'Créer le client' })).toBeInTheDocument();
  });

  it('requires the company name and sends nothing without it', async () => {
    const user = setupUser();
    const api = stub();
    renderPage();
    const form = await openForm();

    await user.click(within(form).getByRole('button', { name: 'Créer le client' }));

    expect(await within(form).findByText('Le nom est requis')).toBeInTheDocument();
    expect(api.calls('POST /api/clients')).toEqual([]);
  });

  it("shows 'Création...' while creating and sends the trimmed fields with France", async () => {
    const user = setupUser();
    const api = stub({ 'POST /api/clients': never });
    renderPage();
    await screen.findByText('Maison Durand');
    const form = await openForm();

    await fill(user, within(form).getByLabelText("Nom de l'entreprise"), '  Bâti Sud  ');
    await fill(user, within(form).getByLabelText('E-mail'), 'contact@batisud.fr');
    await user.click(within(form).getByRole('button', { name: 'Créer le client' }));

    expect(await within(form).findByRole('button', { name: /Création\.\.\./ })).toBeInTheDocument();
    expect(api.calls('POST /api/clients').map((call) => call.body)).toEqual([
      { kind: 'company', name: 'Bâti Sud', email: 'contact@batisud.fr', country: 'France' },
    ]);
  });

  it('creates a client, closes the form and refreshes the list', async () => {
    const user = setupUser();
    const created = { ...martin, id: '0199e5a2-7c1b-7d3e-8f00-000000000003', name: 'Bâti Sud' };
    const api = stub({ 'POST /api/clients': json(created, 201) });
    renderPage();
    await screen.findByText('Maison Durand');
    const form = await openForm();

    await fill(user, within(form).getByLabelText("Nom de l'entreprise"), 'Bâti Sud');
    await user.click(within(form).getByRole('button', { name: 'Créer le client' }));

    expect(await toasts().findByText('Client créé avec succès')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /api/clients?limit=50')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Créer le client' })).not.toBeInTheDocument();
  });

  it("shows the server's message, else 'Erreur lors de la création du client'", async () => {
    const user = setupUser();
    const api = stub({ 'POST /api/clients': apiError(409, 'conflict', 'Un client porte déjà ce nom.') });
    renderPage();
    const form = await openForm();
    await fill(user, within(form).getByLabelText("Nom de l'entreprise"), 'Maison Durand');

    await user.click(within(form).getByRole('button', { name: 'Créer le client' }));
    expect(await toasts().findByText('Un client porte déjà ce nom.')).toBeInTheDocument();

    api.answer('POST /api/clients', () => new Response('', { status: 500 }));
    await user.click(within(form).getByRole('button', { name: 'Créer le client' }));
    expect(await toasts().findByText('Erreur lors de la création du client')).toBeInTheDocument();
    expect(within(form).getByLabelText("Nom de l'entreprise")).toHaveValue('Maison Durand');
  });

  it('gives the reference of a failed request, for support, under the error', async () => {
    const user = setupUser();
    stub({
      'POST /api/clients': () =>
        Response.json(
          { error: 'internal_error', message: 'Une erreur interne est survenue.', reference: 'req-5f1c' },
          { status: 500, headers: { 'x-request-id': 'req-5f1c' } },
        ),
    });
    renderPage();
    const form = await openForm();
    await fill(user, within(form).getByLabelText("Nom de l'entreprise"), 'Maison Durand');

    await user.click(within(form).getByRole('button', { name: 'Créer le client' }));
    expect(await toasts().findByText('Une erreur interne est survenue.')).toBeInTheDocument();
    expect(toasts().getByText('Référence : req-5f1c')).toBeInTheDocument();
  });

  it('edits a client in a dialog, sending the whole record with the version read', async () => {
    const user = setupUser();
    const api = stub({
      [`PUT /api/clients/${durand.id}`]: json({ ...durand, city: 'Villeurbanne', version: 4 }),
    });
    renderPage();
    await screen.findByText('Maison Durand');

    await user.click(screen.getByRole('button', { name: 'Modifier Maison Durand' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Modifier le client');
    const city = await within(dialog).findByLabelText('Ville');
    expect(city).toHaveValue('Lyon');
    await user.clear(city);
    await fill(user, city, 'Villeurbanne');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Client mis à jour avec succès')).toBeInTheDocument();
    expect(api.calls(`PUT /api/clients/${durand.id}`).map((call) => call.body)).toEqual([
      {
        kind: 'company',
        name: 'Maison Durand',
        contactPerson: 'Sophie Durand',
        email: 'sophie@durand.fr',
        phone: '04 78 00 00 00',
        city: 'Villeurbanne',
        country: 'France',
        version: 3,
      },
    ]);
    await waitFor(() => expect(api.calls('GET /api/clients?limit=50')).toHaveLength(2));
  });

  it("shows the server's 409 when the client changed meanwhile", async () => {
    const user = setupUser();
    const stale = 'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.';
    stub({ [`PUT /api/clients/${martin.id}`]: apiError(409, 'conflict', stale) });
    renderPage();
    await screen.findByText('SCI Martin');

    await user.click(screen.getByRole('button', { name: 'Modifier SCI Martin' }));
    await user.click(
      await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Enregistrer' }),
    );

    expect(await toasts().findByText(stale)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('deletes a client after a confirmation naming it, and shows why when it is still used', async () => {
    const user = setupUser();
    const used =
      "Ce client est utilisé par 2 projets, 1 devis et 1 facture : supprimez-les ou modifiez-les d'abord.";
    const api = stub({ [`DELETE /api/clients/${durand.id}`]: apiError(409, 'conflict', used) });
    renderPage();
    await screen.findByText('Maison Durand');

    await user.click(screen.getByRole('button', { name: 'Supprimer Maison Durand' }));
    const confirmation = await screen.findByRole('dialog');
    expect(confirmation).toHaveTextContent('Voulez-vous vraiment supprimer le client « Maison Durand » ?');
    expect(api.calls(`DELETE /api/clients/${durand.id}`)).toEqual([]);
    await user.click(within(confirmation).getByRole('button', { name: 'Supprimer' }));
    expect(await toasts().findByText(used)).toBeInTheDocument();

    api.answer(`DELETE /api/clients/${durand.id}`, () => new Response(null, { status: 204 }));
    await user.click(screen.getByRole('button', { name: 'Supprimer Maison Durand' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await toasts().findByText('Client supprimé avec succès')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /api/clients?limit=50')).toHaveLength(3));
  });

  it("shows each client's kind, and a company's SIREN", async () => {
    stub({ 'GET /api/clients?limit=50': json([bati, dupont]) });
    renderPage();

    const list = await screen.findByRole('list', { name: 'Clients' });
    const [company, person] = within(list).getAllByRole('listitem');
    expect(company).toHaveTextContent('Bâti Rhône SASEntreprise');
    expect(company).toHaveTextContent('SIREN 732 829 320');
    expect(person).toHaveTextContent('Jeanne DupontParticulier');
    expect(person).not.toHaveTextContent('SIREN');
  });

  it('creates a private person: no SIRET nor VAT number asked, none sent', async () => {
    const user = setupUser();
    const api = stub({ 'POST /api/clients': never });
    renderPage();
    const form = await openForm();

    expect(within(form).getByRole('radio', { name: 'Entreprise' })).toBeChecked();
    await fill(user, within(form).getByLabelText('SIRET'), '73282932000074');
    await user.click(within(form).getByRole('radio', { name: 'Particulier' }));

    expect(within(form).queryByLabelText("Nom de l'entreprise")).toBeNull();
    for (const label of ['SIRET', 'SIREN', 'Numéro de TVA']) {
      expect(within(form).queryByLabelText(label)).toBeNull();
    }
    await fill(user, within(form).getByLabelText('Nom et prénom'), 'Jeanne Dupont');
    await user.click(within(form).getByRole('button', { name: 'Créer le client' }));

    await waitFor(() => expect(api.calls('POST /api/clients')).toHaveLength(1));
    expect(api.calls('POST /api/clients')[0]?.body).toEqual({
      kind: 'individual',
      name: 'Jeanne Dupont',
      country: 'France',
    });
  });

  it('checks the SIRET as it is typed and shows the SIREN derived from it', async () => {
    const user = setupUser();
    const api = stub({ 'POST /api/clients': never });
    renderPage();
    const form = await openForm();
    const siret = within(form).getByLabelText('SIRET');
    const siren = within(form).getByLabelText('SIREN');
    expect(siren).toHaveAttribute('readonly');

    await user.type(siret, '732 829 320 0007');
    // Still typing: no message yet.
    expect(within(form).queryByText('Le SIRET doit comporter 14 chiffres')).toBeNull();
    await user.tab();
    expect(await within(form).findByText('Le SIRET doit comporter 14 chiffres')).toBeInTheDocument();

    await user.type(siret, '5');
    expect(await within(form).findByText('Le SIRET est invalide (clé de contrôle)')).toBeInTheDocument();
    expect(siren).toHaveValue('');

    await user.type(siret, '{Backspace}4');
    await waitFor(() => expect(siren).toHaveValue('732 829 320'));
    expect(within(form).queryByText(/Le SIRET/)).toBeNull();

    await fill(user, within(form).getByLabelText("Nom de l'entreprise"), 'Bâti Rhône SAS');
    await fill(user, within(form).getByLabelText('Numéro de TVA'), 'fr 44 732829320');
    await user.click(within(form).getByRole('button', { name: 'Créer le client' }));

    await waitFor(() => expect(api.calls('POST /api/clients')).toHaveLength(1));
    expect(api.calls('POST /api/clients')[0]?.body).toEqual({
      kind: 'company',
      name: 'Bâti Rhône SAS',
      country: 'France',
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
    });
  });

  it("refuses a letter in the SIRET at once, and a VAT number that is not the SIREN's on saving", async () => {
    const user = setupUser();
    const api = stub();
    renderPage();
    const form = await openForm();

    await user.type(within(form).getByLabelText('SIRET'), '7328A');
    expect(await within(form).findByText('Le SIRET doit comporter 14 chiffres')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('SIRET'));
    await fill(user, within(form).getByLabelText('SIRET'), '73282932000074');
    await fill(user, within(form).getByLabelText("Nom de l'entreprise"), 'Bâti Rhône SAS');
    await fill(user, within(form).getByLabelText('Numéro de TVA'), 'FR96552100554');
    await user.click(within(form).getByRole('button', { name: 'Créer le client' }));

    expect(await within(form).findByText('Le numéro de TVA ne correspond pas au SIREN')).toBeInTheDocument();
    expect(api.calls('POST /api/clients')).toEqual([]);
  });

  it('edits a company client: its SIREN read-only in the dialog, its kind kept', async () => {
    const user = setupUser();
    const api = stub({
      'GET /api/clients?limit=50': json([bati, dupont]),
      [`PUT /api/clients/${bati.id}`]: json({ ...bati, version: 3 }),
    });
    renderPage();
    await screen.findByText('Bâti Rhône SAS');

    await user.click(screen.getByRole('button', { name: 'Modifier Bâti Rhône SAS' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText('SIREN')).toHaveValue('732 829 320');
    expect(within(dialog).getByRole('radio', { name: 'Entreprise' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Client mis à jour avec succès')).toBeInTheDocument();
    expect(api.calls(`PUT /api/clients/${bati.id}`)[0]?.body).toEqual({
      kind: 'company',
      name: 'Bâti Rhône SAS',
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      country: 'France',
      version: 2,
    });
  });

  it('edits a private person without asking for a SIRET', async () => {
    const user = setupUser();
    stub({ 'GET /api/clients?limit=50': json([bati, dupont]) });
    renderPage();
    await screen.findByText('Jeanne Dupont');

    await user.click(screen.getByRole('button', { name: 'Modifier Jeanne Dupont' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText('Nom et prénom')).toHaveValue('Jeanne Dupont');
    expect(within(dialog).getByRole('radio', { name: 'Particulier' })).toBeChecked();
    expect(within(dialog).queryByLabelText('SIRET')).toBeNull();
  });
});
