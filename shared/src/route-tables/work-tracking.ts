import type { RouteDefinition } from '../routes.js';

/** Work progress reports and their validate / sign transitions. */
export const workTrackingRoutes: RouteDefinition[] = [];
