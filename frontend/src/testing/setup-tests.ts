import '@testing-library/jest-dom/vitest';

import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import { afterEach } from 'vitest';

import { installCheapComputedStyle } from './computed-style';
import { installCheapLabels } from './labels';

// A waiting query (findBy…, waitFor) answers as soon as what it waits for is there; its limit only
// matters on a starved machine: `npm test` runs these files on 2 cores beside the integration tests,
// and the first test that opens a lazy screen also pays for transforming antd's code. 5 s was
// passed there (a dialog's validation message, 2 of 1,696 tests); 15 s is still far below the
// tests' own 20–30 s limits.
configure({ asyncUtilTimeout: 15_000, getElementError: lazyElementError });

/**
 * Testing Library's own error of a query that found nothing (or too much), whose message (the
 * query's words and the printed DOM) is written when it is read, not when the error is made: a
 * `findBy…` or a `waitFor` around a `getBy…` makes one on every try while it waits, and printing a
 * whole screen each time cost more than the query. The message read is the same text.
 */
function lazyElementError(message: string | null, container: Element | Document | undefined): Error {
  const error = new Error();
  error.name = 'TestingLibraryElementError';
  let text: string | undefined;
  Object.defineProperty(error, 'message', {
    configurable: true,
    enumerable: false,
    get: () =>
      (text ??= [message, `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`]
        .filter(Boolean)
        .join('\n\n')),
    set: (value: string) => {
      text = value;
    },
  });
  return error;
}

afterEach(() => {
  cleanup();
});

// jsdom has no matchMedia; antd's responsive helpers call it. No media query ever matches here.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// jsdom has no ResizeObserver; antd's tabs, tables and text areas observe their size. Nothing resizes here.
if (typeof window.ResizeObserver !== 'function') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// The element's inline style and the user-agent sheet's display and visibility, without matching
// jsdom's whole user-agent sheet on every call (computed-style.ts). No pseudo-element style (jsdom
// computes none; antd asks for the scrollbar's): the element's own.
installCheapComputedStyle(window);

// A form control's labels from the document's labels, without jsdom's walks of the whole document
// per label (labels.ts): Testing Library's getByLabelText asks every element for them.
installCheapLabels(window);
