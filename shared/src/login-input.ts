/**
 * The body of `POST /api/auth/login` parsed by hand, without zod (issue 27, `bench:lambda`: the
 * route starts without zod's code). It answers as the zod schema `loginInput` (`entities/auth.ts`,
 * kept for the SPA's form) does, issue for issue: `login-input.test.ts` compares them on seeded
 * random bodies.
 */
import { objectBodyParser, type QueryParser, requiredTextMessages } from './query-parser.js';

/** Spec section 9 (`entities/user.ts` re-exports them). */
export const PASSWORD_MIN_LENGTH = 6;
/** Bounds the work of password hashing. */
export const PASSWORD_MAX_LENGTH = 200;

export const loginMessages = {
  identifierRequired: "L'identifiant est requis",
  password: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`,
  passwordTooLong: `Le mot de passe doit contenir au plus ${PASSWORD_MAX_LENGTH} caractères`,
} as const;

/** The longest identifier (`requiredText`'s default, `TEXT_MAX_LENGTH`). */
const IDENTIFIER_MAX_LENGTH = 2_000;

/** A body of the login route: a username or an e-mail (trimmed), and the password as typed. */
export type LoginBody = { identifier: string; password: string };

/** zod counts a text's length in code points (an emoji is one). */
const codePoints = (text: string) => [...text].length;

function passwordMessages(value: unknown): string[] {
  if (typeof value !== 'string') {
    // zod still measures a list it refused as text (`boundedStringMessages`), with the field's messages.
    const messages: string[] = [loginMessages.password];
    if (Array.isArray(value) && value.length < PASSWORD_MIN_LENGTH) messages.push(loginMessages.password);
    if (Array.isArray(value) && value.length > PASSWORD_MAX_LENGTH)
      messages.push(loginMessages.passwordTooLong);
    return messages;
  }
  const length = codePoints(value);
  if (length < PASSWORD_MIN_LENGTH) return [loginMessages.password];
  if (length > PASSWORD_MAX_LENGTH) return [loginMessages.passwordTooLong];
  return [];
}

/** `POST /api/auth/login`'s body. */
export const loginParser: QueryParser<LoginBody> = objectBodyParser(
  ({ identifier, password }) => ({
    issues: [
      ...requiredTextMessages(identifier, loginMessages.identifierRequired, IDENTIFIER_MAX_LENGTH).map(
        (message) => ({ path: ['identifier'], message }),
      ),
      ...passwordMessages(password).map((message) => ({ path: ['password'], message })),
    ],
    data: () => ({ identifier: (identifier as string).trim(), password: password as string }),
  }),
  {
    type: 'object',
    properties: {
      identifier: { type: 'string', minLength: 1, maxLength: IDENTIFIER_MAX_LENGTH },
      password: { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
    },
    required: ['identifier', 'password'],
  },
);
