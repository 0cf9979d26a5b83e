import { describe, expect, it } from 'vitest';
import { reminderSettingsInput } from './reminders.js';
import { reminderSettingsParser } from './reminders-input.js';
import { oddValues, repeated } from './testing/odd-values.js';
import { seededRandom } from './testing/seeded-random.js';
import { compareParsers } from './testing/seen-answer.js';

type Random = ReturnType<typeof seededRandom>;

const value = (random: Random, typical: readonly unknown[], odds = 0.1) =>
  random.next() < odds ? random.pick([...oddValues, { length: 'abc' }, { length: 0 }]) : random.pick(typical);

const subjects = [
  'Relance facture {numero}',
  ' Rappel ',
  '',
  '  ',
  repeated('x', 200),
  repeated('😀', 200),
  repeated('x', 201),
];
const texts = [
  'Bonjour,\nsauf erreur…',
  ' ',
  repeated('x', 10_000),
  ` ${repeated('x', 10_000)} `,
  repeated('x', 10_001),
];

function randomBody(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ remindersEnabled: true }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.9) body.remindersEnabled = value(random, [true, false, 'true', 0]);
  if (random.next() < 0.9) body.reminderSubject = value(random, subjects);
  if (random.next() < 0.9) body.reminderText = value(random, texts);
  if (random.next() < 0.6) body.version = value(random, [1, 2, 9, 0, -1, 1.5, '3', null]);
  if (random.next() < 0.1) body.other = 1;
  return body;
}

describe('the body of PUT /api/company/reminders, parsed without zod', () => {
  it('answers as the zod schema: same output, issues and French messages (5,000 random bodies)', () => {
    const random = seededRandom(2104);
    const seen = compareParsers(
      reminderSettingsParser,
      reminderSettingsInput,
      Array.from({ length: 5_000 }, () => randomBody(random)),
    );
    expect({ ...seen, accepted: seen.accepted > 100 && seen.accepted < 4_500 }).toEqual({ accepted: true });
  });

  it('trims the texts, and says what is missing', () => {
    expect(
      reminderSettingsParser.parse({
        remindersEnabled: true,
        reminderSubject: ' Relance ',
        reminderText: 'Bonjour',
        version: 3,
      }),
    ).toEqual({ remindersEnabled: true, reminderSubject: 'Relance', reminderText: 'Bonjour', version: 3 });
    expect(
      reminderSettingsParser.safeParse({ remindersEnabled: 'oui', reminderSubject: ' ', reminderText: '' })
        .error?.issues,
    ).toEqual([
      { path: ['remindersEnabled'], message: 'Relances automatiques : oui ou non' },
      { path: ['reminderSubject'], message: "L'objet de la relance est requis" },
      { path: ['reminderText'], message: 'Le texte de la relance est requis' },
    ]);
  });
});
