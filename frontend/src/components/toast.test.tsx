import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError, NetworkError } from '../lib/api';
import { renderWithProviders, toasts } from '../testing/render-app';
import { setupUser } from '../testing/user';
import { TOAST_DURATION_MS, useToast, type ToastOptions } from './toast';

function Trigger({ options }: { options: ToastOptions[] }) {
  const { toast } = useToast();
  return (
    <>
      {options.map((option, index) => (
        <button key={index} type="button" onClick={() => toast(option)}>
          {`Afficher ${index}`}
        </button>
      ))}
    </>
  );
}

function renderTrigger(...options: ToastOptions[]) {
  renderWithProviders(<Trigger options={options} />);
}

const shown = () => toasts().queryAllByRole('status');

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows at most one toast: a new one replaces the one shown', async () => {
    const user = setupUser();
    renderTrigger(
      { title: 'Succès', description: 'Fournisseur créé avec succès' },
      { variant: 'destructive', title: 'Erreur', description: 'Erreur lors de la création du projet' },
    );

    await user.click(screen.getByRole('button', { name: 'Afficher 0' }));
    await user.click(screen.getByRole('button', { name: 'Afficher 1' }));

    expect(shown()).toHaveLength(1);
    expect(toasts().getByText('Erreur lors de la création du projet')).toBeInTheDocument();
    expect(toasts().queryByText('Fournisseur créé avec succès')).not.toBeInTheDocument();
    expect(shown()[0]).toHaveAttribute('data-variant', 'destructive');
  });

  it('is dismissed by Escape', async () => {
    const user = setupUser();
    renderTrigger({ title: 'Succès', description: 'Document uploadé avec succès' });
    await user.click(screen.getByRole('button', { name: 'Afficher 0' }));
    expect(shown()).toHaveLength(1);

    await user.keyboard('{Escape}');

    expect(shown()).toHaveLength(0);
  });

  it("is dismissed by its 'Fermer' button", async () => {
    const user = setupUser();
    renderTrigger({ title: 'Succès' });
    await user.click(screen.getByRole('button', { name: 'Afficher 0' }));

    await user.click(within(shown()[0] as HTMLElement).getByRole('button', { name: 'Fermer' }));

    expect(shown()).toHaveLength(0);
  });

  it('goes away by itself after 5 s', () => {
    vi.useFakeTimers();
    renderTrigger({ title: 'Succès' });
    fireEvent.click(screen.getByRole('button', { name: 'Afficher 0' }));

    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 10);
    });
    expect(shown()).toHaveLength(1);

    act(() => {
      vi.advanceTimersByTime(20);
    });
    expect(shown()).toHaveLength(0);
  });

  it('waits while the pointer is over it', () => {
    vi.useFakeTimers();
    renderTrigger({ title: 'Succès' });
    fireEvent.click(screen.getByRole('button', { name: 'Afficher 0' }));
    const toast = shown()[0] as HTMLElement;

    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    fireEvent.pointerEnter(toast, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(shown()).toHaveLength(1);

    fireEvent.pointerLeave(toast, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(1_900);
    });
    expect(shown()).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(shown()).toHaveLength(0);
  });

  it('is dismissed by a swipe to the right of at least 50 px', () => {
    renderTrigger({ title: 'Succès' });
    fireEvent.click(screen.getByRole('button', { name: 'Afficher 0' }));
    const toast = shown()[0] as HTMLElement;

    fireEvent.pointerDown(toast, { pointerId: 1, pointerType: 'touch', clientX: 100 });
    fireEvent.pointerMove(toast, { pointerId: 1, pointerType: 'touch', clientX: 130 });
    fireEvent.pointerMove(toast, { pointerId: 1, pointerType: 'touch', clientX: 152 });
    fireEvent.pointerUp(toast, { pointerId: 1, pointerType: 'touch', clientX: 152 });

    expect(shown()).toHaveLength(0);
  });

  it('stays after a shorter swipe, or a swipe to the left', () => {
    renderTrigger({ title: 'Succès' });
    fireEvent.click(screen.getByRole('button', { name: 'Afficher 0' }));
    const toast = shown()[0] as HTMLElement;

    fireEvent.pointerDown(toast, { pointerId: 1, pointerType: 'touch', clientX: 100 });
    fireEvent.pointerMove(toast, { pointerId: 1, pointerType: 'touch', clientX: 140 });
    fireEvent.pointerUp(toast, { pointerId: 1, pointerType: 'touch', clientX: 149 });
    expect(shown()).toHaveLength(1);

    fireEvent.pointerDown(toast, { pointerId: 2, pointerType: 'touch', clientX: 200 });
    fireEvent.pointerUp(toast, { pointerId: 2, pointerType: 'touch', clientX: 100 });
    expect(shown()).toHaveLength(1);
  });

  it('moves the focus to the toasts on F8', async () => {
    const user = setupUser();
    renderTrigger({ title: 'Succès' });
    await user.click(screen.getByRole('button', { name: 'Afficher 0' }));

    await user.keyboard('{F8}');

    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toHaveFocus();
  });

  it('shows the reference of the error it reports under its description, for the person to quote', async () => {
    const user = setupUser();
    const failure = new ApiError(
      500,
      '{"error":"internal_error","message":"Une erreur interne est survenue. Veuillez réessayer."}',
      'Internal Server Error',
      new Headers({ 'x-request-id': 'f3b9c2d4-reference' }),
    );
    renderTrigger(
      { variant: 'destructive', title: 'Erreur', description: failure.serverMessage, error: failure },
      {
        variant: 'destructive',
        title: 'Erreur',
        description: 'Hors ligne',
        error: new NetworkError(undefined),
      },
      { variant: 'destructive', title: 'Erreur', description: 'Sans erreur' },
    );

    await user.click(screen.getByRole('button', { name: 'Afficher 0' }));
    const toast = within(shown()[0] as HTMLElement);
    expect(toast.getByText('Une erreur interne est survenue. Veuillez réessayer.')).toBeInTheDocument();
    expect(toast.getByText('Référence : f3b9c2d4-reference')).toBeInTheDocument();

    // No answer from the server, or no error given: nothing to quote.
    await user.click(screen.getByRole('button', { name: 'Afficher 1' }));
    expect(toasts().getByText('Hors ligne')).toBeInTheDocument();
    expect(toasts().queryByText(/Référence/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Afficher 2' }));
    expect(toasts().getByText('Sans erreur')).toBeInTheDocument();
    expect(toasts().queryByText(/Référence/)).not.toBeInTheDocument();
  });

  it('lets the reference be selected without swiping the toast away', () => {
    const failure = new ApiError(503, '', 'Service Unavailable', new Headers({ 'x-request-id': 'ref-503' }));
    renderTrigger({ variant: 'destructive', title: 'Erreur', error: failure });
    fireEvent.click(screen.getByRole('button', { name: 'Afficher 0' }));
    const reference = toasts().getByText('Référence : ref-503');

    fireEvent.pointerDown(reference, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 100 });
    fireEvent.pointerMove(reference, { pointerId: 1, pointerType: 'mouse', clientX: 200 });
    fireEvent.pointerUp(reference, { pointerId: 1, pointerType: 'mouse', clientX: 200 });

    expect(shown()).toHaveLength(1);
  });
});
