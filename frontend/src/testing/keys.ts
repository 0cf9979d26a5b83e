import { act, fireEvent } from '@testing-library/react';

const keyCodes = { ArrowDown: 40, ArrowUp: 38, Enter: 13, Escape: 27 } as const;

/**
 * Presses a key on the focused element with its legacy `keyCode`/`which`, which antd's select and
 * autocomplete lists read (user-event sends `key` alone under jsdom; a browser sends both).
 */
export async function press(key: keyof typeof keyCodes): Promise<void> {
  const target = document.activeElement ?? document.body;
  const init = { key, code: key, keyCode: keyCodes[key], which: keyCodes[key], bubbles: true };
  await act(async () => {
    fireEvent.keyDown(target, init);
    fireEvent.keyUp(target, init);
    await Promise.resolve();
  });
}
