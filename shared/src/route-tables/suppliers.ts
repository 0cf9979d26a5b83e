import type { RouteDefinition } from '../routes.js';

/** Suppliers and subcontractors: list, create, read, update, delete. */
export const supplierRoutes: RouteDefinition[] = [];
