import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

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
  // Only the violations are read: axe then skips describing every node that passes (or that it
  // cannot decide), most of its work on a long page. Legacy mode runs axe once in the page
  // (`axe.run`) instead of a partial run per frame finished in a new blank page, which opened a
  // page, injected axe a second time and handed it the results: half the CPU of an audit, and the
  // same violations (the product has no cross-origin frame, the one thing legacy mode skips).
  const axe = new AxeBuilder({ page })
    .withTags(wcagTags)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  const { only } = options;
  if (typeof only === 'string') axe.include(only);
  else if (only) {
    const marked = await only.evaluateAll(
      (elements, attribute) => elements.map((element) => element.setAttribute(attribute, '')).length,
      auditedAttribute,
    );
    expect(marked, `the part of '${screen}' to audit`).toBeGreaterThan(0);
    axe.include(`[${auditedAttribute}]`);
  }
  const results = await axe.analyze();
  if (only !== undefined && typeof only !== 'string')
    await only.evaluateAll((elements, attribute) => {
      for (const element of elements) element.removeAttribute(attribute);
    }, auditedAttribute);
  const blocking = results.violations.filter(
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
