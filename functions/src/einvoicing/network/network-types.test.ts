/**
 * The client's types are the annexes': the committed `generated/` modules are exactly what
 * openapi-typescript makes of the vendored AFNOR XP Z12-013 annexes (else `npm run einvoicing:types`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedPath, generatedTypes, networkAnnexes } from '../../test-support/network-types.js';

describe('the generated types of the Flow and Directory services', () => {
  it.each(networkAnnexes)('$module is generated from $annex', async ({ annex, module }) => {
    const committed = readFileSync(generatedPath(module), 'utf8');
    expect(committed === (await generatedTypes(annex, module)), `${module}: npm run einvoicing:types`).toBe(
      true,
    );
  });
});
