import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { routeId, type RouteDefinition } from '@btp/shared/routes';
import { jobTag, type Functions } from './functions.js';

/** Value of {@link jobTag} on the accounting export worker's function. */
export const accountingExportJobTagValue = 'job:accounting-export';

/** Module under `functions/src/handlers/` of the accounting export worker. */
export const accountingExportJobHandler = 'jobs/accounting-export';

export interface AccountingExportProps {
  readonly functions: Functions;
  /** The worker's entry file (tests give a fixture). */
  readonly entry: string;
  readonly routes: readonly RouteDefinition[];
  /** The route functions, by `routeId`. */
  readonly routeFunctions: ReadonlyMap<string, lambda.Function>;
}

/**
 * The accounting export worker (docs/accounting.md): invoked asynchronously by the routes marked
 * `exportJob` (`POST /api/accounting/exports`), it reads the company's invoices and supplier
 * invoices and writes the FEC and the CSV per journal to the documents bucket, for up to 15 minutes
 * with 2 GB (a year of 100,000 invoices: `docs/performance.md`). Asynchronous invocations are not
 * retried: a failure is recorded on the job (or seen by its stale heartbeat), and the person starts
 * the export again.
 */
export class AccountingExport {
  readonly worker: lambda.Function;

  constructor(props: AccountingExportProps) {
    this.worker = props.functions.add({
      constructId: 'AccountingExportJob',
      entry: props.entry,
      description: 'Export comptable (FEC et CSV par journal)',
      tagKey: jobTag,
      tagValue: accountingExportJobTagValue,
      memorySize: 2048,
      timeout: Duration.minutes(15),
      access: { table: 'write', documents: 'write', secrets: { sessionKey: false, setupToken: false } },
    });
    this.worker.configureAsyncInvoke({ retryAttempts: 0 });
    for (const route of props.routes) {
      if (!route.exportJob) continue;
      const fn = props.routeFunctions.get(routeId(route));
      if (!fn) continue;
      fn.addEnvironment('ACCOUNTING_EXPORT_FUNCTION', this.worker.functionName);
      // The function itself only (no `:*` of versions and aliases, which grantInvoke adds).
      fn.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.worker.functionArn] }),
      );
    }
  }
}
