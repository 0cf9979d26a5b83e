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

/** `pointerEvents` → `pointer-events`, `WebkitAppearance` → `-webkit-appearance`, `cssFloat` → `float`. */
function propertyName(camel: string): string {
  if (camel === 'cssFloat') return 'float';
  const kebab = camel.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return /^(webkit|moz|ms)-/.test(kebab) ? `-${kebab}` : kebab;
}

/**
 * The answer for one element, read when asked (as a browser's live declaration), not built as a
 * cssstyle declaration per call (its constructor and the parse of the inline text were most of
 * this function's cost): `getPropertyValue`, the camel-case properties (`style.display`), `length`,
 * `item` and `cssText` of the inline style.
 */
class CheapStyle {
  readonly element: Element;
  readonly inline: CSSStyleDeclaration | undefined;

  constructor(element: Element, inline: CSSStyleDeclaration | undefined) {
    this.element = element;
    this.inline = inline;
  }

  getPropertyValue(property: string): string {
    switch (property) {
      case 'display':
        return displayOf(this.element, this.inline?.getPropertyValue('display') ?? '');
      case 'visibility':
        return inherited(this.element, 'visibility', 'visible');
      case 'pointer-events':
        return inherited(this.element, 'pointer-events', 'auto');
      default:
        return this.inline?.getPropertyValue(property) ?? '';
    }
  }

  getPropertyPriority(): string {
    return '';
  }

  get length(): number {
    return this.inline?.length ?? 0;
  }

  item(index: number): string {
    return this.inline?.item(index) ?? '';
  }

  get cssText(): string {
    return this.inline?.cssText ?? '';
  }
}

const camelCase: ProxyHandler<CheapStyle> = {
  get(target, property, receiver) {
    if (typeof property !== 'string' || property in target) return Reflect.get(target, property, receiver);
    if (/^\d+$/.test(property)) return target.item(Number(property));
    return target.getPropertyValue(property.startsWith('--') ? property : propertyName(property));
  },
};

/** Installs the cheap `getComputedStyle` on `window` (once: the setup file runs for each file). */
export function installCheapComputedStyle(window: Window & typeof globalThis) {
  if (cheap in window.getComputedStyle) return;
  const jsdom = window.getComputedStyle.bind(window);
  jsdomGetComputedStyle = (element) => jsdom(element);
  window.getComputedStyle = Object.assign(
    (element: Element) =>
      new Proxy(
        new CheapStyle(element, (element as HTMLElement).style as CSSStyleDeclaration | undefined),
        camelCase,
      ) as unknown as CSSStyleDeclaration,
    { [cheap]: true },
  );
}
