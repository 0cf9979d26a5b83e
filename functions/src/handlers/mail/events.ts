// The records this job writes carry the company aggregates they move (data/transactions.ts).
import '../../aggregates/install.js';
import type { EventBridgeEvent } from 'aws-lambda';
import { logger } from '../../lib/logger.js';
import { handleSesEvent, type SesEventDetail } from '../../mail/mail-events.js';

/**
 * Not an HTTP route: SES's bounce and complaint events, from the configuration set's EventBridge
 * destination (a rule on the default bus, infra/lib/mail.ts). docs/mail.md.
 */
export async function handler(
  event: EventBridgeEvent<string, SesEventDetail>,
): Promise<{ recorded: number }> {
  const recorded = await handleSesEvent(event.detail ?? {});
  if (recorded === 0) logger.info('mail event ignored', { detailType: event['detail-type'] });
  return { recorded };
}
