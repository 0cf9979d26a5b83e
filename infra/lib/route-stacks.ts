import { NestedStack } from 'aws-cdk-lib';
import type { Stack } from 'aws-cdk-lib';
import type { RouteDefinition } from '@btp/shared/routes';

/** Route tables by feature, as `shared/src/routes.ts` exports them (`routeTables`). */
export type RouteTables = Readonly<Record<string, readonly RouteDefinition[]>>;

/** CloudFormation's quota: resources in one stack, a nested stack counting as one in its parent. */
export const stackResourceLimit = 500;
/**
 * What the tests let the main stack hold: half the quota. It holds the fixed resources (~75: table,
 * buckets, API, CloudFront, roles, secrets, queues, jobs), one nested stack per route table, the
 * invoke role's policies (one per 40 routes) and the alarms (two per 10 functions): about 120 with
 * 108 routes, and each further route costs it 0.25 on average.
 */
export const mainStackResourceBudget = 250;
/**
 * What the tests let a route table's nested stack hold: 3 resources a route (function, integration,
 * route), so 50 routes, a third of the quota. A table that outgrows it is split in two tables (two
 * features): that is a change to the route tables only.
 */
export const routeStackResourceBudget = 150;

/**
 * The construct id of a route table's nested stack, `Routes<Table>` (`RoutesWorkTracking`), which its
 * resource's logical id in the main stack and its name on AWS (`<stack>-RoutesWorkTracking…`) start
 * with.
 */
export function routeStackId(table: string): string {
  if (!/^[a-z][A-Za-z0-9]*$/.test(table)) {
    throw new Error(`Route table "${table}": its key must be a camelCase word (letters and digits).`);
  }
  return `Routes${table.charAt(0).toUpperCase()}${table.slice(1)}`;
}

/**
 * The nested stack of one route table: its routes' functions, integrations and routes
 * (`api.ts`). What they use of the main stack (the API, the authorizer, the roles, the log group,
 * the table's name…) reaches it as parameters, and what the main stack uses of them (each function's
 * ARN for the invoke role, its name for the alarms) comes back as outputs: CDK writes both.
 * `cdk deploy` deploys the nested stacks with the main one, as part of the same update.
 */
export class RouteStack extends NestedStack {
  constructor(scope: Stack, table: string, stage: string) {
    super(scope, routeStackId(table), {
      description: `BTP Gestion (${stage}): the routes of the "${table}" route table`,
    });
  }
}
