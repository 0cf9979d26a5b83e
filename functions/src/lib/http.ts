import { timingSafeEqual } from 'node:crypto';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import type { UserRole } from '@btp/shared/enums';
import { jsonDepthExceeds } from '@btp/shared/json-depth';
// Not `@btp/shared/lazy-zod`, nor zod's French messages (`@btp/shared/zod-fr`, which every module
// building a zod schema imports itself): a route whose inputs are parsed by hand (the lists,
// `@btp/shared/query-parser`) starts without zod's code (issue 27).
import { buildNow } from '@btp/shared/lazy-build';
import type { QueryParser } from '@btp/shared/query-parser';
import { routeKeyOf, routes, type Access } from '@btp/shared/routes';
import type { ValidationIssues } from '@btp/shared/validation';
// Every route's writes carry the company aggregates they move (data/transactions.ts' extension):
// installed here, where every handler starts, so that no route can write without them.
import '../aggregates/install.js';
import { awsErrorToHttp } from './aws-errors.js';
import { config } from './config.js';
import { HttpError, badRequest, messages, unavailable, type ErrorDetail } from './http-errors.js';
import { logger, tagRequestLogs } from './logger.js';

/** The maximum JSON body, in bytes (API.md "Limits"). */
export const maxJsonBodyBytes = 256 * 1024;

/**
 * The deepest JSON body, in levels of objects and arrays: DynamoDB stores no more than 32, and
 * zod's recursive schemas would overflow the stack on a few thousand.
 */
export const maxJsonBodyDepth = 32;

/** What the authorizer hands to handlers: the caller's identity, from the session only. */
export interface Principal {
  userId: string;
  companyId: string | null;
  role: UserRole;
}

export interface ApiRequest<Body, Query, Params> {
  body: Body;
  query: Query;
  params: Params;
  headers: Record<string, string>;
  cookies: string[];
  principal: Principal | undefined;
  /** API Gateway's request id: the `x-request-id` header and the logs' `correlation_id`. */
  requestId: string;
  event: APIGatewayProxyEventV2;
}

export interface ApiResult {
  statusCode?: number;
  /** Serialised as JSON; `undefined` sends no body (204). */
  body?: unknown;
  headers?: Record<string, string>;
  cookies?: string[];
}

/** A zod schema, or a query parsed by hand (`@btp/shared/query-parser`): both answer `safeParse`. */
type Schema = z.ZodType | QueryParser<unknown>;
type Out<S> = S extends z.ZodType ? z.output<S> : S extends QueryParser<infer T> ? T : undefined;

export interface HandlerOptions<BodySchema, QuerySchema, ParamsSchema> {
  body?: BodySchema;
  query?: QuerySchema;
  params?: ParamsSchema;
  /** The route's JSON body limit in bytes when it is not {@link maxJsonBodyBytes} (a drawn signature). */
  maxBodyBytes?: number;
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The response header that carries API Gateway's request id (the logs' `correlation_id`). */
export const requestIdHeader = 'x-request-id';

/** Headers on every API answer (API.md "Headers"), besides {@link requestIdHeader}. */
export const apiSecurityHeaders: Record<string, string> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

type MiddyRequest = middy.Request<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>;

interface ParsedInputs {
  body: unknown;
  query: unknown;
  params: unknown;
}

/** Validated inputs of the event being handled, handed from the `before` step to the handler. */
const parsedInputs = new WeakMap<APIGatewayProxyEventV2, ParsedInputs>();

/** Headers lower-cased, absent query and path parameters as empty objects. */
function normaliseEvent(request: MiddyRequest): void {
  const event = request.event;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (value !== undefined) headers[name.toLowerCase()] = value;
  }
  event.headers = headers;
  event.queryStringParameters ??= {};
  event.pathParameters ??= {};
  event.cookies ??= [];
}

/** Each route's access level, from the route table, by API Gateway route key. */
const accessByRouteKey = new Map<string, Access>(routes.map((route) => [routeKeyOf(route), route.access]));

/** The 403 of a `company_admin` route called by anyone else (a super administrator included). */
export const companyAdminOnlyMessage = "Cette action est réservée aux administrateurs de l'entreprise.";

/**
 * Enforces the route's access level on the identity the authorizer verified: 401 without a
 * session, 403 when a super administrator or a company administrator is required and the caller
 * is not one. A route missing from the table is treated as needing a session.
 */
function accessGuard(request: MiddyRequest): void {
  const event = request.event;
  const access = accessByRouteKey.get(event.routeKey) ?? 'user';
  if (access === 'public') return;
  const context = event.requestContext as { authorizer?: { lambda?: Record<string, unknown> } };
  if (context.authorizer?.lambda?.error === 'unavailable') throw unavailable();
  const principal = principalOf(event);
  if (!principal) throw new HttpError(401, 'unauthenticated', messages.unauthenticated);
  if (access === 'super_admin' && principal.role !== 'super_admin') {
    throw new HttpError(403, 'forbidden', messages.superAdminOnly);
  }
  if (access === 'company_admin' && principal.role !== 'company_admin') {
    throw new HttpError(403, 'forbidden', companyAdminOnlyMessage);
  }
}

/** The header CloudFront adds to every request it sends to the API (infra/lib/secrets.ts). */
export const originVerifyHeader = 'x-origin-verify';

export const directAccessMessage = "Accès refusé : l'API ne répond qu'à travers l'adresse de l'application.";

/**
 * On AWS, refuses (403) a request that did not come through CloudFront: CloudFront sends the origin
 * secret in {@link originVerifyHeader}, a caller of the API's own `execute-api` address cannot (and
 * could otherwise choose its `X-Forwarded-For`, which the public routes' per-IP limits read). The
 * header is then dropped from the event. Nothing is checked where no secret is configured (locally).
 */
function originGuard(request: MiddyRequest): void {
  const expected = config().ORIGIN_VERIFY;
  if (expected === undefined) return;
  const headers = request.event.headers as Record<string, string>;
  const given = Buffer.from(headers[originVerifyHeader] ?? '');
  delete headers[originVerifyHeader];
  const wanted = Buffer.from(expected);
  if (given.byteLength !== wanted.byteLength || !timingSafeEqual(given, wanted)) {
    throw new HttpError(403, 'forbidden', directAccessMessage);
  }
}

/** State-changing requests must carry `X-Requested-With: fetch` (DESIGN section 3). */
function csrfGuard(request: MiddyRequest): void {
  const event = request.event;
  if (!writeMethods.has(event.requestContext.http.method.toUpperCase())) return;
  if (event.headers['x-requested-with'] !== 'fetch') throw new HttpError(403, 'csrf', messages.csrf);
}

function rawBody(event: APIGatewayProxyEventV2): Buffer | undefined {
  if (event.body == null || event.body === '') return undefined;
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

function parseJsonBody(event: APIGatewayProxyEventV2, maxBytes: number = maxJsonBodyBytes): unknown {
  const raw = rawBody(event);
  if (raw === undefined) return {};
  if (raw.byteLength > maxBytes) {
    throw new HttpError(413, 'payload_too_large', messages.payloadTooLarge);
  }
  const contentType = (event.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (contentType !== 'application/json' && !contentType.endsWith('+json')) {
    throw new HttpError(415, 'unsupported_media_type', messages.unsupportedMediaType);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw badRequest(messages.invalidJson);
  }
  // Before any schema walks it: a schema's refinements may read fields even when the object check
  // failed (`null.vatNumber` answered 500, issue 33). Every body of the contract is an object.
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest(messages.notAnObject);
  }
  if (jsonDepthExceeds(parsed, maxJsonBodyDepth)) throw badRequest(messages.tooDeep);
  return parsed;
}

function zodDetails(error: ValidationIssues, prefix?: string): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));
}

function validate(schema: Schema | undefined, value: unknown, prefix?: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(messages.validation, zodDetails(result.error, prefix));
  return result.data;
}

function toResponse(
  result: ApiResult | undefined,
  requestId: string | undefined,
): APIGatewayProxyStructuredResultV2 {
  const statusCode = result?.statusCode ?? (result?.body === undefined ? 204 : 200);
  const response: APIGatewayProxyStructuredResultV2 = {
    statusCode,
    headers: {
      ...apiSecurityHeaders,
      ...(requestId ? { [requestIdHeader]: requestId } : {}),
      ...result?.headers,
    },
    isBase64Encoded: false,
  };
  if (result?.body !== undefined) response.body = JSON.stringify(result.body);
  if (result?.cookies?.length) response.cookies = result.cookies;
  return response;
}

/**
 * The answer for any error: the contract's body, never a stack, a table name or an AWS error.
 * Errors of 500 and above are logged, and their body carries `reference`, the request id a person
 * can quote to support (the `correlation_id` of the log lines).
 */
export function errorResponse(error: unknown, requestId?: string): APIGatewayProxyStructuredResultV2 {
  const reference = requestId ? { reference: requestId } : {};
  const mapped = awsErrorToHttp(error);
  if (mapped && mapped.expose) {
    const serverSide = mapped.statusCode >= 500;
    if (serverSide) logger.error('Service indisponible', { error });
    // A refusal by an AWS service that the caller's data caused: answered as such, and logged,
    // since the validation should have caught it first.
    else if (mapped.cause !== undefined) logger.error('Données refusées par un service AWS', { error });
    return toResponse(
      {
        statusCode: mapped.statusCode,
        body: {
          error: mapped.code,
          message: mapped.message,
          ...(mapped.details ? { details: mapped.details } : {}),
          ...(serverSide ? reference : {}),
        },
      },
      requestId,
    );
  }
  logger.error('Erreur inattendue', { error });
  return toResponse(
    { statusCode: 500, body: { error: 'internal_error', message: messages.internal, ...reference } },
    requestId,
  );
}

/**
 * The one middleware stack of every route (middy's recommended order): tag the log lines with the
 * Lambda context, the request id and the route, normalise the event, refuse writes without the
 * CSRF header, parse the JSON body, validate body, query and path parameters with the shared zod
 * schemas, run the handler, shape the answer, map errors last.
 */
export function createHandler<
  BodySchema extends Schema | undefined = undefined,
  QuerySchema extends Schema | undefined = undefined,
  ParamsSchema extends Schema | undefined = undefined,
>(
  options: HandlerOptions<BodySchema, QuerySchema, ParamsSchema>,
  run: (request: ApiRequest<Out<BodySchema>, Out<QuerySchema>, Out<ParamsSchema>>) => Promise<ApiResult>,
) {
  // The shared schemas are built on first use (`@btp/shared/lazy-zod`): the route's own are built
  // here, while the function starts with a whole vCPU, and no other.
  buildNow([options.body, options.query, options.params]);
  const built = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>({
    timeoutEarlyInMillis: 0,
  })
    .use(
      // First: its `before` runs first, its `after` and `onError` (which drop the request's log
      // keys) run last, once the error is logged. No event logging whatever
      // POWERTOOLS_LOGGER_LOG_EVENT says: an event holds cookies and passwords.
      injectLambdaContext(logger, { resetKeys: true, logEvent: false }),
    )
    .use({
      before: (request) => tagRequestLogs(request.event),
      // Registered before the steps below so that its `onError` runs after theirs.
      onError: (request) => {
        request.response = errorResponse(request.error, request.event.requestContext.requestId);
      },
    })
    .use({
      before: (request) => {
        normaliseEvent(request);
        originGuard(request);
        accessGuard(request);
        csrfGuard(request);
        const event = request.event;
        const body = options.body
          ? validate(options.body, parseJsonBody(event, options.maxBodyBytes))
          : undefined;
        parsedInputs.set(event, {
          body,
          query: validate(options.query, event.queryStringParameters, 'query'),
          params: validate(options.params, event.pathParameters, 'params'),
        });
      },
    })
    .handler(async (event) => {
      const requestId = event.requestContext.requestId;
      const parsed = parsedInputs.get(event) ?? { body: undefined, query: undefined, params: undefined };
      return toResponse(
        await run({
          body: parsed.body as Out<BodySchema>,
          query: parsed.query as Out<QuerySchema>,
          params: parsed.params as Out<ParamsSchema>,
          headers: event.headers as Record<string, string>,
          cookies: event.cookies ?? [],
          principal: principalOf(event),
          requestId,
          event,
        }),
        requestId,
      );
    });
  handlersBuilt.set(built, { body: options.body, query: options.query, params: options.params });
  return built;
}

/** The schemas a handler built by `createHandler` validates its inputs with (absent: not read). */
export interface HandlerSchemas {
  body?: Schema;
  query?: Schema;
  params?: Schema;
}

const handlersBuilt = new WeakMap<object, HandlerSchemas>();

/**
 * Whether a module's `handler` was built by `createHandler`, hence runs the access guard (the
 * route's `access`), the CSRF guard and the error mapping: a test walks the route table with it.
 */
export function builtByCreateHandler(handler: unknown): boolean {
  return typeof handler === 'function' && handlersBuilt.has(handler);
}

/**
 * The body, query and path schemas of a handler built by `createHandler` (`undefined` for any other
 * value): the route-table fuzz (infra/local/test/route-fuzz.integ.test.ts) makes each route's wrong
 * values from them, so a new route is fuzzed field by field without being listed anywhere.
 */
export function handlerSchemas(handler: unknown): HandlerSchemas | undefined {
  return typeof handler === 'function' ? handlersBuilt.get(handler) : undefined;
}

/** The identity the authorizer put in the request context, if any. */
function principalOf(event: APIGatewayProxyEventV2): Principal | undefined {
  const context = event.requestContext as { authorizer?: { lambda?: Partial<Principal> } };
  const lambda = context.authorizer?.lambda;
  if (!lambda?.userId || !lambda.role) return undefined;
  return { userId: lambda.userId, companyId: lambda.companyId || null, role: lambda.role };
}
