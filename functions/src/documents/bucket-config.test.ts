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
    const { presignedDownload } = await import('./presigned-download.js');
    const url = new URL(
      await presignedDownload('companies/c/documents/d', {
        fileName: 'a.png',
        mimeType: 'image/png',
        inline: true,
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(
      'http://127.0.0.1:4569/btp-gestion-documents/companies/c/documents/d',
    );
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\//);
    expect(url.search).not.toMatch(/checksum/i);
  });
});
