/**
 * `npm run bench:api`: the API's latency and throughput on the local stack, beside the same
 * DynamoDB calls made directly, so that what the gateway, the authorizer and the handler add reads
 * as a ratio. Seeds a company of 200 clients, 300 projects, 2,000 quotes, 100,000 invoices and 500
 * documents (and a second one with 50 invoices for the figures' scaling), recomputes their
 * aggregates (the seeder writes records only), then runs autocannon on each route and the route's
 * own service function in this process for the same time.
 *
 * The first page of Devis and Facturation is measured as the SPA asks for it (`?limit=` of
 * `SCREEN_LIST_LIMIT`), with the size of its JSON gzipped, beside the API callers' 1,000; then
 * `POST /api/clients` is taken apart (authorizer, handler, service, bare transaction).
 *
 * Environment: BENCH_INVOICES (invoices of the first company, 100000), BENCH_DURATION (seconds per
 * measure, 10), BENCH_CONNECTIONS (4),
 * BENCH_JSON (a file to write the figures to, for docs/performance.md). `BENCH_ONLY=library` runs
 * the price library's scenario alone instead (library-bench.ts: BENCH_ARTICLES, BENCH_IMPORT_ROWS,
 * BENCH_SAMPLES); `BENCH_ONLY=profitability` the Rentabilité tab's (profitability-bench.ts:
 * BENCH_TIME_ENTRIES, BENCH_SUPPLIER_INVOICES, BENCH_SAMPLES); `BENCH_ONLY=accounting` the
 * accounting export of a year (accounting-bench.ts: BENCH_INVOICES, BENCH_SUPPLIER_INVOICES).
 * Prints figures and the budgets' verdicts; never a test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { SCREEN_LIST_LIMIT } from '@btp/shared/list';
import autocannon from 'autocannon';
import { repoRoot } from '../src/local-stack.js';
import { loadLocalSecrets } from '../src/secrets.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const fullCounts = {
  clients: 200,
  projects: 300,
  quotes: 2000,
  invoices: Number(process.env.BENCH_INVOICES ?? 100_000),
  documents: 500,
};
const budgets = {
  overheadRatio: 1.5,
  figuresScaling: 1.5,
  // Issue 27: the first page of Devis and Facturation, as the SPA asks for it.
  firstPageP50: 50,
  firstPageP99: 200,
  firstPageGzipKb: 100,
};

interface Stack {
  url: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
}

/** Starts `stack-process.ts` and waits for the JSON line with its addresses. */
async function startStack(dataDir: string): Promise<{ stack: Stack; child: ChildProcess }> {
  const child = spawn(
    join(repoRoot, 'node_modules', '.bin', 'tsx'),
    [join(repoRoot, 'infra/local/bench/stack-process.ts')],
    {
      cwd: repoRoot,
      // Both JIT compilers in DynamoDB Local (dynamodb-local.ts): a long run measured at its peak
      // speed, as the figures of docs/performance.md were.
      env: { DYNAMODB_LOCAL_JIT: 'full', ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const stack = await new Promise<Stack>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the local stack stopped (code ${code})`)));
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line) as Stack);
    });
  });
  return { stack, child };
}

async function call(url: string, init: RequestInit & { cookie?: string } = {}) {
  const response = await fetch(url, {
    ...init,
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'fetch',
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${response.status} ${text}`);
  return { response, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** A new company through `POST /api/auth/register`: its id and its administrator's cookie. */
async function registerCompany(
  baseUrl: string,
  label: string,
): Promise<{ companyId: string; cookie: string }> {
  const unique = `${label}-${Date.now().toString(36)}`;
  const { response, body } = await call(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    body: JSON.stringify({
      firstName: 'Paul',
      lastName: 'Dupont',
      email: `${unique}@exemple.fr`,
      username: unique,
      password: 'Bench#2026-secret',
      confirmPassword: 'Bench#2026-secret',
      companyName: `Entreprise ${unique}`,
    }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { companyId: (body as { user: { companyId: string } }).user.companyId, cookie };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Figures {
  p50: number;
  p99: number;
  rate: number;
}

/** `operation` run `samples` times one after the other: p50, p99 (ms) and operations per second. */
async function measureDirect(operation: () => Promise<unknown>, samples: number): Promise<Figures> {
  const latencies: number[] = [];
  const started = performance.now();
  for (let index = 0; index < samples; index += 1) {
    const before = performance.now();
    await operation();
    latencies.push(performance.now() - before);
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rate: samples / seconds };
}

interface HttpTarget {
  url: string;
  cookie: string;
  method?: 'GET' | 'POST';
  body?: string;
}

/** autocannon on one route: `amount` requests on one connection, or `duration` on several. */
async function autocannonRun(
  target: HttpTarget,
  load: { connections: number; amount: number } | { connections: number; duration: number },
): Promise<Figures> {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    ...load,
    timeout: 60,
    headers: { cookie: target.cookie, 'x-requested-with': 'fetch', 'content-type': 'application/json' },
    body: target.body,
    idReplacement: Boolean(target.body),
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0)
    throw new Error(`${target.url}: ${failures} failed requests out of ${result.requests.total}`);
  return { p50: result.latency.p50, p99: result.latency.p99, rate: result.requests.average };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * `POST /api/clients` taken apart, each part timed alone in this process against the same DynamoDB
 * Local (p50 / p99 of `samples` calls): the authorizer's check of the cookie (`authenticate`: the
 * token, then one BatchGetItem of session, user and company), the handler with its middleware
 * (CSRF, JSON, zod, the service), the service alone (`createClient`), and the bare
 * TransactWriteItems it makes (the client and its name marker). The HTTP row is the route's own.
 */
async function clientCreationBreakdown(
  company: { companyId: string; cookie: string },
  results: { name: string; http: Figures }[],
): Promise<{ step: string; p50: number; p99: number }[]> {
  const { authenticate } = await import('../../../functions/src/authorizer/authenticate.js');
  const { handler } = await import('../../../functions/src/handlers/clients/create.js');
  const { createClient } = await import('../../../functions/src/clients/client-service.js');
  const { clients } = await import('../../../functions/src/data/entities/clients.js');
  const { apiEvent, lambdaContext } = await import('../../../functions/src/test-support/api-event.js');
  const { clientCreateInput } = await import('@btp/shared/entities/client');
  const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db } = await import('../../../functions/src/lib/dynamo.js');
  const cookies = company.cookie.split('; ');
  const identity = await authenticate(cookies);
  if (!identity) throw new Error('the bench session was refused by the authorizer');
  const samples = 200;
  let sequence = 0;
  const name = (step: string) => {
    sequence += 1;
    return `Client ${step} ${sequence} ${Date.now()}`;
  };
  const http = results.find((result) => result.name === 'POST /api/clients')!.http;
  const steps: { step: string; p50: number; p99: number }[] = [
    { step: 'HTTP : passerelle + autoriseur + fonction', p50: http.p50, p99: http.p99 },
  ];
  const measure = async (step: string, operation: () => Promise<unknown>) => {
    const figures = await measureDirect(operation, samples);
    steps.push({ step, p50: figures.p50, p99: figures.p99 });
  };
  await measure('autoriseur (authenticate : jeton + BatchGetItem)', () => authenticate(cookies));
  await measure('fonction avec middleware (sans HTTP ni autoriseur)', async () => {
    const answer = (await handler(
      apiEvent({
        method: 'POST',
        path: '/api/clients',
        routeKey: 'POST /api/clients',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
        body: JSON.stringify({ name: name('fonction'), city: 'Lyon' }),
        authorizer: { userId: identity.userId, companyId: company.companyId, role: identity.role },
      }),
      lambdaContext,
    )) as { statusCode?: number };
    if (answer.statusCode !== 201) throw new Error(`POST /api/clients answered ${answer.statusCode}`);
  });
  await measure('service (createClient)', () =>
    createClient(company.companyId, clientCreateInput.parse({ name: name('service'), city: 'Lyon' })),
  );
  await measure('TransactWriteItems seul (client + marqueur du nom)', () => {
    const { items } = clients.createItems(
      company.companyId,
      clientCreateInput.parse({ name: name('transaction'), city: 'Lyon' }),
    );
    return db().send(new TransactWriteCommand({ TransactItems: items }));
  });
  return steps;
}

/** Prints the machine and its load, and writes `figures` to BENCH_JSON when set (one scenario's run). */
function printMachineAndSave(figures: Record<string, unknown>): void {
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`;
  console.log(
    `Machine : ${machine} ; charge moyenne ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}.`,
  );
  if (process.env.BENCH_JSON)
    writeFileSync(process.env.BENCH_JSON, JSON.stringify({ machine, ...figures }, null, 2));
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'btp-bench-api-'));
  console.log('Démarrage de la pile locale…');
  const { stack, child } = await startStack(dataDir);
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('exit', stop);
  try {
    // This process calls the same services directly: same table, same DynamoDB Local.
    Object.assign(process.env, {
      TABLE_NAME: 'btp-gestion',
      DOCUMENTS_BUCKET: 'btp-gestion-documents',
      AWS_REGION: 'eu-west-3',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      DYNAMODB_ENDPOINT: stack.dynamoEndpoint,
      S3_ENDPOINT: stack.s3Endpoint,
      LOG_LEVEL: 'error',
      // The authorizer's key, for the breakdown of POST /api/clients (its `authenticate` run here).
      SESSION_KEY: loadLocalSecrets(dataDir).sessionKey,
      COOKIE_SECURE: 'false',
    });
    // This process writes records too (the scenarios' suppliers, the import worker's steps): their
    // aggregates move in the same transactions, as in every process that writes.
    await import('../../../functions/src/aggregates/install.js');
    const { seedCompany } = await import('./seed.js');
    const { listClients, createClient } = await import('../../../functions/src/clients/client-service.js');
    const { listProjects } = await import('../../../functions/src/projects/project-service.js');
    const { listQuotes } = await import('../../../functions/src/quotes/quote-service.js');
    const { listInvoices } = await import('../../../functions/src/invoicing/invoice-service.js');
    const { documents } = await import('../../../functions/src/data/entities/documents.js');
    const { dashboardStats } = await import('../../../functions/src/dashboard/dashboard-service.js');
    const { dashboardWidgets } = await import('../../../functions/src/dashboard/dashboard-widgets.js');
    // What the route reads: the figures and the widgets' lists (handlers/dashboard/stats.ts).
    const dashboard = (companyId: string) =>
      Promise.all([dashboardStats(companyId), dashboardWidgets(companyId)]);
    const { rebuildAggregates } = await import('../../../functions/src/aggregates/rebuild.js');
    const { financesSummary } = await import('../../../functions/src/finances/finances-summary.js');
    const { clientCreateInput } = await import('@btp/shared/entities/client');

    await call(`${stack.url}/api/setup`, {
      method: 'POST',
      body: JSON.stringify({
        setupToken: 'bench-setup-token',
        firstName: 'Admin',
        lastName: 'Bench',
        email: 'superadmin@exemple.fr',
        username: 'superadmin',
        password: 'Bench#2026-secret',
      }),
    });
    if (process.env.BENCH_ONLY === 'library') {
      // The price library alone (infra/local/bench/library-bench.ts, docs/performance.md).
      const { benchLibrary } = await import('./library-bench.js');
      const company = await registerCompany(stack.url, 'bibliotheque');
      const figures = await benchLibrary(stack, company, {
        articles: Number(process.env.BENCH_ARTICLES ?? 50_000),
        importRows: Number(process.env.BENCH_IMPORT_ROWS ?? 50_000),
        samples: Number(process.env.BENCH_SAMPLES ?? 50),
      });
      printMachineAndSave(figures);
      return;
    }
    if (process.env.BENCH_ONLY === 'profitability') {
      // The Rentabilité tab alone (infra/local/bench/profitability-bench.ts, docs/performance.md).
      const { benchProfitability } = await import('./profitability-bench.js');
      const figures = await benchProfitability(
        stack,
        {
          large: await registerCompany(stack.url, 'rentabilite-grande'),
          small: await registerCompany(stack.url, 'rentabilite-petite'),
        },
        {
          timeEntries: Number(process.env.BENCH_TIME_ENTRIES ?? 100_000),
          supplierInvoices: Number(process.env.BENCH_SUPPLIER_INVOICES ?? 10_000),
          samples: Number(process.env.BENCH_SAMPLES ?? 50),
        },
      );
      printMachineAndSave(figures);
      return;
    }
    if (process.env.BENCH_ONLY === 'accounting') {
      // The accounting export of a year alone (infra/local/bench/accounting-bench.ts, docs/performance.md).
      const { benchAccounting } = await import('./accounting-bench.js');
      const company = await registerCompany(stack.url, 'comptabilite');
      const figures = await benchAccounting(
        stack,
        company,
        {
          invoices: Number(process.env.BENCH_INVOICES ?? 100_000),
          supplierInvoices: Number(process.env.BENCH_SUPPLIER_INVOICES ?? 20_000),
        },
        call,
      );
      printMachineAndSave(figures);
      return;
    }
    const big = await registerCompany(stack.url, 'grande');
    const small = await registerCompany(stack.url, 'petite');
    let started = Date.now();
    console.log('Écriture des données des deux entreprises…');
    await seedCompany(big.companyId, fullCounts);
    await seedCompany(small.companyId, { ...fullCounts, invoices: 50 });
    const seedSeconds = (Date.now() - started) / 1000;
    // The seeder writes records only (BatchWriteItem): their aggregates come from the rebuild.
    console.log('Recalcul des agrégats des deux entreprises…');
    started = Date.now();
    await rebuildAggregates(big.companyId);
    await rebuildAggregates(small.companyId);
    const rebuildSeconds = (Date.now() - started) / 1000;
    console.log(
      `Données : 2 entreprises de ${fullCounts.clients} clients, ${fullCounts.projects} projets, ${fullCounts.quotes} devis, ${fullCounts.documents} documents ; ${fullCounts.invoices} et 50 factures (${seedSeconds.toFixed(0)} s ; agrégats recalculés en ${rebuildSeconds.toFixed(0)} s).`,
    );
    const invoicesText = fullCounts.invoices.toLocaleString('fr-FR');

    let sequence = 0;
    const newClient = () => {
      sequence += 1;
      return clientCreateInput.parse({ name: `Client direct ${sequence} ${Date.now()}`, city: 'Lyon' });
    };
    const firstPage = { limit: undefined, cursor: undefined };
    // The first page of Devis and of Facturation as the SPA asks for it (`usePagedList`).
    const screenPage = { limit: SCREEN_LIST_LIMIT, cursor: undefined };
    const devisPage = `GET /api/quotes?limit=${SCREEN_LIST_LIMIT} (Devis)`;
    const facturationPage = `GET /api/invoices?limit=${SCREEN_LIST_LIMIT} (Facturation)`;
    const targets = [
      { name: 'GET /api/clients', path: '/api/clients', direct: () => listClients(big.companyId, firstPage) },
      {
        name: 'GET /api/projects',
        path: '/api/projects',
        direct: () => listProjects(big.companyId, firstPage),
      },
      {
        name: devisPage,
        path: `/api/quotes?limit=${SCREEN_LIST_LIMIT}`,
        direct: () => listQuotes(big.companyId, screenPage),
      },
      {
        name: facturationPage,
        path: `/api/invoices?limit=${SCREEN_LIST_LIMIT}`,
        direct: () => listInvoices(big.companyId, screenPage),
      },
      {
        name: 'GET /api/quotes (1 000, API)',
        path: '/api/quotes',
        direct: () => listQuotes(big.companyId, firstPage),
      },
      {
        name: 'GET /api/invoices (1 000, API)',
        path: '/api/invoices',
        direct: () => listInvoices(big.companyId, firstPage),
      },
      {
        name: 'GET /api/documents',
        path: '/api/documents',
        direct: () => documents.list(big.companyId, firstPage),
      },
      {
        name: `GET /api/dashboard/stats (${invoicesText} factures)`,
        path: '/api/dashboard/stats',
        direct: () => dashboard(big.companyId),
      },
      {
        name: 'GET /api/dashboard/stats (50 factures)',
        path: '/api/dashboard/stats',
        cookie: small.cookie,
        direct: () => dashboard(small.companyId),
      },
      {
        name: `GET /api/finances/summary (${invoicesText} factures)`,
        path: '/api/finances/summary',
        direct: () => financesSummary(big.companyId),
      },
      {
        name: 'GET /api/finances/summary (50 factures)',
        path: '/api/finances/summary',
        cookie: small.cookie,
        direct: () => financesSummary(small.companyId),
      },
      {
        name: 'POST /api/clients',
        path: '/api/clients',
        method: 'POST' as const,
        body: JSON.stringify({ name: 'Client bench [<id>]', city: 'Lyon' }),
        direct: () => createClient(big.companyId, newClient()),
      },
    ];

    console.log(
      `Latences : requêtes une à une (au moins 20, ~${durationSeconds} s par route) ; débit : ${connections} connexions pendant ${durationSeconds} s.\n`,
    );
    const rows: Record<string, string | number>[] = [];
    const results: { name: string; samples: number; http: Figures; direct: Figures }[] = [];
    started = Date.now();
    for (const target of targets) {
      const cookie = target.cookie ?? big.cookie;
      const url = `${stack.url}${target.path}`;
      // Warm-up: the gateway loads each handler module on its first call (a cold start). The
      // warm calls' time sets how many samples fit in the measure's duration (20 at least).
      let warmMs = 0;
      for (let index = 0; index < 3; index += 1) {
        const before = performance.now();
        await call(url, {
          method: target.method ?? 'GET',
          cookie,
          body: target.body?.replace('[<id>]', `échauffement ${index} ${Date.now()}`),
        });
        warmMs = performance.now() - before;
        await target.direct();
      }
      const samples = Math.min(
        2000,
        Math.max(20, Math.round((durationSeconds * 1000) / Math.max(warmMs, 1))),
      );
      const httpTarget = { url, cookie, method: target.method, body: target.body };
      // Latency one request at a time (no queueing), so the ratio compares like with like; then
      // throughput with several connections.
      const latency = await autocannonRun(httpTarget, { connections: 1, amount: samples });
      const direct = await measureDirect(target.direct, samples);
      const load = await autocannonRun(httpTarget, { connections, duration: durationSeconds });
      const http = { p50: latency.p50, p99: latency.p99, rate: load.rate };
      results.push({ name: target.name, samples, http, direct });
      rows.push({
        Route: target.name,
        'HTTP p50': ms(http.p50),
        'HTTP p99': ms(http.p99),
        [`req/s (${connections} conn.)`]: Number(http.rate.toFixed(1)),
        'Direct p50': ms(direct.p50),
        'Direct p99': ms(direct.p99),
        'Ratio p50': Number((http.p50 / direct.p50).toFixed(2)),
      });
      console.log(`  ${target.name} : HTTP p50 ${ms(http.p50)}, direct p50 ${ms(direct.p50)}`);
    }
    console.log('');
    console.table(rows);

    // What each list answer weighs, raw and gzipped (CloudFront compresses the API's JSON).
    const sizes: { name: string; items: number; rawKb: number; gzipKb: number }[] = [];
    for (const target of targets.filter((entry) => entry.path.startsWith('/api/') && !entry.method)) {
      if (!/^GET \/api\/(quotes|invoices)/.test(target.name)) continue;
      const response = await fetch(`${stack.url}${target.path}`, { headers: { cookie: big.cookie } });
      const body = Buffer.from(await response.arrayBuffer());
      sizes.push({
        name: target.name,
        items: (JSON.parse(body.toString('utf8')) as unknown[]).length,
        rawKb: body.length / 1000,
        gzipKb: gzipSync(body).length / 1000,
      });
    }
    console.table(
      sizes.map((size) => ({
        Réponse: size.name,
        Éléments: size.items,
        JSON: `${size.rawKb.toFixed(1)} KB`,
        'JSON gzip': `${size.gzipKb.toFixed(1)} KB`,
      })),
    );
    for (const name of [devisPage, facturationPage]) {
      const run = results.find((result) => result.name === name)!;
      const size = sizes.find((entry) => entry.name === name)!;
      const met =
        run.http.p50 <= budgets.firstPageP50 &&
        run.http.p99 <= budgets.firstPageP99 &&
        size.gzipKb <= budgets.firstPageGzipKb;
      console.log(
        `Budget 1re page ${name} (p50 ≤ ${budgets.firstPageP50} ms, p99 ≤ ${budgets.firstPageP99} ms, JSON gzip ≤ ${budgets.firstPageGzipKb} KB) : p50 ${ms(run.http.p50)}, p99 ${ms(run.http.p99)}, ${size.gzipKb.toFixed(1)} KB — ${met ? 'respecté' : 'DÉPASSÉ'}`,
      );
    }

    // Where the time of POST /api/clients goes: each layer alone, one call at a time.
    const breakdown = await clientCreationBreakdown(big, results);
    console.table(breakdown.map((step) => ({ Étape: step.step, p50: ms(step.p50), p99: ms(step.p99) })));

    const over = results.filter((result) => result.http.p50 / result.direct.p50 > budgets.overheadRatio);
    // HTTP p50 ratio (what the person waits for), and the service's own (direct) ratio beside it.
    const scalingOf = (big: string, small: string) => {
      const [bigRun, smallRun] = [big, small].map((path) => results.find((result) => result.name === path)!);
      return {
        ratio: bigRun!.http.p50 / smallRun!.http.p50,
        direct: bigRun!.direct.p50 / smallRun!.direct.p50,
      };
    };
    const scalings = [
      {
        name: 'tableau de bord',
        ...scalingOf(
          `GET /api/dashboard/stats (${invoicesText} factures)`,
          'GET /api/dashboard/stats (50 factures)',
        ),
      },
      {
        name: 'Finances',
        ...scalingOf(
          `GET /api/finances/summary (${invoicesText} factures)`,
          'GET /api/finances/summary (50 factures)',
        ),
      },
    ];
    const scaling = scalings[0]!.ratio;
    console.log(
      `Budget surcoût (HTTP p50 / direct p50 ≤ ${budgets.overheadRatio}) : ${over.length === 0 ? 'respecté' : `DÉPASSÉ pour ${over.map((result) => result.name).join(', ')}`}`,
    );
    for (const { name, ratio, direct } of scalings) {
      console.log(
        `Budget ${name} (p50 à ${invoicesText} factures ≤ ${budgets.figuresScaling} × p50 à 50) : ${ratio.toFixed(2)} × — ${ratio <= budgets.figuresScaling ? 'respecté' : 'DÉPASSÉ'} (service seul : ${direct.toFixed(2)} ×)`,
      );
    }
    const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
    const load = loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
    console.log(
      `Machine : ${machine} ; charge moyenne ${load} ; mesures en ${((Date.now() - started) / 1000).toFixed(0)} s.`,
    );
    if (process.env.BENCH_JSON) {
      writeFileSync(
        process.env.BENCH_JSON,
        JSON.stringify(
          {
            date: new Date().toISOString(),
            machine,
            load,
            invoices: fullCounts.invoices,
            seedSeconds,
            rebuildSeconds,
            durationSeconds,
            connections,
            results,
            sizes,
            breakdown,
            scalings,
            scaling,
          },
          null,
          2,
        ),
      );
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    stop();
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
