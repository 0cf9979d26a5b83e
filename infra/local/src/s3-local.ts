import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { freePort } from './free-port.js';

export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

function corsConfiguration(allowedOrigin: string): string {
  return `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${allowedOrigin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;
}

/**
 * Starts the S3-compatible server in this process on a free port, with its files under `directory`,
 * and the documents bucket, whose CORS allows only the site's origin (as in production).
 */
export async function startS3Local(options: {
  directory: string;
  bucket: string;
  allowedOrigin: string;
}): Promise<S3Local> {
  mkdirSync(options.directory, { recursive: true });
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: options.directory,
    vhostBuckets: false,
    configureBuckets: [{ name: options.bucket, configs: [corsConfiguration(options.allowedOrigin)] }],
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
