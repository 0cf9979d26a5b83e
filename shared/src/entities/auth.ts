/** Payloads of installation, sign-in and registration, and the user as these calls answer it. */
import { isBlank, optionalIdField, requiredText, textField } from '../fields.js';
import { entityRefSchema } from '../record.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';
import { passwordField, personFields, userSchema } from './user.js';

/** `POST /api/setup` body: the first super administrator. */
export const setupInput = z.object({
  setupToken: requiredText("Le jeton d'installation est requis"),
  ...personFields,
  password: passwordField,
});
export type SetupInput = z.input<typeof setupInput>;
export type SetupData = z.output<typeof setupInput>;

/** `POST /api/auth/login` body: a username or an e-mail, and the password. */
export const loginInput = z.object({
  identifier: requiredText("L'identifiant est requis"),
  password: passwordField,
});
export type LoginInput = z.input<typeof loginInput>;
export type LoginData = z.output<typeof loginInput>;

const passwordMismatch = 'Les mots de passe ne correspondent pas';

/**
 * The registration form (spec section 5). `companyName` (new company) and `companyId` (existing
 * company) are both optional here; the screen drops the one of the other mode. A password mismatch is
 * reported on `confirmPassword`, even while other fields are still wrong.
 */
export const registerInput = z
  .object({
    ...personFields,
    password: passwordField,
    confirmPassword: z.string({ error: passwordMismatch }),
    companyName: textField,
    companyId: optionalIdField,
  })
  .refine((data) => data.password === data.confirmPassword, {
    message: passwordMismatch,
    path: ['confirmPassword'],
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof value?.password === 'string' && typeof value.confirmPassword === 'string';
    },
  });
export type RegisterInput = z.input<typeof registerInput>;
export type RegisterData = z.output<typeof registerInput>;

/**
 * `POST /api/auth/register` as the server parses it: the form's rules, plus exactly one of
 * `companyName` (create a company) and `companyId` (join one), reported on `companyName`.
 */
export const registerServerInput = registerInput.refine(
  (data) => isBlank(data.companyName) !== isBlank(data.companyId),
  {
    message:
      "Indiquez soit le nom d'une nouvelle entreprise, soit l'entreprise existante à rejoindre, mais pas les deux",
    path: ['companyName'],
  },
);

/** The user as `/api/auth/*`, `/api/setup` and the admin user list answer it: never a password. */
export const publicUserSchema = userSchema
  .pick({
    id: true,
    firstName: true,
    lastName: true,
    email: true,
    username: true,
    role: true,
    isActive: true,
    companyId: true,
    createdAt: true,
    lastLoginAt: true,
  })
  .extend({ company: entityRefSchema.optional() });
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Answer of `POST /api/setup`, `POST /api/auth/login`. */
export const authUserResponse = z.object({ user: publicUserSchema });
export type AuthUserResponse = z.infer<typeof authUserResponse>;

/** Answer of `POST /api/auth/register`: pending approval when joining an existing company. */
export const registerResponse = z.object({ user: publicUserSchema, pendingApproval: z.boolean() });
export type RegisterResponse = z.infer<typeof registerResponse>;
