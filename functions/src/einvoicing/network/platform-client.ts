/**
 * A company's connection to its plateforme agréée (PA) through AFNOR XP Z12-013: the Flow and
 * Directory clients sharing one token (docs/einvoicing-network.md, "The client").
 *
 * ```ts
 * const platform = createPlatformClient({ ...endpointsUnder(settings.platformUrl), credentials });
 * await platform.flow.healthcheck(); // « Tester la connexion »
 * ```
 */
import { DirectoryClient } from './directory-client.js';
import { FlowClient } from './flow-client.js';
import { PlatformHttp, type PlatformHttpOptions } from './platform-http.js';

export interface PlatformClient {
  flow: FlowClient;
  directory: DirectoryClient;
}

/** A client of one company's platform account. Keep it for the process's life: it caches the token. */
export function createPlatformClient(options: PlatformHttpOptions): PlatformClient {
  const http = new PlatformHttp(options);
  return { flow: new FlowClient(http), directory: new DirectoryClient(http) };
}
