/**
 * A pre-rendered page (frontend/prerender-plugin.ts) is sent with `<html class="session-pending">`:
 * base.css hides its `[data-signed-out-only]` parts (the sign-in card) until the session is known,
 * so that a signed-in person never sees the sign-in form. The route preloader's early
 * `/api/auth/me` shows them on a 401; the sign-in screen also does once its own check finds nobody.
 */
export const sessionPendingClass = 'session-pending';

/** Nobody is signed in: what only a signed-out person may see can show. */
export function revealSignedOutContent(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.classList.remove(sessionPendingClass);
}
