/**
 * `npm start`: the whole product on one machine (DESIGN section 4).
 * PORT (3000), DATA_DIR (.data), SETUP_TOKEN (random, printed), DEMO (1: demo data on an empty DATA_DIR),
 * DYNAMODB_IN_MEMORY (1: the table in DynamoDB Local's memory, lost at stop: the end-to-end servers).
 */
import { resolve } from 'node:path';
import * as z from 'zod';
import { LocalStackError, requireJava } from './dynamodb-local.js';
import { repoRoot, startLocalStack, type LocalStack } from './local-stack.js';
import { stopOnSignals } from './shutdown.js';
import { buildSpa, spaNeedsBuild } from './spa-build.js';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('.data'),
  SETUP_TOKEN: z.string().min(8, 'SETUP_TOKEN doit contenir au moins 8 caractères').optional(),
  DEMO: z.enum(['0', '1', '']).optional(),
  DYNAMODB_IN_MEMORY: z.enum(['0', '1', '']).optional(),
});

function fail(message: string): never {
  console.error(`✖ ${message}`);
  process.exit(1);
}

// Node 20 is supported here on purpose (CI); the SDK's notice about Node 22 is in the README.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

async function main(): Promise<void> {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    fail(
      `Variables d'environnement invalides : ${parsed.error.issues.map((i) => `${i.path.join('.')} (${i.message})`).join(', ')}`,
    );
  }
  const env = parsed.data;

  try {
    requireJava();
  } catch (error) {
    fail((error as Error).message);
  }

  if (spaNeedsBuild(repoRoot)) {
    console.log("Construction de l'interface…");
    if (!buildSpa(repoRoot)) fail("La construction de l'interface a échoué (voir les messages ci-dessus).");
  }

  const started = Date.now();
  let stack: LocalStack | undefined;
  let starting: Promise<LocalStack> | undefined;
  let stopping = false;
  const stopStack = async () => {
    // A signal during the start: wait until the stack is up (or has failed), then stop it.
    const running = stack ?? (await starting?.catch(() => undefined));
    await running?.stop();
  };
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await stopStack().catch(() => undefined);
    process.exit(code);
  };
  // Installed before the start, so that Ctrl-C while DynamoDB Local starts also stops it cleanly.
  stopOnSignals(stopStack);

  try {
    starting = startLocalStack({
      port: env.PORT,
      dataDir: resolve(env.DATA_DIR),
      setupToken: env.SETUP_TOKEN,
      dynamoInMemory: env.DYNAMODB_IN_MEMORY === '1',
      logRequests: process.env.LOG_REQUESTS === '1',
      // The e-invoicing network's sync every minute (EventBridge every 15 minutes on AWS).
      networkSync: { everyMs: 60_000 },
      onChildExit: (message) => {
        console.error(`✖ ${message}`);
        void shutdown(1);
      },
    });
    stack = await starting;
  } catch (error) {
    if (error instanceof LocalStackError) fail(error.message);
    fail(`Démarrage impossible : ${error instanceof Error ? error.message : String(error)}`);
  }

  const { isInstalled } = await import('../../../functions/src/setup/installation.js');
  if (env.DEMO === '1') {
    const { demoLogins, loadDemoData } = await import('./demo.js');
    const loaded = await loadDemoData(stack.setupToken);
    if (loaded) {
      console.log('Données de démonstration chargées (Dupont Bâtiment) :');
      console.log(
        `  super administrateur : ${demoLogins.superAdmin.username} / ${demoLogins.superAdmin.password}`,
      );
      console.log(
        `  administrateur de l'entreprise : ${demoLogins.companyAdmin.username} / ${demoLogins.companyAdmin.password}`,
      );
    } else {
      console.log('DEMO=1 ignoré : ce DATA_DIR contient déjà des données.');
    }
  }
  const installed = await isInstalled();
  console.log(
    `BTP Gestion est prêt sur ${stack.url} (démarré en ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  console.log(`Données : ${resolve(env.DATA_DIR)}`);
  console.log(`E-mails envoyés (boîte locale, jamais déployée) : ${stack.mailUrl}`);
  console.log(`Plateforme agréée locale (flux et annuaire, jamais déployée) : ${stack.paUrl}/`);
  if (!installed) {
    console.log(`Jeton d'installation : ${stack.setupToken}`);
    console.log(`Ouvrez ${stack.url}/setup pour créer le premier super administrateur.`);
  }
  console.log('Ctrl-C pour arrêter.');
}

void main();
