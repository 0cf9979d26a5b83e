/**
 * Answers the route preloader (vite.config.ts, `btp:route-preload`) asked for before the SPA's
 * scripts arrived: `/api/auth/me` on a pre-rendered page and on the dashboard (/), and there, for a
 * company's user, `/api/dashboard/stats`, requested while the scripts download instead of after
 * they have run (issue 18). Each is used once, by the first GET of its path (`lib/api.ts`), and
 * only within a minute of the page's load (the preloader forgets them then); one that resolves
 * to `null` (not requested: nobody signed in, no company) means "ask the server as usual".
 */
import { earlyResponsesKey } from './early-responses-key';

type EarlyResponses = Record<string, Promise<Response | null> | undefined>;

/** The preloader's pending answer for `path`, once (later calls get `undefined`). */
export function takeEarlyResponse(path: string): Promise<Response | null> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = (window as unknown as Record<string, EarlyResponses | undefined>)[earlyResponsesKey];
  const response = early?.[path];
  if (early && response) delete early[path];
  return response;
}
