/**
 * The global under which the route preloader (vite.config.ts) leaves the answers it asked for
 * before the SPA's scripts arrived (lib/early-responses.ts). Plain data: vite.config.ts imports it.
 */
export const earlyResponsesKey = '__btpEarlyResponses';
