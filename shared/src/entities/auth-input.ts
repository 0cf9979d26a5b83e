/**
 * The bodies of `POST /api/setup` and `POST /api/auth/register` parsed by hand, without zod (issue
 * 27, `bench:lambda`: the two routes start without zod's code). Each answers as the zod schema it
 * replaces (`setupInput`, `registerServerInput` of `entities/auth.ts`, kept for the SPA's forms)
 * does, issue for issue, the matching passwords and the one company choice included:
 * `auth-input.test.ts` compares them on seeded random bodies.
 */
import { isBlank } from '../blank.js';
import {
  boundedTextAnswer,
  emailAnswer,
  optional,
  optionalIdAnswer,
  readFields,
  requiredTextAnswer,
  sizedTextAnswer,
  plainTextAnswer,
} from '../body-fields.js';
import { loginMessages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../login-input.js';
import { objectBodyParser, type QueryJsonSchema, type QueryParser } from '../query-parser.js';
import { TEXT_MAX_LENGTH } from '../text-limits.js';

/** Spec section 9 (`entities/user.ts` re-exports them). */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 100;

export const authInputMessages = {
  username: "Le nom d'utilisateur doit contenir au moins 3 caractères",
  usernameTooLong: `Le nom d'utilisateur doit contenir au plus ${USERNAME_MAX_LENGTH} caractères`,
  usernameAt: "Le nom d'utilisateur ne doit pas contenir « @ »",
  passwordMismatch: 'Les mots de passe ne correspondent pas',
  oneCompany:
    "Indiquez soit le nom d'une nouvelle entreprise, soit l'entreprise existante à rejoindre, mais pas les deux",
} as const;

/** `usernameField`: trimmed, 3 to 100 characters, without « @ ». */
const usernameAnswer = (value: unknown) =>
  sizedTextAnswer(value, {
    trim: true,
    min: USERNAME_MIN_LENGTH,
    max: USERNAME_MAX_LENGTH,
    messages: {
      type: authInputMessages.username,
      tooShort: authInputMessages.username,
      tooLong: authInputMessages.usernameTooLong,
    },
    checks: [{ ok: (text) => !text.includes('@'), message: authInputMessages.usernameAt }],
  });

/** `passwordField`: 6 to 200 characters, taken exactly as typed. */
const passwordAnswer = (value: unknown) =>
  sizedTextAnswer(value, {
    trim: false,
    min: PASSWORD_MIN_LENGTH,
    max: PASSWORD_MAX_LENGTH,
    messages: {
      type: loginMessages.password,
      tooShort: loginMessages.password,
      tooLong: loginMessages.passwordTooLong,
    },
  });

/** `personFields` (`entities/user.ts`): the person of the setup and of the registration. */
const personFields = {
  firstName: (value: unknown) => requiredTextAnswer(value, 'Le prénom est requis', TEXT_MAX_LENGTH),
  lastName: (value: unknown) => requiredTextAnswer(value, 'Le nom est requis', TEXT_MAX_LENGTH),
  email: (value: unknown) => emailAnswer(value, "L'adresse e-mail doit être valide"),
  username: usernameAnswer,
};

const text = (max: number): QueryJsonSchema => ({ type: 'string', minLength: 1, maxLength: max });
const personProperties: Record<string, QueryJsonSchema> = {
  firstName: text(TEXT_MAX_LENGTH),
  lastName: text(TEXT_MAX_LENGTH),
  email: { type: 'string', format: 'email', maxLength: 254 },
  username: { type: 'string', minLength: USERNAME_MIN_LENGTH, maxLength: USERNAME_MAX_LENGTH },
  password: { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
};
const personRequired = ['firstName', 'lastName', 'email', 'username', 'password'];

/** The person's fields as parsed: trimmed, the password as typed. */
export interface PersonBody {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
}

/** `POST /api/setup`'s body: the setup token and the first super administrator. */
export const setupParser: QueryParser<PersonBody & { setupToken: string }> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      setupToken: (value) => requiredTextAnswer(value, "Le jeton d'installation est requis", TEXT_MAX_LENGTH),
      ...personFields,
      password: passwordAnswer,
    });
    return { issues, data: () => values as unknown as PersonBody & { setupToken: string } };
  },
  {
    type: 'object',
    properties: { setupToken: text(TEXT_MAX_LENGTH), ...personProperties },
    required: ['setupToken', ...personRequired],
  },
);

/** What the registration keeps: the person, and the new company's name or the company to join. */
export type RegisterBody = PersonBody & {
  confirmPassword: string;
  companyName?: string | undefined;
  companyId?: string | undefined;
};

/**
 * `POST /api/auth/register`'s body: the person, the password twice, and exactly one of
 * `companyName` (create a company) and `companyId` (join one). A mismatch is reported on
 * `confirmPassword` whenever both passwords are text; the company choice on `companyName` when
 * nothing else stopped zod before (a field of the wrong type).
 */
export const registerParser: QueryParser<RegisterBody> = objectBodyParser(
  (body) => {
    const { values, issues, aborted } = readFields(body, {
      ...personFields,
      password: passwordAnswer,
      confirmPassword: (value) => plainTextAnswer(value, authInputMessages.passwordMismatch),
      companyName: optional((value) => boundedTextAnswer(value, TEXT_MAX_LENGTH)),
      companyId: optionalIdAnswer,
    });
    const { password, confirmPassword } = body;
    if (typeof password === 'string' && typeof confirmPassword === 'string' && password !== confirmPassword) {
      issues.push({ path: ['confirmPassword'], message: authInputMessages.passwordMismatch });
    }
    if (!aborted && isBlank(values.companyName) === isBlank(values.companyId)) {
      issues.push({ path: ['companyName'], message: authInputMessages.oneCompany });
    }
    return { issues, data: () => values as unknown as RegisterBody };
  },
  {
    type: 'object',
    properties: {
      ...personProperties,
      confirmPassword: personProperties.password!,
      companyName: { type: 'string', maxLength: TEXT_MAX_LENGTH },
      companyId: { type: 'string', format: 'uuid' },
    },
    required: [...personRequired, 'confirmPassword'],
  },
);
