import { describe, expect, it } from 'vitest';
import { MULTIPART_UPLOAD_MAX_BYTES, PRESIGNED_UPLOAD_MAX_BYTES, uploadPathFor } from './document-upload.js';

describe('uploadPathFor', () => {
  it('sends files up to 4 MiB through the API, up to 50 MiB to the bucket, refuses larger ones', () => {
    expect(MULTIPART_UPLOAD_MAX_BYTES).toBe(4_194_304);
    expect(PRESIGNED_UPLOAD_MAX_BYTES).toBe(52_428_800);
    expect(uploadPathFor(1)).toBe('multipart');
    expect(uploadPathFor(MULTIPART_UPLOAD_MAX_BYTES)).toBe('multipart');
    expect(uploadPathFor(MULTIPART_UPLOAD_MAX_BYTES + 1)).toBe('presigned');
    expect(uploadPathFor(6 * 1024 * 1024)).toBe('presigned');
    expect(uploadPathFor(PRESIGNED_UPLOAD_MAX_BYTES)).toBe('presigned');
    expect(uploadPathFor(PRESIGNED_UPLOAD_MAX_BYTES + 1)).toBe('too_large');
  });
});
