/**
 * The sign-in form's rules (`loginInput` of shared/src/entities/auth.ts) without zod, which would be
 * ~27 KB gz of the first screen anyone loads (issue 18). Same messages and output as the shared schema
 * (login-rules.test.ts compares them): the identifier trimmed and required, the password as typed,
 * 6 to 200 characters.
 */
import type { LoginData, LoginInput } from '@btp/shared/entities/auth';

import type { FieldMessages, FormValidation } from '../../../lib/zod-validation';

const identifierMax = 2_000;
const passwordMin = 6;
const passwordMax = 200;

export function validateLogin(values: LoginInput): FormValidation<LoginData> {
  const messages: FieldMessages = {};
  const identifier = typeof values.identifier === 'string' ? values.identifier.trim() : '';
  if (identifier === '') messages.identifier = "L'identifiant est requis";
  else if (identifier.length > identifierMax) {
    messages.identifier = 'Le texte doit contenir au plus 2 000 caractères';
  }
  const password = typeof values.password === 'string' ? values.password : '';
  if (password.length < passwordMin) {
    messages.password = `Le mot de passe doit contenir au moins ${passwordMin} caractères`;
  } else if (password.length > passwordMax) {
    messages.password = `Le mot de passe doit contenir au plus ${passwordMax} caractères`;
  }
  return Object.keys(messages).length === 0
    ? { data: { identifier, password }, messages }
    : { data: undefined, messages };
}
