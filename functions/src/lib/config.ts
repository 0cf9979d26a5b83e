/**
 * The functions' environment, read once. A missing or malformed variable stops the process (the
 * Lambda init, or the local stack) with the list of what is wrong.
 */

/** Log levels, the least verbose last. */
const logLevels = ['debug', 'info', 'warn', 'error', 'silent'] as const;

/**
 * What the functions read of their environment. Parsed by hand, not by zod: every function reads its
 * configuration, and a list route starts without zod's code (issue 27, `bench:lambda`).
 */
export interface Config {
  TABLE_NAME: string;
  AWS_REGION: string;
  /** Local stack only: DynamoDB Local's URL. */
  DYNAMODB_ENDPOINT?: string | undefined;
  /**
   * The documents bucket. Only the document routes get it (and need it): they stop with a clear
   * error without it (`documentsBucket()` in `s3.ts`), the other routes run without it.
   */
  DOCUMENTS_BUCKET?: string | undefined;
  /**
   * The SQS queue of the price-list import worker (docs/library.md); on AWS only. Locally the
   * local stack's job runner finds the waiting imports itself.
   */
  LIBRARY_IMPORT_QUEUE_URL?: string | undefined;
  /** Local stack only: the S3-compatible server's URL (path-style addressing). */
  S3_ENDPOINT?: string | undefined;
  /**
   * On AWS, the accounting export worker's function name, given to the route that starts exports
   * (docs/accounting.md); absent (the local stack), an export runs in the same process.
   */
  ACCOUNTING_EXPORT_FUNCTION?: string | undefined;
  LOG_LEVEL: (typeof logLevels)[number];
  /** Local stack: the session signing key itself. On AWS: the ARN of its secret instead. */
  SESSION_KEY?: string | undefined;
  SESSION_KEY_SECRET_ARN?: string | undefined;
  /** Local stack: the setup token itself. On AWS: the ARN of its secret instead. */
  SETUP_TOKEN?: string | undefined;
  SETUP_TOKEN_SECRET_ARN?: string | undefined;
  /**
   * The e-invoicing network (docs/einvoicing-network.md): where each company's platform secret is
   * kept. On AWS the name prefix of its Secrets Manager secrets (`<prefix><companyId>`, the
   * functions' IAM scoped to it); locally a JSON file of the stack's data folder (mode 600).
   */
  EINVOICING_SECRET_PREFIX?: string | undefined;
  EINVOICING_SECRETS_FILE?: string | undefined;
  /** Local stack only: the local plateforme agréée (`<url>/_pa`) and the key of its accounts. */
  PA_LOCAL_URL?: string | undefined;
  PA_LOCAL_KEY?: string | undefined;
  /**
   * On AWS: the value CloudFront sends in `x-origin-verify` with every request to the API; a route
   * refuses (403) a request without it, i.e. one sent to the API's own address rather than through
   * CloudFront (docs/deploy.md). Unset locally: nothing is checked.
   */
  ORIGIN_VERIFY?: string | undefined;
  /** `true` when the site is served over HTTPS: `Secure` cookies with the `__Host-` prefix. */
  COOKIE_SECURE: boolean;
  /**
   * Test suites only: scrypt's cost (log2 N) for new password hashes, below production's 17 so that
   * the hundreds of sign-ins of `npm test` stay fast. Each hash stores its own parameters, so
   * verification does not depend on it. Refused unless DYNAMODB_ENDPOINT is set (the local stack):
   * it can never lower the cost on AWS.
   */
  PASSWORD_HASH_LOG_N?: number | undefined;
}

/** How each variable is read: text of at least `min` characters, a URL, one of `values`. */
type Rule =
  | { kind: 'text'; min: number; default?: string }
  | { kind: 'url' }
  | { kind: 'one of'; values: readonly string[]; default: string };

const text = (min = 1): Rule => ({ kind: 'text', min });
const url: Rule = { kind: 'url' };

/** Each text variable's rule (`COOKIE_SECURE` and `PASSWORD_HASH_LOG_N` are read apart). */
const rules = {
  TABLE_NAME: text(),
  AWS_REGION: { kind: 'text', min: 1, default: 'eu-west-3' },
  DYNAMODB_ENDPOINT: url,
  DOCUMENTS_BUCKET: text(),
  LIBRARY_IMPORT_QUEUE_URL: url,
  S3_ENDPOINT: url,
  ACCOUNTING_EXPORT_FUNCTION: text(),
  LOG_LEVEL: { kind: 'one of', values: logLevels, default: 'info' },
  SESSION_KEY: text(32),
  SESSION_KEY_SECRET_ARN: text(),
  SETUP_TOKEN: text(8),
  SETUP_TOKEN_SECRET_ARN: text(),
  EINVOICING_SECRET_PREFIX: text(),
  EINVOICING_SECRETS_FILE: text(),
  PA_LOCAL_URL: url,
  PA_LOCAL_KEY: text(16),
  ORIGIN_VERIFY: text(32),
} satisfies Record<Exclude<keyof Config, 'COOKIE_SECURE' | 'PASSWORD_HASH_LOG_N'>, Rule>;
/** Required: the others may be absent. */
const required = new Set<string>(['TABLE_NAME']);

function isUrl(value: string): boolean {
  try {
    return new URL(value).protocol.length > 1;
  } catch {
    return false;
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration invalide : ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const problems: string[] = [];
  const parsed: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(rules) as [string, Rule][]) {
    const value = env[name];
    if (value === undefined) {
      if ('default' in rule && rule.default !== undefined) parsed[name] = rule.default;
      else if (required.has(name)) problems.push(`${name}: requis`);
      continue;
    }
    if (rule.kind === 'text' && value.length < rule.min) {
      problems.push(`${name}: au moins ${rule.min} caractère(s)`);
    } else if (rule.kind === 'url' && !isUrl(value)) {
      problems.push(`${name}: URL invalide`);
    } else if (rule.kind === 'one of' && !rule.values.includes(value)) {
      problems.push(`${name}: une valeur parmi ${rule.values.join(', ')}`);
    } else {
      parsed[name] = value;
    }
  }
  const cookieSecure = env.COOKIE_SECURE ?? 'false';
  if (cookieSecure !== 'true' && cookieSecure !== 'false') problems.push('COOKIE_SECURE: true ou false');
  parsed.COOKIE_SECURE = cookieSecure === 'true';
  const logN = env.PASSWORD_HASH_LOG_N;
  if (logN !== undefined) {
    // As `z.coerce.number()`: blank text reads as 0 (then out of range).
    const cost = Number(logN);
    if (!Number.isInteger(cost) || cost < 10 || cost > 17) {
      problems.push('PASSWORD_HASH_LOG_N: un nombre entier de 10 à 17');
    } else if (env.DYNAMODB_ENDPOINT === undefined) {
      problems.push('PASSWORD_HASH_LOG_N: réservé à la pile locale (DYNAMODB_ENDPOINT)');
    } else {
      parsed.PASSWORD_HASH_LOG_N = cost;
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return parsed as unknown as Config;
}

let cached: Config | undefined;

/** The process's configuration, parsed on first use. */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
