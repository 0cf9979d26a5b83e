import { CloseOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent,
  type ReactNode,
} from 'react';

import { errorReference } from '../lib/api';
import { useIsDesktop } from '../lib/use-media-query';

/** Spec section 9: at most one toast at a time, shown 5 s, swiped away to the right past 50 px. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** Spec section 9: the key that moves the focus to the toasts. */
const VIEWPORT_HOTKEY = 'F8';
export const TOAST_VIEWPORT_LABEL = 'Notifications (F8)';

/** `destructive` is the red style of error toasts (title 'Erreur' unless the spec says otherwise). */
export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /**
   * The error an error toast reports: when the server's answer gave a reference (the request id
   * its logs carry), the toast shows "Référence : <id>" under the description, for the person to
   * quote to support. `toast({ variant: 'destructive', title, description, error })`.
   */
  error?: unknown;
}

interface ToastItem extends ToastOptions {
  id: number;
}

interface ToastApi {
  /** Shows a toast in place of the one shown, if any; answers its id. */
  toast: (options: ToastOptions) => number;
  /** Dismisses one toast, or every toast without an id. */
  dismiss: (id?: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** The toasts of the whole SPA: what `useToast` talks to, and where they appear. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const lastId = useRef(0);

  const toast = useCallback((options: ToastOptions) => {
    lastId.current += 1;
    const id = lastId.current;
    setToasts((shown) => [{ ...options, id }, ...shown].slice(0, TOAST_LIMIT));
    return id;
  }, []);
  const dismiss = useCallback((id?: number) => {
    setToasts((shown) => (id === undefined ? [] : shown.filter((item) => item.id !== id)));
  }, []);
  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (api === null) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

function ToastViewport({ toasts, onDismiss }: { toasts: ToastItem[]; onDismiss: (id?: number) => void }) {
  const viewport = useRef<HTMLElement>(null);
  const desktop = useIsDesktop();
  const hasToasts = toasts.length > 0;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === VIEWPORT_HOTKEY) {
        viewport.current?.focus();
      } else if (event.key === 'Escape' && hasToasts) {
        onDismiss();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [hasToasts, onDismiss]);

  const placement: CSSProperties = desktop
    ? { right: 16, bottom: 16, width: 380 }
    : { left: 8, right: 8, top: 8 };

  return (
    <section
      ref={viewport}
      aria-label={TOAST_VIEWPORT_LABEL}
      tabIndex={-1}
      style={{
        position: 'fixed',
        zIndex: 2000,
        maxWidth: 'calc(100vw - 16px)',
        outline: 'none',
        ...placement,
      }}
    >
      {/* Not a list: each toast is its own live region (role=status), which a list item may not be. */}
      <div style={{ display: 'grid', gap: 8 }}>
        {toasts.map((item) => (
          <Toast key={item.id} item={item} onDismiss={onDismiss} />
        ))}
      </div>
    </section>
  );
}

function Toast({ item, onDismiss }: { item: ToastItem; onDismiss: (id?: number) => void }) {
  const { token } = theme.useToken();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [offset, setOffset] = useState(0);
  const [swipeStart, setSwipeStart] = useState<number | null>(null);
  const remaining = useRef(TOAST_DURATION_MS);
  const { id } = item;
  // Like a notification a person is reading or dragging: the countdown waits.
  const paused = hovered || focused || swipeStart !== null;

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, id, onDismiss]);

  const endSwipe = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    if (swipeStart === null) return;
    setSwipeStart(null);
    if (!cancelled && event.clientX - swipeStart >= TOAST_SWIPE_THRESHOLD_PX) {
      onDismiss(id);
    } else {
      setOffset(0);
    }
  };

  const destructive = item.variant === 'destructive';
  const reference = errorReference(item.error);
  const style: CSSProperties = {
    position: 'relative',
    padding: '14px 52px 14px 16px',
    borderRadius: token.borderRadiusLG,
    border: `1px solid ${destructive ? token.colorError : token.colorBorderSecondary}`,
    background: destructive ? token.colorError : token.colorBgElevated,
    color: destructive ? token.colorWhite : token.colorText,
    boxShadow: token.boxShadowSecondary,
    transform: offset > 0 ? `translateX(${offset}px)` : undefined,
    opacity: offset > 0 ? Math.max(0.2, 1 - offset / (TOAST_SWIPE_THRESHOLD_PX * 3)) : 1,
    transition: offset > 0 ? undefined : 'transform 0.2s, opacity 0.2s',
    // Vertical scrolling stays with the page; horizontal moves are the swipe.
    touchAction: 'pan-y',
    userSelect: 'none',
    overflowWrap: 'anywhere',
  };

  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-variant={item.variant ?? 'default'}
      style={style}
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onPointerDown={(event) => {
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        // A press on the close button is a click, not a swipe: capturing the pointer here would
        // take the click away from the button. A press on the reference selects it, to copy it.
        if (event.target instanceof Element && event.target.closest('button, [data-toast-reference]')) return;
        setSwipeStart(event.clientX);
        const target = event.currentTarget;
        if (typeof target.setPointerCapture === 'function') target.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (swipeStart !== null) setOffset(Math.max(0, event.clientX - swipeStart));
      }}
      onPointerUp={(event) => endSwipe(event, false)}
      onPointerCancel={(event) => endSwipe(event, true)}
    >
      <div style={{ fontWeight: 600 }}>{item.title}</div>
      {item.description !== undefined && (
        <div style={{ marginTop: 4, opacity: destructive ? 0.95 : 0.85 }}>{item.description}</div>
      )}
      {reference !== undefined && (
        <div data-toast-reference="" style={{ marginTop: 4, fontSize: token.fontSizeSM, userSelect: 'text' }}>
          {`Référence : ${reference}`}
        </div>
      )}
      <Button
        type="text"
        aria-label="Fermer"
        icon={<CloseOutlined />}
        onClick={() => onDismiss(id)}
        style={{
          position: 'absolute',
          top: 2,
          right: 2,
          width: 44,
          height: 44,
          color: destructive ? token.colorWhite : token.colorTextSecondary,
        }}
      />
    </div>
  );
}
