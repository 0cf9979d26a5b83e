/**
 * What one route of the route table (`routes.ts`) says: the feature tables under `route-tables/`
 * import these types from here, not from `routes.ts`, which imports them.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ANY';

/**
 * Who may call a route: anyone, any signed-in user, the administrators of a company (their own
 * company's settings and users), or super administrators only.
 */
export type Access = 'public' | 'user' | 'company_admin' | 'super_admin';

/** What a route's function may do with the table; drives least-privilege grants in the stack. */
export type TableAccess = 'none' | 'read' | 'write';

export interface RouteDefinition {
  method: HttpMethod;
  /**
   * API Gateway path syntax: `/api/clients/{id}`, greedy `/api/{proxy+}`; or `$default`, API
   * Gateway's route for whatever no other route matches (its method is then `ANY`).
   */
  path: string;
  /** Module under `functions/src/handlers/`, without extension, e.g. `health/get`. */
  handler: string;
  access: Access;
  table: TableAccess;
  /** Documents bucket access, for the routes that read or write files (documents, PDFs). */
  documents?: 'read' | 'write';
  /** Memory in MB when the default (256) is not enough, e.g. for password hashing. */
  memoryMb?: number;
  /**
   * The route e-mails (functions/src/mail/mailer.ts): in AWS its function may send through SES from
   * the stack's sending identity only, with the configuration set (docs/mail.md).
   */
  mail?: true;
}
