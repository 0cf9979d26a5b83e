import { Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';

/** Spec section 9: a tooltip opens after 700 ms of hovering... */
export const TOOLTIP_OPEN_DELAY_MS = 700;
/** ...or at once when another one closed less than 300 ms ago (moving along a row of buttons). */
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** When the last tooltip closed, shared by every tooltip of the page. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

/** Keyboard focus, not the focus a mouse click gives a button. */
function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * A tooltip with the spec's timing: opens after the hover delay (or at once within the skip delay,
 * or on keyboard focus), closes on leave, blur or Escape.
 */
export function AppTooltip({ title, children }: { title: ReactNode; children: ReactElement }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (delay: number) => {
    clearTimeout(timer.current);
    const wait = Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : delay;
    timer.current = setTimeout(() => setOpen(true), wait);
  };
  const hide = () => {
    clearTimeout(timer.current);
    if (open) lastClosedAt = Date.now();
    setOpen(false);
  };

  return (
    <Tooltip title={title} open={open}>
      <span
        style={{ display: 'inline-flex' }}
        onPointerEnter={(event) => event.pointerType === 'mouse' && show(TOOLTIP_OPEN_DELAY_MS)}
        onPointerLeave={hide}
        onFocus={(event) => focusVisible(event.target) && show(0)}
        onBlur={hide}
        onKeyDown={(event) => event.key === 'Escape' && hide()}
        onClick={hide}
      >
        {children}
      </span>
    </Tooltip>
  );
}
