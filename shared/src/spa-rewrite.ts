/**
 * Deep-link rule of the SPA, applied by the local server and embedded as-is in the CloudFront
 * Function of the default behaviour: a path whose last segment has no file extension is a screen
 * of the SPA and is served `/index.html`, except /login, pre-rendered at build time, served
 * `/login.html`, and / (the dashboard), served `/dashboard.html` with the page's neutral shell; files (`/assets/app-1a2b.js`) are served as they are.
 * Kept free of inner functions and imports so that its source runs in CloudFront Functions (JS 2.0).
 */
export function spaRewrite(uri: string): string {
  const last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    // Pre-rendered at build time (frontend/prerender-plugin.ts): its own HTML, painted before scripts.
    if (uri === '/login' || uri === '/login/') {
      return '/login.html';
    }
    // The dashboard's neutral shell (frontend/prerender-plugin.ts): its header painted before scripts.
    if (uri === '/') {
      return '/dashboard.html';
    }
    return '/index.html';
  }
  return uri;
}
