/**
 * SIRETs and VAT numbers a body may carry, for the tests comparing a hand parser with its zod schema
 * (`entities/client-input.test.ts`, `entities/company-input.test.ts`): valid, spaced, with a wrong
 * key, La Poste's, too short, letters, blank; VAT numbers of those SIRENs' or of another, foreign.
 * The first two of each are valid (and agree with each other).
 */
export const siretSamples: readonly string[] = [
  '73282932000074',
  '732 829 320 00074',
  '73282932000075',
  '35600000000048',
  '1234',
  'abc',
  ' ',
];
export const vatNumberSamples: readonly string[] = [
  'FR44732829320',
  'fr 44 732.829.320',
  'FR40303265045',
  'FR00732829320',
  'DE123456789',
  'XX',
  '',
];
