import { Button, Popconfirm } from 'antd';

import { useToastedAction, type ActionTexts, type DeleteMutation } from './action-toasts';

interface ConfirmDeleteButtonProps extends ActionTexts {
  /** The record's id, which the mutation deletes. */
  id: string;
  mutation: DeleteMutation & { isPending: boolean };
  /** The confirmation's question, e.g. 'Supprimer ce devis ?'. */
  question: string;
  /** What the deletion takes with it, under the question. */
  description?: string;
  /** The button's name when 'Supprimer' alone would not say which record. */
  'aria-label'?: string;
}

/**
 * A card's 'Supprimer': a confirmation next to the button (Supprimer / Annuler), then the deletion
 * and its toast (`success`, or the server's message, else `failure`).
 */
export function ConfirmDeleteButton({
  id,
  mutation,
  question,
  description,
  'aria-label': label,
  ...texts
}: ConfirmDeleteButtonProps) {
  const remove = useToastedAction(() => mutation.mutateAsync(id), texts);
  return (
    <Popconfirm
      title={question}
      description={description}
      okText="Supprimer"
      okButtonProps={{ danger: true }}
      cancelText="Annuler"
      // antd's Popconfirm awaits a returned promise (OK shows a spinner, then the popup closes); its
      // type says void. This promise never rejects: useToastedAction tells the failure.
      // oxlint-disable-next-line typescript/no-misused-promises
      onConfirm={() => remove()}
    >
      <Button danger size="large" loading={mutation.isPending} aria-label={label}>
        Supprimer
      </Button>
    </Popconfirm>
  );
}
