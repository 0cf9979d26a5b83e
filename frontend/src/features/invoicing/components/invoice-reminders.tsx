import type { InvoiceReminder } from '@btp/shared/reminders';
import { reminderStepLabel } from '@btp/shared/reminders';
import { Button } from 'antd';

import { useRemindInvoice } from '../../../api/invoices/remind-invoice';
import type { InvoicesListItem } from '../../../api/invoices/list-invoices';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import cardStyles from '../../../components/record-cards.module.css';

/** "Relancée le 02/12/2026 (J+7)", "Relancée le 05/12/2026 (manuelle)", or the failure of one. */
export function reminderText(reminder: InvoiceReminder): string {
  const when = `${formatDate(reminder.at)} (${reminderStepLabel(reminder.step)})`;
  return reminder.failure ? `Relance du ${when} non envoyée : ${reminder.failure}` : `Relancée le ${when}`;
}

/** The reminders sent for an invoice, oldest first, on its card (issue 17). */
export function InvoiceReminderList({ reminders }: { reminders: InvoiceReminder[] | undefined }) {
  if (!reminders || reminders.length === 0) return null;
  return (
    <ul aria-label="Relances" style={{ margin: '0 0 12px', padding: 0, listStyle: 'none' }}>
      {reminders.map((reminder) => (
        <li
          key={`${reminder.at}-${String(reminder.step)}`}
          className={cardStyles.secondary}
          style={reminder.failure ? { color: '#cf1322' } : undefined}
        >
          {reminderText(reminder)}
        </li>
      ))}
    </ul>
  );
}

/**
 * "Relancer" on an overdue invoice's card: the reminder e-mail with the issued PDF to the client,
 * then a toast saying where it went, or why it did not (the failure is recorded on the invoice too).
 */
export function RemindButton({ invoice }: { invoice: InvoicesListItem }) {
  const remind = useRemindInvoice();
  const { toast } = useToast();
  const onClick = async () => {
    try {
      const reminded = await remind.mutateAsync({ id: invoice.id, idempotencyKey: crypto.randomUUID() });
      const latest = reminded.reminders?.at(-1);
      if (latest?.failure) {
        toast({
          variant: 'destructive',
          title: 'Erreur',
          description: `Relance non envoyée : ${latest.failure}`,
        });
      } else {
        toast({ title: 'Succès', description: `Relance envoyée à ${latest?.to ?? 'votre client'}` });
      }
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? "Erreur lors de l'envoi de la relance",
        error,
      });
    }
  };
  return (
    <Button
      size="large"
      loading={remind.isPending}
      onClick={() => void onClick()}
      aria-label={`Relancer ${invoice.title}`}
    >
      Relancer
    </Button>
  );
}
