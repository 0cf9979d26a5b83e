import { beforeAll, describe, expect, it } from 'vitest';
import { routeId, type RouteDefinition } from '@btp/shared/routes';
import {
  accountingExportJobTagValue,
  libraryImportJobTagValue,
  remindersJobTagValue,
} from '../lib/btp-stack.js';
import {
  actionsOfFunction,
  environmentOf,
  jobFunctions,
  exportRoute,
  productLikeProps,
  productLikeRoutes,
  productWithFeaturesProps,
  resources,
  statementsOfFunction,
  synth,
  type Resource,
  type Synthesized,
} from './support.js';
import type { Template } from 'aws-cdk-lib/assertions';

describe('the daily reminders job (docs/reminders-notifications.md)', () => {
  let synthesized: Synthesized;
  let template: Template;
  let jobId: string;
  let job: Resource;
  beforeAll(() => {
    synthesized = synth(productLikeProps);
    ({ template } = synthesized);
    const found = jobFunctions(template).get(remindersJobTagValue);
    expect(found).toBeDefined();
    [jobId, job] = found as [string, Resource];
  });

  it('is a function of its own, with time for every company (5 minutes) and the PDF renderer’s memory', () => {
    expect(job.Properties).toMatchObject({ Runtime: 'nodejs22.x', Timeout: 300, MemorySize: 1024 });
  });

  it('is run once a day by an EventBridge rule that targets it', () => {
    const rules = resources(template, 'AWS::Events::Rule');
    const daily = rules.filter(([, rule]) =>
      ((rule.Properties.Targets ?? []) as { Arn: unknown }[]).some(
        (target) => JSON.stringify(target.Arn) === JSON.stringify({ 'Fn::GetAtt': [jobId, 'Arn'] }),
      ),
    );
    expect(daily).toHaveLength(1);
    expect(daily[0]?.[1].Properties).toMatchObject({
      ScheduleExpression: 'cron(0 7 * * ? *)',
      State: 'ENABLED',
    });
    const [ruleId] = daily[0]!;
    const permissions = resources(template, 'AWS::Lambda::Permission').filter(
      ([, permission]) =>
        JSON.stringify(permission.Properties.FunctionName) ===
        JSON.stringify({ 'Fn::GetAtt': [jobId, 'Arn'] }),
    );
    expect(permissions.map(([, permission]) => permission.Properties)).toEqual([
      expect.objectContaining({
        Action: 'lambda:InvokeFunction',
        Principal: 'events.amazonaws.com',
        SourceArn: { 'Fn::GetAtt': [ruleId, 'Arn'] },
      }),
    ]);
  });

  it('writes the table and reads the documents, and reads no secret', () => {
    const actions = actionsOfFunction(template, jobId);
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:Query']),
    );
    expect(actions).toEqual(expect.arrayContaining(['s3:GetObject', 's3:PutObject']));
    expect(actions.some((action) => action.startsWith('secretsmanager:'))).toBe(false);
  });
});

describe('the price-list import worker (docs/library.md)', () => {
  let template: Template;
  let workerId: string;
  let worker: Resource;
  beforeAll(() => {
    ({ template } = synth(productLikeProps));
    const found = jobFunctions(template).get(libraryImportJobTagValue);
    expect(found).toBeDefined();
    [workerId, worker] = found as [string, Resource];
  });

  it('has 15 minutes per message, and the queue hides a message longer than that, with a dead-letter queue', () => {
    expect(worker.Properties).toMatchObject({ Runtime: 'nodejs22.x', Timeout: 900, MemorySize: 1024 });
    const queues = resources(template, 'AWS::SQS::Queue');
    const main = queues.find(([, queue]) => queue.Properties.RedrivePolicy !== undefined);
    expect(main?.[1].Properties).toMatchObject({
      VisibilityTimeout: 960,
      RedrivePolicy: { maxReceiveCount: 5 },
    });
    const mappings = resources(template, 'AWS::Lambda::EventSourceMapping');
    expect(mappings.map(([, mapping]) => mapping.Properties)).toEqual([
      expect.objectContaining({
        BatchSize: 1,
        FunctionName: { Ref: workerId },
        EventSourceArn: { 'Fn::GetAtt': [main?.[0], 'Arn'] },
      }),
    ]);
  });

  it('is the only function that reads the queue; the import route may only send to it', () => {
    const consumers = resources(template, 'AWS::IAM::Policy').filter(([, policy]) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes('sqs:ReceiveMessage'),
    );
    expect(consumers).toHaveLength(1);
    expect(actionsOfFunction(template, workerId)).toEqual(
      expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:SendMessage']),
    );
  });
});

describe('the accounting export worker (docs/accounting.md)', () => {
  let template: Template;
  let workerId: string;
  let worker: Resource;
  beforeAll(() => {
    ({ template } = synth(productWithFeaturesProps));
    const found = jobFunctions(template).get(accountingExportJobTagValue);
    expect(found).toBeDefined();
    [workerId, worker] = found as [string, Resource];
  });

  const functionOfRoute = (route: RouteDefinition): [string, Resource] => {
    const found = resources(template, 'AWS::Lambda::Function').find(([, fn]) =>
      ((fn.Properties.Tags ?? []) as { Key: string; Value: string }[]).some(
        (tag) => tag.Value === routeId(route),
      ),
    );
    expect(found, routeId(route)).toBeDefined();
    return found as [string, Resource];
  };
  const invokesWorker = (functionId: string) =>
    statementsOfFunction(template, functionId).some(
      (statement) =>
        ([] as unknown[]).concat(statement.Action).includes('lambda:InvokeFunction') &&
        JSON.stringify(statement.Resource) === JSON.stringify({ 'Fn::GetAtt': [workerId, 'Arn'] }),
    );

  it('has 15 minutes and 2 GB, and is not retried (the job records its failure)', () => {
    expect(worker.Properties).toMatchObject({ Runtime: 'nodejs22.x', Timeout: 900, MemorySize: 2048 });
    const configs = resources(template, 'AWS::Lambda::EventInvokeConfig').filter(
      ([, config]) => JSON.stringify(config.Properties.FunctionName) === JSON.stringify({ Ref: workerId }),
    );
    expect(configs.map(([, config]) => config.Properties.MaximumRetryAttempts)).toEqual([0]);
  });

  it('is invoked by the export route only, which gets its name', () => {
    const [routeFunctionId, routeFunction] = functionOfRoute(exportRoute);
    expect(environmentOf(routeFunction).ACCOUNTING_EXPORT_FUNCTION).toEqual({ Ref: workerId });
    expect(invokesWorker(routeFunctionId)).toBe(true);
    for (const route of productLikeRoutes) {
      const [otherId, other] = functionOfRoute(route);
      expect(invokesWorker(otherId), routeId(route)).toBe(false);
      expect(environmentOf(other).ACCOUNTING_EXPORT_FUNCTION, routeId(route)).toBeUndefined();
    }
  });
});
