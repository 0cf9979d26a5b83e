import { describe, expect, it } from 'vitest';
import { companyMarkerKey, globalMarkerKey, maxPartitionKeyBytes, maxSortKeyBytes } from './keys.js';

const bytes = (value: string) => Buffer.byteLength(value, 'utf8');

describe('uniqueness markers', () => {
  it('keep short values readable, normalised, as they always were', () => {
    expect(companyMarkerKey('c1', 'CLIENT', 'NAME', '  Dupont   SA ')).toEqual({
      pk: 'COMPANY#c1',
      sk: 'UNIQUE#CLIENT_NAME#dupont sa',
    });
    expect(globalMarkerKey('USERNAME', 'Jean')).toEqual({ pk: 'UNIQUE#USERNAME#jean', sk: 'UNIQUE' });
  });

  it("stay within DynamoDB's key limits for the longest values, still unique per normalised value", () => {
    const name = 'é'.repeat(2_000);
    const marker = companyMarkerKey('c1', 'CLIENT', 'NAME', name);
    expect(bytes(marker.sk)).toBeLessThanOrEqual(maxSortKeyBytes);
    expect(marker).toEqual(companyMarkerKey('c1', 'CLIENT', 'NAME', ` ${name.toUpperCase()} `));
    expect(marker).not.toEqual(companyMarkerKey('c1', 'CLIENT', 'NAME', `${name}e`));

    const identifier = globalMarkerKey('USERNAME', 'é'.repeat(2_000));
    expect(bytes(identifier.pk)).toBeLessThanOrEqual(maxPartitionKeyBytes);
  });

  it('keep every key that fitted before unchanged, up to the last byte', () => {
    const prefix = 'UNIQUE#CLIENT_NAME#';
    const longest = 'a'.repeat(maxSortKeyBytes - prefix.length);
    expect(companyMarkerKey('c1', 'CLIENT', 'NAME', longest).sk).toBe(`${prefix}${longest}`);
    expect(companyMarkerKey('c1', 'CLIENT', 'NAME', `${longest}a`).sk).toMatch(
      /^UNIQUE#CLIENT_NAME##sha256:/,
    );
  });
});
