import { describe, expect, it } from 'vitest';
import { siretSamples as sirets, vatNumberSamples as vatNumbers } from '../testing/legal-identity-samples.js';
import { oddValues, repeated } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers, uuidSamples } from '../testing/seen-answer.js';
import { companyProfileInput } from './company.js';
import { companyProfileParser } from './company-input.js';

type Random = ReturnType<typeof seededRandom>;

const texts = ['Lyon', ' 12 rue des Lilas ', '69001', '', '   ', repeated('x', 2000), repeated('x', 2001)];
const ibans = [
  'FR76 3000 6000 0112 3456 7890 189',
  'fr7630006000011234567890189',
  'FR7630006000011234567890188',
  'DE89370400440532013000',
  'FR76',
  'x',
];
const bics = ['BNPAFRPPXXX', 'bnpafrpp', 'BNPAFRP', '1234FRPP', 'BNPA FR PP XXX'];
const fieldOdds: readonly (readonly [string, number, readonly unknown[]])[] = [
  ['name', 0.95, ['Durand BTP', ' Bâti Sud ', '', repeated('x', 2001)]],
  ['legalForm', 0.5, ['SARL', 'EI', 'SAS', 'other', 'ei', 'GIE', '']],
  ['shareCapital', 0.5, [0, 10000, '10 000,00', '1.005', -1, 'abc', '', '10 000 000 000']],
  ['siret', 0.5, sirets],
  ['registration', 0.2, texts],
  ['vatNumber', 0.5, vatNumbers],
  ...['address', 'postalCode', 'city', 'phone', 'website', 'insurer', 'insurerAddress'].map(
    (field) => [field, 0.15, texts] as const,
  ),
  ['insurancePolicyNumber', 0.15, texts],
  ['country', 0.3, ['France', ' Belgique ', '', repeated('x', 2001)]],
  ['email', 0.3, ['contact@durand.fr', ' a@b.fr ', 'pas-un-email', `${repeated('a', 250)}@x.fr`]],
  ['logoDocumentId', 0.2, [...uuidSamples, 'none']],
  ['iban', 0.3, ibans],
  ['bic', 0.3, bics],
  ['insuranceActivities', 0.15, ['Gros œuvre', repeated('x', 10_000), repeated('x', 10_001)]],
  ['insuranceArea', 0.15, texts],
  ['vatRegime', 0.3, ['normal', 'franchise', 'Normal', '']],
  ['vatOnDebits', 0.3, [true, false, 'true', 0]],
  ['paymentTermDays', 0.3, [0, 30, 60, 61, -1, '45', ' 30 ', 1.5, 'abc', '']],
  ['latePenaltyRate', 0.2, texts],
  ['earlyPaymentDiscount', 0.2, texts],
  ['quoteValidityDays', 0.3, [1, 30, 365, 366, 0, '90', 2.5, '']],
  ['defaultVatRate', 0.3, [20, '5,5', '5.50', 2.1, 0, '19.6', 'abc', '']],
  ['defaultRetentionRate', 0.3, [0, 5, '5,00', '4.99', 5.01, '10', 2.555, -1, '']],
  ['version', 0.6, [1, 2, 7, 0, -3, 1.5, '3', null]],
];

// The first two of each list pass (most of the time: a SIRET and a VAT number may disagree): a body
// takes them mostly, so that many bodies pass whole.
const value = (random: Random, typical: readonly unknown[]) => {
  const draw = random.next();
  if (draw < 0.03) return random.pick(oddValues);
  return draw < 0.12 ? random.pick(typical) : typical[random.next() < 0.5 ? 0 : 1];
};

// Objects only: the schema's rules read the body even when it is not one, and the function refuses
// any other JSON before parsing (`lib/http.ts`); the parser's own answer is below.
function randomBody(random: Random): unknown {
  const body: Record<string, unknown> = {};
  for (const [field, presence, typical] of fieldOdds) {
    if (random.next() < presence) body[field] = value(random, typical);
  }
  if (random.next() < 0.1) body.other = 1;
  return body;
}

describe('the body of PUT /api/company, parsed without zod', () => {
  it('answers as the zod schema: same output, issues and French messages (6,000 random bodies)', () => {
    const random = seededRandom(2107);
    const seen = compareParsers(
      companyProfileParser,
      companyProfileInput,
      Array.from({ length: 6_000 }, () => randomBody(random)),
    );
    expect({ ...seen, accepted: seen.accepted > 300 && seen.accepted < 5_000 }).toEqual({ accepted: true });
  });

  it('fills the defaults, stores the identifiers normalised, and applies the rules across fields', () => {
    expect(
      companyProfileParser.parse({
        name: ' Durand ',
        siret: '732 829 320 00074',
        iban: 'fr76 3000 6000 0112 3456 7890 189',
      }),
    ).toEqual({
      name: 'Durand',
      siret: '73282932000074',
      country: 'France',
      iban: 'FR7630006000011234567890189',
      vatRegime: 'normal',
      vatOnDebits: false,
      paymentTermDays: 30,
      latePenaltyRate: "trois fois le taux d'intérêt légal",
      earlyPaymentDiscount: "Pas d'escompte pour paiement anticipé",
      quoteValidityDays: 30,
      defaultVatRate: '20.00',
      defaultRetentionRate: '5.00',
    });
    expect(
      companyProfileParser.safeParse({
        name: 'Durand',
        legalForm: 'EI',
        shareCapital: 1000,
        siret: '73282932000074',
        vatNumber: 'FR40303265045',
        defaultRetentionRate: '6',
      }).error?.issues,
    ).toEqual([
      {
        path: ['defaultRetentionRate'],
        message:
          'Le taux de retenue de garantie doit être compris entre 0 et 5 %, avec au plus deux décimales',
      },
      {
        path: ['shareCapital'],
        message: "Une entreprise individuelle (EI) n'a pas de capital social : laissez ce champ vide",
      },
      { path: ['vatNumber'], message: 'Le numéro de TVA ne correspond pas au SIREN' },
    ]);
    expect(companyProfileParser.safeParse([]).error?.issues).toEqual([
      { path: [], message: 'Entrée invalide : objet attendu, tableau reçu' },
    ]);
  });
});
