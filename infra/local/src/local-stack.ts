import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { authorizerModule, routes as defaultRoutes, type RouteDefinition } from '@btp/shared/routes';
import { ensureTable } from './create-table.js';
import { LocalStackError, localCredentials, startDynamoLocal, type DynamoLocal } from './dynamodb-local.js';
import { createGateway, type ApiHandler, type Authorizer } from './gateway.js';
import { startS3Local, type S3Local } from './s3-local.js';
import {
  isMailPath,
  localMailFrom,
  mailBasePath,
  proxyMail,
  proxyMailUpgrade,
  startMailLocal,
  type MailLocal,
} from './mail-local.js';
import { createPaLocal, isPaPath, paBasePath } from './pa-local.js';
import type { PaCompany } from './pa-local-processing.js';
import { loadLocalSecrets } from './secrets.js';
import { createStaticSite } from './static-site.js';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
export const functionsDir = join(repoRoot, 'functions', 'src');
export const tableName = 'btp-gestion';
export const documentsBucket = 'btp-gestion-documents';

export interface LocalStackOptions {
  port: number;
  dataDir: string;
  /** Built SPA folder; defaults to `frontend/dist`. */
  spaDir?: string;
  setupToken?: string;
  routes?: readonly RouteDefinition[];
  /** Authorizer module path (absolute); defaults to the product's authorizer. */
  authorizerPath?: string;
  logRequests?: boolean;
  /** DynamoDB Local's port; a free one by default. */
  dynamoPort?: number;
  /**
   * An already running DynamoDB Local to use instead of starting one (tests share one per run);
   * the stack neither starts nor stops it. Its table is `tableName`.
   */
  dynamoEndpoint?: string;
  /**
   * DynamoDB Local keeps the table in memory instead of under `dataDir` (lost when the stack stops):
   * for a server that lives as long as one test run (the end-to-end servers), its SQLite without
   * files costs the JVM about a fifth less CPU per request (docs/performance.md).
   */
  dynamoInMemory?: boolean;
  /** The table's name; `btp-gestion` by default. Tests give each file its own table. */
  tableName?: string;
  /** Called when a child process dies while the stack runs. */
  onChildExit?(message: string): void;
  /**
   * The daily jobs' timer (payment reminders, docs/reminders-notifications.md): run once the stack
   * is ready and then every `everyMs` (an hour by default), at `clock()` (now by default). `false`
   * turns it off (tests run the job themselves at the instant they choose).
   */
  dailyJobs?: false | { everyMs?: number; clock?: () => Date };
  /**
   * The e-invoicing network's sync (docs/einvoicing-network.md, "The sync job"): every `everyMs`
   * once the stack is ready, as the EventBridge schedule does on AWS. Off unless given (`npm start`
   * gives it; tests sync at the instants they choose).
   */
  networkSync?: { everyMs: number };
  /**
   * How often the waiting price-list imports are worked on while some wait (1 s by default; the
   * runner sleeps when none does, woken by the import routes' writes); `false`: never.
   */
  importJobs?: false | { everyMs?: number };
}

export interface LocalStack {
  url: string;
  port: number;
  setupToken: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  /** The local inbox (MailDev's web page), on the same port: `<url>/_mail/`; its REST list is `<url>/_mail/email`. */
  mailUrl: string;
  /** The local SMTP server's port on 127.0.0.1, where the functions send (MAIL_SMTP_PORT). */
  smtpPort: number;
  /** The local plateforme agréée (page, Flow and Directory services), on the same port: `<url>/_pa`. */
  paUrl: string;
  /** Resolves once the local platform has acknowledged and routed every flow submitted so far. */
  paIdle(): Promise<void>;
  /**
   * Closes the server's idle keep-alive connections, for a test about to hold the event loop for
   * seconds (a Schematron run): a connection the server would close meanwhile could otherwise be
   * reused by its client just as it closes (ECONNRESET).
   */
  closeIdleConnections(): void;
  stop(): Promise<void>;
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') {
        reject(
          new LocalStackError(
            `Le port ${port} est déjà utilisé : arrêtez l'autre programme ou choisissez un autre port (PORT=${port + 1} npm start).`,
          ),
        );
      } else if (error.code === 'EACCES') {
        reject(
          new LocalStackError(
            `Le port ${port} est réservé : choisissez un port au-dessus de 1024 (PORT=3000).`,
          ),
        );
      } else reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolvePromise();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port);
  });
}

/**
 * The local stand-in of the stack's daily EventBridge schedule: the reminders job now and then every
 * `everyMs`. The job itself sends each step at most once, so running it hourly sends nothing twice.
 */
function startDailyJobs(everyMs: number, clock: () => Date): NodeJS.Timeout {
  const run = async () => {
    try {
      const module = (await import(
        pathToFileURL(join(functionsDir, 'handlers', 'jobs', 'reminders-daily.ts')).href
      )) as { handler(event: { time: string }): Promise<unknown> };
      await module.handler({ time: clock().toISOString() });
    } catch (error) {
      console.error(`✖ Relances automatiques : ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return timer;
}

/** The local stand-in of the network sync's EventBridge schedule (`jobs/einvoicing-sync`). */
function startNetworkSync(everyMs: number): NodeJS.Timeout {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const module = (await import(
        pathToFileURL(join(functionsDir, 'handlers', 'jobs', 'einvoicing-sync.ts')).href
      )) as { handler(): Promise<unknown> };
      await module.handler();
    } catch (error) {
      console.error(
        `✖ Échanges avec la plateforme : ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return timer;
}

/** The local import queue's runner: `wake()` after a job may have started, `stop()` at the end. */
interface ImportRunner {
  wake(): void;
  stop(): void;
}

/**
 * The local stand-in of the import queue (docs/library.md): one step of each waiting price-list
 * import, the same code the worker function runs on AWS, every `everyMs` while some wait. It is
 * awake at the start (jobs an earlier run left waiting) and woken by every write to
 * `/api/library/imports…` (where a job starts: the queue's message on AWS); once a pass finds no
 * job left and nothing woke it meanwhile, it sleeps, so that an idle stack does not query the table
 * every second. A pass that fails keeps it awake (tried again at the next tick).
 */
function startImportRunner(everyMs: number): ImportRunner {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let wakes = 0;
  const sleep = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const run = async () => {
    if (running) return;
    running = true;
    const wakesBefore = wakes;
    let remaining = 1;
    try {
      const module = (await import(
        pathToFileURL(join(functionsDir, 'handlers', 'jobs', 'library-import.ts')).href
      )) as { runWaitingImports(): Promise<number> };
      remaining = await module.runWaitingImports();
    } catch (error) {
      console.error(`✖ Import de tarifs : ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
    // A job started during the pass may not have been read by it: stay awake for the next tick.
    if (remaining === 0 && wakes === wakesBefore) sleep();
  };
  const wake = () => {
    wakes += 1;
    if (timer) return;
    timer = setInterval(() => void run(), everyMs);
    timer.unref();
  };
  wake();
  return { wake, stop: sleep };
}

/**
 * The local platform's directory: every company of the table whose SIRET gives a SIREN (not a
 * cancelled one). Read at each call, through the functions' own repository.
 */
async function localPlatformDirectory(): Promise<PaCompany[]> {
  const [{ listCompanies }, { sirenOfSiret }] = await Promise.all([
    import('../../../functions/src/accounts/companies.js'),
    import('@btp/shared/legal-identity'),
  ]);
  return (await listCompanies()).flatMap((company) => {
    const siren = sirenOfSiret(company.siret);
    if (!siren || company.status === 'cancelled') return [];
    return [
      {
        siren,
        name: company.name,
        ...(company.siret ? { siret: company.siret } : {}),
        ...(company.address ? { address: company.address } : {}),
        ...(company.postalCode ? { postalCode: company.postalCode } : {}),
        ...(company.city ? { city: company.city } : {}),
      },
    ];
  });
}

/** What the stack answers until it is ready. */
export const startingMessage = 'Démarrage en cours…';

/**
 * The answer while the stack starts (DynamoDB Local, S3, the table): 503 with `Retry-After`, never
 * a 2xx, so a script waiting for the first success waits for the real one. Under `/api` it is the
 * API's error body (`{"error":"unavailable","message":…}`, docs/api.md "Errors"), elsewhere the
 * same sentence as plain text.
 */
export function answerWhileStarting(request: IncomingMessage, response: ServerResponse): void {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  const headers = { 'retry-after': '2', 'cache-control': 'no-store' };
  if (path === '/api' || path.startsWith('/api/')) {
    response.writeHead(503, { ...headers, 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ error: 'unavailable', message: startingMessage }));
  } else {
    response.writeHead(503, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
    response.end(startingMessage);
  }
}

/**
 * Starts the whole product on one port: DynamoDB Local and the S3-compatible server with their
 * files under `dataDir`, the table and the bucket, the local API Gateway for `/api/*` running the
 * same handler modules Lambda runs, and the built SPA for everything else.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const routes = options.routes ?? defaultRoutes;
  const table = options.tableName ?? tableName;

  // Take the port first: a port already in use is reported before anything else starts.
  let ready: ((request: IncomingMessage, response: ServerResponse) => Promise<void>) | undefined;
  const server = createServer((request, response) => {
    if (!ready) {
      answerWhileStarting(request, response);
      return;
    }
    void ready(request, response);
  });
  await listen(server, options.port);
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;

  let dynamo: DynamoLocal | undefined;
  let s3: S3Local | undefined;
  let mail: MailLocal | undefined;
  let stopping = false;
  let dailyTimer: NodeJS.Timeout | undefined;
  let networkTimer: NodeJS.Timeout | undefined;
  let importRunner: ImportRunner | undefined;
  const stop = async () => {
    stopping = true;
    clearInterval(dailyTimer);
    clearInterval(networkTimer);
    importRunner?.stop();
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
    await s3?.stop().catch(() => undefined);
    await mail?.stop().catch(() => undefined);
    await dynamo?.stop();
  };

  try {
    const secrets = loadLocalSecrets(dataDir);
    const setupToken = options.setupToken ?? secrets.setupToken;
    let dynamoEndpoint = options.dynamoEndpoint;
    if (dynamoEndpoint === undefined) {
      const started = await startDynamoLocal({
        dataDir: options.dynamoInMemory ? undefined : join(dataDir, 'dynamodb'),
        logFile: join(dataDir, 'dynamodb.log'),
        port: options.dynamoPort,
      });
      dynamo = started;
      dynamoEndpoint = started.endpoint;
      started.process.once('exit', (code, signal) => {
        if (!stopping) {
          options.onChildExit?.(
            `DynamoDB Local s'est arrêté de façon inattendue (${signal ?? `code ${code}`}) : voir ${join(dataDir, 'dynamodb.log')}.`,
          );
        }
      });
    }
    s3 = await startS3Local({ directory: join(dataDir, 's3'), bucket: documentsBucket, allowedOrigin: url });
    const startedMail = await startMailLocal({
      directory: join(dataDir, 'mail'),
      logFile: join(dataDir, 'mail.log'),
    });
    mail = startedMail;
    startedMail.process.once('exit', (code, signal) => {
      if (!stopping) {
        options.onChildExit?.(
          `Le serveur d'e-mails local (MailDev) s'est arrêté de façon inattendue (${signal ?? `code ${code}`}) : voir ${join(dataDir, 'mail.log')}.`,
        );
      }
    });

    const client = new DynamoDBClient({
      endpoint: dynamoEndpoint,
      region: 'eu-west-3',
      credentials: localCredentials,
    });
    await ensureTable(client, table);
    client.destroy();

    // The functions read their configuration from the environment, as on Lambda.
    Object.assign(process.env, {
      TABLE_NAME: table,
      DOCUMENTS_BUCKET: documentsBucket,
      AWS_REGION: 'eu-west-3',
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      DYNAMODB_ENDPOINT: dynamoEndpoint,
      S3_ENDPOINT: s3.endpoint,
      SETUP_TOKEN: setupToken,
      SESSION_KEY: secrets.sessionKey,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // Mail goes to the local SMTP server (MailDev), never to SES; links point at this stack.
      MAIL_SMTP_HOST: '127.0.0.1',
      MAIL_SMTP_PORT: String(startedMail.smtpPort),
      MAIL_FROM: localMailFrom,
      APP_URL: url,
      // The local plateforme agréée and the key of its accounts' secrets (docs/einvoicing-network.md).
      PA_LOCAL_URL: `${url}${paBasePath}`,
      PA_LOCAL_KEY: secrets.paKey,
      // Each company's platform secret (Secrets Manager's role on AWS), beside secrets.json.
      EINVOICING_SECRETS_FILE: join(dataDir, 'einvoicing-secrets.json'),
    });

    // As on Lambda every handler installs them (functions/src/lib/http.ts): here, once for the whole
    // process, so that the demo data and the scripts run in it write the aggregates too.
    await import(pathToFileURL(join(functionsDir, 'aggregates', 'install.ts')).href);

    const gateway = createGateway({
      routes,
      loadHandler: async (route) => {
        const module = (await import(
          pathToFileURL(join(functionsDir, 'handlers', `${route.handler}.ts`)).href
        )) as {
          handler: ApiHandler;
        };
        return module.handler;
      },
      loadAuthorizer: async () => {
        const path = options.authorizerPath ?? join(functionsDir, `${authorizerModule}.ts`);
        const module = (await import(pathToFileURL(path).href)) as { handler: Authorizer };
        return module.handler;
      },
      onRequest: ({ method, path, status, ms }) => {
        if (options.logRequests) console.log(`${method} ${path} → ${status} (${ms} ms)`);
        if (method !== 'GET' && path.startsWith('/api/library/imports')) importRunner?.wake();
      },
    });
    // The local plateforme agréée: its directory is the table's companies with a SIREN.
    const pa = createPaLocal({
      directory: join(dataDir, 'pa'),
      credentialsKey: secrets.paKey,
      companies: localPlatformDirectory,
    });
    const site = createStaticSite(options.spaDir ?? join(repoRoot, 'frontend', 'dist'), [s3.endpoint]);
    ready = async (request, response) => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (path === '/api' || path.startsWith('/api/')) await gateway(request, response);
      else if (isMailPath(path)) await proxyMail(startedMail.webPort, request, response);
      else if (isPaPath(path)) await pa.handle(request, response);
      else await site(request, response);
    };
    if (options.dailyJobs !== false) {
      const { everyMs = 60 * 60 * 1000, clock = () => new Date() } = options.dailyJobs ?? {};
      dailyTimer = startDailyJobs(everyMs, clock);
    }
    if (options.networkSync) networkTimer = startNetworkSync(options.networkSync.everyMs);
    if (options.importJobs !== false) importRunner = startImportRunner(options.importJobs?.everyMs ?? 1_000);
    // The inbox's live updates (socket.io over WebSocket); any other upgrade is refused.
    server.on('upgrade', (request, socket, head) => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (ready && isMailPath(path)) proxyMailUpgrade(startedMail.webPort, request, socket as Socket, head);
      else socket.destroy();
    });
    return {
      url,
      port,
      setupToken,
      dynamoEndpoint,
      s3Endpoint: s3.endpoint,
      mailUrl: `${url}${mailBasePath}/`,
      smtpPort: startedMail.smtpPort,
      paUrl: `${url}${paBasePath}`,
      paIdle: () => pa.idle(),
      closeIdleConnections: () => server.closeIdleConnections(),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
