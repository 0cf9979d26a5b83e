import { App } from 'antd';
import { useCallback } from 'react';

import { serverMessage } from '../lib/api';
import { useToast } from './toast';

/** What the toasts say after an action (answering `T`). */
export interface ActionTexts<T = unknown> {
  /** The 'Succès' toast, e.g. 'Client supprimé avec succès', or its text for the action's answer. */
  success: string | ((result: T) => string);
  /** The 'Erreur' toast when the server gives no message, e.g. 'Erreur lors de la suppression du client'. */
  failure: string;
}

/**
 * Runs an action and says how it went: 'Succès' with `texts.success`, or 'Erreur' with the server's
 * message, else `texts.failure`. The answer is the action's: it still rejects after a failure, so a
 * form can show the server's field messages and stay open.
 */
export function useActionToasts() {
  const { toast } = useToast();
  return useCallback(
    async <T>(action: () => Promise<T>, texts: ActionTexts<T>): Promise<T> => {
      try {
        const result = await action();
        const { success } = texts;
        toast({ title: 'Succès', description: typeof success === 'string' ? success : success(result) });
        return result;
      } catch (error) {
        toast({
          variant: 'destructive',
          title: 'Erreur',
          description: serverMessage(error) ?? texts.failure,
          error,
        });
        throw error;
      }
    },
    [toast],
  );
}

/**
 * An action (a mutation's call) that says how it went with `useActionToasts`, for a button or a
 * confirmation; its promise never rejects, the failure being told by its toast.
 */
export function useToastedAction<A extends unknown[]>(
  action: (...args: A) => Promise<unknown>,
  texts: ActionTexts,
): (...args: A) => Promise<void> {
  const notify = useActionToasts();
  return (...args) =>
    notify(() => action(...args), texts).then(
      () => undefined,
      () => undefined,
    );
}

/** The delete mutation of a list (TanStack Query), which takes the record's id. */
export interface DeleteMutation {
  mutateAsync: (id: string) => Promise<unknown>;
}

export interface ConfirmDeleteTexts<T> extends ActionTexts {
  /** The confirmation's title, e.g. 'Supprimer le client'. */
  title: string;
  /** What it asks about the record, e.g. 'Voulez-vous vraiment supprimer le client « … » ? …'. */
  content: (record: T) => string;
}

/**
 * 'Supprimer' on a record: a confirmation (Supprimer / Annuler) that deletes it, then says how it went.
 * Needs antd's `<App>` around the screen (the signed-in layout gives it).
 */
export function useConfirmDelete<T extends { id: string }>(
  mutation: DeleteMutation,
  { title, content, ...texts }: ConfirmDeleteTexts<T>,
) {
  const { modal } = App.useApp();
  const remove = useToastedAction((id: string) => mutation.mutateAsync(id), texts);
  return (record: T) => {
    modal.confirm({
      title,
      content: content(record),
      okText: 'Supprimer',
      cancelText: 'Annuler',
      okButtonProps: { danger: true, size: 'large' },
      cancelButtonProps: { size: 'large' },
      onOk: () => remove(record.id),
    });
  };
}
