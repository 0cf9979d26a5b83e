/**
 * Pre-rendering at build time (issue 18): once the client build is written, builds
 * src/app/prerender.tsx for Node (same CSS-modules naming as the client build, so class names
 * agree), renders each path of `prerenderedPaths` and writes `<path>.html`: the built index.html
 * whose `#root` holds that markup. The local server and CloudFront serve it for that path
 * (shared/src/spa-rewrite.ts); main.tsx hydrates it.
 *
 * A signed-in person must never see the sign-in form: the page is written with
 * `<html class="session-pending">`, under which base.css hides `[data-prerendered-screen]` (the form's
 * frame, not the page: nothing shifts), until the session check says nobody is signed in: the route
 * preloader's early `/api/auth/me` (vite.config.ts), or the login page itself once React runs.
 * Until React has hydrated the page (`prehydration`), the route preloader holds back a submitted
 * form (no native submission) and the screen submits it again once hydrated, with what was typed
 * (src/lib/typed-before-hydration.ts).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

import { antdStaticCss } from './antd-static-css.js';

/** `#root`'s attribute naming the path its markup was rendered for. */
export const prerenderedAttribute = 'data-prerendered';

export function prerenderPages(): Plugin {
  let root = '';
  let outDir = '';
  let ssr = false;
  return {
    name: 'btp:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      const serverDir = mkdtempSync(join(tmpdir(), 'btp-prerender-'));
      try {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [antdStaticCss(), react()],
          ssr: { noExternal: true },
          build: {
            ssr: 'src/app/prerender.tsx',
            outDir: serverDir,
            emptyOutDir: true,
            rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        const { prerenderPath, prerenderedPaths } = (await import(
          pathToFileURL(join(serverDir, 'prerender.mjs')).href
        )) as {
          prerenderPath: (path: string) => Promise<string>;
          prerenderedPaths: readonly string[];
        };
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        const css = readdirCss(outDir);
        for (const path of prerenderedPaths) {
          const markup = await prerenderPath(path);
          checkClasses(markup, css, path);
          // The entry and its imports are requested by the route preloader once the page has
          // painted (vite.config.ts), not by the HTML: scripts must not hold the first paint.
          const entry = [...template.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
          const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
          if (entry.length !== 1) throw new Error('prerender: index.html has not exactly one module script');
          const deferred = [...entry, ...preloads].map((match) => match[1]).join(' ');
          const html = [...entry, ...preloads]
            .reduce((page, match) => page.replace(new RegExp(`\\s*${escapeRegExp(match[0])}`), ''), template)
            .replace(
              '<html lang="fr">',
              `<html lang="fr" class="session-pending prehydration" data-deferred-entry="${deferred}">`,
            )
            .replace(
              /<div id="root">[\s\S]*?<\/div>\s*<\/div>/,
              () => `<div id="root" ${prerenderedAttribute}="${path}">${markup}</div>`,
            );
          if (!html.includes(`${prerenderedAttribute}="${path}"`) || !html.includes('prehydration')) {
            throw new Error('prerender: index.html no longer has the expected <html> and #root');
          }
          writeFileSync(join(outDir, `${path.slice(1)}.html`), html);
        }
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every CSS file of the build, concatenated. */
function readdirCss(outDir: string): string {
  const assets = join(outDir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.css'))
    .map((file) => readFileSync(join(assets, file), 'utf8'))
    .join('\n');
}

/**
 * A CSS-module class of the markup (`_name_hash…`) that no style sheet of the build defines would
 * mean the server build named it differently from the client build: the page would paint unstyled.
 */
function checkClasses(markup: string, css: string, path: string): void {
  for (const [, classes] of markup.matchAll(/class="([^"]*)"/g)) {
    for (const name of (classes ?? '').split(/\s+/)) {
      if (name.startsWith('_') && !css.includes(`.${name}`)) {
        throw new Error(`prerender ${path}: class ${name} is in no CSS file of the build`);
      }
    }
  }
}
