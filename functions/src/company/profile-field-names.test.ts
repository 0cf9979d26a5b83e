import { companyProfileFields } from '@btp/shared/entities/company';
import { describe, expect, it } from 'vitest';
import { profileFieldNames } from './company-service.js';

describe('profileFieldNames (what GET and PUT /api/company read and write of the profile)', () => {
  it("is every field of the profile's schema, in its order", () => {
    // Written out, not read from the schema, so that the company service loads no zod (issue 27).
    expect([...profileFieldNames]).toEqual(Object.keys(companyProfileFields));
  });
});
