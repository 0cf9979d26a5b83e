import type { RouteDefinition } from '../routes.js';

/** Customer invoices: drafts, sending (gapless number), payment. */
export const invoicingRoutes: RouteDefinition[] = [];
