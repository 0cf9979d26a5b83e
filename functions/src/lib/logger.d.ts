import { Logger } from '@aws-lambda-powertools/logger';
/**
 * The functions' one logger (Powertools for AWS Lambda): one JSON line per entry, `warn` and
 * above on stderr, the rest on stdout, which CloudWatch Logs indexes. The middleware stack
 * (`http.ts`) and the authorizer add to every line of a request the Lambda context
 * (`function_request_id`, `cold_start`, `function_name`…), `correlation_id` (API Gateway's request
 * id, the `x-request-id` header and the `reference` of error bodies) and `route` (`GET
 * /api/clients/{id}`). Requests, cookies and bodies are never logged.
 */
export declare const logger: Logger;
/**
 * Tags the lines logged from now on with the request's correlation id and route, until
 * `logger.resetKeys()` (which `injectLambdaContext({ resetKeys: true })` calls at the end of the
 * invocation).
 */
export declare function tagRequestLogs(event: {
    routeKey: string;
    requestContext: {
        requestId: string;
    };
}): void;
