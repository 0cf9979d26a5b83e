import { Logger } from '@aws-lambda-powertools/logger';
import type { LogLevel } from '@aws-lambda-powertools/logger/types';
import { parseConfig, type Config } from './config.js';
import { sourceMappedStack } from './stack-trace.js';

/**
 * `LOG_LEVEL` of the functions' configuration (`debug`, `info`, `warn`, `error`, `silent`), read
 * without caching the configuration: a process whose environment is incomplete still logs, at
 * `info`, and the configuration error surfaces where the configuration is used.
 */
function configuredLevel(): Config['LOG_LEVEL'] {
  try {
    return parseConfig(process.env).LOG_LEVEL;
  } catch {
    return 'info';
  }
}

interface LoggedError {
  name: string;
  message: string;
  stack: string | undefined;
  cause?: LoggedError;
}

/**
 * An error as name, message, stack (its frames in our bundles mapped to the TypeScript sources:
 * `stack-trace.ts`) and cause (recursively), nothing else: an error's own fields
 * can hold what must never reach a log (an SDK error's response, a record returned with a failed
 * condition, a token's claims), so they are left out, as they were before Powertools.
 */
function loggedError(error: Error, seen = new Set<Error>()): LoggedError {
  seen.add(error);
  const cause = error.cause instanceof Error && !seen.has(error.cause) ? error.cause : undefined;
  return {
    name: error.name,
    message: error.message,
    stack: error.stack === undefined ? undefined : sourceMappedStack(error.stack),
    ...(cause ? { cause: loggedError(cause, seen) } : {}),
  };
}

/**
 * The functions' one logger (Powertools for AWS Lambda): one JSON line per entry, `warn` and
 * above on stderr, the rest on stdout, which CloudWatch Logs indexes. The middleware stack
 * (`http.ts`) and the authorizer add to every line of a request the Lambda context
 * (`function_request_id`, `cold_start`, `function_name`…), `correlation_id` (API Gateway's request
 * id, the `x-request-id` header and the `reference` of error bodies) and `route` (`GET
 * /api/clients/{id}`). Requests, cookies and bodies are never logged.
 */
export const logger = new Logger({
  serviceName: 'btp-gestion',
  logLevel: configuredLevel().toUpperCase() as LogLevel,
  jsonReplacerFn: (_key, value) => (value instanceof Error ? loggedError(value) : value),
});

/**
 * Tags the lines logged from now on with the request's correlation id and route, until
 * `logger.resetKeys()` (which `injectLambdaContext({ resetKeys: true })` calls at the end of the
 * invocation).
 */
export function tagRequestLogs(event: { routeKey: string; requestContext: { requestId: string } }): void {
  logger.setCorrelationId(event.requestContext.requestId);
  logger.appendKeys({ route: event.routeKey });
}
