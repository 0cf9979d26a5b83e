import { rmSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackSettings } from '../lib/context.js';
import { routeSecrets } from '../lib/route-secrets.js';
import {
  distributionConfig,
  expectNagClean,
  fakeFrontendBuild,
  productLikeProps,
  resources,
  synth,
} from './support.js';
import type { Resource, Synthesized } from './support.js';

const domainName = 'gestion.example.fr';

function tagsOf(resource: Resource): unknown[] {
  return (resource.Properties.Tags ?? []) as unknown[];
}
const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';

describe('BtpStack outside prod, with a custom domain, an alarm e-mail and a built SPA', () => {
  let synthesized: Synthesized;
  let template: Template;
  let dist: string;
  beforeAll(() => {
    dist = fakeFrontendBuild();
    synthesized = synth({
      ...productLikeProps,
      stage: 'dev',
      frontendDist: dist,
      domainName,
      certificateArn,
      alarmEmail: 'ops@example.fr',
    });
    ({ template } = synthesized);
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('serves the custom domain with its us-east-1 certificate and TLS 1.2 at least', () => {
    expect(distributionConfig(template)).toMatchObject({
      Aliases: [domainName],
      ViewerCertificate: {
        AcmCertificateArn: certificateArn,
        MinimumProtocolVersion: 'TLSv1.2_2021',
        SslSupportMethod: 'sni-only',
      },
    });
    template.hasOutput('SiteUrl', { Value: `https://${domainName}` });
  });

  it('lets only the custom domain use the documents bucket from a browser', () => {
    const [[, documents]] = resources(template, 'AWS::S3::Bucket').filter(([id]) =>
      id.startsWith('DocumentsBucket'),
    ) as [[string, Resource]];
    expect(documents.Properties.CorsConfiguration).toEqual({
      CorsRules: [
        {
          AllowedOrigins: [`https://${domainName}`],
          AllowedMethods: ['GET', 'HEAD', 'POST'],
          AllowedHeaders: ['*'],
          MaxAge: 3600,
        },
      ],
    });
  });

  it('subscribes the alarm e-mail to the alarm topic', () => {
    template.resourceCountIs('AWS::SNS::Subscription', 1);
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.fr',
    });
  });

  it('lets data go with the stack outside prod', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
    for (const [logicalId, bucket] of resources(template, 'AWS::S3::Bucket')) {
      expect(bucket.DeletionPolicy, logicalId).toBe('Delete');
      expect(tagsOf(bucket), logicalId).toContainEqual({ Key: 'aws-cdk:auto-delete-objects', Value: 'true' });
    }
  });

  it('uploads the built SPA: hashed assets first, immutable, then the entry files, no-cache, with an invalidation', () => {
    const deployments = resources(template, 'Custom::CDKBucketDeployment');
    expect(deployments).toHaveLength(2);
    const assets = deployments.find(([, d]) => d.Properties.DestinationBucketKeyPrefix === 'assets/');
    const entry = deployments.find(([, d]) => d.Properties.DestinationBucketKeyPrefix === undefined);
    expect(assets?.[1].Properties).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    expect(entry?.[1].Properties).toMatchObject({
      Prune: false,
      DistributionPaths: ['/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    expect(entry?.[1].DependsOn).toEqual(expect.arrayContaining([assets?.[0]]));
  });

  it('passes the AwsSolutions checks with the SPA deployment, each suppression explained and used', () => {
    expectNagClean(synthesized);
  });
});

describe('BtpStack without routes (withoutRoutes=true, the upgrade to nested stacks)', () => {
  it('keeps the API, the table, the buckets and the jobs, with no route, no route stack and no authorizer', () => {
    const synthesized = synth({ ...productLikeProps, routeTables: {} });
    const [main, ...nested] = synthesized.stacks;
    expect(nested).toEqual([]);
    for (const type of [
      'AWS::ApiGatewayV2::Route',
      'AWS::ApiGatewayV2::Authorizer',
      'AWS::IAM::ManagedPolicy',
    ]) {
      main?.template.resourceCountIs(type, 0);
    }
    for (const type of ['AWS::ApiGatewayV2::Api', 'AWS::DynamoDB::Table', 'AWS::CloudFront::Distribution']) {
      main?.template.resourceCountIs(type, 1);
    }
    main?.template.resourceCountIs('AWS::S3::Bucket', 3);
    expectNagClean(synthesized);
  });
});

describe('BtpStack options', () => {
  it('refuses half a custom domain, a certificate outside us-east-1 and a malformed e-mail', () => {
    // Validation happens before any function is bundled: these are cheap.
    expect(() => synth({ domainName })).toThrow(/both domainName and certificateArn/);
    expect(() => synth({ certificateArn })).toThrow(/both domainName and certificateArn/);
    expect(() =>
      synth({ domainName, certificateArn: certificateArn.replace('us-east-1', 'eu-west-3') }),
    ).toThrow(/us-east-1/);
    expect(() => synth({ domainName: 'Not A Domain', certificateArn })).toThrow(/Invalid domainName/);
    expect(() => synth({ alarmEmail: 'ops' })).toThrow(/Invalid alarmEmail/);
  });
});

describe('routeSecrets (handler name convention)', () => {
  it('gives the session key to auth/ and setup/ handlers, the setup token to setup/create only', () => {
    expect(routeSecrets('auth/login')).toEqual({ sessionKey: true, setupToken: false });
    expect(routeSecrets('auth/logout')).toEqual({ sessionKey: true, setupToken: false });
    expect(routeSecrets('setup/create')).toEqual({ sessionKey: true, setupToken: true });
    expect(routeSecrets('setup/status')).toEqual({ sessionKey: true, setupToken: false });
    expect(routeSecrets('clients/list')).toEqual({ sessionKey: false, setupToken: false });
    expect(routeSecrets('admin/auth-stats')).toEqual({ sessionKey: false, setupToken: false });
    expect(routeSecrets('health/get')).toEqual({ sessionKey: false, setupToken: false });
  });
});

describe('stackSettings (CDK context)', () => {
  it('defaults to the prod stage in Paris, with no custom domain and no alarm e-mail', () => {
    const { stackName, props } = stackSettings(new App({ context: { stage: 'prod', region: 'eu-west-3' } }));
    expect(stackName).toBe('btp-gestion-prod');
    expect(props).toMatchObject({ stage: 'prod', env: { region: 'eu-west-3' } });
    expect(props.domainName).toBeUndefined();
    expect(props.certificateArn).toBeUndefined();
    expect(props.alarmEmail).toBeUndefined();
  });

  it('passes the custom domain, its certificate and the alarm e-mail from the context', () => {
    const app = new App({
      context: {
        stage: 'staging',
        region: 'eu-west-1',
        domainName,
        certificateArn,
        alarmEmail: 'ops@example.fr',
      },
    });
    const { stackName, props } = stackSettings(app);
    expect(stackName).toBe('btp-gestion-staging');
    expect(props).toMatchObject({
      stage: 'staging',
      env: { region: 'eu-west-1' },
      domainName,
      certificateArn,
      alarmEmail: 'ops@example.fr',
    });
  });

  it('refuses a stage that cannot name a stack', () => {
    expect(() => stackSettings(new App({ context: { stage: 'Prod_1' } }))).toThrow(/Invalid stage/);
  });

  it('deploys the shared route tables, or none at all with withoutRoutes=true (the upgrade to nested stacks)', () => {
    expect(stackSettings(new App({ context: { stage: 'prod' } })).props.routeTables).toBeUndefined();
    expect(
      stackSettings(new App({ context: { stage: 'prod', withoutRoutes: 'true' } })).props.routeTables,
    ).toEqual({});
    expect(() => stackSettings(new App({ context: { withoutRoutes: 'yes' } }))).toThrow(
      /Invalid withoutRoutes/,
    );
  });
});
