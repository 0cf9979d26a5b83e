/**
 * A cheap `labels` for the component tests' form controls (issue 27).
 *
 * jsdom finds a control's labels by walking the whole document and asking each node for its
 * control; a label's control with a `for` walks the document again to find that id. Testing
 * Library's `getByLabelText` asks every element of its container for its labels, and the accessible
 * name of every input or button asks for them too: on a form of thirty fields, one `getByLabelText`
 * walked the document thousands of times.
 *
 * The same answer, per the HTML standard, from the labels of the control's tree: a label with `for`
 * labels the first element of the tree with that id, when it is labelable; a label without `for`
 * labels its first labelable descendant. In tree order, as a static array (Testing Library and
 * dom-accessibility-api read its length and items); `null` for an element that is not labelable
 * (`<input type=hidden>`). `labels.test.ts` compares it with jsdom's own.
 */
const html = 'http://www.w3.org/1999/xhtml';
const labelableTags = new Set(['button', 'input', 'meter', 'output', 'progress', 'select', 'textarea']);

/**
 * `button, input:not([type=hidden i]), meter, output, progress, select, textarea`, read from the tag
 * and one attribute: `matches()` with that selector went through the selector engine on every call
 * (a twentieth of a form screen's CPU).
 */
function isLabelable(element: Element | null): element is HTMLElement {
  if (element?.namespaceURI !== html || !labelableTags.has(element.localName)) return false;
  return element.localName !== 'input' || element.getAttribute('type')?.toLowerCase() !== 'hidden';
}

/** The first element below `root` (in tree order) that `accept`s, without the selector engine. */
function firstBelow(root: Element, accept: (element: Element) => boolean): Element | null {
  let current = root.firstElementChild;
  while (current) {
    if (accept(current)) return current;
    let next = current.firstElementChild;
    while (!next && current && current !== root) {
      next = current.nextElementSibling;
      if (!next) current = current.parentElement;
    }
    current = next;
  }
  return null;
}

function controlOf(label: HTMLLabelElement, root: Document | DocumentFragment | Element): Element | null {
  const id = label.getAttribute('for');
  if (id === null) return firstBelow(label, isLabelable);
  if (id === '') return null;
  const target =
    root instanceof Document || root instanceof DocumentFragment
      ? root.getElementById(id)
      : root.id === id
        ? root
        : firstBelow(root, (element) => element.id === id);
  return isLabelable(target) ? target : null;
}

let methods: { length: () => number; item: (index: number) => Element | null } | undefined;

/** `HTMLCollection`'s own `length` getter and `item`, to call on a collection. */
function collectionMethods() {
  if (methods === undefined) {
    const prototype = window.HTMLCollection.prototype;
    const length = Object.getOwnPropertyDescriptor(prototype, 'length')?.get as () => number;
    methods = { length, item: prototype.item };
  }
  return methods;
}

function labelsOf(element: Element): HTMLLabelElement[] | null {
  if (!isLabelable(element)) return null;
  const root = element.getRootNode() as Document | DocumentFragment | Element;
  const labels: HTMLLabelElement[] = root instanceof HTMLLabelElement ? [root] : [];
  if (root instanceof DocumentFragment) labels.push(...root.querySelectorAll('label'));
  else {
    // Read through HTMLCollection's prototype: `all.length`, `all.item` or `all[i]` on the
    // collection itself go through jsdom's proxy, which looks each name up among the collection's
    // named items (the ids and names of every label) before finding the method.
    const all = root.getElementsByTagName('label');
    const { length, item } = collectionMethods();
    const count = length.call(all);
    for (let index = 0; index < count; index += 1) labels.push(item.call(all, index) as HTMLLabelElement);
  }
  const id = element.getAttribute('id');
  return labels.filter((label) => {
    // Cheap refusals first: a label with `for` labels an element of that id only, one without `for`
    // a descendant only (asking each label for its control cost a lookup per label and element).
    const target = label.getAttribute('for');
    if (target === null ? !label.contains(element) : target !== id) return false;
    return controlOf(label, root) === element;
  });
}

const classes = [
  'HTMLButtonElement',
  'HTMLInputElement',
  'HTMLMeterElement',
  'HTMLOutputElement',
  'HTMLProgressElement',
  'HTMLSelectElement',
  'HTMLTextAreaElement',
] as const;

const jsdomLabels = new Map<string, PropertyDescriptor>();

/** jsdom's own `labels` of an element, to compare. */
export function jsdomLabelsOf(element: Element): NodeListOf<HTMLLabelElement> | null {
  for (const name of classes) {
    if (element instanceof window[name]) {
      return jsdomLabels.get(name)?.get?.call(element) as NodeListOf<HTMLLabelElement> | null;
    }
  }
  return null;
}

/** Installs the cheap `labels` (once: the setup file runs for each file). */
export function installCheapLabels(window: Window & typeof globalThis) {
  for (const name of classes) {
    const prototype = window[name].prototype as object;
    const own = Object.getOwnPropertyDescriptor(prototype, 'labels');
    if (!own?.get || jsdomLabels.has(name)) continue;
    jsdomLabels.set(name, own);
    Object.defineProperty(prototype, 'labels', {
      configurable: true,
      enumerable: own.enumerable ?? true,
      get(this: Element) {
        return labelsOf(this);
      },
    });
  }
}
