import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../lib/http-errors.js';
import { memoryBucket } from '../test-support/memory-bucket.js';

// Read by the configuration on first use, before any module below asks for it.
vi.stubEnv('DOCUMENTS_BUCKET', 'documents-test');

const storage = await import('./document-storage.js');
const { presignedUpload } = await import('./presigned-upload.js');
const { presignedDownload } = await import('./presigned-download.js');
const key = storage.documentObjectKey(
  '0196f2c4-0000-7000-8000-000000000001',
  '0196f2c4-0000-7000-8000-000000000002',
);

describe('documentObjectKey', () => {
  it('is the company prefix then the document id, never a file name', () => {
    expect(key).toBe(
      'companies/0196f2c4-0000-7000-8000-000000000001/documents/0196f2c4-0000-7000-8000-000000000002',
    );
  });
});

describe('presignedUpload', () => {
  let upload: Awaited<ReturnType<typeof presignedUpload>>;
  beforeAll(async () => {
    upload = await presignedUpload(key, 'application/pdf');
  });

  it('posts to the documents bucket with the exact key and content type as fields', () => {
    expect(upload.url).toBe('https://documents-test.s3.eu-west-3.amazonaws.com/');
    expect(upload.fields).toMatchObject({ key, 'Content-Type': 'application/pdf', bucket: 'documents-test' });
    expect(Object.keys(upload.fields)).toEqual(
      expect.arrayContaining([
        'Policy',
        'X-Amz-Signature',
        'X-Amz-Credential',
        'X-Amz-Algorithm',
        'X-Amz-Date',
      ]),
    );
  });

  it('signs a policy limited to 1 byte–50 MB, this key and this type, for 10 minutes', () => {
    const policy = JSON.parse(Buffer.from(upload.fields.Policy ?? '', 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 52_428_800],
        ['eq', '$Content-Type', 'application/pdf'],
        { key },
        { bucket: 'documents-test' },
      ]),
    );
    const seconds = (new Date(policy.expiration).getTime() - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(590);
    expect(seconds).toBeLessThanOrEqual(600);
  });
});

describe('presignedDownload', () => {
  it('is valid 5 minutes and makes the answer carry the type and the original name', async () => {
    const url = new URL(
      await presignedDownload(key, {
        fileName: 'Plan été.pdf',
        mimeType: 'application/pdf',
        inline: false,
      }),
    );
    expect(url.pathname).toBe(`/${key}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('response-content-type')).toBe('application/pdf');
    expect(url.searchParams.get('response-content-disposition')).toBe(
      `attachment; filename="Plan ete.pdf"; filename*=UTF-8''Plan%20%C3%A9t%C3%A9.pdf`,
    );
    // No checksum parameters: the browser's GET could not satisfy them.
    expect(url.search).not.toMatch(/checksum/i);
  });

  it('asks for an inline answer when the document is to be shown', async () => {
    const url = new URL(
      await presignedDownload(key, { fileName: 'photo.jpg', mimeType: 'image/jpeg', inline: true }),
    );
    expect(url.searchParams.get('response-content-disposition')?.startsWith('inline; ')).toBe(true);
  });
});

describe('bucket faults', () => {
  const bucket = memoryBucket();
  beforeAll(() => bucket.install());
  afterEach(() => bucket.reset());
  afterAll(() => bucket.restore());

  it('reads a missing object as absent (a bodiless 404 HEAD, a NoSuchKey GET)', async () => {
    expect(await storage.documentObjectSize(key)).toBeUndefined();
    expect(await storage.readDocumentObject(key, 100)).toBeUndefined();
  });

  it('reads a stored object, whole, its start, or not at all when it is over the limit', async () => {
    await storage.putDocumentObject(key, Buffer.from('%PDF-1.7 corps'), 'application/pdf');
    expect(await storage.documentObjectSize(key)).toBe(14);
    expect(Buffer.from((await storage.documentObjectStart(key, 4)) ?? []).toString()).toBe('%PDF');
    expect(Buffer.from((await storage.readDocumentObject(key, 100)) ?? []).toString()).toBe('%PDF-1.7 corps');
    expect(await storage.readDocumentObject(key, 10)).toBeUndefined();
  });

  it('succeeds when the bucket answers after two 503s, as the SDK retried', async () => {
    await storage.putDocumentObject(key, Buffer.from('abc'), 'text/plain');
    bucket.fail('HeadObject', { status: 503, code: 'SlowDown' }, 2);
    expect(await storage.documentObjectSize(key)).toBe(3);
    expect(bucket.keys('HeadObject')).toHaveLength(3);
  });

  it('answers 503 when the bucket is still throttling or unreachable after three attempts', async () => {
    bucket.fail('HeadObject', { status: 503, code: 'SlowDown' }, 3);
    const error = await storage.documentObjectSize(key).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 503, code: 'unavailable' });
    expect(bucket.keys('HeadObject')).toHaveLength(3);

    bucket.fail('PutObject', { networkError: 'ECONNREFUSED' }, 3);
    expect(
      await storage
        .putDocumentObject(key, Buffer.from('abc'), 'text/plain')
        .catch((caught: unknown) => caught),
    ).toMatchObject({ statusCode: 503 });
  });

  it('does not retry a refusal, and keeps S3 own message out of the answer', async () => {
    bucket.fail('PutObject', { status: 403, code: 'AccessDenied' });
    const error = await storage
      .putDocumentObject(key, Buffer.from('abc'), 'text/plain')
      .catch((caught: unknown) => caught);
    // Not an HTTP error of the contract: the route logs it and answers a bare 500.
    expect(error).not.toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
    expect(bucket.keys('PutObject')).toHaveLength(1);
  });
});
