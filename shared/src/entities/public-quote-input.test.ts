import { describe, expect, it } from 'vitest';
import * as z from '../lazy-zod.js';
import { oddValues, repeated } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers } from '../testing/seen-answer.js';
import '../zod-fr.js';
import { publicQuoteAcceptInput } from './public-quote.js';
import { publicQuoteAcceptParser, publicQuoteTokenParams } from './public-quote-input.js';

type Random = ReturnType<typeof seededRandom>;

const names = [
  'Marie Durand',
  ' Jean ',
  repeated('x', 2000),
  ` ${repeated('x', 2000)} `,
  repeated('x', 2001),
];
const signatures = ['data:image/png;base64,iVBORw0KGgo=', ' data:image/png;base64,iVBORw0KGgo= ', 'x', '😀'];
// At the bound (in UTF-16 units or code points): taken now and then, each is long to measure.
const longSignatures = [repeated('A', 300_000), repeated('A', 300_001), repeated('😀', 300_000)];
const terms = [true, false, 'true', 1, 'oui'];
const tokens = ['a', 'Zx9-token_42', ' ', repeated('t', 200), repeated('t', 201), repeated('😀', 200)];

const value = (random: Random, typical: readonly unknown[], odds = 0.12) =>
  random.next() < odds ? random.pick(oddValues) : random.pick(typical);

function randomBody(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ signerName: 'x' }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.95) body.signerName = value(random, names);
  if (random.next() < 0.95) body.acceptTerms = value(random, terms);
  if (random.next() < 0.95)
    body.signature = value(random, random.next() < 0.03 ? longSignatures : signatures);
  if (random.next() < 0.2) body.other = 1;
  return body;
}

describe('the public acceptance’s token and body, parsed without zod', () => {
  it('answers as the zod schema for the body: same output, issues and French messages (3,000 random bodies)', () => {
    const random = seededRandom(3601);
    const bodies = Array.from({ length: 3_000 }, () => randomBody(random));
    const { accepted, difference } = compareParsers(publicQuoteAcceptParser, publicQuoteAcceptInput, bodies);
    expect(difference).toBeUndefined();
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(2_700);
  });

  it('answers as the zod schema for the token (2,000 random paths)', () => {
    // The schema `public-quotes/get.ts` validated the path with until issue 27's tenth pass.
    const zodToken = z.object({ token: z.string().min(1).max(200) });
    const random = seededRandom(3602);
    const paths = Array.from({ length: 2_000 }, () =>
      random.next() < 0.05
        ? random.pick([null, undefined, 'x', []])
        : random.next() < 0.1
          ? {}
          : { token: value(random, tokens, 0.2) },
    );
    const { accepted, difference } = compareParsers(publicQuoteTokenParams, zodToken, paths);
    expect(difference).toBeUndefined();
    expect(accepted).toBeGreaterThan(500);
    expect(accepted).toBeLessThan(1_900);
  });

  it('reads the signer trimmed and the signature as sent, and says what is wrong', () => {
    expect(
      publicQuoteAcceptParser.parse({ signerName: ' Marie ', acceptTerms: true, signature: ' data ' }),
    ).toEqual({ signerName: 'Marie', acceptTerms: true, signature: ' data ' });
    expect(publicQuoteAcceptParser.safeParse({ signerName: '', acceptTerms: 'true' }).error?.issues).toEqual([
      { path: ['signerName'], message: 'Votre nom est requis' },
      { path: ['acceptTerms'], message: 'Vous devez accepter le devis et ses conditions' },
      { path: ['signature'], message: 'La signature est requise' },
    ]);
  });
});
