/**
 * The route table: the single source of truth for the HTTP API.
 *
 * The CDK stack creates one Lambda function and one HTTP API route per entry; the local gateway
 * mounts the same entries. Adding a route is one line in its feature's table under
 * `route-tables/` plus one handler file under `functions/src/handlers/<handler>.ts` exporting
 * `handler`.
 */
import type { RouteDefinition } from './route-definition.js';
import { accountRoutes } from './route-tables/accounts.js';
import { clientRoutes } from './route-tables/clients.js';
import { companyRoutes } from './route-tables/company.js';
import { dashboardRoutes } from './route-tables/dashboard.js';
import { documentRoutes } from './route-tables/documents.js';
import { invoicingRoutes } from './route-tables/invoicing.js';
import { libraryRoutes } from './route-tables/library.js';
import { notificationRoutes } from './route-tables/notifications.js';
import { projectRoutes } from './route-tables/projects.js';
import { publicQuoteRoutes } from './route-tables/public-quotes.js';
import { purchaseRoutes } from './route-tables/purchases.js';
import { quoteRoutes } from './route-tables/quotes.js';
import { supplierRoutes } from './route-tables/suppliers.js';
import { fallbackRoutes, systemRoutes } from './route-tables/system.js';
import { workTrackingRoutes } from './route-tables/work-tracking.js';

export type { Access, FileInput, HttpMethod, RouteDefinition, TableAccess } from './route-definition.js';

/** Every route, feature by feature (`route-tables/`); the `$default` 404 route comes last. */
export const routes: readonly RouteDefinition[] = [
  ...systemRoutes,
  ...accountRoutes,
  ...companyRoutes,
  ...clientRoutes,
  ...supplierRoutes,
  ...projectRoutes,
  ...quoteRoutes,
  ...libraryRoutes,
  ...publicQuoteRoutes,
  ...purchaseRoutes,
  ...workTrackingRoutes,
  ...invoicingRoutes,
  ...documentRoutes,
  ...dashboardRoutes,
  ...notificationRoutes,
  ...fallbackRoutes,
];

/** The authorizer module under `functions/src/`, run before every non-public route. */
export const authorizerModule = 'authorizer/handler';

/** `GET /api/setup/status` → `GET_api_setup_status`: a stable, readable id per route. */
export function routeId(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  const path = route.path
    .replace(/\{([^}+]+)\+?\}/g, '$1')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  return `${route.method}_${path}`;
}

/** API Gateway's `$default` route: it serves every request no other route matches. */
export const defaultRoutePath = '$default';

/**
 * The route key API Gateway gives a route, in its configuration and in the events
 * (`event.routeKey`): `GET /api/clients/{id}`, or `$default`.
 */
export function routeKeyOf(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return route.path === defaultRoutePath ? defaultRoutePath : `${route.method} ${route.path}`;
}

export interface RouteMatch {
  route: RouteDefinition;
  pathParameters: Record<string, string>;
}

function specificity(route: RouteDefinition): number {
  // API Gateway prefers literal segments over parameters, parameters over greedy ones,
  // and a given method over ANY; `$default` only when nothing else matches.
  if (route.path === defaultRoutePath) return -1;
  const segments = route.path.split('/').filter(Boolean);
  let score = 0;
  for (const segment of segments) {
    if (segment.endsWith('+}')) score += 1;
    else if (segment.startsWith('{')) score += 10;
    else score += 100;
  }
  return score * 2 + (route.method === 'ANY' ? 0 : 1);
}

/**
 * Finds the route API Gateway would pick for a request, with its path parameters
 * (URL-decoded), or `undefined` when none matches (never with a `$default` route in the table).
 */
export function matchRoute(
  table: readonly RouteDefinition[],
  method: string,
  path: string,
): RouteMatch | undefined {
  const requestSegments = path.split('/').filter(Boolean);
  const candidates: RouteMatch[] = [];
  for (const route of table) {
    if (route.path === defaultRoutePath) {
      candidates.push({ route, pathParameters: {} });
      continue;
    }
    if (route.method !== 'ANY' && route.method !== method.toUpperCase()) continue;
    const routeSegments = route.path.split('/').filter(Boolean);
    const pathParameters: Record<string, string> = {};
    let matched = true;
    for (let i = 0; i < routeSegments.length; i += 1) {
      const segment = routeSegments[i] as string;
      const greedy = /^\{(.+)\+\}$/.exec(segment);
      if (greedy) {
        const rest = requestSegments.slice(i);
        if (rest.length === 0 || i !== routeSegments.length - 1) matched = false;
        else pathParameters[greedy[1] as string] = rest.map(safeDecode).join('/');
        break;
      }
      const value = requestSegments[i];
      if (value === undefined) {
        matched = false;
        break;
      }
      const param = /^\{(.+)\}$/.exec(segment);
      if (param) pathParameters[param[1] as string] = safeDecode(value);
      else if (segment !== value) {
        matched = false;
        break;
      }
      if (i === routeSegments.length - 1 && requestSegments.length !== routeSegments.length) {
        matched = false;
      }
    }
    if (matched) candidates.push({ route, pathParameters });
  }
  candidates.sort((a, b) => specificity(b.route) - specificity(a.route));
  return candidates[0];
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
