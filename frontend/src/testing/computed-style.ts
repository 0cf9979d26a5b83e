/**
 * A cheap `getComputedStyle` for the component tests (issue 27).
 *
 * jsdom computes a style by matching its whole user-agent style sheet (some 400 lines of selectors)
 * against the element and, for the inherited properties, against each ancestor, again after every
 * change to the document (its cache is dropped on each mutation). Testing Library asks for it for
 * every element of every accessible name it computes and every ancestor it checks for visibility,
 * and antd on each pointer action: it was a fifth of the component tests' CPU.
 *
 * No style sheet of the app is in the test document (antd's styles go to a detached element:
 * render-app.tsx; under Vitest the extracted sheets are empty), so what jsdom computed came from the
 * element's inline style and the user-agent sheet, and nothing lays out. This gives the same answer
 * for what tests and libraries read, from those two sources alone:
 *
 * - every property of the element's inline style, as written;
 * - `display`: the inline one, else `none` for a hidden element (`hidden`, `<input type=hidden>`, a
 *   closed `<dialog>`, a popover, `<head>`, `<script>`, `<template>`…), else the user-agent sheet's
 *   value for the tag (`block` for `div`, `p`, the headings…, `list-item`, the table parts…: the
 *   accessible name puts a space between block children), else `inline`;
 * - `visibility` and `pointer-events`: inherited, as CSS does (the nearest inline value, else
 *   `collapse` in a hidden table row or group, else `visible` / `auto`).
 *
 * What it does not compute, as jsdom's did: colours, margins and fonts of the user-agent sheet
 * (nothing in the tests or in the libraries' code paths they reach depends on them), and any rule
 * of a `<style>` element (only rc-component's scroll lock inserts one: `overflow` and `width` on the
 * body while a dialog is open). A test that needs a style sheet's rule asks jsdom's own:
 * `jsdomComputedStyle(element)`.
 */

/** The user-agent sheet's `display` of a tag other than `inline` (jsdom's default-stylesheet.css). */
const tagDisplay = new Map<string, string>([
  ...[
    'html',
    'body',
    'address',
    'blockquote',
    'center',
    'dialog',
    'div',
    'figure',
    'figcaption',
    'footer',
    'form',
    'header',
    'hr',
    'legend',
    'listing',
    'main',
    'p',
    'plaintext',
    'pre',
    'search',
    'xmp',
    'article',
    'aside',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hgroup',
    'nav',
    'section',
    'dir',
    'dd',
    'dl',
    'dt',
    'menu',
    'ol',
    'ul',
    'fieldset',
    'details',
    'summary',
  ].map((tag) => [tag, 'block'] as const),
  ['li', 'list-item'],
  ['table', 'table'],
  ['caption', 'table-caption'],
  ['colgroup', 'table-column-group'],
  ['col', 'table-column'],
  ['thead', 'table-header-group'],
  ['tbody', 'table-row-group'],
  ['tfoot', 'table-footer-group'],
  ['tr', 'table-row'],
  ['td', 'table-cell'],
  ['th', 'table-cell'],
  ['ruby', 'ruby'],
  ['rt', 'ruby-text'],
  ['slot', 'contents'],
  ['input', 'inline-block'],
  ['button', 'inline-block'],
  ['marquee', 'inline-block'],
  ...[
    'area',
    'base',
    'basefont',
    'datalist',
    'head',
    'link',
    'meta',
    'noembed',
    'noframes',
    'param',
    'rp',
    'script',
    'style',
    'template',
    'title',
  ].map((tag) => [tag, 'none'] as const),
]);

const cssWideKeywords = new Set(['inherit', 'unset', 'initial', 'revert', 'revert-layer']);

function displayOf(element: Element, inline: string): string {
  const tag = element.localName;
  if (tag === 'input' && element.getAttribute('type')?.toLowerCase() === 'hidden') return 'none';
  if (inline && !cssWideKeywords.has(inline)) return inline;
  const hidden = element.getAttribute('hidden');
  if (hidden !== null && hidden.toLowerCase() !== 'until-found' && tag !== 'embed') return 'none';
  if (tag === 'dialog' && !element.hasAttribute('open')) return 'none';
  if (element.hasAttribute('popover') && !(tag === 'dialog' && element.hasAttribute('open'))) return 'none';
  return tagDisplay.get(tag) ?? 'inline';
}

/** Table parts the user-agent sheet collapses when `hidden` (`visibility: collapse`). */
const collapsedWhenHidden = new Set(['colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr']);

/** An inherited property: the nearest inline (or user-agent) value up the tree, else its initial value. */
function inherited(element: Element, property: string, initial: string): string {
  for (let current: Element | null = element; current; current = current.parentElement) {
    const value = (current as HTMLElement).style?.getPropertyValue(property);
    if (value === 'initial') return initial;
    if (value && value !== 'inherit' && value !== 'unset') return value;
    if (
      property === 'visibility' &&
      current.hasAttribute('hidden') &&
      collapsedWhenHidden.has(current.localName)
    ) {
      return 'collapse';
    }
  }
  return initial;
}

const cheap = Symbol('cheap getComputedStyle');
let jsdomGetComputedStyle: ((element: Element) => CSSStyleDeclaration) | undefined;

/**
 * jsdom's own `getComputedStyle` (its user-agent sheet and every `<style>` of the document), for a
 * test that needs a style sheet's rule.
 */
export function jsdomComputedStyle(element: Element): CSSStyleDeclaration {
  return (jsdomGetComputedStyle ?? window.getComputedStyle)(element);
}

/** Installs the cheap `getComputedStyle` on `window` (once: the setup file runs for each file). */
export function installCheapComputedStyle(window: Window & typeof globalThis) {
  if (cheap in window.getComputedStyle) return;
  const jsdom = window.getComputedStyle.bind(window);
  jsdomGetComputedStyle = (element) => jsdom(element);
  const Declaration = window.CSSStyleDeclaration as unknown as new () => CSSStyleDeclaration;
  window.getComputedStyle = Object.assign(
    (element: Element) => {
      const inline = (element as HTMLElement).style as CSSStyleDeclaration | undefined;
      // A style of jsdom's own class (cssstyle), so every reader finds the API it expects.
      const declaration = new Declaration();
      if (inline && inline.length > 0) declaration.cssText = inline.cssText;
      declaration.setProperty('display', displayOf(element, inline?.getPropertyValue('display') ?? ''));
      declaration.setProperty('visibility', inherited(element, 'visibility', 'visible'));
      declaration.setProperty('pointer-events', inherited(element, 'pointer-events', 'auto'));
      return declaration;
    },
    { [cheap]: true },
  );
}
