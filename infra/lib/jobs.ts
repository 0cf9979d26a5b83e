import { Duration } from 'aws-cdk-lib';
import type { Stack } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { jobTag, type Functions } from './functions.js';

/** Value of {@link jobTag} on the daily reminders job's function. */
export const remindersJobTagValue = 'job:reminders-daily';

/** Module under `functions/src/handlers/` of the daily reminders job. */
export const remindersJobHandler = 'jobs/reminders-daily';

/** Value of {@link jobTag} on the e-invoicing network's sync job. */
export const einvoicingJobTagValue = 'job:einvoicing-sync';

/** Module under `functions/src/handlers/` of the e-invoicing network's sync job. */
export const einvoicingJobHandler = 'jobs/einvoicing-sync';

export interface JobsProps {
  readonly functions: Functions;
  /** The job's entry file (tests give a fixture). */
  readonly remindersEntry: string;
  /** The e-invoicing sync job's entry file. */
  readonly einvoicingEntry: string;
}

/**
 * The scheduled jobs (docs/reminders-notifications.md): the payment reminders, every day at 07:00
 * UTC (08:00 or 09:00 in France, a working hour), as an EventBridge rule invoking its function. The
 * function reads and writes the table (invoices, step markers, notifications) and reads the
 * documents bucket (the issued PDFs, archived once when an old invoice has none). Running it twice
 * sends nothing twice: each step is claimed by a conditional write before it is sent.
 */
export class Jobs {
  readonly reminders: lambda.Function;
  readonly remindersRule: events.Rule;
  readonly einvoicing: lambda.Function;
  readonly einvoicingRule: events.Rule;

  constructor(stack: Stack, props: JobsProps) {
    this.reminders = props.functions.add({
      constructId: 'RemindersDailyJob',
      entry: props.remindersEntry,
      description: 'Relances automatiques quotidiennes (J+7, J+15, J+30)',
      tagKey: jobTag,
      tagValue: remindersJobTagValue,
      memorySize: 1024,
      timeout: Duration.minutes(5),
      // It e-mails the reminders: SES from the stack's identity only (mail.ts).
      access: {
        table: 'write',
        documents: 'write',
        secrets: { sessionKey: false, setupToken: false },
        mail: true,
      },
    });
    this.remindersRule = new events.Rule(stack, 'RemindersDailySchedule', {
      description: 'Relances de paiement : une fois par jour',
      schedule: events.Schedule.cron({ minute: '0', hour: '7' }),
      targets: [new targets.LambdaFunction(this.reminders, { retryAttempts: 2 })],
    });

    // The e-invoicing network (docs/einvoicing-network.md, "The sync job"): every 15 minutes, each
    // company whose network is enabled submits what waits and reads what arrived (supplier invoices
    // imported into Achats: documents and pdfjs, hence 1 GB). Running it twice changes nothing: a
    // flow goes once, an incoming flow is handled once.
    this.einvoicing = props.functions.add({
      constructId: 'EinvoicingSyncJob',
      entry: props.einvoicingEntry,
      description: 'Facturation électronique : échanges avec les plateformes agréées',
      tagKey: jobTag,
      tagValue: einvoicingJobTagValue,
      memorySize: 1024,
      timeout: Duration.minutes(5),
      access: {
        table: 'write',
        documents: 'write',
        secrets: { sessionKey: false, setupToken: false },
        einvoicing: 'read',
      },
    });
    this.einvoicingRule = new events.Rule(stack, 'EinvoicingSyncSchedule', {
      description: 'Facturation électronique : toutes les 15 minutes',
      schedule: events.Schedule.rate(Duration.minutes(15)),
      targets: [new targets.LambdaFunction(this.einvoicing, { retryAttempts: 0 })],
    });
  }
}
