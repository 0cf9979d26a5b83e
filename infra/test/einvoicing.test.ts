import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import type { RouteDefinition } from '@btp/shared/routes';
import { routeId } from '@btp/shared/routes';
import { einvoicingJobTagValue } from '../lib/btp-stack.js';
import {
  actionsOfFunction,
  appFunctions,
  environmentOf,
  expectNagClean,
  jobFunctions,
  einvoicingRoutes,
  productLikeRoutes,
  productWithFeaturesProps,
  resources,
  statementsOfFunction,
  synth,
  type Resource,
  type Synthesized,
} from './support.js';

const secretActions = (actions: string[]) =>
  actions.filter((action) => action.startsWith('secretsmanager:')).sort();

/** The Secrets Manager resources a function's role may act on. */
function secretResources(template: Template, functionId: string): string[] {
  return statementsOfFunction(template, functionId)
    .filter((statement) =>
      ([] as string[]).concat(statement.Action).some((action) => action.startsWith('secretsmanager:')),
    )
    .flatMap((statement) =>
      ([] as unknown[]).concat(statement.Resource).map((resource) => JSON.stringify(resource)),
    );
}

describe('the e-invoicing network in the stack (docs/einvoicing-network.md, docs/deploy.md)', () => {
  let synthesized: Synthesized;
  let template: Template;
  let functions: Map<string, [string, Resource]>;
  beforeAll(() => {
    // The stage is prod (the secrets' prefix below).
    synthesized = synth(productWithFeaturesProps);
    ({ template } = synthesized);
    functions = appFunctions(template);
  });

  const fnOf = (route: RouteDefinition): [string, Resource] => {
    const found = functions.get(routeId(route));
    expect(found, routeId(route)).toBeDefined();
    return found as [string, Resource];
  };

  it('lets the settings route create and replace the companies’ platform secrets, under the stage’s prefix only', () => {
    const [id, fn] = fnOf(einvoicingRoutes[1] as RouteDefinition);
    expect(secretActions(actionsOfFunction(template, id))).toEqual([
      'secretsmanager:CreateSecret',
      'secretsmanager:DescribeSecret',
      'secretsmanager:GetSecretValue',
      'secretsmanager:PutSecretValue',
    ]);
    const [resource] = secretResources(template, id);
    expect(resource).toContain(':secret:btp-gestion/prod/einvoicing/*');
    expect(secretResources(template, id)).toHaveLength(1);
    expect(environmentOf(fn).EINVOICING_SECRET_PREFIX).toBe('btp-gestion/prod/einvoicing/');
  });

  it('lets the routes that call the platform read them, and the others not touch them', () => {
    const [payId, pay] = fnOf(einvoicingRoutes[2] as RouteDefinition);
    expect(secretActions(actionsOfFunction(template, payId))).toEqual([
      'secretsmanager:DescribeSecret',
      'secretsmanager:GetSecretValue',
    ]);
    expect(environmentOf(pay).EINVOICING_SECRET_PREFIX).toBe('btp-gestion/prod/einvoicing/');
    const [getId, get] = fnOf(einvoicingRoutes[0] as RouteDefinition);
    expect(secretActions(actionsOfFunction(template, getId))).toEqual([]);
    expect(environmentOf(get).EINVOICING_SECRET_PREFIX).toBeUndefined();
    const clients = productLikeRoutes.find((route) => route.handler === 'clients/list') as RouteDefinition;
    expect(secretActions(actionsOfFunction(template, fnOf(clients)[0]))).toEqual([]);
  });

  it('runs the sync job every 15 minutes: 5 minutes, 1 GB, the table, the documents, the secrets read', () => {
    const found = jobFunctions(template).get(einvoicingJobTagValue);
    expect(found).toBeDefined();
    const [jobId, job] = found as [string, Resource];
    expect(job.Properties).toMatchObject({ Runtime: 'nodejs22.x', Timeout: 300, MemorySize: 1024 });
    const rules = resources(template, 'AWS::Events::Rule').filter(([, rule]) =>
      ((rule.Properties.Targets ?? []) as { Arn: unknown }[]).some(
        (target) => JSON.stringify(target.Arn) === JSON.stringify({ 'Fn::GetAtt': [jobId, 'Arn'] }),
      ),
    );
    expect(rules.map(([, rule]) => rule.Properties.ScheduleExpression)).toEqual(['rate(15 minutes)']);
    const actions = actionsOfFunction(template, jobId);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:UpdateItem', 's3:GetObject', 's3:PutObject']));
    expect(secretActions(actions)).toEqual([
      'secretsmanager:DescribeSecret',
      'secretsmanager:GetSecretValue',
    ]);
    expect(environmentOf(job).EINVOICING_SECRET_PREFIX).toBe('btp-gestion/prod/einvoicing/');
    // No session key, no setup token, no e-mail.
    expect(environmentOf(job).SESSION_KEY_SECRET_ARN).toBeUndefined();
    expect(actions.some((action) => action.startsWith('ses:'))).toBe(false);
  });

  it('is cdk-nag clean, the prefix’s wildcard explained', () => {
    expectNagClean(synthesized);
  });
});
