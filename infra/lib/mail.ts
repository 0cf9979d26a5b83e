import { Annotations, CfnOutput, Stack } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as ses from 'aws-cdk-lib/aws-ses';
import { NagSuppressions } from 'cdk-nag';
import { bundledCode } from './bundling.js';
import type { Data } from './data.js';
import { functionDefaults, type Functions } from './functions.js';

/** The sending address used when the `mailFrom` context is not given (synth and tests only). */
export const placeholderMailFrom = 'no-reply@btp-gestion.invalid';

export interface MailSettings {
  /** The address messages are sent from (`MAIL_FROM`); the company's name is its display name. */
  readonly mailFrom?: string;
  /**
   * What SES verifies: `domain` (default: the domain of {@link mailFrom}, with Easy DKIM, three
   * CNAME records to publish) or `address` (that one address, verified by a link SES e-mails;
   * enough to try in the sandbox).
   */
  readonly mailIdentity?: 'domain' | 'address';
}

/** Checks the mail settings; answers the sending address and the identity's name. */
export function validateMailSettings(settings: MailSettings): {
  mailFrom: string;
  identityName: string;
  kind: 'domain' | 'address';
  placeholder: boolean;
} {
  const mailFrom = (settings.mailFrom ?? placeholderMailFrom).trim().toLowerCase();
  if (!/^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(mailFrom)) {
    throw new Error(`Invalid mailFrom "${settings.mailFrom}": an address such as devis@example.fr.`);
  }
  const kind = settings.mailIdentity ?? 'domain';
  if (kind !== 'domain' && kind !== 'address') {
    throw new Error(`Invalid mailIdentity "${String(kind)}": domain or address.`);
  }
  const domain = mailFrom.slice(mailFrom.indexOf('@') + 1);
  return {
    mailFrom,
    identityName: kind === 'domain' ? domain : mailFrom,
    kind,
    placeholder: settings.mailFrom === undefined,
  };
}

export interface MailProps extends MailSettings {
  readonly stage: string;
}

/** The name of the configuration set of a stage, as the functions and the events rule name it. */
export const configurationSetName = (stage: string) => `btp-gestion-${stage}-mail`;

/** Module under `functions/src/handlers/` of the bounce and complaint handler. */
export const mailEventsHandler = 'mail/events';

/**
 * E-mail through Amazon SES (docs/mail.md): the sending identity, a configuration set whose
 * bounces and complaints go to EventBridge's default bus, a rule sending them to the `mail/events`
 * function (it records them on the client and notifies the company), and the permission to send,
 * given only to the functions of routes marked `mail` and limited to this identity, this
 * configuration set and this sending address.
 *
 * Created with the stack as scope (see `BtpStack`).
 */
export class Mail {
  readonly identity: ses.EmailIdentity;
  readonly configurationSet: ses.ConfigurationSet;
  readonly mailFrom: string;
  /** The configuration set's name, as a plain string (the event pattern and the ARN need one). */
  readonly configurationSetName: string;
  private readonly stack: Stack;
  private readonly senders: lambda.Function[] = [];
  private appUrl: string | undefined;

  constructor(stack: Stack, props: MailProps) {
    this.stack = stack;
    const settings = validateMailSettings(props);
    this.mailFrom = settings.mailFrom;
    this.configurationSetName = configurationSetName(props.stage);
    if (settings.placeholder) {
      Annotations.of(stack).addWarningV2(
        'btp:mailFrom',
        `No mailFrom context: messages would be sent from ${placeholderMailFrom}, which SES will refuse. Deploy with -c mailFrom=devis@your-domain (docs/mail.md).`,
      );
    }
    this.configurationSet = new ses.ConfigurationSet(stack, 'MailConfigurationSet', {
      configurationSetName: this.configurationSetName,
      reputationMetrics: true,
      // Addresses that bounced or complained are not tried again (account suppression list).
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
    });
    this.configurationSet.addEventDestination('MailEventsDestination', {
      destination: ses.EventDestination.eventBus(
        events.EventBus.fromEventBusName(stack, 'DefaultEventBus', 'default'),
      ),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
    this.identity = new ses.EmailIdentity(stack, 'MailIdentity', {
      identity:
        settings.kind === 'domain'
          ? ses.Identity.domain(settings.identityName)
          : ses.Identity.email(settings.identityName),
      configurationSet: this.configurationSet,
      ...(settings.kind === 'domain' ? { dkimIdentity: ses.DkimIdentity.easyDkim() } : {}),
    });
    if (settings.kind === 'domain') {
      this.identity.dkimRecords.forEach((record, index) => {
        new CfnOutput(stack, `MailDkimRecord${index + 1}`, {
          value: `${record.name} CNAME ${record.value}`,
          description: `DKIM record ${index + 1} of 3 to publish in the DNS of ${settings.identityName}`,
        });
      });
    }
  }

  /** The functions' environment for sending. */
  environment(): Record<string, string> {
    return {
      MAIL_FROM: this.mailFrom,
      MAIL_CONFIGURATION_SET: this.configurationSetName,
    };
  }

  /**
   * `ses:SendEmail` / `ses:SendRawEmail` on this identity and this configuration set only, from
   * this address only (SESv2 `SendEmail` is authorized on both resources).
   */
  grantSend(role: iam.IGrantable): void {
    role.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          this.identity.emailIdentityArn,
          Stack.of(this.stack).formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: this.configurationSetName,
          }),
        ],
        conditions: { StringEquals: { 'ses:FromAddress': this.mailFrom } },
      }),
    );
  }

  /** Records a function that sends, to give it `APP_URL` once the site's URL is known. */
  addSender(fn: lambda.Function): void {
    this.senders.push(fn);
    if (this.appUrl) fn.addEnvironment('APP_URL', this.appUrl);
  }

  /** The site's public URL (links in the messages), given to every sending function. */
  setAppUrl(url: string): void {
    this.appUrl = url;
    for (const fn of this.senders) fn.addEnvironment('APP_URL', url);
  }

  /**
   * The `mail/events` function and the rule that sends it this configuration set's bounces and
   * complaints from the default bus. It writes the table (the client's `emailStatus`, the
   * notification) and nothing else.
   */
  addEventsHandler(props: { functions: Functions; data: Data; entry: string }): lambda.Function {
    const role = new iam.Role(this.stack, 'MailEventsRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'BTP Gestion mail events (bounces, complaints)',
    });
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [props.functions.logGroup.logGroupArn],
      }),
    );
    props.data.grantTable(role, 'write');
    const fn = new lambda.Function(this.stack, 'MailEventsFunction', {
      code: bundledCode(props.entry),
      handler: functionDefaults.handler,
      runtime: functionDefaults.runtime,
      architecture: functionDefaults.architecture,
      memorySize: functionDefaults.memorySize,
      timeout: functionDefaults.timeout,
      description: 'SES bounces and complaints: recorded on the client, notified to the company',
      role,
      logGroup: props.functions.logGroup,
      environment: {
        TABLE_NAME: props.data.table.tableName,
        LOG_LEVEL: 'info',
      },
    });
    NagSuppressions.addResourceSuppressions(fn, [
      {
        id: 'AwsSolutions-L1',
        reason:
          'nodejs22.x, the runtime of every function of the stack (functionDefaults), a maintained LTS.',
      },
    ]);
    // Errors and throttles alarmed like every function's (Monitoring reads the list later).
    props.functions.monitored.push({ label: 'mail-events', fn });
    new events.Rule(this.stack, 'MailEventsRule', {
      description: 'SES bounces and complaints of the configuration set, to the mail-events function',
      eventPattern: {
        source: ['aws.ses'],
        detailType: ['Email Bounced', 'Email Complaint Received'],
        detail: { mail: { tags: { 'ses:configuration-set': [this.configurationSetName] } } },
      },
      targets: [new targets.LambdaFunction(fn, { retryAttempts: 4 })],
    });
    return fn;
  }
}
