/**
 * Tests only: AWS Signature V4 checked as AWS checks it, written from AWS's specification without
 * the signer the functions use (`@smithy/signature-v4`), for the local servers that stand for S3
 * (`infra/local/test/s3-requests.test.ts`) and Secrets Manager (`lib/secrets-manager.test.ts`): a
 * request signed with another secret, or changed after it was signed, does not match.
 */
import { createHash, createHmac } from 'node:crypto';

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Whether `request` (its path and query as sent, its headers, `body`) carries a valid header
 * signature for `secret`, its payload hash (`x-amz-content-sha256`) included.
 */
export function signatureMatches(
  request: { method: string; url: string; headers: Record<string, string | string[] | undefined> },
  body: Buffer,
  secret: string,
): boolean {
  const header = (name: string) => String(request.headers[name] ?? '');
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/([^,]+), SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      header('authorization'),
    );
  if (!auth) return false;
  const [, , scope = '', signedHeaders = '', signature] = auth;
  const [path = '', rawQuery = ''] = request.url.split('?');
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map((part) => rfc3986(decodeURIComponent(part))))
    .map(([name = '', value = '']) => `${name}=${value}`)
    .sort()
    .join('&');
  const payloadHash = header('x-amz-content-sha256');
  if (payloadHash !== createHash('sha256').update(body).digest('hex')) return false;
  const canonical = [
    request.method,
    path,
    query,
    ...signedHeaders.split(';').map((name) => `${name}:${header(name).trim()}`),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    header('x-amz-date'),
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const [date = '', region = '', service = ''] = scope.split('/');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex') === signature;
}
