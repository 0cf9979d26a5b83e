import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

/** A function to watch, with the label the alarm descriptions show (`GET /api/clients`, `authorizer`). */
export interface MonitoredFunction {
  readonly label: string;
  readonly fn: lambda.IFunction;
}

export interface MonitoringProps {
  readonly api: apigwv2.IHttpApi;
  readonly table: dynamodb.ITable;
  /** GSI names of the table: their throttles count too. */
  readonly indexNames: readonly string[];
  readonly functions: readonly MonitoredFunction[];
  /** Subscribed to the alarm topic when given (the address must confirm the subscription). */
  readonly alarmEmail?: string;
}

const period = Duration.minutes(5);
/** Share of API answers that are 5xx, in percent, over one period, that raises the alarm. */
export const api5xxRatePercent = 5;
/** Unhandled errors (crashes, timeouts) per period across a group of functions. Handlers answer
 * their own 500s, so an error counted by Lambda is a bug or a timeout. */
export const lambdaErrorsThreshold = 3;
/**
 * A CloudWatch alarm on a metric math expression takes at most 10 metrics, so the functions are
 * watched in groups of 10 (in route-table order), one errors alarm and one throttles alarm per group.
 * That costs 2 alarms per 10 routes instead of 2 per route, and the description names each group's
 * routes.
 */
export const metricsPerAlarm = 10;

/** The `alarmEmail` setting: undefined when not set; throws when it is not an e-mail address. */
export function validateAlarmEmail(email: string | undefined): string | undefined {
  if (!email) return undefined;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`Invalid alarmEmail "${email}".`);
  return email;
}

function groupsOf<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}

/** One time series adding up the given ones, point by point. */
function sumOf(metrics: readonly cloudwatch.IMetric[], label: string): cloudwatch.MathExpression {
  const usingMetrics: Record<string, cloudwatch.IMetric> = {};
  metrics.forEach((metric, i) => {
    usingMetrics[`m${i}`] = metric;
  });
  return new cloudwatch.MathExpression({
    expression: `SUM([${Object.keys(usingMetrics).join(', ')}])`,
    usingMetrics,
    label,
    period,
  });
}

/**
 * The alarm topic and the alarms: API 5xx rate, Lambda errors and throttles, DynamoDB throttles.
 * Every alarm notifies the topic when it fires and when it recovers.
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const stack = Stack.of(this);

    // CloudWatch can only publish to an encrypted topic when the key policy lets it use the key, and
    // the AWS-managed key (alias/aws/sns) has a policy nobody can change: alarms would fail silently.
    // Hence a customer-managed key (about 1 USD a month) with rotation.
    const key = new kms.Key(this, 'TopicKey', {
      description: `Encrypts the alarm notifications of ${stack.stackName}`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AllowCloudWatchAlarmsToPublish',
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );

    this.topic = new sns.Topic(this, 'AlarmTopic', {
      displayName: `BTP Gestion alarms (${stack.stackName})`,
      masterKey: key,
      enforceSSL: true,
    });
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AllowCloudWatchAlarmsOfThisAccount',
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          ArnLike: {
            'aws:SourceArn': stack.formatArn({
              service: 'cloudwatch',
              resource: 'alarm',
              resourceName: `${stack.stackName}-*`,
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          },
          StringEquals: { 'aws:SourceAccount': stack.account },
        },
      }),
    );
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));

    const action = new cwActions.SnsAction(this.topic);
    const addAlarm = (alarmId: string, alarmProps: cloudwatch.AlarmProps): void => {
      const alarm = new cloudwatch.Alarm(this, alarmId, alarmProps);
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      this.alarms.push(alarm);
    };

    // ---- API: share of 5xx answers --------------------------------------------------------------
    // Handlers answer their own 500s, which Lambda does not count as errors: only this sees them.
    addAlarm('Api5xxRate', {
      alarmName: `${stack.stackName}-api-5xx-rate`,
      alarmDescription: `More than ${api5xxRatePercent}% of API answers were 5xx in 2 of the last 3 periods of 5 minutes.`,
      metric: new cloudwatch.MathExpression({
        expression: '100 * FILL(errors, 0) / requests',
        usingMetrics: {
          errors: props.api.metricServerError({ period, statistic: 'Sum' }),
          requests: props.api.metricCount({ period, statistic: 'Sum' }),
        },
        label: 'API 5xx rate (%)',
        period,
      }),
      threshold: api5xxRatePercent,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      // No request, no data: nothing is wrong.
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    // ---- Lambda: errors and throttles, by groups of functions -----------------------------------
    const functionGroups = groupsOf(props.functions, metricsPerAlarm);
    functionGroups.forEach((group, index) => {
      const suffix = functionGroups.length > 1 ? `${index + 1}` : '';
      const names = group.map((entry) => entry.label).join(', ');
      addAlarm(`LambdaErrors${suffix}`, {
        alarmName: `${stack.stackName}-lambda-errors${suffix ? `-${suffix}` : ''}`,
        alarmDescription: `At least ${lambdaErrorsThreshold} unhandled errors or timeouts in 5 minutes in: ${names}.`,
        metric: sumOf(
          group.map((entry) => entry.fn.metricErrors({ period, statistic: 'Sum' })),
          'Lambda errors',
        ),
        threshold: lambdaErrorsThreshold,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      addAlarm(`LambdaThrottles${suffix}`, {
        alarmName: `${stack.stackName}-lambda-throttles${suffix ? `-${suffix}` : ''}`,
        alarmDescription: `Lambda refused invocations (concurrency limit) in: ${names}.`,
        metric: sumOf(
          group.map((entry) => entry.fn.metricThrottles({ period, statistic: 'Sum' })),
          'Lambda throttles',
        ),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    });

    // ---- DynamoDB: throttled reads and writes, table and indexes --------------------------------
    // On-demand tables still throttle past their per-partition or account limits.
    const throttleMetric = (metricName: string, index?: string): cloudwatch.IMetric =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: {
          TableName: props.table.tableName,
          ...(index === undefined ? {} : { GlobalSecondaryIndexName: index }),
        },
        period,
        statistic: 'Sum',
      });
    const throttleMetrics = [undefined, ...props.indexNames].flatMap((index) => [
      throttleMetric('ReadThrottleEvents', index),
      throttleMetric('WriteThrottleEvents', index),
    ]);
    const throttleGroups = groupsOf(throttleMetrics, metricsPerAlarm);
    throttleGroups.forEach((group, index) => {
      const suffix = throttleGroups.length > 1 ? `${index + 1}` : '';
      addAlarm(`TableThrottles${suffix}`, {
        alarmName: `${stack.stackName}-dynamodb-throttles${suffix ? `-${suffix}` : ''}`,
        alarmDescription: 'DynamoDB throttled reads or writes on the table or its indexes.',
        metric: sumOf(group, 'DynamoDB throttle events'),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    });
  }
}
