import { HttpError } from './http-errors.js';
import type { Principal } from './http.js';

export const noCompanyMessage =
  "Aucune entreprise n'est associée à votre compte : ces données appartiennent aux entreprises.";

/**
 * The company whose data the caller works on: always the one of the verified session, never one
 * named in a body, query or path. A super administrator without a company has no business data.
 */
export function companyOf(principal: Principal | undefined): string {
  if (!principal) throw new HttpError(401, 'unauthenticated', 'Vous devez être connecté.');
  if (!principal.companyId) throw new HttpError(403, 'forbidden', noCompanyMessage);
  return principal.companyId;
}
