import type { RouteDefinition } from '../routes.js';

/** Projects (chantiers): list, create, read, update, delete. */
export const projectRoutes: RouteDefinition[] = [];
