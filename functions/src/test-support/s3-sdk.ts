/**
 * Tests only: the SDK's S3 client on the bucket the functions use, to look into it (list the
 * objects a route stored). The functions themselves do not use the SDK's S3 client (`lib/s3.ts`).
 */
import { S3Client } from '@aws-sdk/client-s3';
import { s3Target } from '../lib/s3.js';

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
