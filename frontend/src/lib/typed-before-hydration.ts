/**
 * What a person typed into a pre-rendered page (prerender-plugin.ts) before React hydrated it: the
 * fields exist and take typing at once, but React's state starts from the server's empty values.
 * main.tsx keeps the typed values just before hydrating; the screen gives them back to its state
 * once hydrated (`replayTypedValues`, as if typed again), so nothing typed is lost; a submission
 * made meanwhile is made again (`endPrehydration`).
 */
let typed: [id: string, value: string][] = [];

/** Called by main.tsx on the pre-rendered `#root`, just before `hydrateRoot`. */
export function keepTypedValues(root: HTMLElement): void {
  typed = [...root.querySelectorAll('input')]
    .filter((input) => input.id !== '' && input.value !== '')
    .map((input) => [input.id, input.value]);
}

/** Called once by the hydrated screen: each kept value goes through the field's own change handler. */
export function replayTypedValues(): void {
  const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  for (const [id, value] of typed) {
    const input = document.getElementById(id);
    if (!(input instanceof HTMLInputElement) || valueSetter === undefined) continue;
    // React compares the value it last saw with the field's: make them differ, then type it back.
    input.value = '';
    valueSetter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  typed = [];
}

/**
 * Called once by the hydrated screen after `replayTypedValues`: the page is React's now; a form
 * submitted before (held back by the route preloader, vite.config.ts) is submitted again, after the
 * typed values have reached the screen's state.
 */
export function endPrehydration(form: HTMLFormElement | null): void {
  const root = document.documentElement;
  root.classList.remove('prehydration');
  if (!root.hasAttribute('data-submit-pending')) return;
  root.removeAttribute('data-submit-pending');
  setTimeout(() => form?.requestSubmit(), 0);
}
