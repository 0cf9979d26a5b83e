/**
 * Super administrator payloads and answers (spec sections 3 and 5): user and company updates, system
 * statistics, per-company statistics. Updates are partial: a missing field is left unchanged.
 */
import { companyStatuses, subscriptionPlans, userRoles } from '../enums.js';
import {
  boundedText,
  clearableField,
  dateField,
  enumField,
  idField,
  jsonObjectField,
  LONG_TEXT_MAX_LENGTH,
} from '../fields.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';
import { maxUsersField } from './company.js';

/**
 * `PUT /api/admin/users/{id}` body: only the changed fields, at least one of them
 * (the dialog sends nothing at all when nothing changed).
 */
export const adminUserUpdateInput = z
  .object({
    role: enumField(userRoles).optional(),
    isActive: z.boolean().optional(),
    permissions: jsonObjectField.optional(),
  })
  .refine(
    (data) => data.role !== undefined || data.isActive !== undefined || data.permissions !== undefined,
    {
      message: 'Aucune modification : indiquez le rôle, le statut ou les permissions',
    },
  );
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateInput>;
export type AdminUserUpdateData = z.output<typeof adminUserUpdateInput>;

/**
 * `PUT /api/admin/companies/{id}` body: only the changed fields. `subscriptionEndDate` and `notes`
 * are cleared by `null` or a blank value.
 */
export const adminCompanyUpdateInput = z.object({
  subscriptionPlan: enumField(subscriptionPlans).optional(),
  subscriptionEndDate: clearableField(dateField()),
  subscriptionAutoRenew: z.boolean().optional(),
  maxUsers: maxUsersField.optional(),
  status: enumField(companyStatuses).optional(),
  notes: clearableField(boundedText(LONG_TEXT_MAX_LENGTH)),
});
export type AdminCompanyUpdateInput = z.input<typeof adminCompanyUpdateInput>;
export type AdminCompanyUpdateData = z.output<typeof adminCompanyUpdateInput>;

const count = z.number().int().min(0);

/** `GET /api/admin/stats` answer. `premium` and `enterprise` count the companies on each plan. */
export const adminStatsSchema = z.object({
  totalUsers: count,
  activeUsers: count,
  totalCompanies: count,
  activeCompanies: count,
  planDistribution: z.object({ premium: count, enterprise: count }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** One entry of `GET /api/admin/companies/stats`. */
export const companyStatsSchema = z.object({
  id: idField(),
  name: z.string(),
  email: z.string().optional(),
  userCount: count,
  activeUsers: count,
  subscriptionPlan: enumField(subscriptionPlans),
  status: enumField(companyStatuses),
});
export type CompanyStats = z.infer<typeof companyStatsSchema>;
