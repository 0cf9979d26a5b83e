import * as z from 'zod';

/**
 * The functions' environment, read once through a schema. A missing or malformed variable stops
 * the process (the Lambda init, or the local stack) with the list of what is wrong.
 */
const configSchema = z
  .object({
    TABLE_NAME: z.string().min(1),
    AWS_REGION: z.string().min(1).default('eu-west-3'),
    /** Local stack only: DynamoDB Local's URL. */
    DYNAMODB_ENDPOINT: z.url().optional(),
    /**
     * The documents bucket. Only the document routes get it (and need it): they stop with a clear
     * error without it (`documentsBucket()` in `s3.ts`), the other routes run without it.
     */
    DOCUMENTS_BUCKET: z.string().min(1).optional(),
    /**
     * The SQS queue of the price-list import worker (docs/library.md); on AWS only. Locally the
     * local stack's job runner finds the waiting imports itself.
     */
    LIBRARY_IMPORT_QUEUE_URL: z.url().optional(),
    /** Local stack only: the S3-compatible server's URL (path-style addressing). */
    S3_ENDPOINT: z.url().optional(),
    /**
     * On AWS, the accounting export worker's function name, given to the route that starts exports
     * (docs/accounting.md); absent (the local stack), an export runs in the same process.
     */
    ACCOUNTING_EXPORT_FUNCTION: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    /** Local stack: the session signing key itself. On AWS: the ARN of its secret instead. */
    SESSION_KEY: z.string().min(32).optional(),
    SESSION_KEY_SECRET_ARN: z.string().min(1).optional(),
    /** Local stack: the setup token itself. On AWS: the ARN of its secret instead. */
    SETUP_TOKEN: z.string().min(8).optional(),
    SETUP_TOKEN_SECRET_ARN: z.string().min(1).optional(),
    /**
     * The e-invoicing network (docs/einvoicing-network.md): where each company's platform secret is
     * kept. On AWS the name prefix of its Secrets Manager secrets (`<prefix><companyId>`, the
     * functions' IAM scoped to it); locally a JSON file of the stack's data folder (mode 600).
     */
    EINVOICING_SECRET_PREFIX: z.string().min(1).optional(),
    EINVOICING_SECRETS_FILE: z.string().min(1).optional(),
    /** Local stack only: the local plateforme agréée (`<url>/_pa`) and the key of its accounts. */
    PA_LOCAL_URL: z.url().optional(),
    PA_LOCAL_KEY: z.string().min(16).optional(),
    /**
     * On AWS: the value CloudFront sends in `x-origin-verify` with every request to the API; a route
     * refuses (403) a request without it, i.e. one sent to the API's own address rather than through
     * CloudFront (docs/deploy.md). Unset locally: nothing is checked.
     */
    ORIGIN_VERIFY: z.string().min(32).optional(),
    /** `true` when the site is served over HTTPS: `Secure` cookies with the `__Host-` prefix. */
    COOKIE_SECURE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /**
     * Test suites only: scrypt's cost (log2 N) for new password hashes, below production's 17 so that
     * the hundreds of sign-ins of `npm test` stay fast. Each hash stores its own parameters, so
     * verification does not depend on it. Refused unless DYNAMODB_ENDPOINT is set (the local stack):
     * it can never lower the cost on AWS.
     */
    PASSWORD_HASH_LOG_N: z.coerce.number().int().min(10).max(17).optional(),
  })
  .refine((env) => env.PASSWORD_HASH_LOG_N === undefined || env.DYNAMODB_ENDPOINT !== undefined, {
    path: ['PASSWORD_HASH_LOG_N'],
    message: 'réservé à la pile locale (DYNAMODB_ENDPOINT)',
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration invalide : ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(racine)'}: ${issue.message}`),
    );
  }
  return result.data;
}

let cached: Config | undefined;

/** The process's configuration, parsed on first use. */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
