import { Readable } from 'node:stream';
import {
  GetSecretValueCommand,
  SecretsManagerClient,
  type SecretsManagerClientConfig,
} from '@aws-sdk/client-secrets-manager';
import { describe, expect, it } from 'vitest';
import * as wire from '../test-support/sdk-requests.js';
import { awsErrorToHttp } from './aws-errors.js';
import { getSecretString, type SecretsManagerTarget } from './secrets-manager.js';

/**
 * `GetSecretValue` as `lib/secrets-manager.ts` sends it is the request the SDK's
 * `SecretsManagerClient` sends (as `lib/secrets.ts` created it before it signed by itself), as
 * Secrets Manager sees it: for the same region, credentials, clock and secret id, the same method,
 * URL, body bytes and headers, the `Authorization` header included (its SignedHeaders and
 * Signature). Nothing here reaches AWS: the SDK's request is captured by its request handler, ours
 * by the module's transport, both answered the same canned response. The SDK's telemetry headers
 * (`amz-sdk-invocation-id`, `amz-sdk-request`, `x-amz-user-agent`), which it signs because it signs
 * every header it has and which Secrets Manager does not read, are removed by a step just before
 * the SDK signs (a second request left whole signs exactly those three more); its `user-agent` is
 * never signed. And the same answers (a secret, Secrets Manager's errors) give the same value, the
 * same error (name, message, status, what `awsErrorToHttp` makes of it) and the same number of
 * attempts. Against a server that checks the signature: `secrets-manager.test.ts`.
 */
const now = new Date('2026-11-30T00:12:07.000Z');
const targets: Record<string, Omit<SecretsManagerTarget, 'transport'>> = {
  'eu-west-3, with a session token': {
    region: 'eu-west-3',
    credentials: { ...wire.exampleKeys, sessionToken: 'IQoJb3JpZ2luX2VjE+token/with=signs' },
  },
  'eu-west-3, without a session token': { region: 'eu-west-3', credentials: wire.exampleKeys },
  'us-east-1, with a session token': {
    region: 'us-east-1',
    credentials: { ...wire.exampleKeys, sessionToken: 'FwoGZXIvYXdzEBYaDH//token==' },
  },
};
const secretIds = [
  'arn:aws:secretsmanager:eu-west-3:123456789012:secret:SessionKey0FE01E29-Xk2Ab9',
  // Every character a secret's name may hold (letters, digits, `/_+=.@-`), and a `,`.
  'arn:aws:secretsmanager:eu-west-3:123456789012:secret:btp-gestion/prod/clé_+=.@-x,y-AbCdEf',
  // What JSON escapes: quotes, a backslash, a control character, and characters beyond the BMP.
  'btp/"été"\\\t\u2028/𝄞',
];

/** A canned answer of Secrets Manager's. */
interface Answer {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

const secretAnswer = (secretString: string): Answer => ({
  status: 200,
  headers: { 'content-type': 'application/x-amz-json-1.1' },
  body: JSON.stringify({
    ARN: 'arn:aws:secretsmanager:eu-west-3:123456789012:secret:SessionKey0FE01E29-Xk2Ab9',
    Name: 'SessionKey0FE01E29',
    VersionId: 'a1b2c3d4-5678-90ab-cdef-EXAMPLE11111',
    SecretString: secretString,
    VersionStages: ['AWSCURRENT'],
    CreatedDate: 1764460800.123,
  }),
});

/** What the SDK sends and answers for `secretId`, each attempt answered `answer`. */
async function sdkCall(
  target: Omit<SecretsManagerTarget, 'transport'>,
  secretId: string,
  answer: Answer,
  withoutTelemetry: boolean,
): Promise<{ sent: wire.Sent[]; removed: string[]; outcome: unknown }> {
  const sent: wire.Sent[] = [];
  const requestHandler: NonNullable<SecretsManagerClientConfig['requestHandler']> = {
    handle: (request: wire.SdkRequest) => {
      expect(request.query).toEqual({});
      sent.push(wire.sentBySdk(request));
      return Promise.resolve({
        response: {
          statusCode: answer.status,
          headers: { 'x-amzn-requestid': 'd2f5c1e0-0000-4000-8000-000000000001', ...answer.headers },
          body: Readable.from([Buffer.from(answer.body, 'utf8')]),
        },
      });
    },
    updateHttpClientConfig: () => undefined,
    httpHandlerConfigs: () => ({}),
  };
  // As `lib/secrets.ts` created it: the region, the default retries (3 attempts); here the credentials.
  const client = new SecretsManagerClient({
    region: target.region,
    credentials: target.credentials,
    requestHandler,
  });
  const removed: string[] = [];
  if (withoutTelemetry)
    client.middlewareStack.addRelativeTo(wire.telemetryRemover(removed), wire.beforeSigning);
  const outcome = await client
    .send(new GetSecretValueCommand({ SecretId: secretId }))
    .then((output) => output.SecretString)
    .catch((error: unknown) => error);
  return { sent, removed: [...new Set(removed)].sort(), outcome };
}

/** What `lib/secrets-manager.ts` sends and answers for `secretId`, each attempt answered `answer`. */
async function ourCall(
  target: Omit<SecretsManagerTarget, 'transport'>,
  secretId: string,
  answer: Answer,
): Promise<{ sent: wire.Sent[]; outcome: unknown }> {
  const sent: wire.Sent[] = [];
  const outcome = await getSecretString(secretId, {
    ...target,
    transport: (request) => {
      sent.push(wire.sentByUs(request));
      return Promise.resolve({
        status: answer.status,
        headers: { 'x-amzn-requestid': 'd2f5c1e0-0000-4000-8000-000000000001', ...answer.headers },
        read: () => Promise.resolve(Buffer.from(answer.body, 'utf8')),
        discard: () => undefined,
      });
    },
  }).catch((error: unknown) => error);
  return { sent, outcome };
}

wire.signingAt(now);

describe.each(Object.entries(targets))('in %s', (_, target) => {
  it.each(secretIds)('sends GetSecretValue of %s as the SDK does', async (secretId) => {
    const ours = await ourCall(target, secretId, secretAnswer('la clé'));
    const sdk = await sdkCall(target, secretId, secretAnswer('la clé'), true);
    expect(ours.outcome).toBe('la clé');
    expect(sdk.outcome).toBe('la clé');
    expect(ours.sent).toHaveLength(1);
    expect(sdk.sent).toHaveLength(1);
    const [ourSent, sdkSent] = [ours.sent[0] as wire.Sent, sdk.sent[0] as wire.Sent];

    expect(ourSent.method).toBe('POST');
    expect(ourSent.url).toBe(`https://secretsmanager.${target.region}.amazonaws.com/`);
    expect(JSON.parse(ourSent.body.toString('utf8'))).toEqual({ SecretId: secretId });
    expect(ourSent.headers['x-amz-target']).toBe('secretsmanager.GetSecretValue');
    expect(ourSent.headers['content-type']).toBe('application/x-amz-json-1.1');
    expect(ourSent.headers['x-amz-date']).toBe('20261130T001207Z');
    expect(ourSent.headers['x-amz-security-token']).toBe(target.credentials.sessionToken);
    expect(ourSent.headers.authorization).toContain(
      `Credential=AKIAEXAMPLE/20261130/${target.region}/secretsmanager/aws4_request`,
    );
    // The whole request: the SDK's adds only its `user-agent`, which no one signs.
    wire.expectTheSdksRequest(ourSent, sdkSent);
  });

  it('signs what the SDK signs, but for its telemetry', async () => {
    const secretId = secretIds[0] ?? '';
    const ours = await ourCall(target, secretId, secretAnswer('k'));
    const whole = await sdkCall(target, secretId, secretAnswer('k'), false);
    const stripped = await sdkCall(target, secretId, secretAnswer('k'), true);
    expect(stripped.removed).toEqual(wire.telemetry);
    expect(wire.signedHeadersOf(whole.sent[0])).toEqual(
      [...wire.signedHeadersOf(ours.sent[0]), ...wire.telemetry].sort(),
    );
    // Hence a different Signature, for the same request otherwise.
    expect(whole.sent[0]?.headers.authorization).not.toBe(ours.sent[0]?.headers.authorization);
    expect(whole.sent[0]?.body.equals(ours.sent[0]?.body ?? Buffer.alloc(0))).toBe(true);
  });
});

const json = { 'content-type': 'application/x-amz-json-1.1' };
/** Secrets Manager's answers, and what the caller of `lib/secrets.ts` gets for each. */
const answers: { name: string; answer: Answer; status: number | undefined; attempts: number }[] = [
  {
    name: 'a missing secret',
    answer: {
      status: 400,
      headers: json,
      body: '{"__type":"ResourceNotFoundException","message":"Secrets Manager can\'t find the specified secret."}',
    },
    status: undefined,
    attempts: 1,
  },
  {
    name: 'a secret the role may not read (the code in a header, namespaced)',
    answer: {
      status: 400,
      headers: { ...json, 'x-amzn-errortype': 'AccessDeniedException:http://internal.amazon.com/coral/' },
      body: '{"Message":"User: arn:aws:sts::123456789012:assumed-role/x is not authorized"}',
    },
    status: undefined,
    attempts: 1,
  },
  {
    name: 'a key it cannot decrypt with',
    answer: {
      status: 400,
      headers: json,
      body: '{"__type":"com.amazonaws.secretsmanager#DecryptionFailure","message":"KMS refused"}',
    },
    status: undefined,
    attempts: 1,
  },
  {
    name: 'throttling',
    answer: {
      status: 400,
      headers: json,
      body: '{"__type":"ThrottlingException","message":"Rate exceeded"}',
    },
    status: 503,
    attempts: 3,
  },
  {
    name: 'an internal error',
    answer: { status: 500, headers: json, body: '{"__type":"InternalServiceError","message":"oops"}' },
    status: undefined,
    attempts: 3,
  },
  {
    name: 'a 503 without a body',
    answer: { status: 503, body: '' },
    status: 503,
    attempts: 3,
  },
  {
    name: 'an error without a code',
    answer: { status: 403, headers: json, body: '{"Message":"Forbidden"}' },
    status: undefined,
    attempts: 1,
  },
  {
    name: 'a binary secret (no string)',
    answer: { status: 200, headers: json, body: '{"Name":"x","SecretBinary":"AAEC"}' },
    status: undefined,
    attempts: 1,
  },
];

describe('the answers of Secrets Manager', () => {
  it.each(answers)(
    'gives for $name the error the SDK gave, after as many attempts',
    async ({ answer, status, attempts }) => {
      const target = targets['eu-west-3, with a session token'] as SecretsManagerTarget;
      const secretId = secretIds[0] ?? '';
      const ours = await ourCall(target, secretId, answer);
      const sdk = await sdkCall(target, secretId, answer, true);
      expect(ours.sent).toHaveLength(attempts);
      expect(sdk.sent).toHaveLength(attempts);
      const [ourError, sdkError] = [ours.outcome as Error, sdk.outcome as Error];
      expect(ourError).toBeInstanceOf(Error);
      if (answer.status < 300) {
        // The SDK answered no `SecretString`, which `lib/secrets.ts` refused.
        expect(sdk.outcome).toBeUndefined();
        expect(ourError.message).toBe(`Secret ${secretId} has no string value`);
        return;
      }
      expect(sdkError).toBeInstanceOf(Error);
      expect(ourError.name).toBe(sdkError.name);
      expect(ourError.message).toBe(sdkError.message);
      const statusOf = (error: unknown) =>
        (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      expect(statusOf(ourError)).toBe(answer.status);
      expect(statusOf(sdkError)).toBe(answer.status);
      expect(awsErrorToHttp(ourError)?.statusCode).toBe(status);
      expect(awsErrorToHttp(sdkError)?.statusCode).toBe(status);
    },
  );
});
