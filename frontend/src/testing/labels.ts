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
const labelable = 'button, input:not([type="hidden" i]), meter, output, progress, select, textarea';

function isLabelable(element: Element | null): element is HTMLElement {
  return element?.matches(labelable) ?? false;
}

function controlOf(label: HTMLLabelElement, root: Document | DocumentFragment | Element): Element | null {
  const id = label.getAttribute('for');
  if (id === null) return label.querySelector(labelable);
  if (id === '') return null;
  const target =
    root instanceof Document || root instanceof DocumentFragment
      ? root.getElementById(id)
      : root.id === id
        ? root
        : root.querySelector(`[id="${CSS.escape(id)}"]`);
  return isLabelable(target) ? target : null;
}

function labelsOf(element: Element): HTMLLabelElement[] | null {
  if (!isLabelable(element)) return null;
  const root = element.getRootNode() as Document | DocumentFragment | Element;
  const labels = [...root.querySelectorAll('label')];
  if (root instanceof HTMLLabelElement) labels.unshift(root);
  return labels.filter((label) => controlOf(label, root) === element);
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
