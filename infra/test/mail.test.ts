import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { remindersJobTagValue } from '../lib/btp-stack.js';
import { configurationSetName, validateMailSettings } from '../lib/mail.js';
import {
  actionsOfFunction,
  appFunctions,
  environmentOf,
  expectNagClean,
  productLikeProps,
  productWithFeaturesProps,
  resources,
  statementsOfFunction,
  synth,
} from './support.js';
import type { Resource, Synthesized } from './support.js';

let synthesized: Synthesized;

beforeAll(() => {
  // mailFrom: devis@dupont-batiment.fr, one route marked mail (quotes/send).
  synthesized = synth(productWithFeaturesProps);
});

const sesActions = (actions: string[]) => actions.filter((action) => action.startsWith('ses:'));

describe('e-mail (SES)', () => {
  it('verifies the domain of mailFrom with Easy DKIM, sending through the configuration set', () => {
    const { template } = synthesized;
    template.resourceCountIs('AWS::SES::EmailIdentity', 1);
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'dupont-batiment.fr',
      DkimSigningAttributes: Match.absent(),
      ConfigurationSetAttributes: { ConfigurationSetName: { Ref: Match.anyValue() } },
    });
    template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      Name: configurationSetName('prod'),
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
      DeliveryOptions: { TlsPolicy: 'REQUIRE' },
    });
  });

  it('publishes bounces and complaints to the default event bus, and a rule sends them to mail-events', () => {
    const { template } = synthesized;
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: ['bounce', 'complaint'],
        EventBridgeDestination: {
          EventBusArn: { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':event-bus/default$')])] },
        },
      },
    });
    const [[functionId]] = resources(template, 'AWS::Lambda::Function').filter(([, fn]) =>
      String(fn.Properties.Description).startsWith('SES bounces and complaints'),
    ) as [[string, unknown]];
    template.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: {
        source: ['aws.ses'],
        'detail-type': ['Email Bounced', 'Email Complaint Received'],
        detail: { mail: { tags: { 'ses:configuration-set': [configurationSetName('prod')] } } },
      },
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [functionId, 'Arn'] } })],
    });
    // The handler writes the table (client, notification) and may not send.
    expect(sesActions(actionsOfFunction(template, functionId))).toEqual([]);
    expect(actionsOfFunction(template, functionId)).toContain('dynamodb:PutItem');
  });

  it('lets only the routes marked mail send, from this identity, this configuration set and this address', () => {
    const { template } = synthesized;
    const functions = appFunctions(template);
    const [sendId, sendFn] = functions.get('POST_api_quotes_id_send')!;
    const sending = statementsOfFunction(template, sendId).filter((statement) =>
      ([] as string[]).concat(statement.Action).some((action) => action.startsWith('ses:')),
    );
    expect(sending).toHaveLength(1);
    const [statement] = sending;
    expect(([] as string[]).concat(statement!.Action).sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    expect(statement!.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'devis@dupont-batiment.fr' } });
    const resourcesJson = JSON.stringify(statement!.Resource);
    expect(resourcesJson).not.toContain('"*"');
    const [identityId] = Object.keys(template.findResources('AWS::SES::EmailIdentity'));
    expect(resourcesJson).toContain(`":identity/",{"Ref":"${identityId}"}`);
    expect(resourcesJson).toContain(`:configuration-set/${configurationSetName('prod')}`);
    expect((statement!.Resource as unknown[]).length).toBe(2);

    expect(environmentOf(sendFn)).toMatchObject({
      MAIL_FROM: 'devis@dupont-batiment.fr',
      MAIL_CONFIGURATION_SET: configurationSetName('prod'),
      APP_URL: expect.anything(),
    });
    expect(JSON.stringify(environmentOf(sendFn).APP_URL)).toContain('DomainName');

    for (const [tag, [logicalId, fn]] of functions) {
      if (tag === 'POST_api_quotes_id_send') continue;
      expect(sesActions(actionsOfFunction(template, logicalId)), tag).toEqual([]);
      expect(environmentOf(fn).MAIL_FROM, tag).toBeUndefined();
    }
  });

  it('lets the daily reminders job send too', () => {
    const { template } = synthesized;
    const [[jobId, job]] = resources(template, 'AWS::Lambda::Function').filter(([, fn]) =>
      JSON.stringify(fn.Properties.Tags ?? []).includes(remindersJobTagValue),
    ) as [[string, Resource]];
    expect(sesActions(actionsOfFunction(template, jobId)).sort()).toEqual([
      'ses:SendEmail',
      'ses:SendRawEmail',
    ]);
    expect(environmentOf(job).MAIL_FROM).toBe('devis@dupont-batiment.fr');
  });

  it('passes the AwsSolutions checks', () => {
    expectNagClean(synthesized);
  });

  it('can verify the address alone, and refuses a malformed address', () => {
    const { template } = synth({
      ...productLikeProps,
      mailFrom: 'Devis@Exemple.fr',
      mailIdentity: 'address',
    });
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'devis@exemple.fr' });
    expect(() => validateMailSettings({ mailFrom: 'devis@exemple.fr\r\nBcc: x@y.fr' })).toThrow(
      /Invalid mailFrom/,
    );
    expect(() => validateMailSettings({ mailFrom: 'pas une adresse' })).toThrow(/Invalid mailFrom/);
  });
});
