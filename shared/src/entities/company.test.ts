import { describe, expect, it } from 'vitest';
import { validationDetails } from '../validation.js';
import {
  companyProfileFieldNames,
  companyProfileFields,
  companyProfileInput,
  companySchema,
  companyWithDefaults,
  missingProfileFields,
  slugify,
  type CompanyIdentity,
} from './company.js';

describe('slugify', () => {
  it.each([
    ['Bâtiment & Fils SARL', 'batiment-fils-sarl'],
    ['  Élan Rénovation  ', 'elan-renovation'],
    ["L'Œuvre du Bâtisseur", 'l-oeuvre-du-batisseur'],
    ['ÇA MAÇONNE!!!', 'ca-maconne'],
    ['Straße 2000', 'strasse-2000'],
    ['---', 'entreprise'],
    ['', 'entreprise'],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('keeps at most 60 characters, never ending with a dash', () => {
    const slug = slugify(`${'a'.repeat(59)} bcd`);
    expect(slug).toBe('a'.repeat(59));
    expect(slugify('x'.repeat(80))).toHaveLength(60);
  });
});

describe('companySchema', () => {
  it('applies the defaults of spec section 9', () => {
    const company = companySchema.parse({
      id: '0190a5f0-0000-7abc-8def-0123456789ab',
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-02T03:04:05.000Z',
      version: 1,
      name: 'ACME',
      slug: 'acme',
    });
    expect(company).toEqual({
      id: '0190a5f0-0000-7abc-8def-0123456789ab',
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-02T03:04:05.000Z',
      version: 1,
      name: 'ACME',
      slug: 'acme',
      status: 'pending',
      country: 'France',
      subscriptionPlan: 'free',
      subscriptionAutoRenew: true,
      maxUsers: 5,
      currentUsers: 0,
      settings: {},
      vatRegime: 'normal',
      vatOnDebits: false,
      paymentTermDays: 30,
      latePenaltyRate: "trois fois le taux d'intérêt légal",
      earlyPaymentDiscount: "Pas d'escompte pour paiement anticipé",
      quoteValidityDays: 30,
      defaultVatRate: '20.00',
      defaultRetentionRate: '5.00',
    });
  });
});

/** A complete profile as the "Paramètres" form would send it (values as typed). */
const fullProfile = {
  name: 'Dupont Bâtiment',
  legalForm: 'SARL',
  shareCapital: '10 000,00',
  siret: '732 829 320 00074',
  registration: 'RCS Lyon 732 829 320',
  vatNumber: 'fr 44 732 829 320',
  address: '12 rue des Artisans',
  postalCode: '69003',
  city: 'Lyon',
  email: 'contact@dupont-batiment.fr',
  phone: '04 78 00 00 00',
  website: 'https://dupont-batiment.fr',
  iban: 'FR76 3000 6000 0112 3456 7890 189',
  bic: 'bnpa frpp xxx',
  insurer: 'SMABTP',
  insurerAddress: '8 rue Louis Armand, 75015 Paris',
  insurancePolicyNumber: 'POL-2026-001',
  insuranceActivities: 'Maçonnerie, plâtrerie',
  insuranceArea: 'France métropolitaine',
};

const detailsOf = (body: unknown) => {
  const result = companyProfileInput.safeParse(body);
  return result.success ? [] : validationDetails(result.error);
};

describe('companyProfileInput', () => {
  it('stores identifiers normalised and fills the defaults of DOCUMENTS.md § 1', () => {
    expect(companyProfileInput.parse({ ...fullProfile, version: 3 })).toEqual({
      ...fullProfile,
      shareCapital: '10000.00',
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      iban: 'FR7630006000011234567890189',
      bic: 'BNPAFRPPXXX',
      country: 'France',
      vatRegime: 'normal',
      vatOnDebits: false,
      paymentTermDays: 30,
      latePenaltyRate: "trois fois le taux d'intérêt légal",
      earlyPaymentDiscount: "Pas d'escompte pour paiement anticipé",
      quoteValidityDays: 30,
      defaultVatRate: '20.00',
      defaultRetentionRate: '5.00',
      version: 3,
    });
  });

  it('needs only the name, and ignores siren, id and other read-only fields', () => {
    const data = companyProfileInput.parse({ name: 'ACME', siren: '123456789', id: 'x', status: 'active' });
    expect(data).not.toHaveProperty('siren');
    expect(data).not.toHaveProperty('id');
    expect(data).not.toHaveProperty('status');
    expect(detailsOf({})).toEqual([{ path: 'name', message: "Le nom de l'entreprise est requis" }]);
  });

  it.each([
    ['siret', '1234', 'Le SIRET doit comporter 14 chiffres'],
    ['siret', '73282932000075', 'Le SIRET est invalide (clé de contrôle)'],
    ['vatNumber', 'FR45732829320', 'Le numéro de TVA est invalide (clé de contrôle)'],
    ['vatNumber', 'FR40303265045', 'Le numéro de TVA ne correspond pas au SIREN'],
    ['iban', 'FR7730006000011234567890189', "L'IBAN est invalide (clé de contrôle)"],
    ['iban', 'FR76300060000112345678901', "L'IBAN français doit comporter 27 caractères"],
    ['bic', 'BNPA', 'Le BIC doit comporter 8 ou 11 caractères'],
    ['legalForm', 'SNC', 'La forme juridique doit être EI, EURL, SARL, SAS, SASU, SA, SCOP ou Autre'],
    ['shareCapital', '-5', 'Le capital social doit être un montant positif ou nul, par exemple 10 000,00'],
    ['email', 'pas-un-email', "L'adresse e-mail de l'entreprise doit être valide"],
    ['paymentTermDays', 61, 'Le délai de paiement doit être un nombre entier de jours entre 0 et 60'],
    ['paymentTermDays', 1.5, 'Le délai de paiement doit être un nombre entier de jours entre 0 et 60'],
    [
      'quoteValidityDays',
      0,
      'La durée de validité des devis doit être un nombre entier de jours entre 1 et 365',
    ],
    ['defaultVatRate', '19.6', 'Taux de TVA inconnu : choisissez 20 %, 10 %, 5,5 %, 2,1 % ou 0 %'],
    [
      'defaultRetentionRate',
      '5.01',
      'Le taux de retenue de garantie doit être compris entre 0 et 5 %, avec au plus deux décimales',
    ],
    ['vatRegime', 'micro', 'Le régime de TVA doit être « normal » ou « franchise »'],
    ['vatOnDebits', 'oui', "L'option pour la TVA sur les débits doit être oui ou non"],
  ])('refuses %s = %j with “%s”', (field, value, message) => {
    expect(detailsOf({ ...fullProfile, [field]: value })).toEqual([{ path: field, message }]);
  });

  it('accepts the other VAT rates, a foreign VAT number and 0 to 60 days', () => {
    const data = companyProfileInput.parse({
      ...fullProfile,
      defaultVatRate: '5,5',
      vatNumber: 'BE0123456789',
      paymentTermDays: '0',
      defaultRetentionRate: 0,
    });
    expect(data).toMatchObject({
      defaultVatRate: '5.50',
      vatNumber: 'BE0123456789',
      paymentTermDays: 0,
      defaultRetentionRate: '0.00',
    });
    expect(companyProfileInput.parse({ ...fullProfile, paymentTermDays: 60 }).paymentTermDays).toBe(60);
  });

  it('refuses a share capital for an EI, and accepts an EI without one', () => {
    expect(detailsOf({ ...fullProfile, legalForm: 'EI' })).toEqual([
      {
        path: 'shareCapital',
        message: "Une entreprise individuelle (EI) n'a pas de capital social : laissez ce champ vide",
      },
    ]);
    expect(
      companyProfileInput.parse({ ...fullProfile, legalForm: 'EI', shareCapital: '' }).shareCapital,
    ).toBe(undefined);
  });

  it('reports the VAT mismatch together with another field’s problem', () => {
    expect(detailsOf({ ...fullProfile, vatNumber: 'FR40303265045', iban: 'FR00' })).toEqual([
      { path: 'iban', message: "L'IBAN français doit comporter 27 caractères" },
      { path: 'vatNumber', message: 'Le numéro de TVA ne correspond pas au SIREN' },
    ]);
  });
});

describe('companyProfileFieldNames (what GET and PUT /api/company, the issuer and the form read)', () => {
  it("is every field of the profile's schema, in its order", () => {
    // Written out, not read from the schema, so that its readers load no zod (issue 27).
    expect([...companyProfileFieldNames]).toEqual(Object.keys(companyProfileFields));
  });
});

describe('companyWithDefaults', () => {
  it('reads a company stored before the profile with its defaults, and derives the SIREN', () => {
    const stored = { id: 'c', name: 'Ancienne', slug: 'ancienne', maxUsers: 5 };
    expect(companyWithDefaults(stored)).toEqual({
      ...stored,
      country: 'France',
      vatRegime: 'normal',
      vatOnDebits: false,
      paymentTermDays: 30,
      latePenaltyRate: "trois fois le taux d'intérêt légal",
      earlyPaymentDiscount: "Pas d'escompte pour paiement anticipé",
      quoteValidityDays: 30,
      defaultVatRate: '20.00',
      defaultRetentionRate: '5.00',
    });
    expect(companyWithDefaults({ siret: '73282932000074', paymentTermDays: 45 })).toMatchObject({
      siren: '732829320',
      paymentTermDays: 45,
    });
    expect(companyWithDefaults({ siret: 'pas un siret', siren: '999999999' })).not.toHaveProperty('siren');
  });
});

describe('missingProfileFields', () => {
  const complete: CompanyIdentity = companyProfileInput.parse(fullProfile);

  it('is empty for a complete profile, for quotes and invoices', () => {
    expect(missingProfileFields(complete, { forInvoice: false })).toEqual([]);
    expect(missingProfileFields(complete, { forInvoice: true })).toEqual([]);
  });

  it('lists every missing field of a new company, the IBAN for invoices only', () => {
    const fresh = companyWithDefaults({ name: 'Nouvelle' });
    const forQuote = [
      { path: 'legalForm', message: 'La forme juridique est requise' },
      { path: 'address', message: "L'adresse de l'entreprise est requise" },
      { path: 'postalCode', message: 'Le code postal est requis' },
      { path: 'city', message: 'La ville est requise' },
      { path: 'siret', message: 'Le SIRET est requis' },
      { path: 'registration', message: "L'immatriculation (RCS ou RM) est requise" },
      { path: 'vatNumber', message: 'Le numéro de TVA intracommunautaire est requis' },
      { path: 'insurer', message: "L'assureur (décennale ou RC professionnelle) est requis" },
      { path: 'insurancePolicyNumber', message: "Le numéro de police d'assurance est requis" },
      { path: 'insuranceArea', message: "La zone géographique couverte par l'assurance est requise" },
    ];
    expect(missingProfileFields(fresh, { forInvoice: false })).toEqual(forQuote);
    expect(missingProfileFields(fresh, { forInvoice: true })).toEqual([
      ...forQuote,
      { path: 'iban', message: "L'IBAN est requis pour émettre une facture" },
    ]);
    expect(missingProfileFields({}, { forInvoice: false })[0]).toEqual({
      path: 'name',
      message: "Le nom de l'entreprise est requis",
    });
  });

  it('does not ask a franchise company for a VAT number', () => {
    const franchise = { ...complete, vatRegime: 'franchise', vatNumber: undefined };
    expect(missingProfileFields(franchise, { forInvoice: true })).toEqual([]);
    expect(missingProfileFields({ ...franchise, vatRegime: 'normal' }, { forInvoice: true })).toEqual([
      { path: 'vatNumber', message: 'Le numéro de TVA intracommunautaire est requis' },
    ]);
  });

  it('reports an identifier stored under older rules as invalid', () => {
    expect(
      missingProfileFields(
        { ...complete, siret: '123', vatNumber: 'FR40303265045', iban: 'FR7730006000011234567890189' },
        { forInvoice: true },
      ),
    ).toEqual([
      { path: 'siret', message: 'Le SIRET doit comporter 14 chiffres' },
      { path: 'iban', message: "L'IBAN est invalide (clé de contrôle)" },
    ]);
    expect(missingProfileFields({ ...complete, vatNumber: 'FR40303265045' }, { forInvoice: false })).toEqual([
      { path: 'vatNumber', message: 'Le numéro de TVA ne correspond pas au SIREN' },
    ]);
  });
});
