import * as z from 'zod';
/**
 * The functions' environment, read once through a schema. A missing or malformed variable stops
 * the process (the Lambda init, or the local stack) with the list of what is wrong.
 */
declare const configSchema: z.ZodObject<{
    TABLE_NAME: z.ZodString;
    AWS_REGION: z.ZodDefault<z.ZodString>;
    DYNAMODB_ENDPOINT: z.ZodOptional<z.ZodURL>;
    DOCUMENTS_BUCKET: z.ZodOptional<z.ZodString>;
    LIBRARY_IMPORT_QUEUE_URL: z.ZodOptional<z.ZodURL>;
    S3_ENDPOINT: z.ZodOptional<z.ZodURL>;
    LOG_LEVEL: z.ZodDefault<z.ZodEnum<{
        debug: "debug";
        error: "error";
        info: "info";
        silent: "silent";
        warn: "warn";
    }>>;
    SESSION_KEY: z.ZodOptional<z.ZodString>;
    SESSION_KEY_SECRET_ARN: z.ZodOptional<z.ZodString>;
    SETUP_TOKEN: z.ZodOptional<z.ZodString>;
    SETUP_TOKEN_SECRET_ARN: z.ZodOptional<z.ZodString>;
    ORIGIN_VERIFY: z.ZodOptional<z.ZodString>;
    COOKIE_SECURE: z.ZodPipe<z.ZodDefault<z.ZodEnum<{
        false: "false";
        true: "true";
    }>>, z.ZodTransform<boolean, "false" | "true">>;
    PASSWORD_HASH_LOG_N: z.ZodOptional<z.ZodCoercedNumber<unknown>>;
}, z.core.$strip>;
export type Config = z.infer<typeof configSchema>;
export declare class ConfigError extends Error {
    readonly problems: string[];
    constructor(problems: string[]);
}
export declare function parseConfig(env: NodeJS.ProcessEnv): Config;
/** The process's configuration, parsed on first use. */
export declare function config(): Config;
export {};
