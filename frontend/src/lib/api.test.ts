import { describe, expect, it, vi } from 'vitest';

import { api, ApiError, errorReference, NetworkError, serverMessage } from './api';
import { earlyResponsesKey } from './early-responses-key';

function stubFetch(response: Response | (() => Promise<Response>)) {
  const fetchMock = vi.fn<typeof fetch>(() =>
    typeof response === 'function' ? response() : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentRequest(fetchMock: ReturnType<typeof stubFetch>) {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return { url, init, headers: new Headers(init?.headers) };
}

describe('api', () => {
  it('reads with credentials, without JSON content type nor CSRF header, and answers the JSON body', async () => {
    const fetchMock = stubFetch(Response.json({ installed: true }));

    await expect(api.get('/api/setup/status')).resolves.toEqual({ installed: true });

    const { url, init, headers } = sentRequest(fetchMock);
    expect(url).toBe('/api/setup/status');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeUndefined();
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.has('X-Requested-With')).toBe(false);
  });

  it('sends a write body as JSON with the JSON content type and the CSRF header', async () => {
    const fetchMock = stubFetch(Response.json({ id: 'c1', name: 'Durand SARL' }, { status: 201 }));

    await expect(api.post('/api/clients', { name: 'Durand SARL' })).resolves.toEqual({
      id: 'c1',
      name: 'Durand SARL',
    });

    const { init, headers } = sentRequest(fetchMock);
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"name":"Durand SARL"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('X-Requested-With')).toBe('fetch');
  });

  it.each([
    ['PATCH', () => api.patch('/api/progress-reports/r1/validate')],
    ['DELETE', () => api.delete('/api/admin/users/u1')],
  ])('sends the CSRF header but no content type on a %s without body', async (method, call) => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));

    await expect(call()).resolves.toBeUndefined();

    const { init, headers } = sentRequest(fetchMock);
    expect(init?.method).toBe(method);
    expect(init?.body).toBeUndefined();
    expect(headers.get('X-Requested-With')).toBe('fetch');
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('throws "<status>: <body>" with the status and the server message of an API error body', async () => {
    const body = JSON.stringify({ error: 'conflict', message: 'Ce client existe déjà.' });
    stubFetch(new Response(body, { status: 409, statusText: 'Conflict' }));

    const error = await api.post('/api/clients', { name: 'Durand SARL' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: `409: ${body}`,
      status: 409,
      code: 'conflict',
      serverMessage: 'Ce client existe déjà.',
    });
    expect(serverMessage(error)).toBe('Ce client existe déjà.');
  });

  it('keeps the per-field details of a validation error', async () => {
    const details = [{ path: 'name', message: 'Le nom est requis' }];
    stubFetch(
      Response.json({ error: 'validation_error', message: 'Données invalides.', details }, { status: 400 }),
    );

    const error = await api.post('/api/clients', {}).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 400, details });
  });

  it('uses the status text when the error body is empty, and has no server message', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));

    const error = await api.get('/api/clients').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: '503: Service Unavailable', status: 503 });
    expect(serverMessage(error)).toBeUndefined();
  });

  it('has no server message when the error body is not an API error body', async () => {
    stubFetch(new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }));

    const error = await api.get('/api/clients').catch((e: unknown) => e);

    expect(error).toMatchObject({ message: '502: <html>Bad Gateway</html>', status: 502 });
    expect(serverMessage(error)).toBeUndefined();
  });

  it("carries the request's reference, from the x-request-id header, without changing its message", async () => {
    const body = JSON.stringify({ error: 'conflict', message: 'Ce client existe déjà.' });
    stubFetch(new Response(body, { status: 409, headers: { 'x-request-id': 'req-409' } }));

    const error = await api.post('/api/clients', { name: 'Durand SARL' }).catch((e: unknown) => e);

    expect(error).toMatchObject({ message: `409: ${body}`, status: 409, reference: 'req-409' });
    expect(errorReference(error)).toBe('req-409');
  });

  it("takes API Gateway's own request id when the function did not answer", async () => {
    stubFetch(
      new Response('{"message":"Service Unavailable"}', {
        status: 503,
        statusText: 'Service Unavailable',
        headers: { 'apigw-requestid': 'gw-503' },
      }),
    );

    const error = await api.get('/api/clients').catch((e: unknown) => e);

    expect(errorReference(error)).toBe('gw-503');
    expect(serverMessage(error)).toBeUndefined();
  });

  it('takes the reference of a 500 body when no header gives it', async () => {
    const body = {
      error: 'internal_error',
      message: 'Une erreur interne est survenue.',
      reference: 'req-500',
    };
    stubFetch(Response.json(body, { status: 500 }));

    const error = await api.get('/api/clients').catch((e: unknown) => e);

    expect(error).toMatchObject({ message: `500: ${JSON.stringify(body)}`, reference: 'req-500' });
    expect(serverMessage(error)).toBe('Une erreur interne est survenue.');
  });

  it('turns an unreachable server into a French network error', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    const error = await api.get('/api/clients').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toHaveProperty(
      'message',
      'Impossible de joindre le serveur. Vérifiez votre connexion internet.',
    );
    expect(serverMessage(error)).toBeUndefined();
    expect(errorReference(error)).toBeUndefined();
  });

  it('lets a cancelled request fail as an abort', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    stubFetch(() => Promise.reject(abort));

    await expect(api.get('/api/clients', { signal: controller.signal })).rejects.toBe(abort);
  });

  it("answers a read from the route preloader's early answer once, then asks the server", async () => {
    const fetchMock = stubFetch(() => Promise.resolve(Response.json({ from: 'server' })));
    const early: Record<string, Promise<Response | null>> = {
      '/api/dashboard/stats': Promise.resolve(Response.json({ from: 'preloader' })),
      '/api/auth/me': Promise.resolve(null),
    };
    vi.stubGlobal(earlyResponsesKey, early);

    await expect(api.get('/api/dashboard/stats')).resolves.toEqual({ from: 'preloader' });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(api.get('/api/dashboard/stats')).resolves.toEqual({ from: 'server' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Not asked early (`null`): the server is asked as usual.
    await expect(api.get('/api/auth/me')).resolves.toEqual({ from: 'server' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("reads an early error answer as the server's own (a 401 is still a 401)", async () => {
    stubFetch(Response.json({ from: 'server' }));
    vi.stubGlobal(earlyResponsesKey, {
      '/api/auth/me': Promise.resolve(
        Response.json({ error: 'unauthorized', message: 'Non authentifié' }, { status: 401 }),
      ),
    });

    await expect(api.get('/api/auth/me')).rejects.toMatchObject({ status: 401 });
  });

  it('never answers a write from an early answer', async () => {
    const fetchMock = stubFetch(Response.json({ id: 'c1' }, { status: 201 }));
    vi.stubGlobal(earlyResponsesKey, { '/api/clients': Promise.resolve(Response.json({ early: true })) });

    await expect(api.post('/api/clients', { name: 'Durand' })).resolves.toEqual({ id: 'c1' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
