import { PointerEventsCheckLevel, userEvent } from '@testing-library/user-event';

/**
 * A person at the keyboard and mouse. The `pointer-events` check is skipped: it reads the computed
 * style of every ancestor on each event, which antd's CSS-in-JS makes very slow in jsdom.
 */
export function setupUser() {
  return userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });
}
