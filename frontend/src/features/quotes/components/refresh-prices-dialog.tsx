import { formatEuro, parseMoney } from '@btp/shared/money';
import { Alert, Button } from 'antd';
import { useEffect } from 'react';

import type { QuoteDetail } from '../../../api/quotes/get-quote';
import {
  useApplyRefresh,
  useRefreshPreview,
  type QuoteRefresh,
} from '../../../api/quotes/refresh-quote-prices';
import { LoadingState } from '../../../components/query-list';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import styles from './quote-editor.module.css';

const euros = (value: string) => formatEuro(parseMoney(value));

/** "51,98 €" or "50,83 € → 51,98 €": what changes, and only that. */
function change(before: string, after: string): string {
  return parseMoney(before) === parseMoney(after) ? euros(after) : `${euros(before)} → ${euros(after)}`;
}

const outcomeTexts: Record<QuoteRefresh['lines'][number]['outcome'], string> = {
  updated: 'Nouveau prix',
  unchanged: 'Inchangé',
  missing: "N'est plus dans la bibliothèque : prix conservé",
  manual: 'Saisie à la main : prix conservé',
};

interface RefreshPricesDialogProps {
  quote: Pick<QuoteDetail, 'id' | 'number' | 'version'>;
  /** The lines were changed in the editor and not saved: applying replaces them. */
  unsaved: boolean;
  /** The quote as saved with its new prices. */
  onApplied: (quote: QuoteDetail) => void;
  onClose: () => void;
}

/**
 * « Actualiser les prix » of a draft (LIBRARY.md): every line recomputed from the library's current
 * costs, shown old → new (déboursé unitaire, total HT per line, the quote's totals) before anything
 * is saved; « Appliquer » saves it. A sent devis never changes (the server refuses it).
 */
export function RefreshPricesDialog({ quote, unsaved, onApplied, onClose }: RefreshPricesDialogProps) {
  const { toast } = useToast();
  const preview = useRefreshPreview();
  const apply = useApplyRefresh();
  const { mutate } = preview;
  useEffect(() => mutate(quote.id), [mutate, quote.id]);
  const answer = preview.data;

  const applyNow = async () => {
    try {
      const refreshed = await apply.mutateAsync({ id: quote.id, version: quote.version });
      toast({ title: 'Succès', description: 'Les prix du devis ont été actualisés.' });
      if (refreshed.quote !== null) onApplied(refreshed.quote);
      onClose();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? "Les prix n'ont pas pu être actualisés.",
        error,
      });
    }
  };

  return (
    <ResponsiveModal
      open
      title={`Actualiser les prix du devis ${quote.number}`}
      width={760}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <div className={styles.refreshFooter}>
          <Button size="large" onClick={onClose}>
            Annuler
          </Button>
          <Button
            size="large"
            type="primary"
            disabled={answer === undefined || answer.changed === 0}
            loading={apply.isPending}
            onClick={() => void applyNow()}
          >
            Appliquer les nouveaux prix
          </Button>
        </div>
      }
    >
      {preview.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Impossible de calculer les nouveaux prix"
          description={serverMessage(preview.error)}
          action={<Button onClick={() => mutate(quote.id)}>Réessayer</Button>}
        />
      )}
      {preview.isPending && <LoadingState />}
      {answer !== undefined && (
        <>
          {unsaved && (
            <Alert
              type="warning"
              showIcon
              className={styles.refreshAlert}
              title="Les prix sont actualisés sur le devis enregistré : les modifications non enregistrées de ses lignes seront remplacées."
            />
          )}
          <p>
            {answer.changed === 0
              ? 'Aucun prix ne change : les coûts de la bibliothèque sont ceux du devis.'
              : `${answer.changed} ligne${answer.changed > 1 ? 's changent' : ' change'} de prix.`}
          </p>
          <ol className={styles.refreshLines} aria-label="Lignes actualisées">
            {answer.lines.map((line, index) => (
              <li key={line.itemId} className={styles.refreshLine}>
                <span className={styles.refreshName}>
                  {index + 1}. {line.description || 'Ligne sans description'}
                </span>
                <span className={styles.refreshOutcome}>{outcomeTexts[line.outcome]}</span>
                <dl className={styles.refreshFigures}>
                  <div>
                    <dt>Déboursé unitaire</dt>
                    <dd>{change(line.old.unitPrice, line.new.unitPrice)}</dd>
                  </div>
                  <div>
                    <dt>Prix de vente unitaire HT</dt>
                    <dd>{change(line.old.saleUnitPrice, line.new.saleUnitPrice)}</dd>
                  </div>
                  <div>
                    <dt>Total vente HT</dt>
                    <dd>{change(line.old.saleTotal, line.new.saleTotal)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ol>
          <dl className={styles.refreshTotals} aria-label="Totaux actualisés">
            <div>
              <dt>Déboursé sec</dt>
              <dd>{change(answer.old.subtotalAmount, answer.new.subtotalAmount)}</dd>
            </div>
            <div>
              <dt>Total HT</dt>
              <dd>{change(answer.old.totalAmount, answer.new.totalAmount)}</dd>
            </div>
            <div>
              <dt>TVA</dt>
              <dd>{change(answer.old.vatAmount, answer.new.vatAmount)}</dd>
            </div>
            <div>
              <dt>Total TTC</dt>
              <dd>{change(answer.old.totalWithVat, answer.new.totalWithVat)}</dd>
            </div>
          </dl>
        </>
      )}
    </ResponsiveModal>
  );
}
