/**
 * What the SPA asks of the browser window beyond the DOM, behind one object so that tests can
 * replace it (jsdom cannot load a page).
 */
export const browser = {
  /** A full page load of `path`: nothing of the previous page stays in memory. */
  load: (path: string): void => window.location.assign(path),
};
