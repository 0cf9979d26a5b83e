import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { spaRewrite } from '@btp/shared/spa-rewrite';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Headers of the SPA's HTML, the same as the CloudFront response-headers policy sets in production
 * (HSTS only over HTTPS, so not here).
 */
export function siteSecurityHeaders(connectSources: string[] = []): Record<string, string> {
  const connect = ["'self'", ...connectSources].join(' ');
  return {
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob: ${connectSources.join(' ')}`.trim(),
      "font-src 'self' data:",
      `connect-src ${connect}`,
      `frame-src 'self' ${connectSources.join(' ')}`.trim(),
      "object-src 'none'",
      "base-uri 'self'",
      `form-action 'self' ${connectSources.join(' ')}`.trim(),
      "frame-ancestors 'none'",
    ].join('; '),
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/**
 * Serves the built SPA with the deep-link rule of production: screens get `/index.html` (/login its
 * pre-rendered `/login.html`, / the dashboard's shell `/dashboard.html`), hashed assets are cached for a year, the HTML is never cached.
 */
export function createStaticSite(root: string, connectSources: string[] = []) {
  const headers = siteSecurityHeaders(connectSources);
  const serve = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const method = request.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      response.writeHead(405, {
        ...headers,
        allow: 'GET, HEAD',
        'content-type': 'text/plain; charset=utf-8',
      });
      response.end('Méthode non autorisée');
      return;
    }
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const uri = spaRewrite(pathname);
    const file = normalize(join(root, uri));
    if (!file.startsWith(root + sep)) {
      response.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
      response.end('Introuvable');
      return;
    }
    let size: number;
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      size = info.size;
    } catch {
      // A build from before pre-rendering has no `/login.html` nor `/dashboard.html`: the SPA's page
      // draws them as well.
      if (uri !== '/index.html' && uri.endsWith('.html') && uri !== pathname) {
        request.url = '/index.html';
        return serve(request, response);
      }
      if (uri === '/index.html') {
        response.writeHead(503, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
        response.end("L'interface n'est pas construite : lancez « npm start » à la racine du projet.");
        return;
      }
      response.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
      response.end('Introuvable');
      return;
    }
    const immutable = uri.startsWith('/assets/');
    response.writeHead(200, {
      ...headers,
      'content-type': contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': String(size),
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(file).pipe(response);
  };
  return serve;
}
