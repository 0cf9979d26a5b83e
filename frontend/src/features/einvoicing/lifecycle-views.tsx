import {
  lifecycleSummary,
  statusTone,
  type InvoiceLifecycle,
  type LifecycleEvent,
  type StatusTone,
} from '@btp/shared/einvoicing-network';
import { formatEuro, parseMoney } from '@btp/shared/money';
import { Alert, Button, Tag, Typography } from 'antd';

import { useSyncEinvoicing } from '../../api/einvoicing/einvoicing-settings';
import { useInvoiceLifecycle } from '../../api/einvoicing/lifecycles';
import { useToast } from '../../components/toast';
import { serverMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import styles from './einvoicing.module.css';

const tagColors: Record<StatusTone, string> = {
  success: 'green',
  warning: 'orange',
  error: 'red',
  info: 'blue',
};

/** Typography's type of a tone: only a refusal is red (the others read as plain secondary text). */
function textType(tone: StatusTone): 'danger' | 'secondary' {
  return tone === 'error' ? 'danger' : 'secondary';
}

/** The card's line about an invoice on the network (« Plateforme : Approuvée », « Non adressable : … »). */
export function NetworkStatusLine({ lifecycle }: { lifecycle: InvoiceLifecycle | undefined }) {
  const summary = lifecycle === undefined ? undefined : lifecycleSummary(lifecycle);
  if (summary === undefined) return null;
  return (
    <Typography.Paragraph
      type={textType(summary.tone)}
      className={styles.statusLine}
      role={summary.tone === 'error' ? 'status' : undefined}
    >
      {summary.text}
    </Typography.Paragraph>
  );
}

/** « 600,00 € (20 % : 482,84 € · 10 % : 117,16 €) » for a 212. */
function collectedText(event: LifecycleEvent): string | undefined {
  if (event.amount === undefined) return undefined;
  const parts = (event.collected ?? [])
    .map(
      (part) =>
        `${part.rate.replace('.', ',').replace(/,00$/, '')} % : ${formatEuro(parseMoney(part.amount))}`,
    )
    .join(' · ');
  return `${formatEuro(parseMoney(event.amount))}${parts ? ` (${parts})` : ''}`;
}

/** Every status of an invoice, oldest first: received or given by the company, with reasons and amounts. */
export function LifecycleEvents({ events, empty }: { events: readonly LifecycleEvent[]; empty: string }) {
  if (events.length === 0) return <Typography.Paragraph type="secondary">{empty}</Typography.Paragraph>;
  return (
    <ol className={styles.events} aria-label="Statuts de la facture">
      {events.map((event, index) => {
        const amount = collectedText(event);
        const why = [event.reason, event.comment].filter(Boolean).join(' : ');
        return (
          <li key={`${event.flowId ?? 'pending'}-${event.status}-${index}`} className={styles.event}>
            <span className={styles.eventHead}>
              <Tag color={tagColors[statusTone(event.status)]} style={{ marginInlineEnd: 0 }}>
                {event.label}
              </Tag>
              <span className={styles.eventMeta}>
                {event.direction === 'in' ? 'Reçu' : 'Envoyé'} le {formatDateTime(event.at)}
                {event.state === 'pending' ? ' · en attente de transmission' : ''}
              </span>
            </span>
            {why !== '' && <span className={styles.eventText}>{why}</span>}
            {amount !== undefined && <span className={styles.eventText}>Encaissé : {amount}</span>}
          </li>
        );
      })}
    </ol>
  );
}

/** « Relever la plateforme »: the company's exchange with its platform, now. */
export function SyncPlatformButton() {
  const sync = useSyncEinvoicing();
  const { toast } = useToast();
  const run = async () => {
    try {
      const { status } = await sync.mutateAsync();
      // The platform refused or did not answer: its French sentence (retried later, nothing lost).
      if (status?.state === 'error')
        toast({ variant: 'destructive', title: 'Erreur', description: status.message });
      else toast({ title: 'Succès', description: 'Plateforme relevée : factures et statuts à jour' });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? 'La plateforme n’a pas pu être relevée',
        error,
      });
    }
  };
  return (
    <Button size="large" loading={sync.isPending} onClick={() => void run()}>
      Relever la plateforme
    </Button>
  );
}

/**
 * The invoice details' section « Plateforme agréée » (issue 30): what became of the invoice on the
 * network (submitted, not addressable, not sent and why, waiting, refused at the deposit) and every
 * status in and out.
 */
export function InvoiceNetworkSection({ invoiceId }: { invoiceId: string }) {
  const lifecycle = useInvoiceLifecycle(invoiceId);
  let content;
  if (lifecycle.isPending)
    content = <Typography.Paragraph type="secondary">Chargement…</Typography.Paragraph>;
  else if (lifecycle.isError) {
    content = (
      <Alert
        type="error"
        showIcon
        title="Statuts indisponibles"
        description={serverMessage(lifecycle.error)}
      />
    );
  } else {
    const data = lifecycle.data;
    const summary = lifecycleSummary(data);
    content = (
      <>
        {data.network === 'not_sent' && data.notSentReason === undefined ? (
          <Typography.Paragraph type="secondary">
            Facture non transmise à une plateforme agréée (facturation électronique désactivée à son
            émission).
          </Typography.Paragraph>
        ) : (
          summary !== undefined && (
            <Typography.Paragraph type={textType(summary.tone)}>{summary.text}</Typography.Paragraph>
          )
        )}
        {data.network !== 'not_sent' && data.network !== 'not_addressable' && (
          <LifecycleEvents events={data.events} empty="Aucun statut reçu pour l'instant." />
        )}
      </>
    );
  }
  return (
    <section aria-label="Plateforme agréée" className={styles.section}>
      <Typography.Title level={5}>Plateforme agréée</Typography.Title>
      {content}
    </section>
  );
}
