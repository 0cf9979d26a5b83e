import { PlusOutlined } from '@ant-design/icons';
import { labelOf, quoteStatusLabels } from '@btp/shared/enums';
import { canDeleteQuote, canSendQuote } from '@btp/shared/quote-status';
import { Alert, Button, Card, Empty, Popconfirm, Spin, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { useDeleteQuote } from '../../../api/quotes/delete-quote';
import { getQuoteQueryOptions, type QuoteDetail } from '../../../api/quotes/get-quote';
import { useQuotesList, type QuoteListItem } from '../../../api/quotes/list-quotes';
import { useSendQuote } from '../../../api/quotes/send-quote';
import { PageBody, PageHeader } from '../../../components/page-header';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { QuoteDialog } from './quote-dialog';
import { euros } from './quote-lines';
import styles from './quotes.module.css';

const LOAD_ERROR = 'Erreur lors du chargement des devis';

/** Badge colour per quote status. */
export const quoteStatusColors: Record<string, string> = {
  draft: 'default',
  sent: 'blue',
  validated: 'green',
  rejected: 'red',
  expired: 'orange',
};

type DialogState = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; quote: QuoteDetail };

interface QuotesPageProps {
  title: string;
  subtitle: string;
}

/** Spec section 2 "Devis": the company's quotes as cards; create, edit, send, delete. */
export function QuotesPage({ title, subtitle }: QuotesPageProps) {
  const quotes = useQuotesList();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'closed' });
  const [opening, setOpening] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const openCreate = () => setDialog({ kind: 'create' });
  // The dialog opens on the quote as it is now, with its lines.
  const openEdit = async (id: string) => {
    setOpening(id);
    try {
      setDialog({ kind: 'edit', quote: await queryClient.fetchQuery(getQuoteQueryOptions(id)) });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? 'Erreur lors du chargement du devis',
      });
    } finally {
      setOpening(undefined);
    }
  };

  let content;
  if (quotes.isPending) {
    content = (
      <div className={styles.loading}>
        <Spin />
        <div>Chargement...</div>
      </div>
    );
  } else if (quotes.isError) {
    content = (
      <Alert
        type="error"
        showIcon
        title={LOAD_ERROR}
        description={serverMessage(quotes.error)}
        action={
          <Button onClick={() => void quotes.refetch()} loading={quotes.isFetching}>
            Réessayer
          </Button>
        }
      />
    );
  } else if (quotes.data.length === 0) {
    content = (
      <Card>
        <Empty description={<EmptyText />}>
          <Button type="primary" size="large" icon={<PlusOutlined />} onClick={openCreate}>
            Nouveau Devis
          </Button>
        </Empty>
      </Card>
    );
  } else {
    content = (
      <ul className={styles.grid} aria-label="Devis">
        {quotes.data.map((quote) => (
          <li key={quote.id}>
            <QuoteCard quote={quote} opening={opening === quote.id} onEdit={() => void openEdit(quote.id)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        action={
          <Button type="primary" size="large" icon={<PlusOutlined />} onClick={openCreate}>
            Nouveau Devis
          </Button>
        }
      />
      <PageBody>{content}</PageBody>
      {dialog.kind !== 'closed' && (
        <QuoteDialog
          key={dialog.kind === 'edit' ? dialog.quote.id : 'new'}
          quote={dialog.kind === 'edit' ? dialog.quote : undefined}
          onClose={() => setDialog({ kind: 'closed' })}
        />
      )}
    </>
  );
}

function EmptyText() {
  return (
    <>
      <strong>Aucun devis</strong>
      <br />
      Commencez par créer votre premier devis
    </>
  );
}

interface QuoteCardProps {
  quote: QuoteListItem;
  /** While its lines load for 'Modifier'. */
  opening: boolean;
  onEdit: () => void;
}

function QuoteCard({ quote, opening, onEdit }: QuoteCardProps) {
  const { toast } = useToast();
  const send = useSendQuote();
  const remove = useDeleteQuote();

  const sendQuote = async () => {
    try {
      await send.mutateAsync({ id: quote.id, version: quote.version });
      toast({ title: 'Succès', description: 'Le devis a été envoyé.' });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? "Une erreur est survenue lors de l'envoi du devis.",
      });
    }
  };

  const deleteQuote = async () => {
    try {
      await remove.mutateAsync(quote.id);
      toast({ title: 'Succès', description: 'Le devis a été supprimé.' });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? 'Une erreur est survenue lors de la suppression du devis.',
      });
    }
  };

  return (
    <Card className={styles.card} styles={{ body: { padding: 16 } }}>
      <article aria-label={`Devis ${quote.number}`}>
        <div className={styles.cardHead}>
          <span className={styles.number}>{quote.number}</span>
          <Tag color={quoteStatusColors[quote.status]}>{labelOf(quoteStatusLabels, quote.status)}</Tag>
        </div>
        <h2 className={styles.cardTitle}>{quote.title}</h2>
        {quote.description !== undefined && <p className={styles.description}>{quote.description}</p>}
        <dl className={styles.facts}>
          <dt>Client</dt>
          <dd>{quote.client?.name ?? '—'}</dd>
          <dt>Projet</dt>
          <dd>{quote.project?.name ?? 'Aucun projet'}</dd>
          <dt>Total HT</dt>
          <dd className={styles.amount}>{euros(quote.totalAmount)}</dd>
          <dt>Valide jusqu'au</dt>
          <dd>{quote.validUntil !== undefined ? formatDate(quote.validUntil) : 'Non définie'}</dd>
          {quote.sentAt !== undefined && (
            <>
              <dt>Envoyé le</dt>
              <dd>{formatDate(quote.sentAt)}</dd>
            </>
          )}
        </dl>
        <div className={styles.actions}>
          <Button size="large" loading={opening} onClick={onEdit}>
            Modifier
          </Button>
          {canSendQuote(quote.status) && (
            <Popconfirm
              title="Envoyer ce devis ?"
              description="Une fois envoyé, son contenu ne pourra plus être modifié."
              okText="Confirmer l'envoi"
              cancelText="Annuler"
              onConfirm={() => sendQuote()}
            >
              <Button type="primary" size="large" loading={send.isPending}>
                Envoyer
              </Button>
            </Popconfirm>
          )}
          {canDeleteQuote(quote.status) && (
            <Popconfirm
              title="Supprimer ce devis ?"
              description="Le devis et ses lignes seront supprimés."
              okText="Supprimer"
              okButtonProps={{ danger: true }}
              cancelText="Annuler"
              onConfirm={() => deleteQuote()}
            >
              <Button
                danger
                size="large"
                loading={remove.isPending}
                aria-label={`Supprimer le devis ${quote.number}`}
              >
                Supprimer
              </Button>
            </Popconfirm>
          )}
        </div>
      </article>
    </Card>
  );
}
