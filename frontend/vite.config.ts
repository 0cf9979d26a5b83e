import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import { antdStaticCss } from './antd-static-css.js';
import { prerenderPages } from './prerender-plugin.js';
import { routeModules } from './src/app/route-modules.js';
import { earlyResponsesKey } from './src/lib/early-responses-key.js';

/** The local server (`npm start`) answers `/api/*` on this port. */
const apiTarget = 'http://localhost:3000';

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Route preloading: without it a screen's code is requested only once the entry has downloaded and
 * run (the router imports it then), one round trip and the entry's whole download later. This emits
 * a tiny script, loaded `async` from index.html, that preloads the current route's chunks and styles
 * (routeModules: path → lazy modules) at once, beside the entry. CSP-friendly: a file, not inline.
 * On a pre-rendered page it also runs the session check and starts the entry itself (see below).
 */
function routePreload(): Plugin {
  let root = '';
  return {
    name: 'btp:route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is BundleChunk & typeof item => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (files: string[]) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          byFile.get(file)?.imports.forEach(visit);
        };
        files.forEach(visit);
        return seen;
      };
      const entries = chunks.filter((chunk) => chunk.isEntry);
      const loadedByEntry = closure(entries.map((chunk) => chunk.fileName));
      const fileOf = (module: string) => {
        const id = resolve(root, module);
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
        if (!chunk) throw new Error(`route preload: no chunk for ${module} (see src/app/route-modules.ts)`);
        return chunk.fileName;
      };
      const map: Record<string, string[]> = {};
      for (const [path, modules] of Object.entries(routeModules)) {
        const files = [...closure(modules.map(fileOf))].filter((file) => !loadedByEntry.has(file));
        const styles = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        map[path] = [...files, ...new Set(styles)].map((file) => `/${file}`);
      }
      // On a pre-rendered page (prerender-plugin.ts, `<html data-deferred-entry>`) the scripts must not
      // hold the first paint: the session check starts here, a 401 shows the sign-in card
      // (src/lib/session-pending.ts), and only then, after a frame, the entry and the route's chunks
      // are requested (at the latest 1.5 s after this script ran).
      const source = `(function () {
  var d = document.documentElement;
  var m = ${JSON.stringify(map)};
  function link(href) {
    var l = document.createElement('link');
    var css = /\\.css$/.test(href);
    l.rel = css ? 'preload' : 'modulepreload';
    if (css) l.as = 'style';
    l.crossOrigin = '';
    l.href = href;
    document.head.appendChild(l);
  }
  function preloadRoute() {
    var f = m[location.pathname.replace(/\\/+$/, '') || '/'];
    for (var i = 0; f && i < f.length; i++) link(f[i]);
  }
  // Submitted before React has hydrated the page: held back, submitted again once hydrated.
  document.addEventListener(
    'submit',
    function (event) {
      if (!d.classList.contains('prehydration')) return;
      event.preventDefault();
      d.setAttribute('data-submit-pending', '');
    },
    true,
  );
  // Reads made now, while the scripts download, and handed to the SPA, which uses each answer once
  // instead of asking again (src/lib/early-responses.ts): the session check of a pre-rendered page,
  // and on the dashboard, for a company's user, its one call.
  var early = (window[${JSON.stringify(earlyResponsesKey)}] = {});
  function get(path) {
    return fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
  }
  function hand(path, response) {
    early[path] = response.then(null, function () {
      return null;
    });
  }
  // One not taken within a minute (the person went elsewhere first) is never answered stale later.
  setTimeout(function () {
    for (var path in early) delete early[path];
  }, 60000);
  var me;
  if (location.pathname === '/' || d.classList.contains('session-pending')) {
    me = get('/api/auth/me');
    hand('/api/auth/me', me);
  }
  if (me && location.pathname === '/') {
    hand(
      '/api/dashboard/stats',
      me.then(function (r) {
        if (r.status !== 200) return null;
        return r.clone().json().then(function (user) {
          return user && user.company ? get('/api/dashboard/stats') : null;
        });
      }),
    );
  }
  var deferred = d.getAttribute('data-deferred-entry');
  if (!deferred) return preloadRoute();
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var files = deferred.split(' ');
    for (var i = 1; i < files.length; i++) link(files[i]);
    preloadRoute();
    var s = document.createElement('script');
    s.type = 'module';
    s.crossOrigin = '';
    s.src = files[0];
    document.head.appendChild(s);
  }
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  setTimeout(start, 1500);
  if (!d.classList.contains('session-pending')) return afterPaint();
  me.then(
    function (r) {
      if (r.status === 401) d.classList.remove('session-pending');
      afterPaint();
    },
    afterPaint,
  );
})();
`;
      const fileName = `assets/route-preload-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string' || !html.source.includes('</title>')) {
        throw new Error('route preload: index.html is not in the bundle');
      }
      html.source = html.source.replace(
        '</title>',
        `</title>\n    <script async src="/${fileName}"></script>`,
      );
    },
  };
}

export default defineConfig({
  // Absolute asset URLs: deep links such as /clients/42 are rewritten to /index.html, whose
  // scripts must then still load from /assets/… and not from /clients/assets/….
  base: '/',
  plugins: [antdStaticCss(), react(), routePreload(), prerenderPages()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      // antd's building blocks and icons have no side effects at import (no CSS, no globals), but do
      // not say so in their package.json: without this the bundler keeps modules the screens never
      // use in the first screen's chunks (issue 18, measured by `npm run bench:web`).
      treeshake: {
        moduleSideEffects: (id: string) =>
          !/node_modules[\\/](@rc-component|@ant-design[\\/]icons)[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            // Needed by every screen and changes only on upgrades: its own long-cached chunk.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': apiTarget } },
  preview: { proxy: { '/api': apiTarget } },
});
