/**
 * The bodies of `PUT /api/admin/users/{id}` and `PUT /api/admin/companies/{id}` parsed by hand,
 * without zod (issue 27, `bench:lambda`: both routes start without zod's code). They answer as the
 * zod schemas `adminUserUpdateInput` and `adminCompanyUpdateInput` (`entities/admin.ts`, kept for
 * the SPA's dialogs) do, issue for issue: `admin-input.test.ts` compares them on seeded random bodies.
 */
import {
  absentOr,
  zodBooleanAnswer,
  boundedTextAnswer,
  clearable,
  dateAnswer,
  decimalUnitsAnswer,
  enumAnswer,
  integerRule,
  jsonObjectAnswer,
  readFields,
} from '../body-fields.js';
import { companyStatuses, subscriptionPlans, userRoles } from '../enums.js';
import { objectBodyParser, type QueryParser } from '../query-parser.js';
import { LONG_TEXT_MAX_LENGTH } from '../text-limits.js';
import type { AdminCompanyUpdateData, AdminUserUpdateData } from './admin.js';

export const adminUserNothingMessage = 'Aucune modification : indiquez le rôle, le statut ou les permissions';

/** `PUT /api/admin/users/{id}`'s body: only the changed fields, at least one of them. */
export const adminUserUpdateParser: QueryParser<AdminUserUpdateData> = objectBodyParser(
  (body) => {
    const { values, issues, aborted } = readFields(body, {
      role: absentOr((value) => enumAnswer(value, userRoles)),
      isActive: absentOr(zodBooleanAnswer),
      permissions: absentOr(jsonObjectAnswer),
    });
    const { role, isActive, permissions } = values;
    if (!aborted && role === undefined && isActive === undefined && permissions === undefined) {
      issues.push({ path: [], message: adminUserNothingMessage });
    }
    return { issues, data: () => values as AdminUserUpdateData };
  },
  {
    type: 'object',
    properties: {
      role: { type: 'string', enum: [...userRoles] },
      isActive: { type: 'boolean' },
      permissions: { type: 'object' },
    },
  },
);

const MAX_USERS_MESSAGE = "Le nombre maximal d'utilisateurs doit être un nombre entier entre 1 et 1 000";

/** `PUT /api/admin/companies/{id}`'s body: only the changed fields; `null` or blank clears the date and the notes. */
export const adminCompanyUpdateParser: QueryParser<AdminCompanyUpdateData> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      subscriptionPlan: absentOr((value) => enumAnswer(value, subscriptionPlans)),
      subscriptionEndDate: clearable((value) => dateAnswer(value)),
      subscriptionAutoRenew: absentOr(zodBooleanAnswer),
      maxUsers: absentOr((value) => decimalUnitsAnswer(value, integerRule(1, 1_000, MAX_USERS_MESSAGE))),
      status: absentOr((value) => enumAnswer(value, companyStatuses)),
      notes: clearable((value) => boundedTextAnswer(value, LONG_TEXT_MAX_LENGTH)),
    });
    return { issues, data: () => values as AdminCompanyUpdateData };
  },
  {
    type: 'object',
    properties: {
      subscriptionPlan: { type: 'string', enum: [...subscriptionPlans] },
      subscriptionEndDate: { type: ['string', 'null'], format: 'date' },
      subscriptionAutoRenew: { type: 'boolean' },
      maxUsers: { type: ['string', 'number'], minimum: 1, maximum: 1_000 },
      status: { type: 'string', enum: [...companyStatuses] },
      notes: { type: ['string', 'null'], maxLength: LONG_TEXT_MAX_LENGTH },
    },
  },
);
