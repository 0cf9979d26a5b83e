import type { RouteDefinition } from '../routes.js';

/** Supplier price requests (select) and supplier invoices. */
export const purchaseRoutes: RouteDefinition[] = [];
