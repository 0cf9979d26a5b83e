/**
 * Secrets Manager's `GetSecretValue` without the SDK's client (issue 27, `bench:lambda`): the
 * session key and the setup token are read once per Lambda instance (`lib/secrets.ts`), and
 * `@aws-sdk/client-secrets-manager` (its endpoint rule set, JSON protocol and middleware stack) made
 * the authorizer and the `auth/`, `setup/` routes load at start about as much as the DynamoDB
 * client. The request is the SDK's (`secrets-sdk-equality.test.ts`: method, URL, headers with the
 * `Authorization`, body), but for its telemetry headers: `POST https://secretsmanager.<region>.amazonaws.com/`,
 * `Content-Type: application/x-amz-json-1.1`, `X-Amz-Target: secretsmanager.GetSecretValue`, the body
 * `{"SecretId":"<arn>"}`, signed with AWS's own Signature V4 signer (`@smithy/signature-v4`, which
 * `lib/s3.ts` already bundles) with the credentials Lambda's runtime puts in the environment, and sent
 * by `lib/aws-http.ts` (keep-alive, a timeout per attempt, three attempts). Secrets Manager's JSON
 * error (`__type`, `message`) becomes an `Error` of the SDK's shape (named after the code, with
 * `$metadata.httpStatusCode`), so `awsErrorToHttp` maps it as before.
 *
 * Companies' e-invoicing platform secrets (`einvoicing/exchange/platform-secrets.ts`) still use the
 * SDK's client, imported on first use: they are created and written too.
 */
import { SignatureV4 } from '@smithy/signature-v4';
import {
  type AwsCredentials,
  type AwsServicePolicy,
  AwsServiceError,
  type AwsTransport,
  awsSend,
  environmentCredentials,
  nodeTransport,
  Sha256,
} from './aws-http.js';

/** Where and as whom Secrets Manager is reached; from the environment, or given by a test. */
export interface SecretsManagerTarget {
  region: string;
  credentials: AwsCredentials;
  /** Tests only: another address than AWS's (a local server). */
  endpoint?: string | undefined;
  /** Tests only: another transport than Node's `https` (to capture the request). */
  transport?: AwsTransport | undefined;
}

/**
 * How long one attempt may take: the answer is small and usually comes in tens of milliseconds,
 * and the functions that read a secret have 10 seconds in all (three attempts fit).
 */
export const SECRETS_ATTEMPT_TIMEOUT_MS = 3_000;

const secretsTransport: AwsTransport = (request) => nodeTransport(request, SECRETS_ATTEMPT_TIMEOUT_MS);

/**
 * The error code as the SDK reads it (`x-amzn-errortype`, else the body's `code` or `__type`),
 * without its namespace (`com.amazonaws.secretsmanager#…`) or its suffix after `:`.
 */
function errorCode(headers: Record<string, string>, body: Record<string, unknown>): string | undefined {
  const raw = headers['x-amzn-errortype'] ?? body.code ?? body.__type;
  if (typeof raw !== 'string' || raw === '') return undefined;
  const bare = raw.split(',')[0]?.split(':')[0] ?? raw;
  return bare.includes('#') ? (bare.split('#')[1] ?? bare) : bare;
}

function jsonObject(text: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Secrets Manager's JSON error as an `Error` of the SDK's shape: named after its code, `Unknown`
 * without one (a bodiless 503), its `message` or `UnknownError`, the status in `$metadata`. (An
 * answer that is not JSON, a proxy's 502 page, is an `Unknown` error of its status too, where the
 * SDK threw a `SyntaxError`.)
 */
export function secretsManagerErrorOf(
  status: number,
  headers: Record<string, string>,
  text: string,
): AwsServiceError {
  const body = jsonObject(text);
  const message = body.message ?? body.Message;
  return new AwsServiceError(
    errorCode(headers, body) ?? 'Unknown',
    typeof message === 'string' ? message : 'UnknownError',
    status,
  );
}

const secretsManagerPolicy: AwsServicePolicy = {
  errorOf: secretsManagerErrorOf,
  // Its throttling answers 400 (the SDK retries these names too).
  retryableNames: new Set(['ThrottlingException', 'TooManyRequestsException', 'RequestLimitExceeded']),
};

/** The environment's target: the region and the credentials Lambda's runtime gives the function. */
export function secretsManagerTarget(region: string): SecretsManagerTarget {
  return { region, credentials: environmentCredentials() };
}

/** GetSecretValue: the secret's `SecretString` (an error when it has none: a binary secret). */
export async function getSecretString(arn: string, target: SecretsManagerTarget): Promise<string> {
  const url = new URL(target.endpoint ?? `https://secretsmanager.${target.region}.amazonaws.com/`);
  const body = Buffer.from(JSON.stringify({ SecretId: arn }), 'utf8');
  const request = {
    method: 'POST' as const,
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query: {},
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'secretsmanager.GetSecretValue',
      'content-length': String(body.byteLength),
      host: url.host,
    },
    body,
  };
  const signer = new SignatureV4({
    service: 'secretsmanager',
    region: target.region,
    credentials: target.credentials,
    sha256: Sha256,
  });
  const response = await awsSend(
    target.transport ?? secretsTransport,
    async () => {
      const signed = await signer.sign(request);
      return { method: 'POST', url, headers: signed.headers, body };
    },
    secretsManagerPolicy,
  );
  const answer = jsonObject((await response.read()).toString('utf8'));
  if (typeof answer.SecretString !== 'string' || !answer.SecretString)
    throw new Error(`Secret ${arn} has no string value`);
  return answer.SecretString;
}
