import type {
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerWithContextResult,
  Context,
} from 'aws-lambda';
import { logger, tagRequestLogs } from '../lib/logger.js';
import { authenticate } from './authenticate.js';

export type AuthorizerContext = Record<string, string>;

/**
 * The Lambda authorizer (simple responses, payload 2.0), also run by the local gateway.
 *
 * It always lets the request through and hands the verified identity to the handler in
 * `requestContext.authorizer.lambda` (`userId`, `companyId`, `role`), or nothing when there is no
 * valid session: the handler's middleware then answers the contract's JSON 401/403 for the route's
 * access level (API Gateway's own refusals have bodies the contract does not allow). When the
 * database cannot be reached it says so, and the handler answers 503 instead of signing people out.
 *
 * Its log lines carry the Lambda context, the route and the request's `correlation_id`, the same
 * as the lines of the handler that follows (what Powertools' `injectLambdaContext` does, without
 * middy in this bundle).
 */
export async function handler(
  event: APIGatewayRequestAuthorizerEventV2,
  context: Context,
): Promise<APIGatewaySimpleAuthorizerWithContextResult<AuthorizerContext>> {
  logger.addContext(context);
  tagRequestLogs(event);
  try {
    const identity = await authenticate(event.cookies);
    if (!identity) return { isAuthorized: true, context: {} };
    return {
      isAuthorized: true,
      context: {
        userId: identity.userId,
        companyId: identity.companyId ?? '',
        role: identity.role,
        sessionId: identity.sessionId,
      },
    };
  } catch (error) {
    logger.error('Authorizer failed', { error });
    return { isAuthorized: true, context: { error: 'unavailable' } };
  } finally {
    logger.resetKeys();
  }
}
