import { existsSync } from 'node:fs';
import path from 'node:path';
import { Annotations, Duration, Fn, RemovalPolicy, Token } from 'aws-cdk-lib';
import type { Stack } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { NagSuppressions } from 'cdk-nag';
import { spaRewriteFunctionCode } from './spa-rewrite-function.js';

/** Vite's files under `assets/` carry a content hash in their name: they never change. */
const immutableAssets = 'public, max-age=31536000, immutable';

/** The `us-east-1` ACM certificate ARN CloudFront requires. */
const cloudFrontCertificateArn = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[A-Za-z0-9-]+$/;
const domainNamePattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The site's own domain name and its ACM certificate (us-east-1). */
export interface CustomDomain {
  readonly domainName: string;
  readonly certificateArn: string;
}

/** Both or neither; a lowercase host name; a us-east-1 certificate. Throws otherwise. */
export function validateCustomDomain(
  domainName: string | undefined,
  certificateArn: string | undefined,
): CustomDomain | undefined {
  if (!domainName && !certificateArn) return undefined;
  if (!domainName || !certificateArn) {
    throw new Error('A custom domain needs both domainName and certificateArn (context values).');
  }
  if (!Token.isUnresolved(domainName) && !domainNamePattern.test(domainName)) {
    throw new Error(`Invalid domainName "${domainName}": a lowercase host name such as gestion.example.fr.`);
  }
  if (!Token.isUnresolved(certificateArn) && !cloudFrontCertificateArn.test(certificateArn)) {
    throw new Error(
      `Invalid certificateArn "${certificateArn}": CloudFront needs an ACM certificate of region us-east-1 (arn:aws:acm:us-east-1:<account>:certificate/<id>).`,
    );
  }
  return { domainName, certificateArn };
}

export interface SiteProps {
  readonly stage: string;
  /** The HTTP API's endpoint (`https://<id>.execute-api.<region>.amazonaws.com`), served under `/api` and `/api/*`. */
  readonly apiEndpoint: string;
  /** The header and value CloudFront adds to every request to the API, which refuses any without it. */
  readonly originVerify: { readonly header: string; readonly value: string };
  /** Receives the site bucket's S3 access logs (`site/`) and CloudFront's standard logs (`cloudfront/`). */
  readonly logsBucket: s3.IBucket;
  readonly customDomain?: CustomDomain;
  /** Built SPA to upload (Vite's output); skipped, with a warning, when it has no `index.html`. */
  readonly frontendDist: string;
}

/**
 * What the browser reaches: the CloudFront distribution (the SPA by default, with the deep-link
 * CloudFront Function and the security headers; the API under `/api` and `/api/*`), the optional custom domain,
 * the private site bucket it reads through Origin Access Control, and the upload of the built SPA.
 *
 * Its resources are created with the stack as their scope, so that they keep their logical IDs (see
 * `BtpStack`).
 */
export class Site {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** `https://<custom domain>`, or `https://<id>.cloudfront.net` without one. */
  readonly url: string;
  private readonly stack: Stack;

  constructor(stack: Stack, props: SiteProps) {
    this.stack = stack;
    const { customDomain } = props;
    this.bucket = new s3.Bucket(stack, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: s3.BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 'site/',
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(7) }],
      // Only build output lives here: it is rebuilt from the repository, never kept.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const spaRewrite = new cloudfront.Function(stack, 'SpaRewrite', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(spaRewriteFunctionCode()),
      comment: 'SPA deep links to /index.html (default behaviour only)',
    });

    // Presigned uploads and downloads go straight to the documents bucket's regional endpoint.
    const s3Endpoints = `https://*.s3.${stack.region}.${stack.urlSuffix}`;
    const contentSecurityPolicy = [
      "default-src 'self'",
      "script-src 'self'",
      // antd injects its CSS-in-JS as <style> elements.
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob: ${s3Endpoints}`,
      "font-src 'self' data:",
      `connect-src 'self' ${s3Endpoints}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ');
    const hsts = {
      accessControlMaxAge: Duration.days(730),
      includeSubdomains: true,
      override: true,
    };
    const siteHeaders = new cloudfront.ResponseHeadersPolicy(stack, 'SiteHeaders', {
      comment: 'BTP Gestion SPA security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy, override: true },
        strictTransportSecurity: hsts,
        contentTypeOptions: { override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      },
    });
    // The handlers set their own headers; these are a second layer that cannot be forgotten.
    const apiHeaders = new cloudfront.ResponseHeadersPolicy(stack, 'ApiHeaders', {
      comment: 'BTP Gestion API security headers',
      securityHeadersBehavior: {
        strictTransportSecurity: hsts,
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      },
    });

    const apiDomain = Fn.select(2, Fn.split('/', props.apiEndpoint));
    const apiBehaviour: cloudfront.BehaviorOptions = {
      origin: new origins.HttpOrigin(apiDomain, {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
        // Replaces any value the viewer sent under that name.
        customHeaders: { [props.originVerify.header]: props.originVerify.value },
      }),
      // A redirect would turn a POST into a GET: plain HTTP is refused instead.
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: apiHeaders,
      compress: true,
    };
    this.distribution = new cloudfront.Distribution(stack, 'Distribution', {
      comment: `BTP Gestion (${props.stage})`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      ...(customDomain
        ? {
            domainNames: [customDomain.domainName],
            certificate: acm.Certificate.fromCertificateArn(
              stack,
              'Certificate',
              customDomain.certificateArn,
            ),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      // Standard logs, without cookies: the session cookie must never land in a log.
      enableLogging: true,
      logBucket: props.logsBucket,
      logFilePrefix: 'cloudfront/',
      logIncludesCookies: false,
      // No errorResponses on purpose: they would turn the API's 4xx JSON answers into index.html.
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: siteHeaders,
        compress: true,
        functionAssociations: [
          { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      // `/api/*` does not match `/api` itself: without its own behaviour it would get index.html.
      // Both reach the API, whose `$default` route answers the contract's 404 there.
      additionalBehaviors: { '/api/*': apiBehaviour, '/api': apiBehaviour },
    });
    NagSuppressions.addResourceSuppressions(this.distribution, [
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'No geo restriction: the customers are French building-trade companies whose staff also work from abroad (cross-border sites, travel); sign-in is what protects the data.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF web ACL by default: it costs at least ~6 USD a month plus per-request fees, a decision for the operator. The API has stage throttling, the sign-in has its own failure limit; a web ACL can be attached to the distribution later without changing the app.',
      },
      ...(customDomain
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum protocol CloudFront fixes at TLSv1. Set the domainName and certificateArn context values to get TLSv1.2_2021.',
            },
          ]),
    ]);
    this.url = customDomain
      ? `https://${customDomain.domainName}`
      : `https://${this.distribution.distributionDomainName}`;

    this.deploy(props.frontendDist);
  }

  /**
   * Uploads the built SPA: hashed files under `assets/` first, cached for a year, then the entry
   * files (index.html…) revalidated on every load, so a new index.html never points at missing files.
   * Old assets are kept (no prune) for browsers still running the previous version.
   */
  private deploy(dist: string): void {
    const { stack } = this;
    if (!existsSync(path.join(dist, 'index.html'))) {
      Annotations.of(stack).addWarningV2(
        'btp:frontend-not-built',
        `${dist}/index.html not found: the SPA is not deployed. Build the frontend, then synth again.`,
      );
      return;
    }
    const assetsDir = path.join(dist, 'assets');
    const assets = existsSync(assetsDir)
      ? new s3deploy.BucketDeployment(stack, 'DeploySiteAssets', {
          sources: [s3deploy.Source.asset(assetsDir)],
          destinationBucket: this.bucket,
          destinationKeyPrefix: 'assets/',
          cacheControl: [s3deploy.CacheControl.fromString(immutableAssets)],
          prune: false,
          memoryLimit: 512,
        })
      : undefined;
    const entryFiles = new s3deploy.BucketDeployment(stack, 'DeploySiteEntry', {
      sources: [s3deploy.Source.asset(dist, { exclude: ['assets', 'assets/**'] })],
      destinationBucket: this.bucket,
      cacheControl: [s3deploy.CacheControl.noCache()],
      prune: false,
      memoryLimit: 512,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    if (assets) entryFiles.node.addDependency(assets);
    this.suppressBucketDeploymentFindings();
  }

  /** CDK's BucketDeployment runs one shared Lambda function (a singleton) that CDK owns. */
  private suppressBucketDeploymentFindings(): void {
    for (const child of this.stack.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      NagSuppressions.addResourceSuppressions(
        child,
        [
          {
            id: 'AwsSolutions-L1',
            reason:
              "CDK's BucketDeployment handler: its Python runtime is chosen and tested by the aws-cdk-lib release, not by this project.",
          },
          {
            id: 'AwsSolutions-IAM4',
            reason:
              "CDK's BucketDeployment handler role uses AWSLambdaBasicExecutionRole for its logs; the construct offers no way to scope it.",
            appliesTo: [
              'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole',
            ],
          },
          {
            id: 'AwsSolutions-IAM5',
            reason:
              "CDK's BucketDeployment copies the build's files (unknown keys) from the CDK asset bucket to the site bucket and invalidates the distribution: the grants CDK generates need object wildcards on those two buckets.",
            appliesTo: [
              'Action::s3:GetObject*',
              'Action::s3:GetBucket*',
              'Action::s3:List*',
              'Action::s3:DeleteObject*',
              'Action::s3:Abort*',
              { regex: '/^Resource::arn:[^:]+:s3:::cdk-[a-z0-9]+-assets-<AWS::AccountId>-[^/]+/\\*$/' },
              { regex: '/^Resource::<SiteBucket[0-9A-F]+\\.Arn>/\\*$/' },
              'Resource::*',
            ],
          },
        ],
        true,
      );
    }
  }
}
