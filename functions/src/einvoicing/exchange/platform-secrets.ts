/**
 * Each company's client secret of its plateforme agréée (docs/einvoicing-network.md, "Settings"):
 * never in DynamoDB, never answered, never logged.
 *
 * - **AWS**: one Secrets Manager secret per company, named `<EINVOICING_SECRET_PREFIX><companyId>`
 *   (`btp-gestion/<stage>/einvoicing/<companyId>`), created by the first `PUT
 *   /api/company/einvoicing` that gives a secret and updated by the next ones; the functions that
 *   read or write it are granted that prefix only (infra/lib/einvoicing.ts).
 * - **Local stack**: a JSON file of the stack's data folder (`EINVOICING_SECRETS_FILE`, mode 600,
 *   written to a temporary file then renamed), beside `secrets.json`.
 *
 * A value read is kept a few minutes per process (a Lambda instance, the local stack), and
 * forgotten when this process writes a new one.
 */
import { randomUUID } from 'node:crypto';
import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
import type * as SecretsManagerSdk from '@aws-sdk/client-secrets-manager';
import { awsErrorToHttp } from '../../lib/aws-errors.js';
import { config } from '../../lib/config.js';

/** How long a secret read stays in memory, ms. */
const cacheMs = 5 * 60 * 1000;
const cache = new Map<string, { value: string | undefined; until: number }>();

/**
 * The Secrets Manager SDK, imported on first use: every function that may reach the platform
 * (`invoices/list` through the invoices' e-invoicing summaries…) imports this module, few read a
 * secret, and an SDK client costs as much to load as the DynamoDB one (issue 27, `bench:lambda`).
 */
let sdk: Promise<typeof SecretsManagerSdk> | undefined;
let client: SecretsManagerSdk.SecretsManagerClient | undefined;
async function secretsManager() {
  sdk ??= import('@aws-sdk/client-secrets-manager');
  const commands = await sdk;
  client ??= new commands.SecretsManagerClient({ region: config().AWS_REGION, maxAttempts: 3 });
  return { client, commands };
}

/** The Secrets Manager name of a company's secret. */
export function platformSecretName(prefix: string, companyId: string): string {
  return `${prefix}${companyId}`;
}

function storage(): { kind: 'aws'; prefix: string } | { kind: 'file'; file: string } {
  const { EINVOICING_SECRET_PREFIX, EINVOICING_SECRETS_FILE } = config();
  if (EINVOICING_SECRETS_FILE) return { kind: 'file', file: EINVOICING_SECRETS_FILE };
  if (EINVOICING_SECRET_PREFIX) return { kind: 'aws', prefix: EINVOICING_SECRET_PREFIX };
  throw new Error('Neither EINVOICING_SECRET_PREFIX nor EINVOICING_SECRETS_FILE is configured');
}

async function readFileSecrets(file: string): Promise<Record<string, string>> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/** Writes of the local file, one after the other (the local stack is one process). */
let fileWrites: Promise<unknown> = Promise.resolve();

async function writeFileSecret(file: string, companyId: string, secret: string): Promise<void> {
  const write = fileWrites.then(async () => {
    const secrets = await readFileSecrets(file);
    secrets[companyId] = secret;
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
    await chmod(temporary, 0o600);
    await rename(temporary, file);
  });
  fileWrites = write.catch(() => undefined);
  await write;
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && error.name === 'ResourceNotFoundException';
}

/** A company's platform secret, or `undefined` when none was ever stored. */
export async function readPlatformSecret(companyId: string): Promise<string | undefined> {
  const cached = cache.get(companyId);
  if (cached && cached.until > Date.now()) return cached.value;
  const where = storage();
  let value: string | undefined;
  if (where.kind === 'file') {
    value = (await readFileSecrets(where.file))[companyId];
  } else {
    try {
      const { client: secrets, commands } = await secretsManager();
      const answer = await secrets.send(
        new commands.GetSecretValueCommand({ SecretId: platformSecretName(where.prefix, companyId) }),
      );
      value = answer.SecretString;
    } catch (error) {
      if (!isNotFound(error)) throw awsErrorToHttp(error) ?? error;
    }
  }
  cache.set(companyId, { value, until: Date.now() + cacheMs });
  return value;
}

/** Stores (creates or replaces) a company's platform secret. */
export async function writePlatformSecret(companyId: string, secret: string): Promise<void> {
  cache.delete(companyId);
  const where = storage();
  if (where.kind === 'file') {
    await writeFileSecret(where.file, companyId, secret);
  } else {
    const name = platformSecretName(where.prefix, companyId);
    try {
      const { client: secrets, commands } = await secretsManager();
      try {
        await secrets.send(new commands.PutSecretValueCommand({ SecretId: name, SecretString: secret }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
        await secrets.send(
          new commands.CreateSecretCommand({
            Name: name,
            SecretString: secret,
            Description: 'BTP Gestion : secret client de la plateforme agréée d’une entreprise',
          }),
        );
      }
    } catch (error) {
      throw awsErrorToHttp(error) ?? error;
    }
  }
  cache.set(companyId, { value: secret, until: Date.now() + cacheMs });
}
