/**
 * The notifications' kinds and the bell's page size, apart from their schemas
 * (`notifications.ts`) so that the bell's list route starts without zod (issue 27, `bench:lambda`).
 */
export const notificationKinds = [
  'quote_accepted',
  'invoice_paid',
  'email_bounced',
  'email_failed',
  'reminder_sent',
  // The e-invoicing network (docs/einvoicing-network.md): a buyer's refusal or dispute, a flow the
  // platform refused, a supplier invoice received, a submission still failing.
  'einvoice_refused',
  'einvoice_disputed',
  'einvoice_error',
  'einvoice_received',
] as const;

/** The most notifications `GET /api/notifications` answers, newest first. */
export const NOTIFICATION_LIST_LIMIT = 50;
