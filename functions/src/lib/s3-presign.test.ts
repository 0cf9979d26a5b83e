import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { comparedTargets, sdkS3ClientOn } from '../test-support/s3-sdk.js';
import { presignGetObject, presignPost } from './s3.js';

/**
 * The presigned GET and POST of `lib/s3.ts` are exactly the SDK's (`@aws-sdk/s3-request-presigner`,
 * `@aws-sdk/s3-presigned-post`, on an `S3Client` set as the functions' was): same URL, same fields,
 * for fixed credentials, clock, region and key.
 */
const signingDate = new Date('2026-11-29T21:07:48.000Z');
const bucket = 'btp-gestion-documents-1a2b3c';
const keys = [
  'companies/0196f2c4-0000-7000-8000-000000000001/documents/0196f2c4-0000-7000-8000-000000000002',
  'previews/c/Devis été 2026 (brouillon).pdf',
  "bank-statements/c/relevé+janvier/a b/ç€ù!*'~.csv",
];
afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(Object.entries(comparedTargets))('on %s', (_, target) => {
  it.each(keys)('presigns the GET of %s as the SDK does', async (key) => {
    const disposition = `attachment; filename="Devis ete.pdf"; filename*=UTF-8''Devis%20%C3%A9t%C3%A9.pdf`;
    const sdk = await getSignedUrl(
      sdkS3ClientOn(target),
      new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentDisposition: disposition,
        ResponseContentType: 'application/pdf',
      }),
      { expiresIn: 300, signingDate },
    );
    const ours = await presignGetObject(
      bucket,
      key,
      { 'response-content-disposition': disposition, 'response-content-type': 'application/pdf' },
      300,
      { target, signingDate },
    );
    expect(ours).toBe(sdk);
  });

  it.each(keys)('presigns the POST of %s as the SDK does', async (key) => {
    vi.spyOn(Date, 'now').mockReturnValue(signingDate.valueOf());
    const conditions = [
      ['content-length-range', 1, 52_428_800],
      ['eq', '$Content-Type', 'image/png'],
    ];
    const sdk = await createPresignedPost(sdkS3ClientOn(target), {
      Bucket: bucket,
      Key: key,
      Conditions: conditions as never,
      Fields: { 'Content-Type': 'image/png' },
      Expires: 600,
    });
    const ours = await presignPost(
      bucket,
      key,
      { conditions, fields: { 'Content-Type': 'image/png' }, expires: 600 },
      { target, now: signingDate },
    );
    expect(ours).toEqual(sdk);
    expect(Object.keys(ours.fields)).toEqual(Object.keys(sdk.fields));
  });
});
