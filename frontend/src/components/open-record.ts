import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { serverMessage } from '../lib/api';
import { useToast } from './toast';

/**
 * Opens a dialog on a record read whole from its detail route: a list entry is a summary (no lines,
 * no snapshots, API.md "Lists"), so 'Voir détails', 'Modifier' and the like read the record first.
 * `opening` names the action under way (its button shows it loading); a failed read is an error
 * toast with the server's message, and no dialog.
 */
export function useOpenRecord<Action extends string>() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [opening, setOpening] = useState<{ id: string; action: Action } | undefined>();

  async function open<T>(
    target: { id: string; action: Action },
    read: (client: QueryClient) => Promise<T>,
    show: (record: T) => void,
    failure: string,
  ): Promise<void> {
    setOpening(target);
    try {
      show(await read(queryClient));
    } catch (error) {
      toast({ variant: 'destructive', title: 'Erreur', description: serverMessage(error) ?? failure, error });
    } finally {
      setOpening(undefined);
    }
  }

  return {
    open,
    /** The action under way on the record `id`, if any. */
    openingOf: (id: string): Action | undefined => (opening?.id === id ? opening.action : undefined),
  };
}
