import { PointerEventsCheckLevel, userEvent } from '@testing-library/user-event';
import { act, waitFor } from '@testing-library/react';

/**
 * A person at the keyboard and mouse, with three of user-event's options set for cost (issue 27):
 *
 * - `pointerEventsCheck: Never`: no check that the target takes pointer events (a walk of the
 *   computed style of every ancestor on each event). Given up: a click on an element under
 *   `pointer-events: none` would not fail (antd's disabled buttons are `disabled`, which it checks).
 * - `delay: null`: no timer between the events of one action.
 * - `skipHover: true`: `click` does not first move the pointer onto its target (pointerover/enter,
 *   mouseover/enter, pointermove, mousemove): each of those re-rendered what reacts to a hover
 *   (antd's buttons, tooltips' timers) before the press. Given up: a click no longer hovers on the
 *   way; a test about what a hover shows says so with `user.hover`, which is unchanged.
 */
export function setupUser() {
  return userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null, skipHover: true });
}

/**
 * Puts `text` in a field as a paste does: a click in it, then one input event with the whole text.
 * For a value the test needs, not the typing: `user.type` sends five events per character, each
 * re-rendering the form (a 20-letter e-mail cost a hundred renders). Given up: what the field does
 * between two keystrokes; a test about that (a check as the person types) keeps `user.type`.
 */
export async function fill(user: ReturnType<typeof setupUser>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/**
 * Replaces a field's text as a person pastes over it: the field focused and its text selected, then
 * one input event with `text` ('' clears it). For a field that holds a value already: `user.clear`
 * then a paste made two input events, each rendering the form again. Given up, as with `fill`: what
 * the field does between two keystrokes.
 */
export async function replace(user: ReturnType<typeof setupUser>, field: HTMLElement, text: string) {
  if (text === '') {
    await user.clear(field);
    return;
  }
  const input = field as HTMLInputElement | HTMLTextAreaElement;
  act(() => {
    input.focus();
    input.select();
  });
  await user.paste(text);
}

/**
 * Clicks the option titled `title` in the select popup open now (the last one not hidden). antd
 * keeps the popups of the selects opened before in the document, and a document shared by the test
 * files may still hold another file's: an option of the same title found there would be clicked
 * without changing the select the test opened. Waits for the popup to show the option. Spaces
 * compare as Testing Library's queries do (« 10\u00a0% » is '10 %').
 */
export async function pick(user: ReturnType<typeof setupUser>, title: string) {
  const option = await waitFor(() => {
    const popups = document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    const shown = popups[popups.length - 1]?.querySelectorAll<HTMLElement>('.ant-select-item-option');
    const found = [...(shown ?? [])].find(
      (element) => spaced(element.getAttribute('title')) === spaced(title),
    );
    if (found === undefined) throw new Error(`No option "${title}" in the select popup open now`);
    return found;
  });
  await user.click(option);
}

const spaced = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
