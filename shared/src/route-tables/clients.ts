import type { RouteDefinition } from '../routes.js';

/** Clients: list, create, read, update, delete. */
export const clientRoutes: RouteDefinition[] = [];
