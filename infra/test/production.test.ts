import type { Template } from 'aws-cdk-lib/assertions';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeId, routeKeyOf } from '@btp/shared/routes';
import type { RouteDefinition } from '@btp/shared/routes';
import { table as tableDefinition } from '@btp/shared/table';
import {
  authorizerTagValue,
  sessionKeySecretEnv,
  sessionPartitionPrefix,
  setupTokenSecretEnv,
} from '../lib/btp-stack.js';
import { metricsPerAlarm } from '../lib/monitoring.js';
import { routeSecrets } from '../lib/route-secrets.js';
import { routeStackId } from '../lib/route-stacks.js';
import {
  actionsOf,
  actionsOfFunction,
  appFunctions,
  jobFunctions,
  distributionConfig,
  environmentOf,
  expectNagClean,
  productLikeProps,
  productLikeRoutes,
  productLikeRouteTables,
  resourceById,
  resources,
  roleIdOf,
  statementsOfFunction,
  synth,
  tableWriteActions,
} from './support.js';
import type { Resource, Statement, Synthesized } from './support.js';

const nonPublic = productLikeRoutes.filter((route) => route.access !== 'public');
const documentWriteActions = ['s3:PutObject', 's3:DeleteObject'];

/** The logical id of the only resource of a type whose logical id starts with `prefix`. */
function logicalIdOf(template: Template, type: string, prefix: string): string {
  const ids = resources(template, type)
    .map(([id]) => id)
    .filter((id) => id.startsWith(prefix));
  expect(ids, `${type} ${prefix}`).toHaveLength(1);
  return ids[0] as string;
}

function statementResources(statement: Statement): unknown[] {
  return ([] as unknown[]).concat(statement.Resource);
}

describe('BtpStack in production, with a product-like route table', () => {
  let synthesized: Synthesized;
  let template: Template;
  let functions: Map<string, [string, Resource]>;
  let tableId: string;
  let documentsId: string;
  let sessionKeyId: string;
  let setupTokenId: string;
  beforeAll(() => {
    synthesized = synth(productLikeProps);
    ({ template } = synthesized);
    functions = appFunctions(template);
    tableId = logicalIdOf(template, 'AWS::DynamoDB::Table', 'Table');
    documentsId = logicalIdOf(template, 'AWS::S3::Bucket', 'DocumentsBucket');
    sessionKeyId = logicalIdOf(template, 'AWS::SecretsManager::Secret', 'SessionKey');
    setupTokenId = logicalIdOf(template, 'AWS::SecretsManager::Secret', 'SetupToken');
  });

  const functionOf = (route: RouteDefinition): [string, Resource] => {
    const found = functions.get(routeId(route));
    expect(found, routeId(route)).toBeDefined();
    return found as [string, Resource];
  };

  describe('routes', () => {
    it('creates one function per route and the authorizer, sized by the route table', () => {
      expect([...functions.keys()].sort()).toEqual(
        [...productLikeRoutes.map(routeId), authorizerTagValue].sort(),
      );
      for (const route of productLikeRoutes) {
        expect(functionOf(route)[1].Properties.MemorySize, routeId(route)).toBe(route.memoryMb ?? 256);
      }
    });

    it('puts the session authorizer on every non-public route and on no public one', () => {
      const [[authorizerId]] = resources(template, 'AWS::ApiGatewayV2::Authorizer') as [[string, Resource]];
      const routeResources = resources(template, 'AWS::ApiGatewayV2::Route');
      expect(routeResources).toHaveLength(productLikeRoutes.length);
      for (const route of productLikeRoutes) {
        const key = routeKeyOf(route);
        const matching = routeResources.filter(([, r]) => r.Properties.RouteKey === key);
        expect(matching, key).toHaveLength(1);
        const [[, resource]] = matching as [[string, Resource]];
        if (route.access === 'public') {
          expect(resource.Properties.AuthorizationType, key).toBe('NONE');
        } else {
          expect(resource.Properties, key).toMatchObject({
            AuthorizationType: 'CUSTOM',
            AuthorizerId: { Ref: authorizerId },
          });
        }
      }
      expect(nonPublic.length).toBeGreaterThan(0);
    });

    it('lets only API Gateway, from this API, invoke the authorizer', () => {
      const [authorizerFnId] = functions.get(authorizerTagValue) ?? [];
      const permissions = resources(template, 'AWS::Lambda::Permission').filter(
        ([, p]) =>
          JSON.stringify(p.Properties.FunctionName) ===
          JSON.stringify({ 'Fn::GetAtt': [authorizerFnId, 'Arn'] }),
      );
      expect(permissions).toHaveLength(1);
      expect(permissions[0]?.[1].Properties).toMatchObject({
        Action: 'lambda:InvokeFunction',
        Principal: 'apigateway.amazonaws.com',
      });
      expect(JSON.stringify(permissions[0]?.[1].Properties.SourceArn)).toContain('/authorizers/');
    });
  });

  describe('least privilege', () => {
    it('grants no service-wide wildcard action anywhere', () => {
      for (const [logicalId, policy] of resources(template, 'AWS::IAM::Policy')) {
        const statements = (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
        for (const action of actionsOf(statements.filter((s) => s.Effect === 'Allow'))) {
          expect(action, logicalId).not.toMatch(/^(\*|dynamodb:\*|s3:\*|secretsmanager:\*|logs:\*)$/);
        }
      }
    });

    it('lets functions write to their log group only, with no managed policy, sharing a role only with the same access', () => {
      const logGroups = resources(template, 'AWS::Logs::LogGroup').filter(([id]) =>
        id.startsWith('FunctionLogs'),
      );
      expect(logGroups).toHaveLength(1);
      const [[logGroupId]] = logGroups as [[string, Resource]];
      const accessOfRole = new Map<string, string>();
      const accessOf = (tag: string): string => {
        if (tag === authorizerTagValue) return 'authorizer';
        const route = productLikeRoutes.find((r) => routeId(r) === tag) as RouteDefinition;
        const secrets = routeSecrets(route.handler);
        return JSON.stringify({ table: route.table, documents: route.documents, secrets });
      };
      for (const [tag, [logicalId, fn]] of functions) {
        expect(fn.Properties.LoggingConfig, tag).toEqual({ LogGroup: { Ref: logGroupId } });
        const roleId = roleIdOf(fn);
        expect(resourceById(template, roleId).Properties.ManagedPolicyArns, tag).toBeUndefined();
        const previous = accessOfRole.get(roleId);
        if (previous !== undefined) expect(accessOf(tag), `${tag} shares ${roleId}`).toBe(previous);
        accessOfRole.set(roleId, accessOf(tag));
        const logStatements = statementsOfFunction(template, logicalId).filter((s) =>
          actionsOf([s]).some((action) => action.startsWith('logs:')),
        );
        expect(logStatements, tag).toEqual([
          expect.objectContaining({
            Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
            Resource: { 'Fn::GetAtt': [logGroupId, 'Arn'] },
          }),
        ]);
      }
      // Roles are shared: fewer roles than functions.
      expect(accessOfRole.size).toBeLessThan(functions.size);
    });

    it('keeps a route to 3 resources (function, integration, route), in the nested stack of its table', () => {
      const perRoute = [
        'AWS::Lambda::Function',
        'AWS::ApiGatewayV2::Integration',
        'AWS::ApiGatewayV2::Route',
      ];
      const routeResources = perRoute
        .map((type) => resources(template, type).length)
        .reduce((a, b) => a + b, 0);
      // Besides: the authorizer's function; the jobs' and the mail events' functions are counted
      // with CDK's helpers.
      const helpers = resources(template, 'AWS::Lambda::Function').length - functions.size;
      expect(routeResources).toBe(3 * productLikeRoutes.length + 1 + helpers);
      // Invoke permissions: the authorizer's (API Gateway), the daily job's, the e-invoicing sync's
      // and the mail events' (EventBridge); none per route (the API's invoke role, below).
      expect(resources(template, 'AWS::Lambda::Permission')).toHaveLength(4);

      // One nested stack per route table, holding its routes' 3 resources and nothing else; the
      // main stack holds what does not grow with the routes, and the nested stacks.
      const [main, ...nested] = synthesized.stacks;
      const countOf = (entry: { template: Template }) =>
        Object.keys(entry.template.toJSON().Resources as object).length;
      expect(nested.map((entry) => entry.path).sort()).toEqual(
        Object.keys(productLikeRouteTables)
          .map((table) => `Test/${routeStackId(table)}`)
          .sort(),
      );
      resources((main as { template: Template }).template, 'AWS::CloudFormation::Stack').forEach(
        ([, nestedStack]) => expect(nestedStack.Properties.TemplateURL).toBeDefined(),
      );
      for (const entry of nested) {
        const table = Object.keys(productLikeRouteTables).find(
          (name) => `Test/${routeStackId(name)}` === entry.path,
        ) as string;
        expect(countOf(entry), table).toBe(3 * (productLikeRouteTables[table]?.length ?? 0));
      }
      // The authorizer, the jobs and the mail events are the main stack's functions.
      const mainFunctions = resources((main as { template: Template }).template, 'AWS::Lambda::Function');
      expect(mainFunctions).toHaveLength(
        resources(template, 'AWS::Lambda::Function').length - productLikeRoutes.length,
      );
      const fixed = countOf(main as { template: Template }) - nested.length - mainFunctions.length;
      // What does not grow with the routes: 75 with the e-invoicing sync and the accounting export;
      // the main stack's budget is 250 (below).
      expect(fixed).toBeLessThan(100);
    });

    it("lets API Gateway invoke each route's function through one role, allowed to invoke those functions and nothing else", () => {
      const roleId = logicalIdOf(template, 'AWS::IAM::Role', 'ApiInvokeRole');
      expect(resourceById(template, roleId).Properties.AssumeRolePolicyDocument).toMatchObject({
        Statement: [
          { Action: 'sts:AssumeRole', Effect: 'Allow', Principal: { Service: 'apigateway.amazonaws.com' } },
        ],
      });
      const routeFunctionIds = new Set(
        productLikeRoutes.map((route) => (functions.get(routeId(route)) as [string, Resource])[0]),
      );
      const integrations = resources(template, 'AWS::ApiGatewayV2::Integration');
      expect(integrations).toHaveLength(productLikeRoutes.length);
      for (const [id, integration] of integrations) {
        expect(integration.Properties.CredentialsArn, id).toEqual({ 'Fn::GetAtt': [roleId, 'Arn'] });
        const uri = integration.Properties.IntegrationUri as { 'Fn::GetAtt': [string, string] };
        expect(routeFunctionIds.has(uri['Fn::GetAtt'][0]), id).toBe(true);
      }
      // Its policies (inline, or the managed ones CDK moves a large policy into), all together.
      const policies = [
        ...resources(template, 'AWS::IAM::Policy'),
        ...resources(template, 'AWS::IAM::ManagedPolicy'),
      ].filter(([, policy]) => JSON.stringify(policy.Properties.Roles ?? []).includes(`"${roleId}"`));
      const statements = policies.flatMap(
        ([, policy]) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement,
      );
      expect(new Set(actionsOf(statements))).toEqual(new Set(['lambda:InvokeFunction']));
      const invoked = statements.flatMap((statement) =>
        statementResources(statement).map(
          (resource) => (resource as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0],
        ),
      );
      expect(new Set(invoked)).toEqual(routeFunctionIds);
    });

    it('grants the table to the routes that declare it, read-only for reads, on the table and its indexes by name', () => {
      const tableArn = { 'Fn::GetAtt': [tableId, 'Arn'] };
      const expectedResources = [
        tableArn,
        ...tableDefinition.globalSecondaryIndexes.map((index) => ({
          'Fn::Join': ['', [tableArn, `/index/${index.indexName}`]],
        })),
      ];
      for (const route of productLikeRoutes) {
        const [logicalId] = functionOf(route);
        const statements = statementsOfFunction(template, logicalId).filter((s) =>
          actionsOf([s]).some((action) => action.startsWith('dynamodb:')),
        );
        const actions = actionsOf(statements);
        const key = routeId(route);
        if (route.table === 'none') {
          expect(actions, key).toEqual([]);
          continue;
        }
        expect(actions, key).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
        for (const statement of statements)
          expect(statementResources(statement), key).toEqual(expectedResources);
        const writes = actions.filter((action) => tableWriteActions.includes(action));
        if (route.table === 'read') expect(writes, key).toEqual([]);
        else expect(writes, key).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem']));
      }
    });

    it('lets the authorizer read the table and update session items only (their last use)', () => {
      const [logicalId] = functions.get(authorizerTagValue) as [string, Resource];
      const statements = statementsOfFunction(template, logicalId).filter((s) =>
        actionsOf([s]).some((action) => action.startsWith('dynamodb:')),
      );
      const writes = statements.filter((s) =>
        actionsOf([s]).some((action) => tableWriteActions.includes(action)),
      );
      expect(writes).toEqual([
        {
          Effect: 'Allow',
          Action: 'dynamodb:UpdateItem',
          Resource: { 'Fn::GetAtt': [tableId, 'Arn'] },
          Condition: {
            'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${sessionPartitionPrefix}*`] },
          },
        },
      ]);
      expect(actionsOf(statements)).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
    });

    it('never lets a GET route write, to the table or to the documents bucket', () => {
      const gets = productLikeRoutes.filter((route) => route.method === 'GET');
      expect(gets.some((route) => route.documents)).toBe(true);
      for (const route of gets) {
        const actions = actionsOfFunction(template, functionOf(route)[0]);
        for (const action of [...tableWriteActions, ...documentWriteActions]) {
          expect(actions, routeId(route)).not.toContain(action);
        }
      }
    });

    it('lets only document routes touch the documents bucket, and only that bucket', () => {
      const documentsArn = { 'Fn::GetAtt': [documentsId, 'Arn'] };
      for (const route of productLikeRoutes) {
        const [logicalId, fn] = functionOf(route);
        const key = routeId(route);
        const statements = statementsOfFunction(template, logicalId).filter((s) =>
          actionsOf([s]).some((action) => action.startsWith('s3:')),
        );
        if (!route.documents) {
          expect(statements, key).toEqual([]);
          expect(environmentOf(fn), key).not.toHaveProperty('DOCUMENTS_BUCKET');
          continue;
        }
        expect(environmentOf(fn).DOCUMENTS_BUCKET, key).toEqual({ Ref: documentsId });
        const objectActions =
          route.documents === 'write'
            ? ['s3:DeleteObject', 's3:GetObject', 's3:PutObject']
            : ['s3:GetObject'];
        expect(statements, key).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              Action: objectActions.length === 1 ? objectActions[0] : objectActions,
              Resource: { 'Fn::Join': ['', [documentsArn, '/*']] },
            }),
            expect.objectContaining({ Action: 's3:ListBucket', Resource: documentsArn }),
          ]),
        );
        expect(statements, key).toHaveLength(2);
      }
    });
  });

  describe('secrets', () => {
    it('generates the session key and the setup token at deploy time, without any value in the template', () => {
      for (const id of [sessionKeyId, setupTokenId]) {
        const secret = resourceById(template, id);
        expect(secret.Properties).not.toHaveProperty('SecretString');
        expect(secret.Properties.GenerateSecretString).toMatchObject({ ExcludePunctuation: true });
      }
      const sessionKey = resourceById(template, sessionKeyId).Properties.GenerateSecretString as {
        PasswordLength: number;
      };
      // 64 characters out of 62: about 380 bits for an HS256 key.
      expect(sessionKey.PasswordLength).toBeGreaterThanOrEqual(64);
    });

    it('lets only the authorizer, auth/ and setup/ routes read the session key, and only setup/create the setup token', () => {
      const expectations: [string, Resource, { sessionKey: boolean; setupToken: boolean }][] = [
        ...productLikeRoutes.map((route): [string, Resource, ReturnType<typeof routeSecrets>] => {
          const [logicalId, fn] = functionOf(route);
          return [logicalId, fn, routeSecrets(route.handler)];
        }),
        [
          ...(functions.get(authorizerTagValue) as [string, Resource]),
          { sessionKey: true, setupToken: false },
        ],
      ];
      // The route table under test exercises every case.
      expect(expectations.some(([, , e]) => e.setupToken)).toBe(true);
      expect(expectations.some(([, , e]) => e.sessionKey && !e.setupToken)).toBe(true);
      expect(expectations.some(([, , e]) => !e.sessionKey)).toBe(true);

      for (const [logicalId, fn, expected] of expectations) {
        const tag = String(fn.Properties.Description);
        const statements = statementsOfFunction(template, logicalId).filter((s) =>
          actionsOf([s]).some((action) => action.startsWith('secretsmanager:')),
        );
        const readable = statements.flatMap(statementResources);
        const expectedSecrets = [
          ...(expected.sessionKey ? [{ Ref: sessionKeyId }] : []),
          ...(expected.setupToken ? [{ Ref: setupTokenId }] : []),
        ];
        expect(readable, tag).toEqual(expectedSecrets);
        for (const statement of statements) {
          expect(actionsOf([statement]).sort(), tag).toEqual([
            'secretsmanager:DescribeSecret',
            'secretsmanager:GetSecretValue',
          ]);
        }
        // The ARNs, never the values.
        const environment = environmentOf(fn);
        if (expected.sessionKey) expect(environment[sessionKeySecretEnv], tag).toEqual({ Ref: sessionKeyId });
        else expect(environment, tag).not.toHaveProperty(sessionKeySecretEnv);
        if (expected.setupToken) expect(environment[setupTokenSecretEnv], tag).toEqual({ Ref: setupTokenId });
        else expect(environment, tag).not.toHaveProperty(setupTokenSecretEnv);
      }
    });

    it('outputs the setup token secret name, for `aws secretsmanager get-secret-value`', () => {
      const output = template.findOutputs('SetupTokenSecretName').SetupTokenSecretName as { Value: unknown };
      expect(JSON.stringify(output.Value)).toContain(setupTokenId);
    });
  });

  describe('alarms', () => {
    let topicId: string;
    let alarms: Resource[];
    beforeAll(() => {
      topicId = logicalIdOf(template, 'AWS::SNS::Topic', 'MonitoringAlarmTopic');
      alarms = resources(template, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm);
    });

    const metricsOf = (alarm: Resource) =>
      alarm.Properties.Metrics as {
        Id: string;
        Expression?: string;
        MetricStat?: { Metric: { MetricName: string; Namespace: string; Dimensions: unknown[] } };
      }[];
    const alarmsOn = (namespace: string, metricName: string) =>
      alarms.filter((alarm) =>
        metricsOf(alarm).some(
          (m) =>
            m.MetricStat?.Metric.Namespace === namespace && m.MetricStat.Metric.MetricName === metricName,
        ),
      );
    const watched = (alarmList: Resource[], metricName: string) =>
      alarmList.flatMap((alarm) =>
        metricsOf(alarm)
          .filter((m) => m.MetricStat?.Metric.MetricName === metricName)
          .map((m) => m.MetricStat?.Metric.Dimensions),
      );

    it('notifies the alarm topic when any alarm fires and when it recovers', () => {
      expect(alarms.length).toBeGreaterThan(0);
      for (const alarm of alarms) {
        expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
        expect(alarm.Properties.OKActions).toEqual([{ Ref: topicId }]);
        expect(metricsOf(alarm).length).toBeLessThanOrEqual(metricsPerAlarm + 1);
      }
    });

    it('watches the share of 5xx answers of the API', () => {
      const [alarm, ...others] = alarmsOn('AWS/ApiGateway', '5xx');
      expect(others).toEqual([]);
      expect(metricsOf(alarm as Resource).find((m) => m.Expression)?.Expression).toBe(
        '100 * FILL(errors, 0) / requests',
      );
      expect(watched([alarm as Resource], 'Count')).toHaveLength(1);
      expect(alarm?.Properties).toMatchObject({ Threshold: 5, TreatMissingData: 'notBreaching' });
    });

    it('watches errors and throttles of every function, the authorizer included', () => {
      const jobs = jobFunctions(template);
      // The daily reminders, the e-invoicing sync, the price-list import worker and the accounting
      // export's worker.
      expect(jobs.size).toBe(4);
      const mailEvents = resources(template, 'AWS::Lambda::Function').filter(([, fn]) =>
        String(fn.Properties.Description).startsWith('SES bounces and complaints'),
      );
      expect(mailEvents).toHaveLength(1);
      const expected = [...functions.values(), ...jobs.values(), ...mailEvents]
        .map(([logicalId]) => [{ Name: 'FunctionName', Value: { Ref: logicalId } }])
        .map((dimensions) => JSON.stringify(dimensions))
        .sort();
      for (const metricName of ['Errors', 'Throttles']) {
        const found = watched(alarmsOn('AWS/Lambda', metricName), metricName)
          .map((dimensions) => JSON.stringify(dimensions))
          .sort();
        expect(found, metricName).toEqual(expected);
      }
      // The routes', the authorizer, the jobs and the mail events' functions, in groups
      // each alarm within CloudWatch's 10 metrics.
      expect(alarmsOn('AWS/Lambda', 'Errors')).toHaveLength(
        Math.ceil((functions.size + jobs.size + mailEvents.length) / metricsPerAlarm),
      );
    });

    it('watches DynamoDB throttles on the table and on each index', () => {
      const dynamoAlarms = alarmsOn('AWS/DynamoDB', 'ReadThrottleEvents');
      for (const metricName of ['ReadThrottleEvents', 'WriteThrottleEvents']) {
        const dimensions = watched(dynamoAlarms, metricName).map((d) => JSON.stringify(d));
        expect(dimensions, metricName).toContain(
          JSON.stringify([{ Name: 'TableName', Value: { Ref: tableId } }]),
        );
        for (const index of tableDefinition.globalSecondaryIndexes) {
          expect(
            dimensions.some((d) => d.includes(`"${index.indexName}"`)),
            `${metricName} ${index.indexName}`,
          ).toBe(true);
        }
      }
    });

    it('encrypts the topic with a rotated key CloudWatch may use, and refuses plain HTTP', () => {
      const topic = resourceById(template, topicId);
      const keyId = (topic.Properties.KmsMasterKeyId as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const key = resourceById(template, keyId);
      expect(key.Properties.EnableKeyRotation).toBe(true);
      expect(JSON.stringify(key.Properties.KeyPolicy)).toContain('cloudwatch.amazonaws.com');
      template.hasResourceProperties('AWS::SNS::TopicPolicy', {
        Topics: [{ Ref: topicId }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
            Match.objectLike({ Effect: 'Allow', Principal: { Service: 'cloudwatch.amazonaws.com' } }),
          ]),
        },
      });
    });

    it('subscribes no e-mail address unless one is given', () => {
      template.resourceCountIs('AWS::SNS::Subscription', 0);
    });
  });

  describe('site', () => {
    it('writes CloudFront and bucket access logs, without cookies, to the logs bucket', () => {
      const logsId = logicalIdOf(template, 'AWS::S3::Bucket', 'LogsBucket');
      expect(distributionConfig(template).Logging).toEqual({
        Bucket: { 'Fn::GetAtt': [logsId, 'RegionalDomainName'] },
        IncludeCookies: false,
        Prefix: 'cloudfront/',
      });
      for (const prefix of ['SiteBucket', 'DocumentsBucket']) {
        const bucket = resourceById(template, logicalIdOf(template, 'AWS::S3::Bucket', prefix));
        expect(bucket.Properties.LoggingConfiguration, prefix).toMatchObject({
          DestinationBucketName: { Ref: logsId },
        });
      }
      template.hasResource('AWS::S3::Bucket', {
        DeletionPolicy: 'Retain',
        Properties: Match.objectLike({
          // CloudFront standard logging needs ACLs; the owner still owns every object.
          OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] },
          LoggingConfiguration: Match.absent(),
        }),
      });
    });

    it('aborts incomplete multipart uploads in every bucket', () => {
      for (const [logicalId, bucket] of resources(template, 'AWS::S3::Bucket')) {
        const rules = (bucket.Properties.LifecycleConfiguration as { Rules: Record<string, unknown>[] })
          .Rules;
        expect(
          rules.some((rule) => rule.AbortIncompleteMultipartUpload),
          logicalId,
        ).toBe(true);
      }
    });

    it('serves the default CloudFront domain when no custom domain is given', () => {
      const config = distributionConfig(template);
      expect(config).not.toHaveProperty('Aliases');
      expect(config).not.toHaveProperty('ViewerCertificate');
      template.hasOutput('SiteUrl', {
        Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.anyValue(), 'DomainName'] }]] },
      });
    });
  });

  it('passes the AwsSolutions checks, each suppression explained and used', () => {
    expectNagClean(synthesized);
  });
});
