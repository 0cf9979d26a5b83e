import { HttpError, conflict, storageRefused, unavailable } from './http-errors.js';

const throttlingNames = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'LimitExceededException',
  'InternalServerError',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'SlowDown',
  'TimeoutError',
  'RequestTimeout',
]);

const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Maps an AWS SDK error to the contract's error, or `undefined` when it is not one the caller
 * can act on (then it is a 500). A failed condition is a conflict (409); data DynamoDB refuses
 * (`ValidationException`) is a 400; throttling, a timeout or an unreachable service is 503.
 * DynamoDB writes either happen whole or not at all, so in every one of these cases nothing was
 * half-written.
 */
export function awsErrorToHttp(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (!(error instanceof Error)) return undefined;
  const name = error.name;
  if (name === 'ConditionalCheckFailedException') return conflict();
  if (name === 'TransactionCanceledException') {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    if (reasons.some((reason) => reason.Code === 'ConditionalCheckFailed')) return conflict();
    if (reasons.some((reason) => reason.Code === 'TransactionConflict')) return conflict();
    if (reasons.some((reason) => reason.Code === 'ValidationError')) return storageRefused(error);
    return unavailable(error);
  }
  // An item over 400 KB, nested over 32 levels, a key over its byte limit: retrying will not help.
  if (name === 'ValidationException') return storageRefused(error);
  if (name === 'TransactionConflictException') return conflict();
  if (throttlingNames.has(name)) return unavailable(error);
  const code = (error as { code?: string }).code;
  if (code && networkCodes.has(code)) return unavailable(error);
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status === 503 || status === 429) return unavailable(error);
  const cause = error.cause;
  if (cause instanceof Error && cause !== error) return awsErrorToHttp(cause);
  return undefined;
}

/** Runs an AWS SDK call and turns its failure into the contract's error when it is one (503, 409). */
export async function withAwsErrors<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw awsErrorToHttp(error) ?? error;
  }
}
