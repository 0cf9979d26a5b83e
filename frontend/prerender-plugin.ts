/**
 * Pre-rendering at build time (issue 18): once the client build is written, builds
 * src/app/prerender.tsx for Node (same CSS-modules naming as the client build, so class names
 * agree), renders each path of `prerenderedPaths` and writes `<path>.html`: the built index.html
 * whose `#root` holds that markup. The local server and CloudFront serve it for that path
 * (shared/src/spa-rewrite.ts); main.tsx hydrates it. It also writes `dashboard.html`, served for /:
 * the dashboard's neutral shell (`dashboardShell`, plain HTML), which React's first render replaces.
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
          const html = withDeferredScripts(template, 'session-pending prehydration').replace(
            /<div id="root">[\s\S]*?<\/div>\s*<\/div>/,
            () => `<div id="root" ${prerenderedAttribute}="${path}">${markup}</div>`,
          );
          if (!html.includes(`${prerenderedAttribute}="${path}"`) || !html.includes('prehydration')) {
            throw new Error('prerender: index.html no longer has the expected <html> and #root');
          }
          writeFileSync(join(outDir, `${path.slice(1)}.html`), html);
        }
        // The dashboard's neutral shell (served for /, see shared/src/spa-rewrite.ts): the page's
        // header painted before any script, then replaced by React's first render (not hydrated).
        const shell = withDeferredScripts(template).replace(
          /<div id="root">[\s\S]*?<\/div>\s*<\/div>/,
          () => `<div id="root">${dashboardShell}</div>`,
        );
        if (!shell.includes(dashboardShell)) throw new Error('prerender: index.html has no #root to fill');
        writeFileSync(join(outDir, 'dashboard.html'), shell);
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The built index.html without its module script and module preloads, which the route preloader
 * requests once the page has painted (vite.config.ts, `<html data-deferred-entry>`): scripts must
 * not hold the first paint.
 */
function withDeferredScripts(template: string, htmlClass?: string): string {
  const entry = [...template.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
  const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  if (entry.length !== 1) throw new Error('prerender: index.html has not exactly one module script');
  const deferred = [...entry, ...preloads].map((match) => match[1]).join(' ');
  const html = [...entry, ...preloads]
    .reduce((page, match) => page.replace(new RegExp(`\\s*${escapeRegExp(match[0])}`), ''), template)
    .replace(
      '<html lang="fr">',
      `<html lang="fr"${htmlClass ? ` class="${htmlClass}"` : ''} data-deferred-entry="${deferred}">`,
    );
  if (!html.includes('data-deferred-entry')) throw new Error('prerender: index.html has no <html lang="fr">');
  return html;
}

/**
 * The signed-in layout's frame and the dashboard's header, as plain HTML styled by base.css (the
 * entry's style sheet): the same for everyone, no user's or company's data. A signed-out visitor
 * sees it until the session check sends them to /login, as they saw the loading splash before.
 */
export const dashboardShell = [
  '<div class="boot-shell">',
  '<div class="boot-shell-sider"></div>',
  '<div class="boot-shell-main">',
  '<div class="boot-shell-header"><span class="boot-shell-menu"></span><div class="boot-shell-titles">',
  '<h1>Tableau de Bord</h1><p>Vue d&#39;ensemble de votre activité</p>',
  '</div></div>',
  '<p class="boot-shell-status" role="status">Chargement...</p>',
  '</div>',
  '</div>',
].join('');

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
