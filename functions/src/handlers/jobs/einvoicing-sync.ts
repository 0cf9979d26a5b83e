// The records this job writes carry the company aggregates they move (data/transactions.ts).
import '../../aggregates/install.js';
import { runNetworkSync } from '../../einvoicing/exchange/network-sync.js';
import { logger } from '../../lib/logger.js';

/**
 * The e-invoicing network's sync (docs/einvoicing-network.md, "The sync job"), not an HTTP route:
 * every company whose network is enabled submits what waits and reads what arrived. Run by an
 * EventBridge schedule on AWS (every 15 minutes) and by a timer of the local stack.
 */
export async function handler(): Promise<{
  companies: number;
  submitted: number;
  received: number;
  failed: number;
}> {
  const result = await runNetworkSync();
  logger.info('Échanges avec les plateformes agréées', { ...result });
  return result;
}
