/**
 * The route-table fuzz (issue 33): every route of `shared/src/routes.ts`, present and future, is
 * sent malformed and hostile requests through the real gateway, handlers and DynamoDB Local, without
 * being listed here. Per route and per round, on a route that takes a body: every JSON type but the
 * object (`null`, an array, a string, a number or a boolean), then five of the object's shapes of
 * `shapeKinds` in turn (deep nesting, long strings, `{}`, wrong types per field of the route's zod
 * schema, one wrong field, a plausible body, junk keys, malformed JSON, bytes that are not UTF-8: all
 * of them on every route in two rounds, each on about half the routes every round), a wrong content
 * type and no CSRF header; on a GET route, junk, plausible and over-long queries; then each access
 * level it refuses (no session, a user, a company administrator, a super administrator). The ids, in
 * the path and in the body's `…Id` fields, are in turn the caller's company's, another company's,
 * unknown and malformed. Properties of every answer:
 * - never a 5xx;
 * - every error is the contract's `{error, message, details?}`, its messages in French;
 * - another company's ids answer exactly as unknown ones (the same request is sent with both);
 * - a refused request (4xx) writes nothing to the table (but its sign-in failure count, a public
 *   rate-limit counter, the session's last use).
 *
 * Seeded: `FUZZ_SEED` (default below) and `FUZZ_RUNS` rounds (default 1, about 1,180 requests; each
 * round draws anew). The same seed sends the same requests (unknown ids and tokens too): the summary
 * prints a fingerprint of the requests and answers, `FUZZ_TRACE=<file>` writes them. Every failure
 * names its round's seed and the request. docs/testing.md.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { routes, type RouteDefinition } from '@btp/shared/routes';
import { seededRandom } from '@btp/shared/testing/seeded-random';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../../functions/src/lib/dynamo.js';
import { TestClient } from './http-client.js';
import { signedInSuperAdmin, startTestStack, testPassword, testSuperAdmin } from './support.js';
import {
  addQuote,
  addSupplier,
  addWorker,
  companyWithClient,
  type CompanyRecords,
} from './support/records.js';
import {
  bodyKinds,
  bodyOf,
  jsonTypeKinds,
  shapeKinds,
  contractErrorProblems,
  idVariants,
  malformedIds,
  preview,
  queryOf,
  routeInputs,
  watchWrites,
  wrongContentTypes,
  type BodyKind,
  type IdVariant,
  type JsonSchema,
  type Random,
  type RouteInputs,
  unknownId,
  unknownToken,
} from './support/route-fuzz.js';

const seed = Number(process.env.FUZZ_SEED ?? 20_260_033);
const rounds = Number(process.env.FUZZ_RUNS ?? 1);

type ActorName = 'none' | 'user' | 'company_admin' | 'super_admin';
const actorNames: readonly ActorName[] = ['none', 'user', 'company_admin', 'super_admin'];

interface Actor {
  name: ActorName;
  identifier?: string;
  cookie: string;
}

let stack: Awaited<ReturnType<typeof startTestStack>>;
const actors = new Map<ActorName, Actor>();
/** Ids of the caller's company ("own", company A) and of another ("other", company B), by resource. */
const pools = { own: new Map<string, string[]>(), other: new Map<string, string[]>() };
/** Never in an "own" pool: the actors themselves and their company, which the fuzz must not disable. */
const protectedIds = new Set<string>();
const schemas = new Map<RouteDefinition, RouteInputs>();

async function signIn(identifier: string): Promise<string> {
  const client = new TestClient(stack.url);
  const login = await client.post('/api/auth/login', { identifier, password: testPassword });
  if (login.status !== 200)
    throw new Error(`login ${identifier}: ${login.status} ${JSON.stringify(login.body)}`);
  return client.cookieHeader;
}

async function usernameOf(client: TestClient): Promise<string> {
  const me = await client.get('/api/auth/me');
  return (me.body as { username: string }).username;
}

/**
 * One record of each kind in a company: its client and project (`companyWithClient`), a supplier, a
 * quote with a line, a worker, and through the API an invoice, a supplier quote, a supplier invoice,
 * a progress report, a time entry and a document.
 */
async function withOneOfEach(company: CompanyRecords): Promise<void> {
  const { companyId, clientId, projectId, http } = company;
  const supplier = await addSupplier(companyId);
  await addQuote(companyId, clientId, {
    projectId,
    items: [{ resourceType: 'labor', description: 'Pose', unit: 'h', quantity: '2', unitPrice: '40' }],
  });
  const created = async (path: string, body: unknown) => {
    const answer = await http.post(path, body);
    if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  };
  await created('/api/invoices', { clientId, projectId, title: 'Facture', totalAmount: '100' });
  await created('/api/supplier-quotes', { supplierId: supplier.id, projectId, title: 'Demande' });
  await created('/api/supplier-invoices', { supplierId: supplier.id, projectId, totalAmount: '50' });
  await created('/api/progress-reports', { projectId, title: 'État', progressPercentage: 10 });
  const worker = await addWorker(companyId);
  await created('/api/time-entries', { workerId: worker.id, projectId, date: '2026-01-05', hours: '4' });
  const form = new FormData();
  form.append('type', 'plan');
  form.append('file', new Blob([Buffer.from('%PDF-1.7\n%plan\n')], { type: 'application/pdf' }), 'plan.pdf');
  const upload = await fetch(`${stack.url}/api/documents/upload`, {
    method: 'POST',
    headers: { 'x-requested-with': 'fetch', cookie: http.cookieHeader },
    body: form,
  });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
}

/** `/api/quotes/{id}/send` → `/api/quotes`: where the ids of a path's first parameter are listed. */
function resourceOf(path: string): string | undefined {
  const index = path.indexOf('/{');
  return index < 0 ? undefined : path.slice(0, index);
}

/** The GET route listing a resource: its own path, else a parameterless GET below it (`…/stats`). */
function listRouteOf(resource: string): RouteDefinition | undefined {
  const lists = routes.filter((route) => route.method === 'GET' && !route.path.includes('{'));
  return (
    lists.find((route) => route.path === resource) ??
    lists.find((route) => route.path.startsWith(`${resource}/`))
  );
}

/**
 * The ids a list answered, in creation order (ids are UUIDv7): the same picks for the same seed
 * whatever order the table returned them in. `companies`: only the records of these companies (or
 * these companies themselves), for the super administrator's lists of every company of the stack.
 */
function idsOfList(body: unknown, companies?: ReadonlySet<string>): string[] {
  const items = (Array.isArray(body) ? body : (body as { items?: unknown[] } | undefined)?.items) ?? [];
  return items
    .filter((item) => {
      if (!companies) return true;
      const { id, companyId } = item as { id?: unknown; companyId?: unknown };
      return companies.has(String(id)) || companies.has(String(companyId));
    })
    .map((item) => (item as { id?: unknown }).id)
    .filter((id): id is string => typeof id === 'string')
    .sort();
}

/** `clientId` → `/api/clients`, `creditedInvoiceId` → `/api/invoices`: the longest resource it ends with. */
function resourceOfField(name: string): string | undefined {
  const stem = name.replace(/Id$/, '').toLowerCase();
  let best: string | undefined;
  for (const route of routes) {
    if (route.method !== 'GET' || route.path.includes('{')) continue;
    const last = (route.path.split('/').at(-1) ?? '').replace(/-/g, '').replace(/s$/, '').toLowerCase();
    if (last && stem.endsWith(last) && (!best || last.length > best.length)) best = route.path;
  }
  return best;
}

/**
 * Fills the pools from each resource's list route: the caller's company's ids as Alpha's
 * administrator, another company's as Beta's; a super administrator's lists (every company of the
 * worker's shared stack) narrowed to Alpha's and Beta's records, so that the other files' records
 * neither change the draws nor get changed.
 */
async function fillPools(fuzzCompanies: ReadonlySet<string>): Promise<void> {
  const resources = new Set(
    routes.map((route) => resourceOf(route.path)).filter((path): path is string => path !== undefined),
  );
  for (const route of routes) {
    if (route.method === 'GET' && !route.path.includes('{')) resources.add(route.path);
  }
  // Side by side: the reads are independent, and the pools keep creation order whatever answers first.
  await Promise.all(
    [...resources].map(async (resource) => {
      const list = listRouteOf(resource);
      if (!list) return;
      const read = async (cookie: string, companies?: ReadonlySet<string>) => {
        const answer = await fetch(`${stack.url}${list.path}`, { headers: { cookie } });
        return answer.ok ? idsOfList(await answer.json(), companies) : [];
      };
      if (list.access === 'super_admin') {
        const own = await read(actor('super_admin').cookie, fuzzCompanies);
        pools.own.set(
          resource,
          own.filter((id) => !protectedIds.has(id)),
        );
      } else {
        const [own, other] = await Promise.all([read(actor('company_admin').cookie), read(otherAdminCookie)]);
        pools.own.set(
          resource,
          own.filter((id) => !protectedIds.has(id)),
        );
        pools.other.set(resource, other);
      }
    }),
  );
}

let otherAdminCookie = '';

function actor(name: ActorName): Actor {
  return actors.get(name) as Actor;
}

beforeAll(async () => {
  stack = await startTestStack();
  const superAdmin = await signedInSuperAdmin(stack);
  const alpha = await companyWithClient(stack, 'Alpha fuzz');
  const beta = await companyWithClient(stack, 'Beta fuzz');
  otherAdminCookie = beta.http.cookieHeader;

  // A plain user of Alpha (joins, then approved), and a colleague the fuzz may change at will.
  const unique = Date.now().toString(36);
  const joins = async (username: string) => {
    const joined = await new TestClient(stack.url).post('/api/auth/register', {
      firstName: 'Camille',
      lastName: 'Durand',
      email: `${username}@exemple.fr`,
      username,
      password: testPassword,
      confirmPassword: testPassword,
      companyId: alpha.companyId,
    });
    if (joined.status !== 201) throw new Error(`join: ${joined.status} ${JSON.stringify(joined.body)}`);
    return (joined.body as { user: { id: string } }).user.id;
  };
  const userId = await joins(`fuzz-utilisateur-${unique}`);
  await joins(`fuzz-collegue-${unique}`);
  const approved = await alpha.http.put(`/api/company/users/${userId}`, { isActive: true });
  if (approved.status !== 200)
    throw new Error(`approve: ${approved.status} ${JSON.stringify(approved.body)}`);

  const superId = ((await superAdmin.get('/api/auth/me')).body as { id: string }).id;
  for (const id of [alpha.companyId, alpha.userId, userId, superId]) protectedIds.add(id);
  actors.set('none', { name: 'none', cookie: '' });
  const userName = `fuzz-utilisateur-${unique}`;
  actors.set('user', { name: 'user', identifier: userName, cookie: await signIn(userName) });
  actors.set('company_admin', {
    name: 'company_admin',
    identifier: await usernameOf(alpha.http),
    cookie: alpha.http.cookieHeader,
  });
  actors.set('super_admin', {
    name: 'super_admin',
    identifier: testSuperAdmin.username,
    cookie: superAdmin.cookieHeader,
  });

  await Promise.all([withOneOfEach(alpha), withOneOfEach(beta)]);
  await fillPools(new Set([alpha.companyId, beta.companyId]));
  pools.own.set('company', [alpha.companyId]);
  pools.other.set('company', [beta.companyId]);

  for (const route of routes) schemas.set(route, await routeInputs(route));
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
});

/** Which actors the route's access level lets through (the others are refused 401/403 first). */
function admitted(route: RouteDefinition): ActorName[] {
  switch (route.access) {
    case 'public':
      return [...actorNames];
    case 'user':
      return ['user', 'company_admin', 'super_admin'];
    case 'company_admin':
      return ['company_admin'];
    case 'super_admin':
      return ['super_admin'];
  }
}

interface FuzzRequest {
  route: RouteDefinition;
  actor: ActorName;
  method: string;
  path: string;
  contentType: string | undefined;
  csrf: boolean;
  body?: Buffer;
  kind: string;
  variant: IdVariant;
}

interface Answer {
  status: number;
  body: unknown;
  clearedCookie: boolean;
}

async function send(request: FuzzRequest): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (request.contentType) headers['content-type'] = request.contentType;
  if (request.csrf) headers['x-requested-with'] = 'fetch';
  const cookie = actor(request.actor).cookie;
  if (cookie) headers.cookie = cookie;
  let response: Response;
  try {
    response = await fetch(`${stack.url}${request.path}`, {
      method: request.method,
      headers,
      body: request.body && request.method !== 'GET' ? request.body : undefined,
    });
  } catch (error) {
    // A connection cut instead of an answer: reported as a failure, and the run goes on.
    return {
      status: 599,
      body: `connexion coupée : ${String((error as Error).cause ?? error)}`,
      clearedCookie: false,
    };
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: reported by the contract check.
  }
  const clearedCookie = response.headers
    .getSetCookie()
    .some((line) => /max-age=0/i.test(line) || /^[^=]+=;/.test(line));
  return { status: response.status, body, clearedCookie };
}

function describeRequest(request: FuzzRequest): string {
  return [
    `${request.method} ${request.path.length > 200 ? `${request.path.slice(0, 200)}…` : request.path}`,
    `route ${request.route.method} ${request.route.path}`,
    `acteur ${request.actor}`,
    `ids ${request.variant}`,
    `corps ${request.kind}`,
    `content-type ${request.contentType ?? '(aucun)'}`,
    request.csrf ? 'avec CSRF' : 'sans CSRF',
    request.body ? `corps envoyé ${preview(request.body.toString('utf8'), 200)}` : 'sans corps',
  ].join(' · ');
}

/** Everything one round draws from: the seed's generator, and what the run has seen so far. */
interface Run {
  round: number;
  /** This round's seed (`FUZZ_SEED` + round): `FUZZ_SEED=<it> FUZZ_RUNS=1` sends this round again. */
  seed: number;
  random: Random;
  writes: ReturnType<typeof watchWrites>;
  failures: string[];
  statuses: Map<string, number>;
  sent: number;
  /** Writes seen on accepted requests: proves the watcher sees the handlers' writes. */
  acceptedWrites: number;
  /** One line per request and its answer, without the ids of the records made for the run. */
  trace: string[];
}

function fail(run: Run, problem: string, request: FuzzRequest, answer: Answer): void {
  run.failures.push(
    `FUZZ_SEED=${run.seed} (tour ${run.round + 1}) requête ${run.sent} : ${problem}\n    ${describeRequest(request)}\n    réponse ${answer.status} ${preview(answer.body)}`,
  );
}

/** Sends one request and checks its answer against the properties. */
async function check(run: Run, request: FuzzRequest): Promise<Answer> {
  run.writes.take();
  const answer = await send(request);
  run.sent += 1;
  const written = run.writes.take();
  run.trace.push(
    [
      run.sent,
      request.method,
      request.route.path,
      request.actor,
      request.variant,
      request.kind,
      request.contentType ?? '-',
      request.csrf ? 'csrf' : 'sans-csrf',
      answer.status,
      (answer.body as { error?: unknown } | undefined)?.error ?? '',
    ].join(' '),
  );
  const label = `${Math.floor(answer.status / 100)}xx`;
  run.statuses.set(label, (run.statuses.get(label) ?? 0) + 1);
  if (answer.status >= 500) fail(run, `réponse ${answer.status}`, request, answer);
  else if (answer.status >= 400) {
    for (const problem of contractErrorProblems(answer.body)) fail(run, problem, request, answer);
    if (written.length)
      fail(run, `refusée mais a écrit : ${written.slice(0, 5).join(', ')}`, request, answer);
  } else run.acceptedWrites += written.length;
  if (answer.clearedCookie && request.actor !== 'none') {
    // A sign-out route did its job: the actor signs in again.
    const signedOut = actor(request.actor);
    signedOut.cookie = await signIn(signedOut.identifier as string);
  }
  return answer;
}

/**
 * `/api/inconnu`… for `$default`; else the route's path, each parameter an id of `variant`.
 * `unknown`: where unknown ids and tokens are drawn from (apart from `draw`, so that a request and
 * its twin draw alike).
 */
function pathOf(route: RouteDefinition, variant: IdVariant, draw: Random, unknown: Random): string {
  if (route.path === '$default') {
    return `/api/${draw.pick(['inconnu', 'clients/x/y/z', '..%2F..', 'é'.repeat(50), '%00'])}`;
  }
  const resource = resourceOf(route.path) ?? '';
  return route.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    // One draw per parameter whatever the variant, so a request and its twin draw alike after it.
    const pick = draw.next();
    const pool = variant === 'own' || variant === 'other' ? (pools[variant].get(resource) ?? []) : [];
    let id: string;
    if (variant === 'malformed') id = malformedIds[Math.floor(pick * malformedIds.length)] as string;
    else if (pool.length) id = pool[Math.floor(pick * pool.length)] as string;
    else id = name === 'token' ? unknownToken(unknown) : unknownId(unknown);
    return encodeURIComponent(id);
  });
}

interface Knobs {
  actor: ActorName;
  kind?: BodyKind;
  contentType?: string;
  csrf?: boolean;
  /** The seed of the request's own draws, shared with its twin. */
  seedOf: number;
}

/**
 * The request `knobs` describe, its ids of `variant`; `referencesOther`: whether another company's
 * id went into a reference (a path parameter, a body's `…Id` but `companyId`, which the contract
 * ignores in bodies).
 */
function requestOf(
  route: RouteDefinition,
  method: string,
  variant: IdVariant,
  knobs: Knobs,
): { request: FuzzRequest; referencesOther: boolean } {
  const schema = schemas.get(route) as { body?: JsonSchema; query?: JsonSchema };
  const writing = method !== 'GET';
  const draw = seededRandom(knobs.seedOf);
  const unknown = seededRandom(knobs.seedOf ^ 0x5bd1e995);
  let referencesOther =
    variant === 'other' && route.path.includes('{') && resourceOf(route.path) !== undefined;
  const ids = (name: string, wanted: IdVariant): string => {
    const pick = draw.next();
    const resource = name === 'companyId' ? 'company' : resourceOfField(name);
    if (wanted === 'malformed') return malformedIds[Math.floor(pick * malformedIds.length)] as string;
    const pool = wanted === 'unknown' || !resource ? [] : (pools[wanted].get(resource) ?? []);
    if (pool.length === 0) return unknownId(unknown);
    if (wanted === 'other' && name !== 'companyId') referencesOther = true;
    return pool[Math.floor(pick * pool.length)] as string;
  };
  const path = pathOf(route, variant, draw, unknown);
  const request: FuzzRequest = {
    route,
    actor: knobs.actor,
    method,
    path: writing
      ? path
      : path + queryOf(schema.query, draw, ids, variant === 'malformed' ? 'unknown' : variant),
    contentType: writing ? (knobs.contentType ?? 'application/json') : undefined,
    csrf: knobs.csrf ?? true,
    body: writing && knobs.kind ? bodyOf(knobs.kind, schema.body, draw, ids, variant) : undefined,
    kind: knobs.kind ?? (writing ? '(aucun)' : 'requête GET'),
    variant,
  };
  return { request, referencesOther };
}

/**
 * Sends a request; when it named another company's records on a company's route (where tenancy
 * applies), the same with unknown ids too, which must answer exactly alike.
 */
async function sendWithTwin(
  run: Run,
  route: RouteDefinition,
  method: string,
  variant: IdVariant,
  knobs: Knobs,
): Promise<void> {
  const { request, referencesOther } = requestOf(route, method, variant, knobs);
  const answer = await check(run, request);
  if (!referencesOther || route.access === 'public' || route.access === 'super_admin') return;
  const { request: twin } = requestOf(route, method, 'unknown', knobs);
  const unknown = await check(run, twin);
  if (answer.status !== unknown.status || JSON.stringify(answer.body) !== JSON.stringify(unknown.body)) {
    fail(
      run,
      `l'id d'une autre entreprise ne répond pas comme un id inconnu (${unknown.status} ${preview(unknown.body)})`,
      request,
      answer,
    );
  }
}

/** The object shapes a route's body gets in a round (`shapeKinds`, in turn). */
const shapesPerRound = 5;

/** One round over every route of the table. */
async function fuzzRound(run: Run): Promise<void> {
  const { random } = run;
  for (const [routeIndex, route] of routes.entries()) {
    const schema = schemas.get(route) as { hasBody: boolean };
    const method = route.method === 'ANY' ? random.pick(['GET', 'POST', 'PUT', 'DELETE']) : route.method;
    const passing = admitted(route);
    const offset = random.int(0, idVariants.length - 1);
    let index = 0;
    const nextVariant = () => idVariants[(index++ + offset) % idVariants.length] as IdVariant;
    const seedOf = () => random.int(0, 2 ** 31);
    const admittedActor = () => passing[index % passing.length] as ActorName;
    if (method !== 'GET' && schema.hasBody) {
      // Every JSON type, then this round's object shapes, as JSON with the CSRF header, from an
      // actor the route admits.
      const shapes = Array.from(
        { length: shapesPerRound },
        (_, count) =>
          shapeKinds[((routeIndex + run.seed) * shapesPerRound + count) % shapeKinds.length] as BodyKind,
      );
      for (const kind of [...jsonTypeKinds, ...new Set(shapes)]) {
        await sendWithTwin(run, route, method, nextVariant(), {
          actor: admittedActor(),
          kind,
          seedOf: seedOf(),
        });
      }
      // A wrong content type.
      await sendWithTwin(run, route, method, nextVariant(), {
        actor: admittedActor(),
        kind: 'plausible',
        contentType: random.pick(wrongContentTypes) ?? '',
        seedOf: seedOf(),
      });
    } else if (method !== 'GET') {
      // A body the route does not read: the literal null, and a shape.
      for (const kind of ['null', random.pick(shapeKinds)] as const) {
        await sendWithTwin(run, route, method, nextVariant(), {
          actor: admittedActor(),
          kind,
          seedOf: seedOf(),
        });
      }
    } else {
      // Queries, and ids of each variant where the path has some.
      const count = route.path.includes('{') ? idVariants.length : 2;
      for (let sent = 0; sent < count; sent += 1) {
        await sendWithTwin(run, route, method, nextVariant(), { actor: admittedActor(), seedOf: seedOf() });
      }
    }
    // A write without the CSRF header.
    if (method !== 'GET') {
      await sendWithTwin(run, route, method, nextVariant(), {
        actor: admittedActor(),
        kind: 'plausible',
        csrf: false,
        seedOf: seedOf(),
      });
    }
    // Each access level the route refuses, once, with whatever body.
    for (const actorName of actorNames.filter((name) => !passing.includes(name))) {
      const knobs = { actor: actorName, kind: random.pick(bodyKinds), seedOf: seedOf() };
      await sendWithTwin(run, route, method, nextVariant(), knobs);
    }
  }
}

describe('the route-table fuzz', () => {
  it(
    'answers every malformed or hostile request of every route with a 4xx in French (or a success), never a 5xx; another company’s ids as unknown ones; nothing written on a refusal',
    async () => {
      const writes = watchWrites(db());
      const totals = {
        failures: [] as string[],
        statuses: new Map<string, number>(),
        sent: 0,
        acceptedWrites: 0,
        trace: [] as string[],
      };
      const started = Date.now();
      try {
        for (let round = 0; round < rounds; round += 1) {
          const run: Run = {
            round,
            seed: seed + round,
            random: seededRandom(seed + round),
            writes,
            ...totals,
          };
          await fuzzRound(run);
          totals.sent = run.sent;
          totals.acceptedWrites = run.acceptedWrites;
        }
      } finally {
        writes.stop();
      }
      const statuses = [...totals.statuses].map(([key, count]) => `${key} ${count}`).join(', ');
      // Two runs of a seed on the same code send the same requests and get the same answers: the
      // same fingerprint. FUZZ_TRACE=<file> writes the lines, to compare two runs that differ.
      const fingerprint = createHash('sha256').update(totals.trace.join('\n')).digest('hex').slice(0, 16);
      if (process.env.FUZZ_TRACE) writeFileSync(process.env.FUZZ_TRACE, `${totals.trace.join('\n')}\n`);
      const summary = `route-fuzz FUZZ_SEED=${seed} FUZZ_RUNS=${rounds} : ${totals.sent} requêtes sur ${routes.length} routes en ${Math.round((Date.now() - started) / 1000)} s (${statuses}), empreinte ${fingerprint}`;
      console.log(summary);
      expect(totals.acceptedWrites, 'the write watcher saw no write of an accepted request').toBeGreaterThan(
        0,
      );
      expect(
        totals.failures,
        `${summary}\n${totals.failures.length} problème(s) :\n${totals.failures.slice(0, 25).join('\n')}`,
      ).toEqual([]);
    },
    Math.max(300_000, rounds * 300_000),
  );
});
