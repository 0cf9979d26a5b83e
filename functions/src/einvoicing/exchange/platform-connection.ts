/**
 * A company's connection to its plateforme agréée: its settings (Paramètres › Facturation
 * électronique: `GET, PUT /api/company/einvoicing`, « Tester la connexion »), the typed client
 * built from them (one per company and credentials for the process's life: it caches its token),
 * and the status of the last call recorded for the settings' screen. docs/einvoicing-network.md.
 */
import { createHash } from 'node:crypto';
import type {
  EinvoicingSettings,
  EinvoicingSettingsData,
  PlatformCallStatus,
} from '@btp/shared/einvoicing-network';
import { einvoicingMessages } from '@btp/shared/einvoicing-network-rules';
import { sirenOfSiret } from '@btp/shared/legal-identity';
import { getCompany } from '../../accounts/companies.js';
import { nowIso } from '../../data/ids.js';
import { transactWrite } from '../../data/transactions.js';
import { config } from '../../lib/config.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-errors.js';
import { logger } from '../../lib/logger.js';
import { localPlatformCredentials } from '../network/local-platform-credentials.js';
import { createPlatformClient, type PlatformClient } from '../network/platform-client.js';
import { PlatformError } from '../network/platform-errors.js';
import { endpointsUnder } from '../network/platform-http.js';
import { readSettings, recordCallStatus, settingsWriteItems, type StoredSettings } from './network-store.js';
import { readPlatformSecret, writePlatformSecret } from './platform-secrets.js';

/**
 * How long a call may take: an API route has 29 s on API Gateway (10 s for most functions, so the
 * route that submits on issue gives the platform a few seconds and leaves the rest to the job).
 */
export type CallBudget = 'route' | 'job';

const budgets: Record<CallBudget, { timeoutMs: number; deadlineMs: number; retry: { attempts: number } }> = {
  route: { timeoutMs: 3_000, deadlineMs: 6_000, retry: { attempts: 2 } },
  job: { timeoutMs: 8_000, deadlineMs: 25_000, retry: { attempts: 4 } },
};

/** The clients of the process, per company and credentials (a token each). */
const clients = new Map<string, PlatformClient>();

/** The local platform's address and the credentials of `siren` there (local stack only). */
function localPlatform(siren: string | undefined) {
  const { PA_LOCAL_URL, PA_LOCAL_KEY } = config();
  if (!PA_LOCAL_URL || !PA_LOCAL_KEY || !siren) return undefined;
  return { platformUrl: PA_LOCAL_URL, ...localPlatformCredentials(PA_LOCAL_KEY, siren) };
}

async function companySiren(companyId: string): Promise<string | undefined> {
  const company = await getCompany(companyId);
  if (!company) throw notFound('Entreprise introuvable.');
  return company.siren ?? sirenOfSiret(company.siret);
}

function settingsView(stored: StoredSettings): EinvoicingSettings {
  return {
    platformUrl: stored.platformUrl,
    clientId: stored.clientId,
    hasSecret: stored.hasSecret,
    enabled: stored.enabled,
    prefilled: false,
    ...(stored.status ? { status: stored.status } : {}),
  };
}

/**
 * `GET /api/company/einvoicing`: the settings, never the secret. Before anything is saved, on the
 * local stack, the local platform's address and this company's account there (its SIREN's).
 */
export async function getEinvoicingSettings(companyId: string): Promise<EinvoicingSettings> {
  const stored = await readSettings(companyId);
  if (stored) return settingsView(stored);
  const local = localPlatform(await companySiren(companyId));
  return local
    ? {
        platformUrl: local.platformUrl,
        clientId: local.clientId,
        hasSecret: false,
        enabled: false,
        prefilled: true,
      }
    : { hasSecret: false, enabled: false, prefilled: false };
}

/**
 * `PUT /api/company/einvoicing` (company_admin): the platform's address, client id, `enabled`, and
 * the secret when given (Secrets Manager or the local secrets file: never in the table). Without a
 * secret, the one stored is kept; with none stored, the local stack's account of the company's
 * SIREN is taken when the address and id are the local platform's (as prefilled), else 400.
 */
export async function saveEinvoicingSettings(
  companyId: string,
  body: EinvoicingSettingsData,
): Promise<EinvoicingSettings> {
  const stored = await readSettings(companyId);
  let secret = body.clientSecret;
  if (secret === undefined && !stored?.hasSecret) {
    const local = localPlatform(await companySiren(companyId));
    if (local && local.platformUrl === body.platformUrl && local.clientId === body.clientId) {
      secret = local.clientSecret;
    } else {
      throw badRequest(undefined, [{ path: 'clientSecret', message: einvoicingMessages.secretRequired }]);
    }
  }
  if (secret !== undefined) await writePlatformSecret(companyId, secret);
  await transactWrite(
    settingsWriteItems(companyId, {
      platformUrl: body.platformUrl,
      clientId: body.clientId,
      enabled: body.enabled,
      hasSecret: true,
    }),
  );
  forgetClients(companyId);
  return getEinvoicingSettings(companyId);
}

function forgetClients(companyId: string): void {
  for (const key of clients.keys()) if (key.startsWith(`${companyId}|`)) clients.delete(key);
}

/** A company's settings and its client, or the 409 that says what is missing. */
export interface CompanyPlatform {
  settings: StoredSettings;
  client: PlatformClient;
}

/**
 * The company's platform client, built from its settings and secret (one per process and
 * credentials). 409 when the network is not configured, or not enabled unless `evenDisabled`.
 */
export async function companyPlatform(
  companyId: string,
  budget: CallBudget,
  { evenDisabled = false }: { evenDisabled?: boolean } = {},
): Promise<CompanyPlatform> {
  const settings = await readSettings(companyId);
  if (!settings) throw conflict(einvoicingMessages.notConfigured);
  if (!settings.enabled && !evenDisabled) throw conflict(einvoicingMessages.disabled);
  const secret = await readPlatformSecret(companyId);
  if (!secret) throw conflict(einvoicingMessages.notConfigured);
  const fingerprint = createHash('sha256')
    .update(`${settings.platformUrl}\n${settings.clientId}\n${secret}`)
    .digest('hex');
  const key = `${companyId}|${budget}|${fingerprint}`;
  let client = clients.get(key);
  if (!client) {
    forgetClientsOf(companyId, budget);
    client = createPlatformClient({
      ...endpointsUnder(settings.platformUrl),
      credentials: { clientId: settings.clientId, clientSecret: secret },
      ...budgets[budget],
    });
    clients.set(key, client);
  }
  return { settings, client };
}

function forgetClientsOf(companyId: string, budget: CallBudget): void {
  for (const key of clients.keys()) if (key.startsWith(`${companyId}|${budget}|`)) clients.delete(key);
}

/** The French sentence of a failed call: the platform's error's own, or a generic one. */
export function failureMessage(error: unknown): string {
  if (error instanceof PlatformError) return error.message;
  if (error instanceof HttpError && error.statusCode < 500) return error.message;
  return 'Échange avec la plateforme interrompu par une erreur interne : un nouvel essai sera fait plus tard.';
}

/** Records the outcome of a call for Paramètres, and answers it; never fails its caller. */
export async function recordOutcome(
  companyId: string,
  outcome: Omit<PlatformCallStatus, 'at'>,
): Promise<PlatformCallStatus> {
  const status = { ...outcome, at: nowIso() };
  try {
    await recordCallStatus(companyId, status);
  } catch (error) {
    logger.warn('Statut du dernier échange avec la plateforme non enregistré', { companyId, error });
  }
  return status;
}

/**
 * « Tester la connexion » (`POST /api/company/einvoicing/test`, company_admin): a token and the
 * Flow Service's healthcheck with the saved settings (enabled or not); the outcome recorded and
 * answered with the settings.
 */
export async function testEinvoicingConnection(companyId: string): Promise<EinvoicingSettings> {
  const { client } = await companyPlatform(companyId, 'route', { evenDisabled: true });
  try {
    await client.flow.healthcheck();
    await recordOutcome(companyId, { state: 'ok', message: 'Connexion réussie : la plateforme répond.' });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    await recordOutcome(companyId, { state: 'error', message: error.message });
  }
  return getEinvoicingSettings(companyId);
}
