import { vi } from 'vitest';

/** A request the SPA sent, as the stub saw it. */
export interface SentRequest {
  method: string;
  path: string;
  headers: Headers;
  /** The parsed JSON body, if any. */
  body: unknown;
}

/** Answers one request; a fresh `Response` each time (a body can be read only once). */
export type Answer = (request: SentRequest) => Response | Promise<Response>;

/** `"GET /api/auth/me"` → answer. Unlisted routes answer the API's 404. */
export type Routes = Record<string, Answer>;

export const json =
  (body: unknown, status = 200): Answer =>
  () =>
    Response.json(body, { status });

/** An API error body, as API.md specifies it. */
export const apiError =
  (status: number, error: string, message: string, details?: { path: string; message: string }[]): Answer =>
  () =>
    Response.json({ error, message, ...(details ? { details } : {}) }, { status });

/** Never answers: the request stays pending for the whole test. */
export const never: Answer = () => new Promise<Response>(() => undefined);

/**
 * Stubs `fetch` at the boundary: every call of the SPA goes through `routes` and is recorded, so tests
 * assert what was sent and what the person sees, not how the code got there.
 */
export function stubApi(initial: Routes) {
  const routes: Routes = { ...initial };
  const sent: SentRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const method = init?.method ?? 'GET';
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request: SentRequest = {
      method,
      path,
      headers: new Headers(init?.headers),
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
    };
    sent.push(request);
    const answer = routes[`${method} ${path}`];
    if (answer === undefined) {
      return Response.json({ error: 'not_found', message: 'Ressource introuvable.' }, { status: 404 });
    }
    return answer(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    /** Every request sent so far, in order. */
    sent,
    /** The requests sent to one route. */
    calls: (route: string) => sent.filter((request) => `${request.method} ${request.path}` === route),
    /** Changes the answer of a route from now on. */
    answer: (route: string, answer: Answer) => {
      routes[route] = answer;
    },
  };
}

/**
 * An answer held back until `release()`: what the screen shows while the request is under way (a
 * button's progress), then what it does with the answer.
 */
export function heldAnswer(answer: Answer): { answer: Answer; release: () => void } {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    answer: async (request) => {
      await released;
      return answer(request);
    },
    release: () => release(),
  };
}
