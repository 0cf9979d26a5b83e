import * as z from './lazy-zod.js';

import { dashboardStatsSchema } from './dashboard-stats.js';

// Re-exported from a module without zod, which the function imports (issue 27: it starts without zod).
export { dashboardWidgetSizes } from './dashboard-widget-sizes.js';

/** Money as a decimal string ("1234.50"), as in the stats' `raw`. */
const money = z.string();

/**
 * What the dashboard's widgets show, computed by the server (GET /api/dashboard/stats, `widgets`):
 * the few records each widget lists and every figure beside them, so that the browser never adds up
 * a list (which the API cuts at 1,000 records).
 */
export const dashboardWidgetsSchema = z.object({
  /** Every project of the company ('sur N projets' under 'Projets Actifs'). */
  projectCount: z.number().int(),
  /**
   * The change of the profit margin from the previous quarter to this one (France), in tenths of a
   * percentage point (21 = +2.1 pts); `null` when either quarter has no revenue.
   */
  quarterMarginChangeTenths: z.number().int().nullable(),
  /** The most recent projects, newest first. */
  recentProjects: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.string(),
      progress: z.number(),
      /** `null` when the client is gone. */
      clientName: z.string().nullable(),
    }),
  ),
  /** The most recent projects in progress, with their planned / realized / balance amounts (HT). */
  activeProjects: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      progress: z.number(),
      planned: money,
      realized: money,
      balance: money,
    }),
  ),
  pendingInvoices: z.object({
    /** The most recent invoices awaiting payment, each with what remains to pay on it (TTC). */
    items: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        dueDate: z.string().nullable(),
        /** `sent` or `overdue` (derived today, France). */
        status: z.string(),
        owed: money,
      }),
    ),
    /** Every invoice awaiting payment, and what remains to pay on them (TTC). */
    count: z.number().int(),
    total: money,
    /** Retenues de garantie still held by clients (TTC), and those of them due for release. */
    retentionsHeld: money,
    retentionsReleasable: money,
  }),
  /** The most recent documents. */
  recentDocuments: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      mimeType: z.string().nullable(),
      size: z.number().nullable(),
      createdAt: z.string(),
    }),
  ),
});

export type DashboardWidgets = z.infer<typeof dashboardWidgetsSchema>;

/** GET /api/dashboard/stats: the figures of `dashboardStatsSchema` and the widgets' contents. */
export const dashboardStatsWithWidgetsSchema = dashboardStatsSchema.extend({
  widgets: dashboardWidgetsSchema,
});

export type DashboardStatsWithWidgets = z.infer<typeof dashboardStatsWithWidgetsSchema>;
