import type { RouteDefinition } from '../routes.js';

/** Dashboard figures. */
export const dashboardRoutes: RouteDefinition[] = [];
