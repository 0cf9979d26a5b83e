import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import { antdStaticCss } from './antd-static-css.js';
import { prerenderPages } from './prerender-plugin.js';
import { routeModules } from './src/app/route-modules.js';

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
 * On a pre-rendered page it also starts the session check (see `sessionProbe`).
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
      // On a pre-rendered page (prerender-plugin.ts), the session check starts here, before the
      // entry has loaded: a 401 shows the sign-in card at once (src/lib/session-pending.ts).
      const sessionProbe =
        "(function(){var d=document.documentElement;if(!d.classList.contains('session-pending'))return;" +
        "fetch('/api/auth/me',{credentials:'include',headers:{Accept:'application/json'}}).then(" +
        "function(r){if(r.status===401)d.classList.remove('session-pending');},function(){});})();\n";
      const source =
        sessionProbe +
        `(function(){var m=${JSON.stringify(map)};` +
        "var f=m[location.pathname.replace(/\\/+$/,'')||'/'];if(!f)return;" +
        'for(var i=0;i<f.length;i++){var l=document.createElement("link");var css=/\\.css$/.test(f[i]);' +
        'l.rel=css?"preload":"modulepreload";if(css)l.as="style";l.crossOrigin="";l.href=f[i];document.head.appendChild(l);}})();\n';
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
