import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

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

/**
 * Audits what `page` shows as `screen`: axe-core with the WCAG 2.1 A/AA rules, and with
 * `E2E_SCREENSHOTS=1` a screenshot (the full page, or the viewport for a dialog) in
 * `e2e/screenshots/<viewport>/<screen>.png`. A serious or critical violation fails the test softly,
 * naming the screen, so one run reports every screen. `only`: a CSS selector to audit instead of
 * the whole page (a dialog).
 */
export async function auditScreen(
  page: Page,
  testInfo: TestInfo,
  screen: string,
  options: { only?: string } = {},
): Promise<void> {
  await settle(page);
  // Only the violations are read: axe then skips describing every node that passes (or that it
  // cannot decide), most of its work on a long page.
  const axe = new AxeBuilder({ page }).withTags(wcagTags).options({ resultTypes: ['violations'] });
  // A dialog is audited alone: the screen behind it has its own audit.
  if (options.only) axe.include(options.only);
  const results = await axe.analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  if (screenshotsWanted) {
    // The fresh-* projects (before installation) are the same two viewports.
    const viewport = testInfo.project.name.replace(/^fresh-/, '');
    const path = join(screenshotsDir, viewport, `${screen}.png`);
    mkdirSync(dirname(path), { recursive: true });
    // A dialog covers the viewport (and the page behind it no longer scrolls): no full page for it.
    await page.screenshot({ path, fullPage: options.only === undefined, scale: 'css' });
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
