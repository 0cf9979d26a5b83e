/**
 * The local plateforme agréée (PA), as MailDev stands for the mail server: `npm start` serves it
 * under `/_pa` on the stack's port, for development and tests only, never deployed
 * (docs/einvoicing-network.md, "The local platform"). It speaks AFNOR XP Z12-013 as its annexes
 * describe it (`e-invoicing/validation/afnor-xp-z12-013/`; every answer is checked against them in
 * the tests):
 *
 * - `POST /_pa/auth/token`: OAuth2 client credentials, one account per SIREN of the stack
 *   (`pa-local-auth.ts`);
 * - `/_pa/flow-service/v1/…`: the Flow Service (submit, search, read flows; healthcheck; webhooks
 *   are not offered: 403);
 * - `/_pa/directory-service/v1/…`: the Directory Service, listing every company of the stack with a
 *   SIREN (read from the table at each call);
 * - `/_pa/`: a page listing every flow and the directory; `/_pa/files/<flowId>` a flow's file;
 * - `/_pa/admin/…`: what only the local platform has, for tests: faults (answer 401, 429, 500,
 *   503, or answer late, for the next requests or for a while), the flows with their routing, and
 *   how many requests each operation got.
 *
 * Flows are kept under `DATA_DIR/pa/` (`pa-local-store.ts`), acknowledged and routed by
 * `pa-local-processing.ts` one after the other.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod';
import { newId } from '../../../functions/src/data/ids.js';
import { parseMultipartForm } from '../../../functions/src/documents/multipart-form.js';
import { HttpError } from '../../../functions/src/lib/http-errors.js';
import { clientOf, LocalTokens, sirenOfClientId } from './pa-local-auth.js';
import { directoryService as answerDirectory } from './pa-local-directory.js';
import { renderPaPage } from './pa-local-page.js';
import { processFlow, type PaCompany, type ProcessingContext } from './pa-local-processing.js';
import { flowView, FlowStore, fullFlowInfo, type StoredFlow } from './pa-local-store.js';

/** Where the local platform is served on the stack's port (never deployed). */
export const paBasePath = '/_pa';

/** Whether a request path belongs to the local platform (`/_pa`, `/_pa/…`). */
export function isPaPath(path: string): boolean {
  return path === paBasePath || path.startsWith(`${paBasePath}/`);
}

export interface PaLocalOptions {
  /** Where flows are kept: `DATA_DIR/pa`. */
  directory: string;
  /** The key the accounts' secrets are derived from (`secrets.json`'s `paKey`). */
  credentialsKey: string;
  /** The stack's companies with a SIREN (the directory). */
  companies(): Promise<PaCompany[]>;
  now?: () => Date;
}

export interface PaLocal {
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** Resolves once every submitted flow is acknowledged and routed. */
  idle(): Promise<void>;
}

const annexDir = new URL('../../../e-invoicing/validation/afnor-xp-z12-013/', import.meta.url);
const flowAnnex = JSON.parse(readFileSync(new URL('flow-service-1.3.0.openapi.json', annexDir), 'utf8')) as {
  components: { schemas: Record<string, { enum?: string[] }> };
};

/** The values of an enumeration of the Flow Service annex, read from the annex itself. */
function annexEnum(name: string): [string, ...string[]] {
  const values = flowAnnex.components.schemas[name]?.enum;
  if (!values?.length) throw new Error(`${name}: no enumeration in the Flow Service annex`);
  return values as [string, ...string[]];
}

const flowSyntaxes = z.enum(annexEnum('FlowSyntax'));
const processingRules = z.enum(annexEnum('ProcessingRule'));
const flowProfiles = z.enum(annexEnum('FlowProfile'));
const flowTypes = z.enum(annexEnum('FlowType'));
const flowDirections = z.enum(annexEnum('FlowDirection'));
const ackStatuses = z.enum(annexEnum('FlowAckStatus'));
const notOnlyUuid = z.string().max(64);

const flowInfoSchema = z.object({
  trackingId: notOnlyUuid.optional(),
  name: z.string().min(1).max(255),
  processingRule: processingRules.optional(),
  flowSyntax: flowSyntaxes,
  flowProfile: flowProfiles.optional(),
  sha256: z
    .string()
    .regex(/^[a-f0-9]{64}$/)
    .optional(),
});

const searchSchema = z.object({
  limit: z.number().int().min(1).max(100).optional(),
  cursor: z.string().max(500).optional(),
  where: z
    .object({
      updatedAfter: z.iso.datetime({ offset: true }).optional(),
      updatedBefore: z.iso.datetime({ offset: true }).optional(),
      processingRule: z.array(processingRules).optional(),
      flowType: z.array(flowTypes).optional(),
      flowDirection: z.array(flowDirections).optional(),
      trackingId: notOnlyUuid.optional(),
      ackStatus: ackStatuses.optional(),
    })
    .refine((where) => Object.values(where).some((value) => value !== undefined), {
      message: 'at least one criterion',
    }),
});

const faultSchema = z.object({
  /** Answer this status instead of handling the request. */
  status: z.union([z.literal(401), z.literal(429), z.literal(500), z.literal(503)]).optional(),
  /** Answer this late (the request is still handled): a client with a shorter timeout gives up. */
  delayMs: z.number().int().min(0).max(60_000).optional(),
  /** Handle the request, then answer `status` instead of its answer (the answer lost). */
  afterHandling: z.boolean().default(false),
  /** With 429 or 503: the `Retry-After` header, seconds. */
  retryAfterSeconds: z.number().int().min(0).max(3600).optional(),
  /** How many requests the fault hits (default 1)… */
  count: z.number().int().min(1).max(1000).optional(),
  /** …or for how long, ms. */
  forMs: z.number().int().min(1).max(600_000).optional(),
  scope: z.enum(['all', 'token', 'flow', 'directory']).default('all'),
});

const adminSchema = z.object({ tokenLifeSeconds: z.number().int().min(1).max(86_400) });

type Fault = z.infer<typeof faultSchema> & { remaining: number; until?: number };
type Scope = 'token' | 'flow' | 'directory';

const maxBodyBytes = 101 * 1024 * 1024;
/** The annex's limit of a flow's file. */
const maxFileBytes = 100 * 1024 * 1024;

/** What the handlers write an answer to: the server's response, or one held back by a fault. */
interface Reply {
  writeHead(status: number, headers?: Record<string, string | number>): unknown;
  end(body?: string | Uint8Array): unknown;
  readonly headersSent: boolean;
}

/** An answer kept instead of sent, to be sent late or lost (faults `delayMs`, `afterHandling`). */
class HeldReply implements Reply {
  status = 200;
  headers: Record<string, string | number> = {};
  body: string | Uint8Array | undefined;
  headersSent = false;

  writeHead(status: number, headers: Record<string, string | number> = {}): this {
    this.status = status;
    this.headers = headers;
    this.headersSent = true;
    return this;
  }

  end(body?: string | Uint8Array): this {
    this.body = body;
    return this;
  }

  replay(target: ServerResponse): void {
    if (target.destroyed) return;
    target.writeHead(this.status, this.headers);
    target.end(this.body);
  }
}

/** An error body of the annexes (`Error`): a short code and a technical message. */
function sendError(response: Reply, status: number, errorCode: string, errorMessage: string): void {
  sendJson(response, status, { errorCode, errorMessage });
}

function sendJson(response: Reply, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(text);
}

function sendEmpty(response: Reply, status: number): void {
  response.writeHead(status, { 'cache-control': 'no-store', 'content-length': 0 });
  response.end();
}

function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        resolve(undefined);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The cursor of a search page: the last flow's (updatedAt, flowId). */
function encodeCursor(flow: StoredFlow): string {
  return Buffer.from(JSON.stringify({ u: flow.updatedAt, i: flow.flowId })).toString('base64url');
}

function decodeCursor(cursor: string): { u: string; i: string } | undefined {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      u?: unknown;
      i?: unknown;
    };
    return typeof value.u === 'string' && typeof value.i === 'string'
      ? { u: value.u, i: value.i }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The local platform. Its `handle` answers every request under {@link paBasePath}; the stack mounts
 * it (`local-stack.ts`), a test may mount it on a server of its own.
 */
export function createPaLocal(options: PaLocalOptions): PaLocal {
  const now = options.now ?? (() => new Date());
  const store = new FlowStore(options.directory);
  const tokens = new LocalTokens(options.credentialsKey);
  const stats: Record<string, number> = {};
  let fault: Fault | undefined;
  let queue: Promise<void> = Promise.resolve();

  const directory = async () =>
    new Map((await options.companies()).map((company) => [company.siren, company]));
  const context: ProcessingContext = { store, directory, now };

  const count = (operation: string) => {
    stats[operation] = (stats[operation] ?? 0) + 1;
  };

  /** The fault that hits this request, if one does (and counts it). */
  const faultFor = (scope: Scope): Fault | undefined => {
    if (!fault) return undefined;
    if (fault.until !== undefined ? Date.now() > fault.until : fault.remaining <= 0) {
      fault = undefined;
      return undefined;
    }
    if (fault.scope !== 'all' && fault.scope !== scope) return undefined;
    if (fault.until === undefined) fault.remaining -= 1;
    return fault;
  };

  /** The answer of a fault's status: an OAuth error at the token endpoint, the annexes' `Error` elsewhere. */
  const answerFault = (hit: Fault, scope: Scope, response: Reply): void => {
    const status = hit.status ?? 500;
    const retryAfter: Record<string, string> =
      hit.retryAfterSeconds === undefined ? {} : { 'retry-after': String(hit.retryAfterSeconds) };
    if (scope === 'token') {
      const error = status === 401 ? 'invalid_client' : 'temporarily_unavailable';
      return sendJson(response, status, { error }, retryAfter);
    }
    const codes: Record<number, string> = {
      401: 'INVALID_TOKEN',
      429: 'TOO_MANY_REQUESTS',
      500: 'INTERNAL_ERROR',
      503: 'RESOURCE_ERROR',
    };
    sendJson(
      response,
      status,
      { errorCode: codes[status] ?? 'INTERNAL_ERROR', errorMessage: 'Panne simulée (plateforme locale)' },
      retryAfter,
    );
  };

  /**
   * Runs `serve` under the fault that hits this request, if any: a status answered without handling
   * the request (the platform down), or — `afterHandling` — instead of the answer of a request it
   * handled (the answer lost); `delayMs` holds whatever answer back that long (a client with a
   * shorter timeout gives up although the work is done).
   */
  const withFaults = async (
    scope: Scope,
    response: ServerResponse,
    serve: (reply: Reply) => Promise<void>,
  ): Promise<void> => {
    const hit = faultFor(scope);
    if (!hit) return serve(response);
    if (hit.status !== undefined && !hit.afterHandling) {
      if (hit.delayMs) await sleep(hit.delayMs);
      return answerFault(hit, scope, response);
    }
    const held = new HeldReply();
    await serve(held);
    if (hit.delayMs) await sleep(hit.delayMs);
    if (hit.status !== undefined) answerFault(hit, scope, response);
    else held.replay(response);
  };

  const enqueue = (flow: StoredFlow) => {
    queue = queue
      .then(() => processFlow(context, flow))
      .catch((error: unknown) => {
        console.error(`✖ Plateforme locale : ${error instanceof Error ? error.message : String(error)}`);
      });
  };

  async function token(request: IncomingMessage, response: Reply): Promise<void> {
    count('token');
    if (request.method !== 'POST') return sendJson(response, 405, { error: 'invalid_request' });
    const body = (await readBody(request)) ?? Buffer.alloc(0);
    const form = new URLSearchParams(body.toString('utf8'));
    if (form.get('grant_type') !== 'client_credentials') {
      return sendJson(response, 400, { error: 'unsupported_grant_type' });
    }
    const client = clientOf(request.headers.authorization, form);
    // An account exists for each SIREN of the directory, and for no other.
    const siren = client ? sirenOfClientId(client.clientId) : undefined;
    const registered = siren !== undefined && (await directory()).has(siren);
    const issued =
      client && registered ? tokens.issue(client.clientId, client.clientSecret, Date.now()) : undefined;
    if (!issued) {
      return sendJson(
        response,
        401,
        { error: 'invalid_client' },
        { 'www-authenticate': 'Basic realm="pa-locale"' },
      );
    }
    sendJson(response, 200, {
      access_token: issued.token,
      token_type: 'Bearer',
      expires_in: issued.lifeSeconds,
    });
  }

  /** The account of the request's token, or a 401 answered. */
  function account(request: IncomingMessage, response: Reply): string | undefined {
    const siren = tokens.sirenOf(request.headers.authorization, Date.now());
    if (!siren) sendError(response, 401, 'INVALID_TOKEN', 'Missing, unknown or expired bearer token');
    return siren;
  }

  async function submitFlow(siren: string, request: IncomingMessage, response: Reply): Promise<void> {
    const body = await readBody(request);
    if (!body) return sendError(response, 413, 'FILE_SIZE_EXCEEDED', 'Provided file is too big');
    let form;
    try {
      form = await parseMultipartForm(body, request.headers['content-type'], {
        fileField: 'file',
        maxFileBytes,
        // `flowInfo` comes as a plain part or, from some clients, as a JSON file part.
        textParts: ['flowInfo'],
      });
    } catch (error) {
      if (error instanceof HttpError)
        return sendError(response, 400, 'INVALID_REQUEST', 'Invalid multipart body');
      throw error;
    }
    if (form.file?.tooLarge)
      return sendError(response, 413, 'FILE_SIZE_EXCEEDED', 'Provided file is too big');
    const infoText = form.fields.get('flowInfo')?.[0];
    const info = flowInfoSchema.safeParse(
      infoText === undefined ? undefined : parseJson(Buffer.from(infoText)),
    );
    if (!form.file || !info.success) {
      return sendError(response, 400, 'MISSING_REQUIRED_FIELD', 'flowInfo (JSON) and file are required');
    }
    const file = form.file.data;
    const sha256 = createHash('sha256').update(file).digest('hex');
    const trackingId = info.data.trackingId;
    // The same file with the same tracking id from the same account is the same flow: answered again.
    const same = store
      .all()
      .find(
        (flow) =>
          flow.owner === siren &&
          flow.origin === 'company' &&
          flow.flowDirection === 'Out' &&
          flow.sha256 === sha256 &&
          flow.trackingId === trackingId,
      );
    if (same) return sendJson(response, 202, fullFlowInfo(same));
    const at = now().toISOString();
    const isInvoice = info.data.flowSyntax !== 'CDAR' && info.data.flowSyntax !== 'FRR';
    const flow: StoredFlow = {
      flowId: newId(),
      owner: siren,
      flowDirection: 'Out',
      flowType: isInvoice ? 'CustomerInvoice' : 'Undefined',
      flowSyntax: info.data.flowSyntax as StoredFlow['flowSyntax'],
      flowProfile: (info.data.flowProfile ?? 'Undefined') as StoredFlow['flowProfile'],
      processingRule: (info.data.processingRule ?? 'Undefined') as StoredFlow['processingRule'],
      processingRuleSource: info.data.processingRule === undefined ? 'Computed' : 'Input',
      ...(trackingId === undefined ? {} : { trackingId }),
      name: info.data.name,
      sha256,
      ...(info.data.sha256 === undefined ? {} : { announcedSha256: info.data.sha256 }),
      contentType: form.file.mimeType || 'application/octet-stream',
      submittedAt: at,
      updatedAt: at,
      acknowledgement: { status: 'Pending' },
      origin: 'company',
    };
    store.add(flow, file);
    enqueue(flow);
    sendJson(response, 202, fullFlowInfo(flow));
  }

  async function searchFlows(siren: string, request: IncomingMessage, response: Reply): Promise<void> {
    const body = await readBody(request);
    const params = searchSchema.safeParse(body ? parseJson(body) : undefined);
    if (!params.success)
      return sendError(response, 400, 'INVALID_REQUEST', 'where needs at least one valid criterion');
    const { where, limit = 25, cursor } = params.data;
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    if (cursor !== undefined && !after) return sendError(response, 400, 'INVALID_CURSOR', 'Unknown cursor');
    const matching = store
      .all()
      .filter(
        (flow) =>
          flow.owner === siren &&
          (where.updatedAfter === undefined || Date.parse(flow.updatedAt) > Date.parse(where.updatedAfter)) &&
          (where.updatedBefore === undefined ||
            Date.parse(flow.updatedAt) < Date.parse(where.updatedBefore)) &&
          (where.processingRule === undefined || where.processingRule.includes(flow.processingRule)) &&
          (where.flowType === undefined || where.flowType.includes(flow.flowType)) &&
          (where.flowDirection === undefined || where.flowDirection.includes(flow.flowDirection)) &&
          (where.trackingId === undefined || flow.trackingId === where.trackingId) &&
          (where.ackStatus === undefined || flow.acknowledgement.status === where.ackStatus) &&
          (after === undefined ||
            flow.updatedAt > after.u ||
            (flow.updatedAt === after.u && flow.flowId.localeCompare(after.i) > 0)),
      );
    const page = matching.slice(0, limit);
    const last = page[page.length - 1];
    sendJson(response, 200, {
      limit,
      filters: where,
      results: page.map(flowView),
      ...(matching.length > limit && last ? { nextCursor: encodeCursor(last) } : {}),
    });
  }

  function getFlow(siren: string, flowId: string, url: URL, response: Reply): void {
    const flow = store.get(flowId);
    // Another account's flow answers as an unknown one.
    if (!flow || flow.owner !== siren)
      return sendError(response, 404, 'MISSING_RESOURCE', 'Requested resource is Not Found');
    const docType = url.searchParams.get('docType') ?? 'Metadata';
    if (docType === 'Metadata') return sendJson(response, 200, flowView(flow));
    if (!['Original', 'Converted', 'ReadableView'].includes(docType)) {
      return sendError(
        response,
        400,
        'INVALID_REQUEST',
        'docType is Metadata, Original, Converted or ReadableView',
      );
    }
    // The local platform converts nothing: the original is also its readable view when it is a PDF.
    const available =
      docType === 'Original' || (docType === 'ReadableView' && flow.flowSyntax === 'Factur-X');
    if (!available)
      return sendError(response, 404, 'MISSING_RESOURCE', `No ${docType} document for this flow`);
    const file = store.file(flow.flowId);
    // The annex's FlowGetResponse: the file as `application/octet-stream`, its name in Content-Disposition.
    response.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': file.length,
      'content-disposition': `attachment;filename=${flow.name.replace(/[^\w.-]/g, '_')}`,
      'cache-control': 'no-store',
    });
    response.end(file);
  }

  async function flowService(path: string, url: URL, request: IncomingMessage, response: Reply) {
    const method = request.method ?? 'GET';
    const flowMatch = /^\/v1\/flows\/([^/]+)$/.exec(path);
    const operation =
      method === 'POST' && path === '/v1/flows'
        ? 'createFlow'
        : method === 'POST' && path === '/v1/flows/search'
          ? 'searchFlows'
          : method === 'GET' && flowMatch
            ? 'getFlow'
            : method === 'GET' && path === '/v1/healthcheck'
              ? 'getHealth'
              : path === '/v1/webhooks' || path.startsWith('/v1/webhooks/')
                ? 'webhooks'
                : undefined;
    if (!operation)
      return sendError(response, 404, 'MISSING_RESOURCE', 'No such operation in the Flow Service');
    count(operation);
    const siren = account(request, response);
    if (!siren) return;
    if (operation === 'createFlow') return submitFlow(siren, request, response);
    if (operation === 'searchFlows') return searchFlows(siren, request, response);
    if (operation === 'getFlow')
      return getFlow(siren, decodeURIComponent(flowMatch?.[1] ?? ''), url, response);
    if (operation === 'getHealth') return sendEmpty(response, 200);
    sendError(
      response,
      403,
      'WEBHOOKS_NOT_OFFERED',
      'This platform offers no webhooks: search the flows instead',
    );
  }

  async function directoryService(path: string, request: IncomingMessage, response: Reply) {
    count(`directory ${request.method ?? 'GET'} ${path.replace(/:[^/]+/g, ':…')}`);
    if (!account(request, response)) return;
    const body = request.method === 'POST' ? await readBody(request) : undefined;
    const answer = answerDirectory(
      request.method ?? 'GET',
      path,
      body ? parseJson(body) : undefined,
      await directory(),
    );
    if (answer.body === undefined) sendEmpty(response, answer.status);
    else sendJson(response, answer.status, answer.body);
  }

  async function admin(path: string, request: IncomingMessage, response: Reply) {
    if (path === '/admin/faults' && request.method === 'POST') {
      const body = await readBody(request);
      const parsed = faultSchema.safeParse(body ? parseJson(body) : undefined);
      if (!parsed.success)
        return sendJson(response, 400, { error: parsed.error.issues.map((i) => i.message) });
      fault = {
        ...parsed.data,
        remaining: parsed.data.count ?? 1,
        ...(parsed.data.forMs === undefined ? {} : { until: Date.now() + parsed.data.forMs }),
      };
      return sendEmpty(response, 204);
    }
    if (path === '/admin/faults' && request.method === 'DELETE') {
      fault = undefined;
      return sendEmpty(response, 204);
    }
    if (path === '/admin/tokens' && request.method === 'PUT') {
      const body = await readBody(request);
      const parsed = adminSchema.safeParse(body ? parseJson(body) : undefined);
      if (!parsed.success) return sendJson(response, 400, { error: 'tokenLifeSeconds' });
      tokens.lifeSeconds = parsed.data.tokenLifeSeconds;
      return sendEmpty(response, 204);
    }
    if (path === '/admin/flows' && request.method === 'GET') {
      await queue;
      return sendJson(response, 200, store.all());
    }
    if (path === '/admin/stats' && request.method === 'GET') return sendJson(response, 200, stats);
    sendJson(response, 404, { error: 'not_found' });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname.slice(paBasePath.length);
    try {
      if (path === '') {
        response.writeHead(301, { location: `${paBasePath}/`, 'cache-control': 'no-store' });
        response.end();
      } else if (path === '/' && request.method === 'GET') {
        const html = renderPaPage(store.all(), await directory(), options.credentialsKey);
        response.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        });
        response.end(html);
      } else if (path.startsWith('/files/') && request.method === 'GET') {
        const flow = store.get(decodeURIComponent(path.slice('/files/'.length)));
        if (!flow) return sendJson(response, 404, { error: 'not_found' });
        const file = store.file(flow.flowId);
        const disposition = url.searchParams.has('download') ? 'attachment' : 'inline';
        response.writeHead(200, {
          'content-type': flow.contentType,
          'content-length': file.length,
          'content-disposition': `${disposition}; filename="${flow.name.replace(/[^\w.-]/g, '_')}"`,
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'",
          'cache-control': 'no-store',
        });
        response.end(file);
      } else if (path === '/auth/token') {
        await withFaults('token', response, (reply) => token(request, reply));
      } else if (path.startsWith('/flow-service/')) {
        const below = path.slice('/flow-service'.length);
        await withFaults('flow', response, (reply) => flowService(below, url, request, reply));
      } else if (path.startsWith('/directory-service/')) {
        const below = path.slice('/directory-service'.length);
        await withFaults('directory', response, (reply) => directoryService(below, request, reply));
      } else if (path.startsWith('/admin/')) {
        await admin(path, request, response);
      } else {
        sendJson(response, 404, { error: 'not_found' });
      }
    } catch (error) {
      console.error(`✖ Plateforme locale : ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) sendError(response, 500, 'INTERNAL_ERROR', 'Local platform error');
      else response.end();
    }
  }

  return { handle, idle: () => queue };
}
