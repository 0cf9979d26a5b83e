import { defineConfig } from 'vitest/config';

/**
 * The unit files that change what other files would see: the environment (`process.env`), module
 * mocks (`vi.mock`), the AWS clients' prototypes (`aws-sdk-client-mock`), spies on shared modules,
 * the clock. They run in the `functions-isolated` project (vitest.isolated.config.ts), each file in a
 * fresh module graph; every other unit file shares one module graph per worker (`isolate: false`),
 * which spares re-importing the handlers, pdfkit and Saxon for each file (~30 % of this project's
 * CPU). A new unit file that does any of the above goes in this list (docs/testing.md).
 */
export const isolatedFiles = [
  'src/authorizer/handler.test.ts',
  'src/data/entities/supplier-quotes.test.ts',
  'src/data/entity-repository.test.ts',
  'src/data/global-index.test.ts',
  'src/data/transactions.test.ts',
  'src/documents/bucket-config.test.ts',
  'src/documents/document-storage.test.ts',
  'src/handlers/handlers.test.ts',
  'src/handlers/quotes/save.test.ts',
  'src/invoicing/invoice-reminders.test.ts',
  'src/invoicing/invoice-sending.test.ts',
  'src/invoicing/invoice-service.test.ts',
  'src/lib/http.test.ts',
  'src/lib/logger.test.ts',
  'src/lib/s3-presign.test.ts',
  'src/lib/s3-sdk-equality.test.ts',
  'src/lib/secrets-sdk-equality.test.ts',
  'src/mail/mailer.test.ts',
  'src/pdf/pdf-service.test.ts',
  'src/purchases/supplier-invoice-import.test.ts',
  'src/quotes/quote-sending.test.ts',
  'src/sending/send-failures.test.ts',
];

/** What both unit projects share. */
export const unitTest = {
  // Some unit tests load heavy modules on first use (the Factur-X stylesheets, pdfkit, every handler
  // module): a second or two here, more on a busy 2-core CI runner, where the 5 s default failed one.
  testTimeout: 30_000,
  // Writes carry the company aggregates, as in every handler (`src/aggregates/install.ts`).
  setupFiles: ['src/aggregates/install.ts'],
  env: {
    TABLE_NAME: 'btp-test',
    AWS_REGION: 'eu-west-3',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    LOG_LEVEL: 'silent',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  },
};

export default defineConfig({
  test: {
    ...unitTest,
    name: 'functions',
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.integ.test.ts', ...isolatedFiles],
    isolate: false,
  },
});
