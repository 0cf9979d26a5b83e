import type { RouteDefinition } from '../routes.js';

/** Customer quotes, their lines and sending. */
export const quoteRoutes: RouteDefinition[] = [];
