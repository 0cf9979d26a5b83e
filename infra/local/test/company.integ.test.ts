import { companyProfileSchema } from '@btp/shared/entities/company';
import { companyUserSchema } from '@btp/shared/entities/company-user';
import { describe, expect, it } from 'vitest';
import { TestClient } from './http-client.js';
import { signedInCompany, signedInSuperAdmin, startTestStack, testPassword } from './support.js';

const stack = await startTestStack();
/** The super administrator (the product installed once for the stack). */
const superAdmin = await signedInSuperAdmin(stack);

interface Detail {
  path: string;
  message: string;
}

interface CompanyBody extends Record<string, unknown> {
  id: string;
  name: string;
  version: number;
  siren?: string;
  missingFields: { quote: Detail[]; invoice: Detail[] };
}

interface MemberBody {
  id: string;
  username: string;
  role: string;
  isActive: boolean;
  companyId: string;
  pendingApproval: boolean;
}

const staleVersion = 'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.';
const unknownId = '01900000-0000-7000-8000-000000000000';

/**
 * A complete legal profile as the "Paramètres" form sends it (values as typed). Without an e-mail:
 * a company's e-mail is unique, and each test's company keeps the one it registered with.
 */
const fullProfile = {
  legalForm: 'SARL',
  shareCapital: '10 000,00',
  siret: '732 829 320 00074',
  registration: 'RCS Lyon 732 829 320',
  vatNumber: 'fr 44 732 829 320',
  address: '12 rue des Artisans',
  postalCode: '69003',
  city: 'Lyon',
  phone: '04 78 00 00 00',
  website: 'https://dupont-batiment.fr',
  iban: 'FR76 3000 6000 0112 3456 7890 189',
  bic: 'bnpa frpp',
  insurer: 'SMABTP',
  insurerAddress: '8 rue Louis Armand, 75015 Paris',
  insurancePolicyNumber: 'POL-2026-001',
  insuranceActivities: 'Maçonnerie, plâtrerie',
  insuranceArea: 'France métropolitaine',
  vatRegime: 'normal',
  vatOnDebits: true,
  paymentTermDays: 45,
  latePenaltyRate: '10 % par an',
  earlyPaymentDiscount: 'Escompte de 1 % pour paiement sous 8 jours',
  quoteValidityDays: 60,
  defaultVatRate: '10',
  defaultRetentionRate: '5',
};

let unique = 0;
/** A colleague who registers with "Entreprise existante": inactive, waiting for approval. */
async function colleague(companyId: string, name = 'Collegue') {
  unique += 1;
  const username = `${name.toLowerCase()}-${Date.now().toString(36)}${unique}`;
  const client = new TestClient(stack.url);
  const response = await client.post('/api/auth/register', {
    firstName: 'Paul',
    lastName: name,
    email: `${username}@exemple.fr`,
    username,
    password: testPassword,
    confirmPassword: testPassword,
    companyId,
  });
  expect(response.status).toBe(201);
  const { user } = response.body as { user: { id: string } };
  return {
    client,
    id: user.id,
    username,
    login: () => client.post('/api/auth/login', { identifier: username, password: testPassword }),
  };
}

/** A company with an active plain user beside its administrator. */
async function companyWithUser(name: string) {
  const company = await signedInCompany(stack.url, name);
  const member = await colleague(company.companyId, 'Membre');
  expect((await company.client.put(`/api/company/users/${member.id}`, { isActive: true })).status).toBe(200);
  expect((await member.login()).status).toBe(200);
  return { ...company, member };
}

async function readCompany(client: TestClient): Promise<CompanyBody> {
  const response = await client.get('/api/company');
  expect(response.status).toBe(200);
  return response.body as CompanyBody;
}

/** A PNG or PDF file uploaded through `POST /api/documents/upload`; its document id. */
async function uploadDocument(client: TestClient, kind: 'png' | 'pdf'): Promise<string> {
  const magic =
    kind === 'png' ? [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] : [...Buffer.from('%PDF-1.7\n')];
  const bytes = Buffer.alloc(512, 7);
  Buffer.from(magic).copy(bytes);
  const form = new FormData();
  form.append('type', kind === 'png' ? 'photo' : 'other');
  form.append('description', '');
  form.append(
    'file',
    new Blob([bytes], { type: kind === 'png' ? 'image/png' : 'application/pdf' }),
    kind === 'png' ? 'logo.png' : 'plan.pdf',
  );
  const response = await fetch(`${stack.url}/api/documents/upload`, {
    method: 'POST',
    headers: { 'x-requested-with': 'fetch', cookie: client.cookieHeader },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe('GET /api/company', () => {
  it('reads a new company with the defaults of the profile and everything that issuing needs', async () => {
    const { client, companyId } = await signedInCompany(stack.url, 'Lecture');
    const company = await readCompany(client);
    expect(company).toMatchObject({
      id: companyId,
      version: 1,
      country: 'France',
      status: 'pending',
      subscriptionPlan: 'free',
      maxUsers: 5,
      vatRegime: 'normal',
      vatOnDebits: false,
      paymentTermDays: 30,
      latePenaltyRate: "trois fois le taux d'intérêt légal",
      earlyPaymentDiscount: "Pas d'escompte pour paiement anticipé",
      quoteValidityDays: 30,
      defaultVatRate: '20.00',
      defaultRetentionRate: '5.00',
    });
    expect(company.email).toMatch(/^admin-.*@exemple\.fr$/);
    expect(company).not.toHaveProperty('siren');
    expect(company).not.toHaveProperty('notes');
    expect(company).not.toHaveProperty('currentUsers');
    const forQuote = [
      'legalForm',
      'address',
      'postalCode',
      'city',
      'siret',
      'registration',
      'vatNumber',
      'insurer',
      'insurancePolicyNumber',
      'insuranceArea',
    ];
    expect(company.missingFields.quote.map((detail) => detail.path)).toEqual(forQuote);
    expect(company.missingFields.invoice.map((detail) => detail.path)).toEqual([...forQuote, 'iban']);
    expect(company.missingFields.quote[4]).toEqual({ path: 'siret', message: 'Le SIRET est requis' });
    expect(companyProfileSchema.parse(company)).toEqual(company);
  });

  it('answers a super administrator, who has no company, 404 in French', async () => {
    const response = await superAdmin.get('/api/company');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      error: 'not_found',
      message: "Aucune entreprise n'est associée à votre compte.",
    });
  });

  it('answers 401 without a session', async () => {
    expect((await new TestClient(stack.url).get('/api/company')).status).toBe(401);
  });
});

describe('PUT /api/company', () => {
  it('saves the whole profile normalised, derives the SIREN, and empties missingFields', async () => {
    const { client, companyId } = await signedInCompany(stack.url, 'Profil');
    const before = await readCompany(client);
    const response = await client.put('/api/company', {
      ...fullProfile,
      name: 'Dupont Bâtiment Profil',
      email: ' Contact@Dupont-Batiment.fr ',
      version: before.version,
      siren: '999999999',
      id: unknownId,
      status: 'active',
      maxUsers: 1000,
    });
    expect(response.status).toBe(200);
    const saved = response.body as CompanyBody;
    expect(saved).toMatchObject({
      ...fullProfile,
      id: companyId,
      name: 'Dupont Bâtiment Profil',
      email: 'Contact@Dupont-Batiment.fr',
      shareCapital: '10000.00',
      siret: '73282932000074',
      siren: '732829320',
      vatNumber: 'FR44732829320',
      iban: 'FR7630006000011234567890189',
      bic: 'BNPAFRPP',
      defaultVatRate: '10.00',
      defaultRetentionRate: '5.00',
      version: before.version + 1,
      status: 'pending',
      maxUsers: 5,
      missingFields: { quote: [], invoice: [] },
    });
    expect(await readCompany(client)).toEqual(saved);
    // The SPA parses the answer with the shared schema: it reads back unchanged.
    expect(companyProfileSchema.parse(saved)).toEqual(saved);
    // The sidebar's company name follows.
    expect(((await client.get('/api/auth/me')).body as { company: { name: string } }).company.name).toBe(
      'Dupont Bâtiment Profil',
    );
  });

  it('clears a field left out and resets a defaulted one', async () => {
    const { client } = await signedInCompany(stack.url, 'Effacer');
    const first = (await client.put('/api/company', { ...fullProfile, name: 'Effacer SARL' }))
      .body as CompanyBody;
    const { website: _website, paymentTermDays: _days, ...rest } = fullProfile;
    const second = await client.put('/api/company', {
      ...rest,
      name: 'Effacer SARL',
      version: first.version,
    });
    expect(second.status).toBe(200);
    expect(second.body).not.toHaveProperty('website');
    expect(second.body).toMatchObject({ paymentTermDays: 30, city: 'Lyon' });
  });

  it.each([
    ['siret', '732 829 320', 'Le SIRET doit comporter 14 chiffres'],
    ['siret', '73282932000075', 'Le SIRET est invalide (clé de contrôle)'],
    ['vatNumber', 'FR45732829320', 'Le numéro de TVA est invalide (clé de contrôle)'],
    ['iban', 'FR76 3000 6000 0112 3456 7890 188', "L'IBAN est invalide (clé de contrôle)"],
    ['bic', 'BNPA FR', 'Le BIC doit comporter 8 ou 11 caractères'],
    ['legalForm', 'SNC', 'La forme juridique doit être EI, EURL, SARL, SAS, SASU, SA, SCOP ou Autre'],
    ['paymentTermDays', 90, 'Le délai de paiement doit être un nombre entier de jours entre 0 et 60'],
    [
      'quoteValidityDays',
      400,
      'La durée de validité des devis doit être un nombre entier de jours entre 1 et 365',
    ],
    ['defaultVatRate', '19.6', 'Taux de TVA inconnu : choisissez 20 %, 10 %, 5,5 %, 2,1 % ou 0 %'],
    [
      'defaultRetentionRate',
      '7',
      'Le taux de retenue de garantie doit être compris entre 0 et 5 %, avec au plus deux décimales',
    ],
    ['email', 'pas-un-email', "L'adresse e-mail de l'entreprise doit être valide"],
    ['name', '  ', "Le nom de l'entreprise est requis"],
  ])('refuses %s = %j with 400 “%s” and writes nothing', async (field, value, message) => {
    const { client } = await signedInCompany(stack.url, 'Refus');
    const before = await readCompany(client);
    const response = await client.put('/api/company', {
      ...fullProfile,
      name: before.name,
      version: before.version,
      [field]: value,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'validation_error', details: [{ path: field, message }] });
    expect(await readCompany(client)).toEqual(before);
  });

  it('refuses a VAT number that is not the SIRET’s, and a share capital for an EI', async () => {
    const { client } = await signedInCompany(stack.url, 'TVA');
    const before = await readCompany(client);
    const mismatch = await client.put('/api/company', {
      ...fullProfile,
      name: before.name,
      vatNumber: 'FR40303265045',
    });
    expect(mismatch.status).toBe(400);
    expect((mismatch.body as { details: Detail[] }).details).toEqual([
      { path: 'vatNumber', message: 'Le numéro de TVA ne correspond pas au SIREN' },
    ]);
    const individual = await client.put('/api/company', {
      ...fullProfile,
      name: before.name,
      legalForm: 'EI',
    });
    expect(individual.status).toBe(400);
    expect((individual.body as { details: Detail[] }).details).toEqual([
      {
        path: 'shareCapital',
        message: "Une entreprise individuelle (EI) n'a pas de capital social : laissez ce champ vide",
      },
    ]);
    expect(await readCompany(client)).toEqual(before);
    // A foreign VAT number is taken as it is written (no key to check against a SIREN).
    const foreign = await client.put('/api/company', {
      ...fullProfile,
      name: before.name,
      vatNumber: 'be 0123 456 789',
    });
    expect(foreign.status).toBe(200);
    expect(foreign.body).toMatchObject({ vatNumber: 'BE0123456789' });
  });

  it('answers 409 on a stale version and writes nothing', async () => {
    const { client } = await signedInCompany(stack.url, 'Version');
    const before = await readCompany(client);
    expect(
      (await client.put('/api/company', { ...fullProfile, name: before.name, version: before.version }))
        .status,
    ).toBe(200);
    const afterFirst = await readCompany(client);
    const stale = await client.put('/api/company', {
      ...fullProfile,
      name: before.name,
      city: 'Paris',
      version: before.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: 'conflict', message: staleVersion });
    expect(await readCompany(client)).toEqual(afterFirst);
  });

  it('keeps company names unique: 409 for a name another company holds, the old name freed by a rename', async () => {
    const first = await signedInCompany(stack.url, 'Nom');
    const second = await signedInCompany(stack.url, 'Nom');
    const firstName = (await readCompany(first.client)).name;
    const before = await readCompany(second.client);
    // Same name once accents, case and punctuation are set aside.
    const taken = await second.client.put('/api/company', { ...fullProfile, name: firstName.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: 'conflict', message: 'Une entreprise porte déjà ce nom.' });
    expect(await readCompany(second.client)).toEqual(before);

    const renamed = await first.client.put('/api/company', { ...fullProfile, name: `${firstName} renommée` });
    expect(renamed.status).toBe(200);
    const takesOldName = await second.client.put('/api/company', { ...fullProfile, name: firstName });
    expect(takesOldName.status).toBe(200);
    expect((takesOldName.body as CompanyBody).name).toBe(firstName);
    const retake = await first.client.put('/api/company', { ...fullProfile, name: firstName });
    expect(retake.status).toBe(409);
  });

  it('keeps company e-mails unique', async () => {
    const first = await signedInCompany(stack.url, 'Courriel');
    const second = await signedInCompany(stack.url, 'Courriel');
    const firstCompany = await readCompany(first.client);
    const taken = await second.client.put('/api/company', {
      ...fullProfile,
      name: (await readCompany(second.client)).name,
      email: String(firstCompany.email).toUpperCase(),
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      error: 'conflict',
      message: 'Une entreprise utilise déjà cette adresse e-mail.',
    });
  });

  it('takes a PNG document of the company as logo, and refuses a PDF or another company’s image', async () => {
    const { client } = await signedInCompany(stack.url, 'Logo');
    const other = await signedInCompany(stack.url, 'Logo autre');
    const name = (await readCompany(client)).name;
    const png = await uploadDocument(client, 'png');
    const pdf = await uploadDocument(client, 'pdf');
    const foreign = await uploadDocument(other.client, 'png');

    const saved = await client.put('/api/company', { ...fullProfile, name, logoDocumentId: png });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ logoDocumentId: png });

    const before = await readCompany(client);
    const notImage = await client.put('/api/company', { ...fullProfile, name, logoDocumentId: pdf });
    expect(notImage.status).toBe(400);
    expect((notImage.body as { details: Detail[] }).details).toEqual([
      { path: 'logoDocumentId', message: 'Le logo doit être une image PNG ou JPEG.' },
    ]);
    const notOurs = await client.put('/api/company', { ...fullProfile, name, logoDocumentId: foreign });
    expect(notOurs.status).toBe(400);
    expect((notOurs.body as { details: Detail[] }).details).toEqual([
      {
        path: 'logoDocumentId',
        message:
          "Le logo doit être un document de l'entreprise : déposez l'image dans Documents puis choisissez-la.",
      },
    ]);
    expect(await readCompany(client)).toEqual(before);
  });

  it('keeps the document used as logo: its deletion answers 409 until another logo is chosen', async () => {
    const { client } = await signedInCompany(stack.url, 'Logo gardé');
    const name = (await readCompany(client)).name;
    const png = await uploadDocument(client, 'png');
    const saved = await client.put('/api/company', { ...fullProfile, name, logoDocumentId: png });
    expect(saved.status).toBe(200);

    const refused = await client.delete(`/api/documents/${png}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'conflict',
      message:
        "Ce document est le logo de l'entreprise : choisissez un autre logo (ou aucun) dans Administration → Paramètres avant de le supprimer.",
    });
    expect(await readCompany(client)).toMatchObject({ logoDocumentId: png, version: 2 });
    expect((await client.get(`/api/documents/${png}/download`)).status).toBe(200);

    // Once the profile no longer names it, it goes like any document.
    const cleared = await client.put('/api/company', { ...fullProfile, name, version: 2 });
    expect(cleared.status).toBe(200);
    expect((await client.delete(`/api/documents/${png}`)).status).toBe(204);
  });

  it('lists in missingFields exactly what is missing, the IBAN for invoices only, no VAT number under franchise', async () => {
    const { client } = await signedInCompany(stack.url, 'Manques');
    const name = (await readCompany(client)).name;
    const { iban: _iban, insuranceArea: _area, ...partial } = fullProfile;
    const incomplete = (await client.put('/api/company', { ...partial, name })).body as CompanyBody;
    expect(incomplete.missingFields).toEqual({
      quote: [
        { path: 'insuranceArea', message: "La zone géographique couverte par l'assurance est requise" },
      ],
      invoice: [
        { path: 'insuranceArea', message: "La zone géographique couverte par l'assurance est requise" },
        { path: 'iban', message: "L'IBAN est requis pour émettre une facture" },
      ],
    });
    const { vatNumber: _vat, ...withoutVat } = fullProfile;
    const franchise = (await client.put('/api/company', { ...withoutVat, name, vatRegime: 'franchise' }))
      .body as CompanyBody;
    expect(franchise.missingFields).toEqual({ quote: [], invoice: [] });
    const normal = (await client.put('/api/company', { ...withoutVat, name })).body as CompanyBody;
    expect(normal.missingFields.quote).toEqual([
      { path: 'vatNumber', message: 'Le numéro de TVA intracommunautaire est requis' },
    ]);
    const complete = (await client.put('/api/company', { ...fullProfile, name })).body as CompanyBody;
    expect(complete.missingFields).toEqual({ quote: [], invoice: [] });
  });
});

describe('access', () => {
  it('a plain user reads the company but gets 403 on PUT and on its users; a super administrator too', async () => {
    const { client, member } = await companyWithUser('Acces');
    const company = await readCompany(member.client);
    expect(company.name).toBe((await readCompany(client)).name);
    const forbidden = {
      error: 'forbidden',
      message: "Cette action est réservée aux administrateurs de l'entreprise.",
    };
    const put = await member.client.put('/api/company', { ...fullProfile, name: 'Pris par un utilisateur' });
    expect(put.status).toBe(403);
    expect(put.body).toEqual(forbidden);
    expect(await readCompany(client)).toEqual(company);
    const list = await member.client.get('/api/company/users');
    expect(list.status).toBe(403);
    expect(list.body).toEqual(forbidden);
    const change = await member.client.put(`/api/company/users/${member.id}`, { role: 'company_admin' });
    expect(change.status).toBe(403);
    expect((await superAdmin.put('/api/company', { ...fullProfile, name: 'Super' })).status).toBe(403);
    expect((await superAdmin.get('/api/company/users')).status).toBe(403);
  });
});

describe('company users', () => {
  it('lists the company’s own users, a pending colleague marked as such', async () => {
    const { client, userId, companyId } = await signedInCompany(stack.url, 'Liste');
    const pending = await colleague(companyId);
    await colleague((await signedInCompany(stack.url, 'Ailleurs')).companyId, 'Ailleurs');
    const response = await client.get('/api/company/users');
    expect(response.status).toBe(200);
    const users = response.body as MemberBody[];
    expect(users.map((user) => user.id)).toEqual([pending.id, userId]);
    expect(users[0]).toMatchObject({
      username: pending.username,
      isActive: false,
      role: 'user',
      pendingApproval: true,
      companyId,
    });
    expect(users[1]).toMatchObject({ isActive: true, role: 'company_admin', pendingApproval: false });
    expect(users[0]).not.toHaveProperty('passwordHash');
    expect(companyUserSchema.array().parse(users)).toEqual(users);
  });

  it('approves a pending colleague, who can then sign in and work', async () => {
    const { client, companyId } = await signedInCompany(stack.url, 'Approbation');
    const pending = await colleague(companyId);
    expect((await pending.login()).status).toBe(403);
    const approved = await client.put(`/api/company/users/${pending.id}`, { isActive: true });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: pending.id, isActive: true, pendingApproval: false });
    expect((await pending.login()).status).toBe(200);
    expect((await pending.client.get('/api/company')).status).toBe(200);
  });

  it('changes a role: the new administrator signs in again and manages the users', async () => {
    const { client, member } = await companyWithUser('Role');
    const promoted = await client.put(`/api/company/users/${member.id}`, { role: 'company_admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ role: 'company_admin', isActive: true });
    // A role change ends the person's sessions, as the super administrator's does.
    expect((await member.client.get('/api/auth/me')).status).toBe(401);
    expect((await member.login()).status).toBe(200);
    expect((await member.client.get('/api/company/users')).status).toBe(200);
  });

  it('deactivates a colleague, whose session stops working at once', async () => {
    const { client, member } = await companyWithUser('Desactivation');
    expect((await member.client.get('/api/company')).status).toBe(200);
    const deactivated = await client.put(`/api/company/users/${member.id}`, { isActive: false });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ isActive: false, pendingApproval: false });
    expect((await member.client.get('/api/company')).status).toBe(401);
    const again = await member.login();
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ error: 'account_inactive' });
  });

  it('answers 404 for another company’s user exactly as for an unknown id, and changes nothing', async () => {
    const { client } = await signedInCompany(stack.url, 'Isolement');
    const other = await companyWithUser('Isolement autre');
    const foreign = await client.put(`/api/company/users/${other.member.id}`, { isActive: false });
    const unknown = await client.put(`/api/company/users/${unknownId}`, { isActive: false });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'not_found', message: 'Utilisateur introuvable.' });
    expect(unknown.body).toEqual(foreign.body);
    const admin = await client.put(`/api/company/users/${other.userId}`, { role: 'user' });
    expect(admin.status).toBe(404);
    expect((await other.member.client.get('/api/company')).status).toBe(200);
    expect((await other.client.get('/api/company/users')).status).toBe(200);
  });

  it('refuses that the last active administrator deactivates or demotes themselves', async () => {
    const { client, userId, member } = await companyWithUser('Dernier');
    const lastAdmin = {
      error: 'conflict',
      message:
        "Impossible : vous êtes le dernier administrateur actif de l'entreprise. Nommez d'abord un autre administrateur.",
    };
    const deactivate = await client.put(`/api/company/users/${userId}`, { isActive: false });
    expect(deactivate.status).toBe(409);
    expect(deactivate.body).toEqual(lastAdmin);
    const demote = await client.put(`/api/company/users/${userId}`, { role: 'user' });
    expect(demote.status).toBe(409);
    expect(demote.body).toEqual(lastAdmin);
    expect((await client.get('/api/company/users')).status).toBe(200);

    // With a second administrator, stepping down is allowed (and ends one's own session).
    expect((await client.put(`/api/company/users/${member.id}`, { role: 'company_admin' })).status).toBe(200);
    const stepDown = await client.put(`/api/company/users/${userId}`, { role: 'user' });
    expect(stepDown.status).toBe(200);
    expect(stepDown.body).toMatchObject({ role: 'user' });
    expect((await client.get('/api/company/users')).status).toBe(401);
  });

  it("respects the company's maxUsers when approving: 409 in French, nothing written", async () => {
    const { client, companyId } = await signedInCompany(stack.url, 'Plafond');
    const first = await colleague(companyId, 'Premier');
    const second = await colleague(companyId, 'Second');
    expect((await superAdmin.put(`/api/admin/companies/${companyId}`, { maxUsers: 2 })).status).toBe(200);
    expect((await client.put(`/api/company/users/${first.id}`, { isActive: true })).status).toBe(200);
    const full = await client.put(`/api/company/users/${second.id}`, { isActive: true });
    expect(full.status).toBe(409);
    expect(full.body).toEqual({
      error: 'conflict',
      message:
        "Votre entreprise a atteint son nombre maximal d'utilisateurs actifs (2) : désactivez un compte ou demandez une augmentation de votre abonnement.",
    });
    expect((await second.login()).status).toBe(403);
    // Deactivating one makes room.
    expect((await client.put(`/api/company/users/${first.id}`, { isActive: false })).status).toBe(200);
    expect((await client.put(`/api/company/users/${second.id}`, { isActive: true })).status).toBe(200);
    expect((await second.login()).status).toBe(200);
  });

  it('lets only one of two concurrent approvals take the last place', async () => {
    const { client, companyId } = await signedInCompany(stack.url, 'Concurrence');
    const first = await colleague(companyId, 'Premier');
    const second = await colleague(companyId, 'Second');
    expect((await superAdmin.put(`/api/admin/companies/${companyId}`, { maxUsers: 2 })).status).toBe(200);
    const answers = await Promise.all([
      client.put(`/api/company/users/${first.id}`, { isActive: true }),
      client.put(`/api/company/users/${second.id}`, { isActive: true }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const users = (await client.get('/api/company/users')).body as MemberBody[];
    expect(users.filter((user) => user.isActive)).toHaveLength(2);
  });

  it('validates the body in French', async () => {
    const { client, member } = await companyWithUser('Validation');
    const superRole = await client.put(`/api/company/users/${member.id}`, { role: 'super_admin' });
    expect(superRole.status).toBe(400);
    expect((superRole.body as { details: Detail[] }).details).toEqual([
      {
        path: 'role',
        message: 'Le rôle doit être « Utilisateur » (user) ou « Administrateur » (company_admin)',
      },
    ]);
    const empty = await client.put(`/api/company/users/${member.id}`, {});
    expect(empty.status).toBe(400);
    expect((empty.body as { details: Detail[] }).details).toEqual([
      { path: '', message: 'Aucune modification : indiquez le rôle ou le statut' },
    ]);
  });
});
