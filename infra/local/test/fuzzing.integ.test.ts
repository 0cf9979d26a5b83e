import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { TestClient } from './http-client.js';
import { signedInCompany, signedInSuperAdmin, startTestStack, testPassword } from './support.js';
import type { ErrorBody } from './support/answers.js';

/**
 * What fuzzing the API found (issue 19, "Crashes and 5xx"): bodies that crashed the process or
 * answered 500, through the real gateway, handlers and DynamoDB Local. Each answer must be the
 * contract's (docs/api.md "Errors") and the stack must keep serving.
 */
const stack = await startTestStack();
const superAdmin = await signedInSuperAdmin(stack);
const alpha = await signedInCompany(stack.url, 'Alpha Bâtiment');

/** `{"a":{"a":…{}}}` nested `depth` objects deep. */
function nested(depth: number): unknown {
  let value: unknown = {};
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

async function stillServing() {
  const health = await fetch(`${stack.url}/api/health`);
  expect(health.status).toBe(200);
}

/** A contract error answer: JSON, not cached, in French, without internals. */
function expectContractError(answer: { status: number; body: unknown; headers: Headers }, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  const body = answer.body as ErrorBody;
  expect(typeof body.error).toBe('string');
  expect(body.message).toMatch(/[a-zàâçéèêëîïôûùüÿœ]/i);
  expect(JSON.stringify(body)).not.toMatch(/Exception|dynamo|at .*\.js|btp-/i);
}

async function newSupplierId(): Promise<string> {
  const supplier = await alpha.client.post('/api/suppliers', { name: `Fournisseur ${Date.now()}` });
  expect(supplier.status).toBe(201);
  return (supplier.body as { id: string }).id;
}

describe('a multipart upload cut in the middle of the file', () => {
  it('answers 400 and the stack keeps serving', async () => {
    const form = new FormData();
    form.append('type', 'other');
    form.append('file', new Blob([Buffer.alloc(20_000, 0x41)], { type: 'application/pdf' }), 'plan.pdf');
    const encoded = new Request('http://localhost/', { method: 'POST', body: form });
    const body = Buffer.from(await encoded.arrayBuffer()).subarray(0, 8_000);
    const url = new URL('/api/documents/upload', stack.url);
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': encoded.headers.get('content-type') ?? '',
            'content-length': String(body.byteLength),
            'x-requested-with': 'fetch',
            cookie: alpha.client.cookieHeader,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ error: 'validation_error' });
    await stillServing();
  });
});

describe('a JSON body that is the literal null (issue 33)', () => {
  it('answers 400 validation_error on the client and company routes, and writes nothing', async () => {
    const created = await alpha.client.post('/api/clients', { name: `Client ${Date.now()}` });
    const client = created.body as { id: string; version: number };
    const company = (await alpha.client.get('/api/company')).body as { version: number };
    const before = (await alpha.client.get('/api/clients')).body;
    for (const [method, path] of [
      ['POST', '/api/clients'],
      ['PUT', `/api/clients/${client.id}`],
      ['PUT', '/api/company'],
    ] as const) {
      const answer = await fetch(`${stack.url}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'fetch',
          cookie: alpha.client.cookieHeader,
        },
        body: 'null',
      });
      expect(answer.status, path).toBe(400);
      expect(await answer.json(), path).toEqual({
        error: 'validation_error',
        message: 'Le corps de la requête doit être un objet JSON : {"champ": valeur, …}.',
      });
    }
    expect((await alpha.client.get('/api/clients')).body).toEqual(before);
    expect((await alpha.client.get('/api/company')).body).toMatchObject({ version: company.version });
    await stillServing();
  });
});

describe('free-form JSON nested too deep', () => {
  it('answers 400 in French for supplier quote and invoice items nested too deep', async () => {
    const supplierId = await newSupplierId();
    for (const depth of [20, 33]) {
      const items = [{ description: 'Ligne', detail: nested(depth) }];
      const quote = await alpha.client.post('/api/supplier-quotes', { title: 'Demande', supplierId, items });
      expectContractError(quote, 400);
      expect((quote.body as ErrorBody).error).toBe('validation_error');
      expect(JSON.stringify(quote.body)).toMatch(/imbriqu/);
      const invoice = await alpha.client.post('/api/supplier-invoices', {
        supplierId,
        totalAmount: '10.00',
        items,
      });
      expectContractError(invoice, 400);
    }
    // Inside the body's limit, over the free-form field's: the field is named.
    const quote = await alpha.client.post('/api/supplier-quotes', {
      title: 'Demande',
      supplierId,
      items: [{ detail: nested(20) }],
    });
    expect((quote.body as ErrorBody).details).toEqual([
      { path: 'items.0', message: 'Données trop imbriquées : au plus 16 niveaux' },
    ]);
  });

  it('answers 400 for admin permissions 33 levels deep', async () => {
    const update = await superAdmin.put(`/api/admin/users/${alpha.userId}`, { permissions: nested(33) });
    expectContractError(update, 400);
  });

  it('answers 400, not a stack overflow, at 2,000 levels, even for an unknown id', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const deep = nested(2_000);
    for (const answer of [
      await alpha.client.put(`/api/supplier-quotes/${unknown}`, { title: 'x', items: [deep] }),
      await alpha.client.put(`/api/supplier-invoices/${unknown}`, { items: [deep] }),
      await alpha.client.post('/api/invoices', { title: 'x', items: [deep] }),
      await superAdmin.put(`/api/admin/users/${unknown}`, { permissions: deep }),
      await alpha.client.post('/api/clients', { name: 'Client', extra: deep }),
    ]) {
      expect(answer.status).toBe(400);
      expect((answer.body as ErrorBody).error).toBe('validation_error');
    }
    await stillServing();
  });
});

describe('/api and /api/', () => {
  it("answer the contract's 404, in French, not cached", async () => {
    for (const path of ['/api', '/api/']) {
      for (const method of ['GET', 'POST']) {
        const answer = await alpha.client.request(method, path);
        expectContractError(answer, 404);
        expect((answer.body as ErrorBody).error).toBe('not_found');
      }
    }
  });
});

describe('values that go into keys', () => {
  it('accepts client and supplier names of the longest allowed length, and keeps them unique', async () => {
    const name = 'é'.repeat(2_000);
    const client = await alpha.client.post('/api/clients', { name });
    expect(client.status).toBe(201);
    expect((client.body as { name: string }).name).toBe(name);
    const again = await alpha.client.post('/api/clients', { name: name.toUpperCase() });
    expect(again.status).toBe(409);
    const other = await alpha.client.post('/api/clients', { name: `${'é'.repeat(1_999)}e` });
    expect(other.status).toBe(201);

    const supplier = await alpha.client.post('/api/suppliers', { name });
    expect(supplier.status).toBe(201);
    expect((await alpha.client.post('/api/suppliers', { name })).status).toBe(409);
  });

  it('answers 401 to a sign-in with the longest identifier allowed', async () => {
    const anonymous = new TestClient(stack.url);
    const login = await anonymous.post('/api/auth/login', {
      identifier: 'é'.repeat(2_000),
      password: testPassword,
    });
    expectContractError(login, 401);
  });
});

describe('a presigned upload announced over 50 MB', () => {
  it('answers 413 payload_too_large', async () => {
    const announce = await alpha.client.post('/api/documents/upload-url', {
      fileName: 'gros.pdf',
      mimeType: 'application/pdf',
      type: 'plan',
      size: 60 * 1024 * 1024,
    });
    expectContractError(announce, 413);
    expect((announce.body as ErrorBody).error).toBe('payload_too_large');
  });
});
