import {
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

// Everything else of @playwright/test (expect, the types) as is; `test` below replaces its own.
export * from '@playwright/test';

/**
 * `test` with one browser tab per worker, reused by the worker's tests, instead of Playwright's new
 * context per test. A new context starts with an empty HTTP cache, so each test's first page load
 * downloaded and compiled the SPA's bundles again (no V8 code cache either): about 0.75 s of
 * Chromium CPU a test on this machine (docs/performance.md, "Issue 27, seventh pass").
 *
 * Between two tests the tab is emptied of everything a journey can leave behind: it goes to
 * `about:blank`, the other pages of the context are closed, cookies (the session), permissions, the
 * product's origin storage (localStorage, IndexedDB, Cache Storage, service workers) and the page
 * listeners of `pageEvents` are cleared, and the project's viewport is set again. Only the HTTP
 * cache, with the compiled bundles, is kept. The product uses no sessionStorage (it lives per tab;
 * a test that needs it must clear it itself). An init script (`page.addInitScript`) is disposed by
 * the test that added it. After a failed test the context is closed (Playwright then writes the
 * page's snapshot, `error-context.md`) and the next test gets a new one.
 *
 * Tests that need a second person or a fresh browser open their own context
 * (`browser.newContext()`), as before.
 */
export const test = base.extend<object, { tab: ReusedTab }>({
  tab: [
    async ({ browser }, use, workerInfo) => {
      const tab = new ReusedTab(browser, contextOptionsOf(workerInfo.project.use));
      await use(tab);
      await tab.close();
    },
    { scope: 'worker' },
  ],
  context: async ({ tab }, use, testInfo) => {
    const context = await tab.take();
    await use(context);
    if (testInfo.status !== testInfo.expectedStatus) await tab.close();
  },
  page: async ({ context, tab }, use) => {
    await use(tab.page ?? (await context.newPage()));
  },
});

/** The page events journeys listen to; their listeners are removed between two tests. */
const pageEvents = [
  'console',
  'request',
  'response',
  'dialog',
  'pageerror',
  'download',
  'popup',
  'filechooser',
];

/**
 * The project's context options (playwright.config.ts's `use`), as Playwright's `context` fixture
 * takes them. Only these are carried: a context option added to a project's `use` (permissions,
 * extra HTTP headers, geolocation…) or set by a spec's `test.use` must be added here too, or the
 * reused tab silently goes without it.
 */
function contextOptionsOf(use: BrowserContextOptions & { baseURL?: string }): BrowserContextOptions {
  const { baseURL, viewport, screen, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId } =
    use;
  const { reducedMotion, colorScheme } = use;
  return {
    baseURL,
    viewport,
    screen,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    locale,
    timezoneId,
    reducedMotion,
    colorScheme,
  };
}

class ReusedTab {
  private context: BrowserContext | undefined;
  page: Page | undefined;

  constructor(
    private readonly browser: Browser,
    private readonly options: BrowserContextOptions,
  ) {}

  /** The worker's context, emptied of the previous test's state (or new). */
  async take(): Promise<BrowserContext> {
    if (this.context && this.page && !this.page.isClosed()) {
      // A tab that cannot be emptied (its renderer crashed, say) is replaced by a new context.
      await this.reset(this.context, this.page).catch(() => this.close());
    } else {
      await this.close();
    }
    if (!this.context) {
      this.context = await this.browser.newContext(this.options);
      this.page = await this.context.newPage();
    }
    // The isolation the journeys rely on: no session left from the test before.
    if ((await this.context.cookies()).length > 0) throw new Error('Cookies left from the previous test');
    return this.context;
  }

  private async reset(context: BrowserContext, page: Page): Promise<void> {
    for (const event of pageEvents) page.removeAllListeners(event);
    await Promise.all(
      context
        .pages()
        .filter((other) => other !== page)
        .map((other) => other.close()),
    );
    await page.goto('about:blank');
    await context.clearCookies();
    await context.clearPermissions();
    if (this.options.baseURL) {
      const session = await context.newCDPSession(page);
      await session.send('Storage.clearDataForOrigin', {
        origin: new URL(this.options.baseURL).origin,
        storageTypes: 'local_storage,indexeddb,cache_storage,service_workers,file_systems,websql',
      });
      await session.detach();
    }
    if (this.options.viewport) await page.setViewportSize(this.options.viewport);
  }

  async close(): Promise<void> {
    const context = this.context;
    this.context = undefined;
    this.page = undefined;
    await context?.close();
  }
}
