import type { TestClient } from '../http-client.js';

/**
 * `POST /api/supplier-invoices/import` as the SPA sends it: a multipart form with the file, the
 * session cookie and the CSRF header (left out with `csrf: false`). The answer's status, text and
 * parsed body.
 */
export async function importEInvoice(
  baseUrl: string,
  who: TestClient,
  file: { bytes: Buffer | string; name: string; type?: string },
  options: { csrf?: boolean } = {},
) {
  const body = new FormData();
  const bytes = typeof file.bytes === 'string' ? Buffer.from(file.bytes) : file.bytes;
  body.append('file', new Blob([bytes], { type: file.type ?? '' }), file.name);
  const headers: Record<string, string> = { cookie: who.cookieHeader };
  if (options.csrf !== false) headers['x-requested-with'] = 'fetch';
  const response = await fetch(`${baseUrl}/api/supplier-invoices/import`, { method: 'POST', headers, body });
  const text = await response.text();
  return { status: response.status, text, body: (text ? JSON.parse(text) : undefined) as unknown };
}
