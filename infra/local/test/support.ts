import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalStack, type LocalStack } from '../src/local-stack.js';
import { TestClient } from './http-client.js';

export const testPassword = 'Secret#2026';
export const testSetupToken = 'jeton-de-test-123';

/**
 * The whole local stack for one test file: the gateway on a free port, the S3 server in a fresh
 * folder, and a table of its own in the DynamoDB Local that `global-setup.ts` started once for the
 * run (in memory). So each file starts with a product not installed yet, as on a fresh `DATA_DIR`,
 * without paying a JVM start per file. Call `dispose()` in `afterAll`.
 */
export async function startTestStack(): Promise<
  LocalStack & { dataDir: string; tableName: string; dispose(): Promise<void> }
> {
  const dataDir = mkdtempSync(join(tmpdir(), 'btp-integ-'));
  const tableName = `btp-${randomUUID()}`;
  const stack = await startLocalStack({
    port: 0,
    dataDir,
    spaDir: fileURLToPath(new URL('./fixtures/spa/', import.meta.url)),
    setupToken: testSetupToken,
    dynamoEndpoint: sharedDynamoEndpoint(),
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

/** The run's DynamoDB Local, started by `global-setup.ts`. */
function sharedDynamoEndpoint(): string {
  const endpoint = process.env[sharedDynamoVariable];
  if (!endpoint) {
    throw new Error(
      `${sharedDynamoVariable} is not set: run integration tests through Vitest (infra/vitest.integ.config.ts).`,
    );
  }
  return endpoint;
}

/** The environment variable through which the global setup hands its endpoint to test files. */
export const sharedDynamoVariable = 'BTP_TEST_DYNAMODB_ENDPOINT';

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
