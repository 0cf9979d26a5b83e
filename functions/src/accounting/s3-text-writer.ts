/**
 * Writes a text file of any size to the documents bucket without holding it whole: the text is
 * encoded as it comes and sent in 8 MiB parts of a multipart upload (a file under one part is one
 * `PutObject`). A failed write aborts the upload, so no half file is ever listed.
 */
import {
  abortMultipartUpload,
  completeMultipartUpload,
  createMultipartUpload,
  documentsBucket,
  putObject,
  type S3Target,
  s3Target,
  uploadPart,
} from '../lib/s3.js';

/** S3's parts are at least 5 MiB but the last; 8 MiB keeps a 200 MB year to 25 parts. */
const PART_BYTES = 8 * 1024 * 1024;
/** Text gathered before it is encoded (characters). */
const ENCODE_CHARS = 512 * 1024;

export class S3TextWriter {
  private pending: string[] = [];
  private pendingChars = 0;
  private chunks: Buffer[] = [];
  private chunkBytes = 0;
  private uploadId: string | undefined;
  private parts: { ETag: string; PartNumber: number }[] = [];
  /** Bytes written so far. */
  bytes = 0;

  /** The bucket and how it is reached: the documents bucket of the environment, or a test's. */
  private readonly bucket: string;
  private readonly target: S3Target;

  constructor(
    readonly key: string,
    private readonly contentType: string,
    private readonly encode: (text: string) => Buffer,
    place?: { bucket: string; target: S3Target },
  ) {
    this.bucket = place?.bucket ?? documentsBucket();
    this.target = place?.target ?? s3Target();
  }

  async write(text: string): Promise<void> {
    this.pending.push(text);
    this.pendingChars += text.length;
    if (this.pendingChars >= ENCODE_CHARS) this.encodePending();
    if (this.chunkBytes >= PART_BYTES) await this.sendPart();
  }

  private encodePending(): void {
    if (this.pending.length === 0) return;
    const bytes = this.encode(this.pending.join(''));
    this.pending = [];
    this.pendingChars = 0;
    this.chunks.push(bytes);
    this.chunkBytes += bytes.length;
    this.bytes += bytes.length;
  }

  private async sendPart(): Promise<void> {
    const body = Buffer.concat(this.chunks);
    this.chunks = [];
    this.chunkBytes = 0;
    this.uploadId ??= await createMultipartUpload(this.bucket, this.key, this.contentType, this.target);
    const PartNumber = this.parts.length + 1;
    const ETag = await uploadPart(this.bucket, this.key, this.uploadId, PartNumber, body, this.target);
    this.parts.push({ ETag, PartNumber });
  }

  /** Sends what is left and ends the file. */
  async close(): Promise<void> {
    this.encodePending();
    if (this.uploadId === undefined) {
      await putObject(this.bucket, this.key, Buffer.concat(this.chunks), this.contentType, this.target);
      return;
    }
    if (this.chunkBytes > 0) await this.sendPart();
    await completeMultipartUpload(this.bucket, this.key, this.uploadId, this.parts, this.target);
  }

  /** Drops an unfinished upload (best effort: the bucket also aborts them after 7 days). */
  async abort(): Promise<void> {
    if (this.uploadId === undefined) return;
    await abortMultipartUpload(this.bucket, this.key, this.uploadId, this.target).catch(() => undefined);
  }
}
