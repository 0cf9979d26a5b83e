/**
 * Tests only: an in-memory S3 bucket answering the documents bucket's requests (`lib/s3.ts`) through
 * its transport seam, for the unit tests that ran with `aws-sdk-client-mock` on `S3Client`. It
 * stores what is put (GetObject, HeadObject and ranged reads answer from it), records every
 * operation, and answers a fault on demand: an S3 error (status and code) or a network error, for
 * the next requests of an operation. The behaviour against a real server is in
 * `infra/local/test/s3-requests.test.ts` (s3rver).
 */
import { type S3HttpRequest, type S3HttpResponse, setS3TransportForTests } from '../lib/s3-http.js';

export type S3Operation =
  | 'PutObject'
  | 'GetObject'
  | 'HeadObject'
  | 'DeleteObject'
  | 'CreateMultipartUpload'
  | 'UploadPart'
  | 'CompleteMultipartUpload'
  | 'AbortMultipartUpload';

export interface S3Call {
  operation: S3Operation;
  key: string;
  headers: Record<string, string>;
  body?: Buffer | undefined;
}

/** A fault answered instead of S3's success: an error answer, or a network error (`code`). */
export type S3Fault = { status: number; code?: string } | { networkError: string };

function operationOf(request: S3HttpRequest): S3Operation {
  const query = request.url.searchParams;
  switch (request.method) {
    case 'PUT':
      return query.has('partNumber') ? 'UploadPart' : 'PutObject';
    case 'GET':
      return 'GetObject';
    case 'HEAD':
      return 'HeadObject';
    case 'DELETE':
      return query.has('uploadId') ? 'AbortMultipartUpload' : 'DeleteObject';
    case 'POST':
      return query.has('uploads') ? 'CreateMultipartUpload' : 'CompleteMultipartUpload';
  }
}

/** The key: the path without the bucket (virtual-hosted on AWS, path-style with `S3_ENDPOINT`). */
function keyOf(url: URL): string {
  const segments = url.pathname.slice(1).split('/');
  if (!url.hostname.includes('.s3.')) segments.shift();
  return segments.map(decodeURIComponent).join('/');
}

function answer(
  status: number,
  body: Buffer = Buffer.alloc(0),
  headers: Record<string, string> = {},
): S3HttpResponse {
  return {
    status,
    headers: { 'content-length': String(body.byteLength), ...headers },
    read: () => Promise.resolve(body),
    discard: () => undefined,
  };
}

const errorXml = (code: string) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
  );

export function memoryBucket() {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const calls: S3Call[] = [];
  const faults: { operation: S3Operation; fault: S3Fault }[] = [];

  const transport = (request: S3HttpRequest): Promise<S3HttpResponse> => {
    const operation = operationOf(request);
    const key = keyOf(request.url);
    calls.push({ operation, key, headers: request.headers, body: request.body });
    const at = faults.findIndex((fault) => fault.operation === operation);
    if (at >= 0) {
      const fault = faults.splice(at, 1)[0]?.fault ?? { status: 500 };
      if ('networkError' in fault) {
        return Promise.reject(
          Object.assign(new Error(`connect ${fault.networkError}`), { code: fault.networkError }),
        );
      }
      return Promise.resolve(answer(fault.status, fault.code ? errorXml(fault.code) : undefined));
    }
    const stored = objects.get(key);
    switch (operation) {
      case 'PutObject':
        objects.set(key, {
          body: request.body ?? Buffer.alloc(0),
          contentType: request.headers['content-type'] ?? '',
        });
        return Promise.resolve(answer(200, undefined, { etag: '"put"' }));
      case 'HeadObject':
        return Promise.resolve(
          stored ? answer(200, undefined, { 'content-length': String(stored.body.byteLength) }) : answer(404),
        );
      case 'GetObject': {
        if (!stored) return Promise.resolve(answer(404, errorXml('NoSuchKey')));
        const range = /^bytes=0-(\d+)$/.exec(request.headers.range ?? '');
        return Promise.resolve(
          answer(range ? 206 : 200, range ? stored.body.subarray(0, Number(range[1]) + 1) : stored.body, {
            'content-type': stored.contentType,
          }),
        );
      }
      case 'DeleteObject':
        objects.delete(key);
        return Promise.resolve(answer(204));
      default:
        // The accounting export's multipart upload is tested against the local S3 server.
        return Promise.reject(new Error(`${operation}: not answered by the in-memory bucket`));
    }
  };

  return {
    objects,
    calls,
    /** Answers the bucket's requests from now on (call `restore()` after the file). */
    install: () => setS3TransportForTests(transport),
    restore: () => setS3TransportForTests(undefined),
    /** Empties the bucket, the calls and the faults. */
    reset() {
      objects.clear();
      calls.length = 0;
      faults.length = 0;
    },
    /** The next `times` requests of `operation` answer `fault`. */
    fail(operation: S3Operation, fault: S3Fault, times = 1) {
      for (let at = 0; at < times; at += 1) faults.push({ operation, fault });
    },
    /** The keys of an operation's requests, in order (`PutObject`, `DeleteObject`, …). */
    keys: (operation: S3Operation) =>
      calls.filter((call) => call.operation === operation).map((call) => call.key),
  };
}

export type MemoryBucket = ReturnType<typeof memoryBucket>;
