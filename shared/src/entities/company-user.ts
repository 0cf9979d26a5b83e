/**
 * A company's own users, as its administrator manages them (`GET /api/company/users`,
 * `PUT /api/company/users/{id}`): approve a colleague who joined with "Entreprise existante",
 * change a role between user and administrator, deactivate.
 */
import { companyUserRoles } from '../enums.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';
import { companyUserMessages } from './company-user-input.js';
import { publicUserSchema } from './auth.js';

export { companyUserMessages } from './company-user-input.js';

/** `PUT /api/company/users/{id}` body: only what changes, at least one of the two. */
export const companyUserUpdateInput = z
  .object({
    isActive: z.boolean({ error: companyUserMessages.isActive }).optional(),
    role: z.enum(companyUserRoles, { error: companyUserMessages.role }).optional(),
  })
  .refine((data) => data.isActive !== undefined || data.role !== undefined, {
    message: companyUserMessages.nothing,
  });
export type CompanyUserUpdateInput = z.input<typeof companyUserUpdateInput>;
export type CompanyUserUpdateData = z.output<typeof companyUserUpdateInput>;

/**
 * One user of `GET /api/company/users` (and the answer of the PUT). `pendingApproval`: inactive and
 * never signed in, i.e. a colleague who registered and waits for an administrator's approval.
 */
export const companyUserSchema = publicUserSchema.extend({ pendingApproval: z.boolean() });
export type CompanyUser = z.infer<typeof companyUserSchema>;
