import { existsSync } from 'node:fs';

/**
 * The Chromium the tests drive: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`, else the
 * build shipped inside the npm package `@sparticuz/chromium` (no download at run time).
 */
export async function chromiumLaunchOptions(): Promise<{ executablePath: string; args: string[] }> {
  const quiet = [
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    '--disable-gpu',
  ];
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return { executablePath: fromEnv, args: ['--no-sandbox', ...quiet] };
  if (existsSync('/usr/bin/chromium'))
    return { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', ...quiet] };
  const { default: chromium } = await import('@sparticuz/chromium');
  const args = chromium.args.filter((arg) => !arg.startsWith('--single-process'));
  return { executablePath: await chromium.executablePath(), args: [...args, ...quiet] };
}
