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

/**
 * A route that reads a file its caller gives it. The hostile-file test
 * (`infra/local/test/hostile-files.integ.test.ts`) finds these routes here and sends each every file
 * of its corpus (`infra/local/test/support/hostile-files.ts`: XML with a DTD or entities, billion
 * laughs, truncated PDFs, zip bombs in XLSX clothing, wrong encodings…): a route that `parse`s them
 * must refuse each with a 4xx in French and write nothing; one that `store`s files may keep one of
 * an accepted type byte for byte (never interpreting it) or refuse it likewise. So a new file route
 * is covered the day it lands by saying here how it takes its file:
 * - `multipart`: in the field `field` of this request's `multipart/form-data` body, with `fields`
 *   (the other form fields, as a person would fill them);
 * - `presigned`: uploaded first through the presigned POST that the route `upload` (its key, e.g.
 *   `POST /api/documents/upload-url`) answers (`{upload: {url, fields}}` or `{url, fields}`, and the
 *   upload's id as `id` or `…Id`) for the JSON body `{fileName, mimeType, size, …fields}`; then this
 *   route is called with that id as its path's parameter, or, with `idField`, in its JSON body under
 *   that name (`POST /api/bank/statements` `{uploadId}`).
 */
export type FileInput = {
  /** `parse`: reads what is inside; `store`: keeps the file as received (its type checked by its first bytes). */
  content: 'parse' | 'store';
  /** The other fields a request sends with the file, as a person would fill them. */
  fields?: Readonly<Record<string, string>>;
} & ({ via: 'multipart'; field: string } | { via: 'presigned'; upload: string; idField?: string });

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
  /**
   * The route hands price-list imports to their worker (docs/library.md): in AWS it may send to
   * the import queue only, and gets its URL (`LIBRARY_IMPORT_QUEUE_URL`).
   */
  importQueue?: true;
  /**
   * The route starts the accounting export (docs/accounting.md): in AWS it may invoke that worker
   * function only, and gets its name (`ACCOUNTING_EXPORT_FUNCTION`).
   */
  exportJob?: true;
  /**
   * The route talks to the company's plateforme agréée (docs/einvoicing-network.md): in AWS its
   * function may read (`read`) or also create and update (`write`) the companies' platform secrets
   * in Secrets Manager (the `…/einvoicing/` prefix only), and calls out over HTTPS.
   */
  einvoicing?: 'read' | 'write';
  /** The route reads a file its caller gives it: how (see {@link FileInput}). */
  file?: FileInput;
}
