import { awsErrorToHttp } from './aws-errors.js';
import { config } from './config.js';
import { getSecretString, secretsManagerTarget } from './secrets-manager.js';

const cache = new Map<string, Promise<string>>();

/** Secrets Manager's `GetSecretValue`, without the SDK's client (`lib/secrets-manager.ts`). */
async function fromSecretsManager(arn: string): Promise<string> {
  try {
    return await getSecretString(arn, secretsManagerTarget(config().AWS_REGION));
  } catch (error) {
    throw awsErrorToHttp(error) ?? error;
  }
}

/**
 * A secret's value: given directly in the environment on the local stack, read once per Lambda
 * instance from Secrets Manager on AWS (only functions granted the secret can read it).
 */
function secret(name: string, direct: string | undefined, arn: string | undefined): Promise<string> {
  if (direct) return Promise.resolve(direct);
  if (!arn) return Promise.reject(new Error(`${name} is not configured`));
  let value = cache.get(arn);
  if (!value) {
    value = fromSecretsManager(arn);
    value.catch(() => cache.delete(arn));
    cache.set(arn, value);
  }
  return value;
}

/** The key that signs session cookies. */
export function sessionKey(): Promise<string> {
  const { SESSION_KEY, SESSION_KEY_SECRET_ARN } = config();
  return secret('SESSION_KEY', SESSION_KEY, SESSION_KEY_SECRET_ARN);
}

/** The token that `POST /api/setup` requires. */
export function setupToken(): Promise<string> {
  const { SETUP_TOKEN, SETUP_TOKEN_SECRET_ARN } = config();
  return secret('SETUP_TOKEN', SETUP_TOKEN, SETUP_TOKEN_SECRET_ARN);
}
