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

  constructor(
    readonly key: string,
    private readonly contentType: string,
    private readonly encode: (text: string) => Buffer,
  ) {}

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
    this.uploadId ??= await createMultipartUpload(documentsBucket(), this.key, this.contentType);
    const PartNumber = this.parts.length + 1;
    const ETag = await uploadPart(documentsBucket(), this.key, this.uploadId, PartNumber, body);
    this.parts.push({ ETag, PartNumber });
  }

  /** Sends what is left and ends the file. */
  async close(): Promise<void> {
    this.encodePending();
    if (this.uploadId === undefined) {
      await putObject(documentsBucket(), this.key, Buffer.concat(this.chunks), this.contentType);
      return;
    }
    if (this.chunkBytes > 0) await this.sendPart();
    await completeMultipartUpload(documentsBucket(), this.key, this.uploadId, this.parts);
  }

  /** Drops an unfinished upload (best effort: the bucket also aborts them after 7 days). */
  async abort(): Promise<void> {
    if (this.uploadId === undefined) return;
    await abortMultipartUpload(documentsBucket(), this.key, this.uploadId).catch(() => undefined);
  }
}
