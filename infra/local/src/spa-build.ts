import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestChange(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

/** Whether the built SPA is missing or older than its sources (frontend and shared). */
export function spaNeedsBuild(repoRoot: string): boolean {
  const built = join(repoRoot, 'frontend', 'dist', 'index.html');
  // login.html and dashboard.html: the pages pre-rendered by the build (frontend/prerender-plugin.ts).
  const prerendered = ['login.html', 'dashboard.html'].map((file) =>
    join(repoRoot, 'frontend', 'dist', file),
  );
  if (!existsSync(built) || !prerendered.every((file) => existsSync(file))) return true;
  const builtAt = statSync(built).mtimeMs;
  const sources = [
    join(repoRoot, 'frontend', 'src'),
    join(repoRoot, 'frontend', 'index.html'),
    join(repoRoot, 'frontend', 'vite.config.ts'),
    join(repoRoot, 'frontend', 'antd-static-css.ts'),
    join(repoRoot, 'frontend', 'prerender-plugin.ts'),
    join(repoRoot, 'shared', 'src'),
  ].filter((path) => existsSync(path));
  return sources.some((path) => newestChange(path) > builtAt);
}

/** Builds the SPA with Vite; returns false when the build failed (its output is shown). */
export function buildSpa(repoRoot: string): boolean {
  const result = spawnSync(join(repoRoot, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: join(repoRoot, 'frontend'),
    stdio: 'inherit',
  });
  return result.status === 0;
}
