/**
 * The body of `PUT /api/company/users/{id}` parsed by hand, without zod (issue 27, `bench:lambda`:
 * the route starts without zod's code). It answers as the zod schema `companyUserUpdateInput`
 * (`entities/company-user.ts`, kept for the SPA) does, issue for issue: `company-user-input.test.ts`
 * compares them on seeded random bodies.
 */
import { absentOr, booleanAnswer, enumAnswer, readFields } from '../body-fields.js';
import { companyUserRoles, type CompanyUserRole } from '../enums.js';
import { objectBodyParser, type QueryParser } from '../query-parser.js';

/** The messages of `companyUserUpdateInput` (`company-user.ts` re-exports them). */
export const companyUserMessages = {
  isActive: 'Le statut doit être actif (true) ou inactif (false)',
  role: 'Le rôle doit être « Utilisateur » (user) ou « Administrateur » (company_admin)',
  nothing: 'Aucune modification : indiquez le rôle ou le statut',
} as const;

/** What `companyUserUpdateInput` outputs (`company-user.ts`' `CompanyUserUpdateData`). */
export interface CompanyUserChange {
  isActive?: boolean | undefined;
  role?: CompanyUserRole | undefined;
}

/** `PUT /api/company/users/{id}`'s body: only what changes, at least one of the two. */
export const companyUserUpdateParser: QueryParser<CompanyUserChange> = objectBodyParser(
  (body) => {
    const { values, issues, aborted } = readFields(body, {
      isActive: absentOr((value) => booleanAnswer(value, companyUserMessages.isActive)),
      role: absentOr((value) => {
        const answer = enumAnswer(value, companyUserRoles);
        return answer.messages.length > 0 ? { ...answer, messages: [companyUserMessages.role] } : answer;
      }),
    });
    if (!aborted && values.isActive === undefined && values.role === undefined) {
      issues.push({ path: [], message: companyUserMessages.nothing });
    }
    return { issues, data: () => values as CompanyUserChange };
  },
  {
    type: 'object',
    properties: { isActive: { type: 'boolean' }, role: { type: 'string', enum: [...companyUserRoles] } },
  },
);
