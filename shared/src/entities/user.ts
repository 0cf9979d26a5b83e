/**
 * Users (spec section 3) and the rules on their identity fields, shared by setup, registration and
 * sign-in. A password (or its hash) is never part of any schema that describes an answer.
 */
import { defaultUserRole, userRoles } from '../enums.js';
import {
  defaultedField,
  emailField,
  enumField,
  idField,
  instantField,
  jsonObjectField,
  optionalField,
  requiredText,
} from '../fields.js';
import { loginMessages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../login-input.js';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from './auth-input.js';
import { recordFields } from '../record.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';

// The password's bounds and messages beside the login's hand parser (no zod there).
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../login-input.js';

// The username's bounds beside the setup's and the registration's hand parsers (no zod there).
export { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from './auth-input.js';

const usernameMessage = "Le nom d'utilisateur doit contenir au moins 3 caractères";

/**
 * A username: trimmed, 3 to 100 characters, without '@' (sign-in takes a username or an e-mail, so a
 * username must never look like someone's e-mail).
 */
export const usernameField = z
  .string({ error: usernameMessage })
  .trim()
  .min(USERNAME_MIN_LENGTH, usernameMessage)
  .max(USERNAME_MAX_LENGTH, `Le nom d'utilisateur doit contenir au plus ${USERNAME_MAX_LENGTH} caractères`)
  .refine((value) => !value.includes('@'), { message: "Le nom d'utilisateur ne doit pas contenir « @ »" });

/** A password: 6 to 200 characters, taken exactly as typed (never trimmed). */
export const passwordField = z
  .string({ error: loginMessages.password })
  .min(PASSWORD_MIN_LENGTH, loginMessages.password)
  .max(PASSWORD_MAX_LENGTH, loginMessages.passwordTooLong);

/** The person fields of setup and registration, with the spec's messages. */
export const personFields = {
  firstName: requiredText('Le prénom est requis'),
  lastName: requiredText('Le nom est requis'),
  email: emailField("L'adresse e-mail doit être valide"),
  username: usernameField,
};

/** A user as the admin API returns it (no password). `companyId` is null for a super administrator. */
export const userSchema = z.object({
  ...recordFields,
  companyId: idField().nullable().default(null),
  ...personFields,
  role: defaultedField(enumField(userRoles), defaultUserRole),
  isActive: defaultedField(z.boolean(), true),
  lastLoginAt: optionalField(instantField()),
  permissions: defaultedField(jsonObjectField, {}),
});
export type User = z.infer<typeof userSchema>;
