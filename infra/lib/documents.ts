import { Duration } from 'aws-cdk-lib';
import type { RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import { PDF_PREVIEW_KEY_PREFIX } from '@btp/shared/document-pdf';
import { PRICE_LIST_KEY_PREFIX } from '@btp/shared/entities/library';

/**
 * Documents bucket object actions (`documents: 'read'` / `'write'`). Presigned URLs carry the signing
 * function's rights: a GET needs `GetObject`, the browser's POST needs `PutObject`. Document routes
 * also get `ListBucket` on the bucket, without which a HEAD on a missing key answers 403 instead of
 * 404 (the upload completion checks that the object exists).
 */
const documentsReadActions = ['s3:GetObject'];
const documentsWriteActions = [...documentsReadActions, 's3:PutObject', 's3:DeleteObject'];

export interface DocumentsProps {
  /** Receives the bucket's S3 access logs, under `documents/`. */
  readonly logsBucket: s3.IBucket;
  /** RETAIN in `prod`, DESTROY (objects included) elsewhere. */
  readonly removalPolicy: RemovalPolicy;
  readonly autoDeleteObjects: boolean;
}

/**
 * The documents bucket (files attached to records, uploaded and downloaded by the browser through
 * presigned URLs), the grants document routes get on it, and its CORS rule for the site's origin.
 *
 * Its resources are created with the stack as their scope, so that the bucket keeps its logical ID
 * (see `BtpStack`).
 */
export class Documents {
  readonly bucket: s3.Bucket;
  private readonly stack: Stack;

  constructor(stack: Stack, props: DocumentsProps) {
    this.stack = stack;
    this.bucket = new s3.Bucket(stack, 'DocumentsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: s3.BucketEncryption.S3_MANAGED,
      versioned: true,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 'documents/',
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(7) },
        { noncurrentVersionExpiration: Duration.days(90) },
        // A draft's "BROUILLON" PDF is made for one request and presigned for 5 minutes: gone the
        // next day, its versions too.
        {
          id: 'ExpireDraftPreviews',
          prefix: PDF_PREVIEW_KEY_PREFIX,
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
        // A supplier's price list and its checked rows serve one import (docs/library.md).
        {
          id: 'ExpirePriceLists',
          prefix: PRICE_LIST_KEY_PREFIX,
          expiration: Duration.days(2),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      removalPolicy: props.removalPolicy,
      autoDeleteObjects: props.autoDeleteObjects,
    });
  }

  /** Object access for a route's `documents: 'read'` / `'write'`, plus `ListBucket` (see above). */
  grant(role: iam.Role, access: 'read' | 'write'): void {
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: access === 'write' ? documentsWriteActions : documentsReadActions,
        resources: [this.bucket.arnForObjects('*')],
      }),
    );
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn] }),
    );
    NagSuppressions.addResourceSuppressions(
      role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Object keys are generated per document at run time, so object actions need a key wildcard; it covers this one bucket only, and tenancy is enforced by the handlers.',
          appliesTo: [
            `Resource::<${this.stack.getLogicalId(this.bucket.node.defaultChild as s3.CfnBucket)}.Arn>/*`,
          ],
        },
      ],
      true,
    );
  }

  /**
   * The browser posts uploads to the bucket itself (presigned POST) and may fetch downloads
   * (presigned GET): only the site's origin may do so, with only these methods.
   */
  allowBrowserAccessFrom(siteOrigin: string): void {
    this.bucket.addCorsRule({
      allowedOrigins: [siteOrigin],
      allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.HEAD, s3.HttpMethods.POST],
      allowedHeaders: ['*'],
      maxAge: 3600,
    });
  }
}
