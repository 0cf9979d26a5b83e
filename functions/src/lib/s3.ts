import type * as S3Package from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { config } from './config.js';

/** The SDK's S3 package: the client and its commands. */
export type S3Sdk = typeof S3Package;

/**
 * The key pair of the local S3-compatible server (s3rver): it knows only its built-in account, so
 * requests signed with any other key (the local stack's DynamoDB one) are refused there.
 */
const localS3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let sdkLoaded: Promise<S3Sdk> | undefined;
let client: S3Client | undefined;

/**
 * The module-level S3 client and the SDK's commands, imported on first use (issue 27,
 * `bench:lambda`): the S3 package costs a cold start as much as the DynamoDB client, so a function
 * that touches the bucket on a few paths only (a list, the public quote page, a job's status) does
 * not load it when it starts. A function that uses S3 on every request loads it at start instead,
 * during Lambda's init phase, by importing `s3-at-start.ts` (docs/architecture.md "Documents").
 *
 * The client is created once and reused across invocations. Checksums only when an operation
 * requires them: since SDK 3.729 the default adds CRC32 checksums, which a presigned request
 * (signed here, sent by the browser) cannot carry. Locally, path-style requests to the
 * S3-compatible server.
 */
export async function s3(): Promise<{ client: S3Client; sdk: S3Sdk }> {
  const sdk = await (sdkLoaded ??= import('@aws-sdk/client-s3'));
  if (!client) {
    const { AWS_REGION, S3_ENDPOINT } = config();
    client = new sdk.S3Client({
      region: AWS_REGION,
      maxAttempts: 3,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(S3_ENDPOINT
        ? { endpoint: S3_ENDPOINT, forcePathStyle: true, credentials: localS3Credentials }
        : {}),
    });
  }
  return { client, sdk };
}

export class MissingBucketError extends Error {
  constructor() {
    super(
      'DOCUMENTS_BUCKET manquant : les routes des documents ont besoin du nom du bucket des documents dans leur environnement.',
    );
    this.name = 'MissingBucketError';
  }
}

/** The documents bucket's name; throws (a 500, logged) when a document route runs without it. */
export function documentsBucket(): string {
  const bucket = config().DOCUMENTS_BUCKET;
  if (!bucket) throw new MissingBucketError();
  return bucket;
}
