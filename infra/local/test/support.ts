import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalStack, type LocalStack } from '../src/local-stack.js';
import { TestClient } from './http-client.js';
import { workerDynamoEndpoint } from './shared-dynamo.js';

export const testPassword = 'Secret#2026';
export const testSetupToken = 'jeton-de-test-123';

/** What `startTestStack()` answers: the local stack, its folder and its table. */
export type TestStack = LocalStack & { dataDir: string; tableName: string; dispose(): Promise<void> };

/**
 * The whole local stack for a test file: the gateway on a free port, the S3 server, MailDev and a
 * table of its own in its Vitest worker's DynamoDB Local, which `global-setup.ts` started once for
 * the run (in memory, `shared-dynamo.ts`).
 *
 * Under `npm test` (infra/vitest.integ.config.ts, `BTP_TEST_STACK=shared`) the files of a Vitest
 * worker share one stack, started by the first and kept until the worker ends: the handlers, the
 * S3 server and MailDev start once per worker instead of once per file, and `dispose()` and
 * `stop()` do nothing. Each test makes its own companies (`signedInCompany`), so files never see each other's
 * records. A file that needs a product not installed yet runs in infra/vitest.integ-own.config.ts,
 * where each file gets a stack of its own and `dispose()` stops it: call it in `afterAll`.
 */
export function startTestStack(): Promise<TestStack> {
  if (process.env[stackModeVariable] !== 'shared') return startOwnStack();
  const shared = globalThis as typeof globalThis & { [sharedStackKey]?: Promise<TestStack> };
  shared[sharedStackKey] ??= startOwnStack().then(
    (stack) => {
      // Vitest ends a worker with SIGTERM: the stack stops with it (MailDev is a child process).
      process.once('SIGTERM', () => void stack.dispose().finally(() => process.exit(0)));
      // The files share it: neither `dispose()` nor `stop()` of one file may end it.
      return { ...stack, stop: async () => undefined, dispose: async () => undefined };
    },
    (error: unknown) => {
      // A stack that failed to start is not kept: the worker's next file tries again.
      delete shared[sharedStackKey];
      throw error;
    },
  );
  return shared[sharedStackKey];
}

/** Set by infra/vitest.integ.config.ts: the files of a worker share one stack. */
export const stackModeVariable = 'BTP_TEST_STACK';
const sharedStackKey = Symbol.for('btp.sharedTestStack');

async function startOwnStack(): Promise<TestStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'btp-integ-'));
  const tableName = `btp-${randomUUID()}`;
  const stack = await startLocalStack({
    port: 0,
    dataDir,
    spaDir: fileURLToPath(new URL('./fixtures/spa/', import.meta.url)),
    setupToken: testSetupToken,
    dynamoEndpoint: workerDynamoEndpoint(),
    tableName,
  });
  return {
    ...stack,
    dataDir,
    tableName,
    dispose: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The super administrator that `signedInSuperAdmin` installs. */
export const testSuperAdmin = {
  firstName: 'Claire',
  lastName: 'Admin',
  email: 'super@exemple.fr',
  username: 'superadmin',
  password: testPassword,
} as const;

/**
 * The product's super administrator, signed in: installs the product through `POST /api/setup` the
 * first time (on a shared stack, the first file that asks), then signs in with the same account.
 */
export async function signedInSuperAdmin(stack: TestStack): Promise<TestClient> {
  const superAdmin = new TestClient(stack.url);
  const installed = await superAdmin.post('/api/setup', { setupToken: stack.setupToken, ...testSuperAdmin });
  if (installed.status === 201) return superAdmin;
  const login = await superAdmin.post('/api/auth/login', {
    identifier: testSuperAdmin.username,
    password: testSuperAdmin.password,
  });
  if (login.status !== 200) {
    throw new Error(`super administrator: setup ${installed.status}, sign-in ${login.status}`);
  }
  return superAdmin;
}

let counter = 0;

/**
 * A new company with its administrator signed in (through `POST /api/auth/register`), as a
 * client with its own cookie jar. Each call makes a distinct company.
 */
export async function signedInCompany(
  baseUrl: string,
  name = 'Entreprise',
): Promise<{ client: TestClient; companyId: string; userId: string }> {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}`;
  const client = new TestClient(baseUrl);
  const response = await client.post('/api/auth/register', {
    firstName: 'Prénom',
    lastName: 'Nom',
    email: `admin-${unique}@exemple.fr`,
    username: `admin-${unique}`,
    password: testPassword,
    confirmPassword: testPassword,
    companyName: `${name} ${unique}`,
  });
  if (response.status !== 201)
    throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  const { user } = response.body as { user: { id: string; companyId: string } };
  return { client, companyId: user.companyId, userId: user.id };
}

/**
 * A complete legal profile (DOCUMENTS.md § 1) with valid identifiers: SIRET 732 829 320 00074
 * (Luhn), its VAT number FR44 732829320, a French IBAN (mod 97). Used to issue quotes and invoices.
 */
export const completeProfile = {
  legalForm: 'SARL',
  shareCapital: '10000.00',
  siret: '73282932000074',
  registration: 'RCS Lyon 732 829 320',
  vatNumber: 'FR44732829320',
  address: '12 rue des Artisans',
  postalCode: '69003',
  city: 'Lyon',
  phone: '04 78 00 00 00',
  iban: 'FR7630006000011234567890189',
  bic: 'BNPAFRPP',
  insurer: 'SMABTP',
  insurancePolicyNumber: 'POL-2026-001',
  insuranceActivities: 'Maçonnerie, plâtrerie',
  insuranceArea: 'France métropolitaine',
  vatRegime: 'normal',
  paymentTermDays: 30,
  defaultVatRate: '20.00',
} as const;

/**
 * Completes the signed-in administrator's company profile through `PUT /api/company` (keeping its
 * name and e-mail), so that its quotes and invoices can be issued; `fields` override the profile.
 * Answers the company as the route does.
 */
export async function completeCompanyProfile(
  client: TestClient,
  fields: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const read = await client.get('/api/company');
  if (read.status !== 200)
    throw new Error(`GET /api/company failed: ${read.status} ${JSON.stringify(read.body)}`);
  const company = read.body as { name: string; email?: string; version: number };
  const response = await client.put('/api/company', {
    name: company.name,
    ...(company.email ? { email: company.email } : {}),
    ...completeProfile,
    ...fields,
    version: company.version,
  });
  if (response.status !== 200) {
    throw new Error(`PUT /api/company failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body as Record<string, unknown>;
}
