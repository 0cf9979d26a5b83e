import type {
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerWithContextResult,
} from 'aws-lambda';
import { logger } from '../lib/logger.js';
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
 */
export async function handler(
  event: APIGatewayRequestAuthorizerEventV2,
): Promise<APIGatewaySimpleAuthorizerWithContextResult<AuthorizerContext>> {
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
  }
}
