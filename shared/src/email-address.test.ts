import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, isEmailAddress } from './email-address.js';

describe("zod's e-mail pattern, without zod", () => {
  it('is the pattern of the zod in use', () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });

  it('answers as z.email()', () => {
    const samples = [
      'marie@exemple.fr',
      'marie.dupont+devis@chantier.exemple.fr',
      "o'neil@exemple.fr",
      ' marie@exemple.fr',
      'marie@exemple',
      'marie..dupont@exemple.fr',
      '.marie@exemple.fr',
      'marie@-exemple.fr',
      'marie@exemple.fr\nBcc: x@y.fr',
      'a@b.c',
      '',
    ];
    for (const sample of samples) expect(isEmailAddress(sample)).toBe(z.email().safeParse(sample).success);
  });
});
