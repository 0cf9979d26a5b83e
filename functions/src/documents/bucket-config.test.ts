import { describe, expect, it, vi } from 'vitest';

describe('documents bucket configuration', () => {
  it('stops a document route with a clear error when DOCUMENTS_BUCKET is missing', async () => {
    vi.stubEnv('DOCUMENTS_BUCKET', undefined);
    vi.resetModules();
    const { documentsBucket, MissingBucketError } = await import('../lib/s3.js');
    expect(() => documentsBucket()).toThrow(MissingBucketError);
    expect(() => documentsBucket()).toThrow(/DOCUMENTS_BUCKET manquant/);
  });

  it('addresses the local S3 server path-style, without checksums on presigned requests', async () => {
    vi.stubEnv('DOCUMENTS_BUCKET', 'btp-gestion-documents');
    vi.stubEnv('S3_ENDPOINT', 'http://127.0.0.1:4569');
    vi.resetModules();
    const { presignedUpload } = await import('./presigned-upload.js');
    const upload = await presignedUpload('companies/c/documents/d', 'image/png');
    expect(upload.url).toBe('http://127.0.0.1:4569/btp-gestion-documents');
    const { s3 } = await import('../lib/s3.js');
    const { client } = await s3();
    expect(client.config.forcePathStyle).toBe(true);
    expect(await client.config.requestChecksumCalculation()).toBe('WHEN_REQUIRED');
    expect(await client.config.responseChecksumValidation()).toBe('WHEN_REQUIRED');
  });
});
