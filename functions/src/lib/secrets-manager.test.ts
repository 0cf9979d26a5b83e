import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { signatureMatches } from '../test-support/sigv4-check.js';
import { awsErrorToHttp } from './aws-errors.js';
import { nodeTransport } from './aws-http.js';
import { getSecretString, type SecretsManagerTarget } from './secrets-manager.js';

/**
 * `GetSecretValue` (`lib/secrets-manager.ts`) against local servers that stand for Secrets Manager:
 * one that checks each request's Signature V4 (`test-support/sigv4-check.ts`, written from AWS's
 * specification, not with the signer the module uses) and answers Secrets Manager's JSON, the
 * others failing on demand, with real sockets. That the request is the SDK's, header by header:
 * `secrets-sdk-equality.test.ts`.
 */
const region = 'eu-west-3';
const credentials = {
  accessKeyId: 'AKIAEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  sessionToken: 'IQoJb3JpZ2luX2VjE+token/with=signs',
};
const sessionKeyArn = 'arn:aws:secretsmanager:eu-west-3:123456789012:secret:btp-gestion/prod/clé+=,.@-Xk2Ab9';
const secrets = new Map([[sessionKeyArn, 'k3y-de-session-64-caractères']]);

type Handler = (request: IncomingMessage, body: Buffer, response: ServerResponse) => void;
const servers: Server[] = [];

/** A server answering `handler`, and the target that reaches it. */
async function serve(handler: Handler): Promise<{ target: SecretsManagerTarget; requests: () => number }> {
  let requests = 0;
  const server = createServer((request, response) => {
    requests += 1;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handler(request, Buffer.concat(chunks), response));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { target: { region, credentials, endpoint }, requests: () => requests };
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

const answer = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
  response.end(JSON.stringify(body));
};

/** Secrets Manager as far as `GetSecretValue` goes: the signature, the operation, the secret. */
const secretsManager: Handler = (request, body, response) => {
  const scope = `/${region}/secretsmanager/aws4_request`;
  if (
    !signatureMatches(
      { method: request.method ?? '', url: request.url ?? '', headers: request.headers },
      body,
      credentials.secretAccessKey,
    ) ||
    !String(request.headers.authorization).includes(scope) ||
    request.headers['x-amz-security-token'] !== credentials.sessionToken
  ) {
    answer(response, 400, {
      __type: 'InvalidSignatureException',
      message: 'The request signature we calculated does not match the signature you provided.',
    });
    return;
  }
  if (
    request.method !== 'POST' ||
    request.headers['x-amz-target'] !== 'secretsmanager.GetSecretValue' ||
    request.headers['content-type'] !== 'application/x-amz-json-1.1'
  ) {
    answer(response, 400, { __type: 'UnknownOperationException' });
    return;
  }
  const { SecretId } = JSON.parse(body.toString('utf8')) as { SecretId: string };
  const value = secrets.get(SecretId);
  if (value === undefined) {
    answer(response, 400, {
      __type: 'ResourceNotFoundException',
      message: "Secrets Manager can't find the specified secret.",
    });
    return;
  }
  answer(response, 200, {
    ARN: SecretId,
    Name: 'SessionKey',
    SecretString: value,
    VersionStages: ['AWSCURRENT'],
  });
};

const failure = (operation: Promise<unknown>) => operation.catch((caught: unknown) => caught);

describe('GetSecretValue against a server that checks its signature', () => {
  it("reads the secret's value; a wrong secret key or a missing secret is the service's error", async () => {
    const { target, requests } = await serve(secretsManager);
    expect(await getSecretString(sessionKeyArn, target)).toBe(secrets.get(sessionKeyArn));
    expect(requests()).toBe(1);

    const wrongKey = { ...target, credentials: { ...credentials, secretAccessKey: 'not-the-secret' } };
    const refused = await failure(getSecretString(sessionKeyArn, wrongKey));
    expect(refused).toMatchObject({ name: 'InvalidSignatureException', $metadata: { httpStatusCode: 400 } });
    // Not one the API maps: a logged 500, the service's message never in the answer.
    expect(awsErrorToHttp(refused)).toBeUndefined();

    const missing = await failure(getSecretString(`${sessionKeyArn}-autre`, target));
    expect(missing).toMatchObject({
      name: 'ResourceNotFoundException',
      message: "Secrets Manager can't find the specified secret.",
      $metadata: { httpStatusCode: 400 },
    });
    // Neither is tried again.
    expect(requests()).toBe(3);
  });
});

describe('GetSecretValue when Secrets Manager fails', () => {
  it('retries throttling: the value after two, the mapped 503 after three', async () => {
    let throttled = 2;
    const { target, requests } = await serve((request, body, response) => {
      if (throttled > 0) {
        throttled -= 1;
        answer(response, 400, { __type: 'ThrottlingException', message: 'Rate exceeded' });
        return;
      }
      secretsManager(request, body, response);
    });
    expect(await getSecretString(sessionKeyArn, target)).toBe(secrets.get(sessionKeyArn));
    expect(requests()).toBe(3);

    throttled = 3;
    const error = await failure(getSecretString(sessionKeyArn, target));
    expect(error).toMatchObject({ name: 'ThrottlingException', $metadata: { httpStatusCode: 400 } });
    expect(awsErrorToHttp(error)).toMatchObject({ statusCode: 503 });
    expect(requests()).toBe(6);
  });

  it('retries a 500, then gives up with a logged 500', async () => {
    const { target, requests } = await serve((_request, _body, response) =>
      answer(response, 500, {
        __type: 'InternalServiceError',
        message: 'An error occurred on the server side.',
      }),
    );
    const error = await failure(getSecretString(sessionKeyArn, target));
    expect(error).toMatchObject({ name: 'InternalServiceError', $metadata: { httpStatusCode: 500 } });
    expect(awsErrorToHttp(error)).toBeUndefined();
    expect(requests()).toBe(3);
  });

  it('gives up after three silent attempts, and on a closed port: a 503 for the caller', async () => {
    const { target, requests } = await serve(() => undefined);
    const silent = await failure(
      getSecretString(sessionKeyArn, { ...target, transport: (request) => nodeTransport(request, 50) }),
    );
    expect(silent).toMatchObject({ name: 'TimeoutError' });
    expect(awsErrorToHttp(silent)).toMatchObject({ statusCode: 503 });
    expect(requests()).toBe(3);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await failure(
      getSecretString(sessionKeyArn, { ...target, endpoint: `http://127.0.0.1:${port}/` }),
    );
    expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
    expect(awsErrorToHttp(refused)).toMatchObject({ statusCode: 503 });
  });
});
