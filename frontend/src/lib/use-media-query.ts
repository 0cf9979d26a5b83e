import { useCallback, useSyncExternalStore } from 'react';

/** antd's `md` breakpoint (px): below it the sidebar is a drawer, tables are cards, dialogs full-screen. */
export const MD_BREAKPOINT = 768;

/** Whether `query` matches now; re-renders when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** True from the `md` breakpoint up: room for a fixed sidebar, tables and centred dialogs. */
export function useIsDesktop(): boolean {
  return useMediaQuery(`(min-width: ${MD_BREAKPOINT}px)`);
}
