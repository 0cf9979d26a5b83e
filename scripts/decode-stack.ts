/**
 * `npx tsx scripts/decode-stack.ts <function folder> < trace.txt`: a stack trace the Lambda runtime
 * printed (an error thrown while a function starts, outside the logger, which maps its own:
 * functions/src/lib/stack-trace.ts) with every frame of the function's files mapped to the
 * TypeScript sources. `<function folder>` holds the function's `index.mjs`, its chunks and their
 * `.map` files, as deployed: the CDK asset folder `infra/cdk.out/asset.<hash>/` of the deployed
 * commit (the function's code SHA in the console names it), or a build of that commit.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceMappedStack } from '../functions/src/lib/stack-trace.js';

const folder = process.argv[2];
if (!folder) {
  console.error('Usage : npx tsx scripts/decode-stack.ts <dossier de la fonction> < trace.txt');
  process.exit(2);
}
process.stdout.write(`${sourceMappedStack(readFileSync(0, 'utf8'), path.resolve(folder))}\n`);
