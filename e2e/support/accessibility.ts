import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Frame, type Locator, type Page, type TestInfo } from '@playwright/test';
import type axe from 'axe-core';

/** `e2e/screenshots/`: for people to look at, never committed (.gitignore). */
const screenshotsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/**
 * Screenshots for people to look at are taken only with `E2E_SCREENSHOTS=1`: no test reads them,
 * and rastering a full page (9 × the pixels on a 3 × phone screen) cost the browser a large part of
 * the suite's time (docs/performance.md, "Issue 27, third pass: end-to-end").
 */
export const screenshotsWanted = process.env.E2E_SCREENSHOTS === '1';

/**
 * With `E2E_SCREENSHOTS=1`, saves what `page` shows as `<name>.png` in the test's output folder
 * (`e2e/test-results/<test>/`); otherwise does nothing.
 */
export async function keepScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!screenshotsWanted) return;
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: options.fullPage ?? false });
}

/** WCAG 2.0 and 2.1, levels A and AA. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Only the violations are read: axe then skips describing every node that passes (or that it
 * cannot decide), most of its work on a long page.
 */
const axeOptions = {
  runOnly: { type: 'tag' as const, values: wcagTags },
  resultTypes: ['violations' as const],
};

/** axe-core's browser build (the same version `@axe-core/playwright` injected), read once per worker. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Makes sure axe-core is in `frame`: evaluated (~580 KB parsed and compiled, its rules built) only
 * when the frame has none yet, that is once per page load, then configured as `@axe-core/playwright`
 * does in its legacy mode (same-origin frames, its branding in the rules' help links). Its
 * `analyze()` evaluated the whole unminified source (1.3 MB) twice on every audit, about half the
 * CPU of an audit (docs/performance.md, "Issue 27, sixth pass: end-to-end").
 */
async function ensureAxe(frame: Frame): Promise<void> {
  const present = await frame.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (present) return;
  await frame.evaluate(axeSource);
  await frame.evaluate(() => {
    (window as unknown as { axe: typeof axe }).axe.configure({
      allowedOrigins: ['<same_origin>'],
      branding: { application: 'playwright' },
    });
  });
}

/** What axe is told to audit: CSS selectors (none: the whole document). */
interface AxeContext {
  include: string[];
  exclude: string[];
}

/**
 * `axe.run` in the page, as `@axe-core/playwright`'s legacy mode runs it (once in the page, the
 * same-origin frames reached by axe itself) with the same context and options; axe injected into
 * each frame only if it is not there yet. Only the violations travel back.
 */
async function axeViolations(page: Page, context: AxeContext): Promise<axe.Result[]> {
  const [main, ...children] = page.frames();
  if (main === undefined) throw new Error('The page has no frame to audit');
  await ensureAxe(main);
  // A child frame axe cannot reach is skipped, as the library's injection skipped it.
  for (const child of children) await ensureAxe(child).catch(() => undefined);
  return page.evaluate(
    async ({ context, options }) =>
      (await (window as unknown as { axe: typeof axe }).axe.run(context, options)).violations,
    { context, options: axeOptions },
  );
}

/**
 * Waits until no CSS transition or animation runs (dialogs zooming in, tabs sliding, toasts), except
 * spinners (they never end) and antd's click ripple (.ant-wave fades for 2 s over nothing to read).
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const effect = animation.effect;
      const target = effect instanceof KeyframeEffect ? effect.target : null;
      return (
        animation.playState !== 'running' ||
        effect?.getComputedTiming().endTime === Infinity ||
        (target instanceof Element && target.closest('.ant-wave') !== null)
      );
    }),
  );
}

/** The attribute that marks what a `Locator` given as `only` points at, for axe's `include`. */
const auditedAttribute = 'data-audit-only';

/**
 * Audits what `page` shows as `screen`: axe-core with the WCAG 2.1 A/AA rules, and with
 * `E2E_SCREENSHOTS=1` a screenshot (the full page, or the viewport for a part) in
 * `e2e/screenshots/<viewport>/<screen>.png`. A serious or critical violation fails the test softly,
 * naming the screen, so one run reports every screen.
 *
 * `only`: the part to audit instead of the whole page (a CSS selector, or a `Locator` and every
 * element it matches): a dialog, a drawer, or what changed on a page already audited (a field's
 * message, a toast, another tab's panel). axe then checks the rules on that part alone, a fraction
 * of a whole page's audit (docs/testing.md, "What the accessibility audits cover").
 */
export async function auditScreen(
  page: Page,
  testInfo: TestInfo,
  screen: string,
  options: { only?: string | Locator } = {},
): Promise<void> {
  await settle(page);
  const { only } = options;
  // The same context `@axe-core/playwright` built: the part named, else the whole document.
  const context: AxeContext = { include: [], exclude: [] };
  if (typeof only === 'string') context.include = [only];
  else if (only) {
    const marked = await only.evaluateAll(
      (elements, attribute) => elements.map((element) => element.setAttribute(attribute, '')).length,
      auditedAttribute,
    );
    expect(marked, `the part of '${screen}' to audit`).toBeGreaterThan(0);
    context.include = [`[${auditedAttribute}]`];
  }
  const violations = await axeViolations(page, context);
  if (only !== undefined && typeof only !== 'string')
    await only.evaluateAll((elements, attribute) => {
      for (const element of elements) element.removeAttribute(attribute);
    }, auditedAttribute);
  const blocking = violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  if (screenshotsWanted) {
    // The fresh-* projects (before installation) are the same two viewports.
    const viewport = testInfo.project.name.replace(/^fresh-/, '');
    const path = join(screenshotsDir, viewport, `${screen}.png`);
    mkdirSync(dirname(path), { recursive: true });
    // A dialog covers the viewport (and the page behind it no longer scrolls): no full page for it.
    await page.screenshot({ path, fullPage: only === undefined, scale: 'css' });
  }
  const readable = blocking.map((violation) =>
    [
      `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})`,
      ...violation.nodes.map(
        (node) =>
          `  ${node.target.join(' ')}\n    ${node.html}\n    ${node.failureSummary?.replace(/\n/g, ' ')}`,
      ),
    ].join('\n'),
  );
  expect.soft(readable, `accessibility of '${screen}' (${testInfo.project.name})`).toEqual([]);
}
