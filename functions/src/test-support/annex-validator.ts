/**
 * Checks HTTP exchanges against the AFNOR XP Z12-013 OpenAPI annexes vendored in
 * `e-invoicing/validation/afnor-xp-z12-013/`: the operation exists, the request (path and query
 * parameters, headers, JSON or multipart body and the content types of its parts) and the answer
 * (its status is one the operation declares, its JSON body matches that status's schema, its
 * headers theirs) are what the annex says.
 *
 * The schemas are compiled by openapi-backend (a maintained, framework-agnostic OpenAPI 3.0
 * request/response validator built on Ajv), with ajv-formats for `date-time`, `uuid`, `byte`,
 * `int32`… One correction is made in memory to the Flow annex (the file stays as vendored): its
 * `ReasonCode` is read as anyOf, not oneOf (see `backend`). Exchanges are recorded by {@link recordingFetch}, which passes every call through to the
 * real server (the local platform) and keeps what went and came back.
 * Test support only: nothing here runs in a Lambda.
 */
import { readFileSync } from 'node:fs';
import busboy from 'busboy';
import ajvFormats from 'ajv-formats';
import { OpenAPIBackend, type Operation } from 'openapi-backend';

// ajv-formats is CommonJS: Node hands its `module.exports` (the plugin) as the default import.
const addFormats = ajvFormats as unknown as typeof ajvFormats.default;
type Ajv = Parameters<typeof addFormats>[0];

const annexDir = new URL('../../../e-invoicing/validation/afnor-xp-z12-013/', import.meta.url);

export type NetworkService = 'flow' | 'directory';

/** One multipart part as sent: its name, declared content type and file name. */
export interface SentPart {
  name: string;
  contentType: string;
  fileName?: string;
  /** The JSON of a part whose content type is JSON. */
  json?: unknown;
}

export interface RecordedExchange {
  service: NetworkService;
  method: string;
  /** The path below the service's root: `/v1/flows/search`. */
  path: string;
  query: Record<string, string | string[]>;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  /** The JSON body, or for a multipart body each field (`flowInfo` as JSON, `file` as a marker). */
  body?: unknown;
  parts?: SentPart[];
  response: {
    status: number;
    headers: Record<string, string>;
    /** The JSON body when the answer is JSON. */
    json?: unknown;
    /** The bytes' length of any other answer. */
    length: number;
  };
  /** Its problems, checked as it was recorded (`recordingFetch`). */
  problems?: string[];
}

const annexFiles: Record<NetworkService, string> = {
  flow: 'flow-service-1.3.0.openapi.json',
  directory: 'directory-service-1.3.0.openapi.json',
};

const backends = new Map<NetworkService, Promise<OpenAPIBackend>>();
const sharedAjv = new Map<string, Ajv>();

function backend(service: NetworkService): Promise<OpenAPIBackend> {
  let ready = backends.get(service);
  if (!ready) {
    const definition = JSON.parse(readFileSync(new URL(annexFiles[service], annexDir), 'utf8')) as {
      components?: { schemas?: Record<string, { oneOf?: unknown[]; anyOf?: unknown[] }> };
    };
    // The Flow annex writes `ReasonCode` as oneOf [ReasonCodeEnum, string]: an enumerated code is
    // also a string, so it matches both and fails `oneOf` — every standard code would be refused.
    // Its description ("a predefined set of values + ability to extend this set") is anyOf's.
    const reasonCode = definition.components?.schemas?.ReasonCode;
    if (reasonCode?.oneOf) {
      reasonCode.anyOf = reasonCode.oneOf;
      delete reasonCode.oneOf;
    }
    const api = new OpenAPIBackend({
      definition: definition as never,
      quick: true,
      validate: true,
      strict: true,
      // One Ajv per set of options, formats added once: openapi-backend makes a new one for every
      // schema it compiles otherwise (most of a second per operation).
      customizeAjv: (ajv, options) => {
        const key = JSON.stringify(options);
        let shared = sharedAjv.get(key);
        if (!shared) {
          shared = addFormats(ajv);
          sharedAjv.set(key, shared);
        }
        return shared;
      },
    });
    ready = api.init();
    backends.set(service, ready);
  }
  return ready;
}

interface MediaObject {
  schema?: unknown;
  encoding?: Record<string, { contentType?: string }>;
}
interface ResponseObject {
  content?: Record<string, MediaObject>;
}

function mediaType(value: string | undefined): string {
  return (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The problems of one exchange (empty when the annex agrees with both sides). */
export async function exchangeProblems(exchange: RecordedExchange): Promise<string[]> {
  const api = await backend(exchange.service);
  const where = `${exchange.method} ${exchange.path} → ${exchange.response.status}`;
  const operation = api.router.matchOperation({
    method: exchange.method,
    path: exchange.path,
    headers: exchange.headers,
    query: exchange.query,
  }) as Operation | undefined;
  if (!operation) return [`${where}: no operation of the ${exchange.service} annex`];
  const problems: string[] = [];

  const request = api.validator.validateRequest(
    {
      method: exchange.method,
      path: exchange.path,
      headers: exchange.headers,
      query: exchange.query,
      ...(exchange.body === undefined ? {} : { body: exchange.body as object }),
    },
    operation,
  );
  for (const error of request.errors ?? []) {
    problems.push(`${where}: request ${error.instancePath} ${error.message ?? ''}`);
  }
  const requestBody = operation.requestBody as { content?: Record<string, MediaObject> } | undefined;
  if (requestBody?.content) {
    const sent = mediaType(exchange.headers['content-type']);
    const declared = requestBody.content[sent];
    if (!declared) problems.push(`${where}: request content type ${sent} not declared`);
    for (const part of exchange.parts ?? []) {
      const allowed = declared?.encoding?.[part.name]?.contentType?.split(',').map((type) => type.trim());
      if (allowed && !allowed.includes(mediaType(part.contentType))) {
        problems.push(
          `${where}: part ${part.name} sent as ${part.contentType}, annex says ${allowed.join(' or ')}`,
        );
      }
    }
  }

  const responses = (operation.responses ?? {}) as Record<string, ResponseObject>;
  const declared = responses[String(exchange.response.status)] ?? responses.default;
  if (!declared) {
    problems.push(`${where}: status not declared for ${operation.operationId ?? ''}`);
    return problems;
  }
  const received = mediaType(exchange.response.headers['content-type']);
  const contentTypes = Object.keys(declared.content ?? {});
  if (contentTypes.length === 0) {
    if (exchange.response.length > 0) problems.push(`${where}: a body where the annex declares none`);
  } else if (!contentTypes.includes(received)) {
    problems.push(
      `${where}: answered ${received || 'no content type'}, annex says ${contentTypes.join(' or ')}`,
    );
  } else if (declared.content?.[received]?.schema) {
    const body = api.validator.validateResponse(exchange.response.json, operation, exchange.response.status);
    for (const error of body.errors ?? []) {
      problems.push(`${where}: answer ${error.instancePath} ${error.message ?? ''}`);
    }
  }
  const headers = api.validator.validateResponseHeaders(exchange.response.headers, operation, {
    statusCode: exchange.response.status,
  });
  for (const error of headers.errors ?? []) {
    problems.push(`${where}: answer header ${error.instancePath} ${error.message ?? ''}`);
  }
  return problems;
}

/** The problems of every exchange, one line each. */
export async function exchangesProblems(exchanges: readonly RecordedExchange[]): Promise<string[]> {
  const problems: string[] = [];
  for (const exchange of exchanges)
    problems.push(...(exchange.problems ?? (await exchangeProblems(exchange))));
  return problems;
}

/** The fields of a multipart body with each part's declared content type. */
function multipartParts(body: Buffer, contentType: string): Promise<SentPart[]> {
  return new Promise((resolve, reject) => {
    const parts: SentPart[] = [];
    const parser = busboy({ headers: { 'content-type': contentType } });
    parser.on('field', (name, value, info) => {
      const part: SentPart = { name, contentType: info.mimeType };
      if (mediaType(info.mimeType) === 'application/json') {
        try {
          part.json = JSON.parse(value);
        } catch {
          part.json = value;
        }
      }
      parts.push(part);
    });
    parser.on('file', (name, stream, info) => {
      parts.push({ name, contentType: info.mimeType, fileName: info.filename });
      stream.resume();
    });
    parser.on('error', reject);
    parser.on('close', () => resolve(parts));
    parser.end(body);
  });
}

/** Where each service lives: the URL prefixes the recorder files a call under. */
export interface ServiceRoots {
  flow: string;
  directory: string;
}

/**
 * A `fetch` that sends every call to the real server and records, for the calls under one of the
 * service roots, the request and the answer (whose body it reads from a clone), with their problems.
 */
export function recordingFetch(roots: ServiceRoots, exchanges: RecordedExchange[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const sentBody = request.body ? Buffer.from(await request.clone().arrayBuffer()) : undefined;
    const response = await fetch(request);
    const url = new URL(request.url);
    const service = (Object.keys(roots) as NetworkService[]).find((name) => url.href.startsWith(roots[name]));
    if (!service) return response;
    const headers = Object.fromEntries([...request.headers.entries()]);
    const contentType = mediaType(headers['content-type']);
    const query: Record<string, string | string[]> = {};
    for (const key of new Set(url.searchParams.keys())) {
      const values = url.searchParams.getAll(key);
      query[key] = values.length === 1 ? (values[0] ?? '') : values;
    }
    const exchange: RecordedExchange = {
      service,
      method: request.method.toLowerCase(),
      path: url.href.slice(roots[service].length).split('?')[0] ?? '',
      query,
      headers,
      response: {
        status: response.status,
        headers: Object.fromEntries([...response.headers.entries()]),
        length: 0,
      },
    };
    if (sentBody && contentType === 'application/json') exchange.body = JSON.parse(sentBody.toString('utf8'));
    if (sentBody && contentType === 'multipart/form-data') {
      exchange.parts = await multipartParts(sentBody, headers['content-type'] ?? '');
      exchange.body = Object.fromEntries(
        exchange.parts.map((part) => [part.name, part.fileName === undefined ? part.json : '<binary>']),
      );
    }
    const answer = Buffer.from(await response.clone().arrayBuffer());
    exchange.response.length = answer.length;
    if (mediaType(exchange.response.headers['content-type']) === 'application/json' && answer.length > 0) {
      exchange.response.json = JSON.parse(answer.toString('utf8'));
    }
    // Checked now, one operation's validators compiled at a time (a second or less), rather than all
    // at the end: the event loop is never held long enough for a kept-alive socket to expire unseen.
    exchange.problems = await exchangeProblems(exchange);
    exchanges.push(exchange);
    return response;
  };
}
