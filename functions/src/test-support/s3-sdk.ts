/**
 * Tests only: the SDK's S3 client on the bucket the functions use, to look into it (list the
 * objects a route stored), and on the targets where `lib/s3.ts`'s requests are compared with its
 * own. The functions themselves do not use the SDK's S3 client (`lib/s3.ts`).
 */
import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { type S3Target, s3Target } from '../lib/s3.js';
import { exampleKeys } from './sdk-requests.js';

let client: S3Client | undefined;

export function sdkS3Client(): S3Client {
  if (!client) {
    const { region, endpoint, credentials } = s3Target();
    client = new S3Client({
      region,
      credentials,
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    });
  }
  return client;
}

/**
 * Where the requests of `lib/s3.ts` are compared with the SDK's (`lib/s3-presign.test.ts`,
 * `lib/s3-sdk-equality.test.ts`): AWS's address with and without a session token, the local one.
 */
export const comparedTargets: Record<string, S3Target> = {
  'AWS, with a session token': {
    region: 'eu-west-3',
    credentials: { ...exampleKeys, sessionToken: 'IQoJb3JpZ2luX2VjE+token/with=signs' },
  },
  'AWS, without a session token': { region: 'eu-west-3', credentials: exampleKeys },
  'the local S3 server (path-style)': {
    region: 'eu-west-3',
    endpoint: 'http://127.0.0.1:4569',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  },
};

/** The SDK's client as `lib/s3.ts` configured it before it signed by itself, on `target`. */
export function sdkS3ClientOn(
  target: S3Target,
  config: Pick<S3ClientConfig, 'requestHandler'> = {},
): S3Client {
  return new S3Client({
    region: target.region,
    credentials: target.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(target.endpoint ? { endpoint: target.endpoint, forcePathStyle: true } : {}),
    ...config,
  });
}
