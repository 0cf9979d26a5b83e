// The records this job writes carry the company aggregates they move (data/transactions.ts).
import '../../aggregates/install.js';
import { runDailyReminders } from '../../invoicing/invoice-reminders.js';
import { logger } from '../../lib/logger.js';

/**
 * The daily payment reminders (docs/reminders-notifications.md), not an HTTP route: run by an
 * EventBridge schedule in AWS and by a timer in the local stack. `time` (the scheduled event's)
 * is the instant the steps are computed at.
 */
export async function handler(event?: {
  time?: string;
}): Promise<{ companies: number; sent: number; failed: number }> {
  const at = event?.time ? new Date(event.time) : new Date();
  const now = Number.isNaN(at.getTime()) ? new Date() : at;
  const result = await runDailyReminders(now);
  logger.info('Relances automatiques', { ...result });
  return result;
}
