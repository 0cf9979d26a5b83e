/**
 * The local stack in a process of its own for `npm run bench:api`, so that the load generator and
 * the direct DynamoDB calls do not share the gateway's event loop. It prints one JSON line with
 * its addresses once ready and stops on SIGTERM / SIGINT.
 */
import { join } from 'node:path';
import { repoRoot, startLocalStack } from '../src/local-stack.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'error';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');

const stack = await startLocalStack({
  port: 0,
  dataDir,
  spaDir: join(repoRoot, 'frontend', 'dist'),
  setupToken: 'bench-setup-token',
});
const stop = () => void stack.stop().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
console.log(
  JSON.stringify({ url: stack.url, dynamoEndpoint: stack.dynamoEndpoint, s3Endpoint: stack.s3Endpoint }),
);
