import type { RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { TableAccess } from '@btp/shared/routes';
import { table as tableDefinition } from '@btp/shared/table';

/**
 * Partition key prefix of session items (`SESSION#<id>`, docs/data-model.md and
 * `functions/src/accounts/sessions.ts`): the only items the authorizer may update.
 */
export const sessionPartitionPrefix = 'SESSION#';

/** Table actions by route-table access level (`table: 'read'` / `'write'`). */
const tableReadActions = [
  'dynamodb:BatchGetItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
];
const tableWriteActions = [
  ...tableReadActions,
  'dynamodb:BatchWriteItem',
  'dynamodb:DeleteItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
];

export interface DataProps {
  /** `prod`: deletion protection on. */
  readonly isProd: boolean;
  /** RETAIN in `prod`, DESTROY elsewhere. */
  readonly removalPolicy: RemovalPolicy;
}

/**
 * The application's DynamoDB table, declared from `shared/src/table.ts` (keys, TTL attribute, global
 * secondary indexes; the local stack uses the same definition), and the IAM grants the route table
 * asks for on it.
 *
 * Like every part of `BtpStack`, its resources are created with the stack as their scope: the
 * table keeps the logical ID it had when the stack was one constructor (a construct of its own would
 * prefix it, and CloudFormation would replace the table).
 */
export class Data {
  readonly table: dynamodb.Table;
  /** Names of the table's global secondary indexes (their throttles are watched too). */
  readonly indexNames: readonly string[] = tableDefinition.globalSecondaryIndexes.map(
    (index) => index.indexName,
  );
  /** The table and each index, named: grants carry no `index/*` wildcard. */
  private readonly tableResources: string[];

  constructor(stack: Stack, props: DataProps) {
    this.table = new dynamodb.Table(stack, 'Table', {
      partitionKey: { name: tableDefinition.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: tableDefinition.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableDefinition.ttlAttribute,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      deletionProtection: props.isProd,
      removalPolicy: props.removalPolicy,
    });
    for (const index of tableDefinition.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
    this.tableResources = [
      this.table.tableArn,
      ...this.indexNames.map((indexName) => `${this.table.tableArn}/index/${indexName}`),
    ];
  }

  /** Read (or read and write) items of the table and its indexes, as the route table says. */
  grantTable(role: iam.IRole, access: TableAccess): void {
    if (access === 'none') return;
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: access === 'write' ? tableWriteActions : tableReadActions,
        resources: this.tableResources,
      }),
    );
  }

  /** `UpdateItem` on session items only (partition key `SESSION#…`): the authorizer's one write. */
  grantSessionUpdates(role: iam.IRole): void {
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:UpdateItem'],
        resources: [this.table.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${sessionPartitionPrefix}*`] },
        },
      }),
    );
  }
}
