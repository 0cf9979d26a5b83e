/**
 * What SES reports about sent messages (docs/mail.md): a permanent bounce or a complaint is
 * recorded on the client the message was for (`emailStatus`, shown on the client's page), and the
 * company is notified (the bell). The message's tags (`mailer.ts`) name the company and the client.
 */
import type { Client, ClientEmailStatus } from '@btp/shared/entities/client';
import { clients } from '../data/entities/clients.js';
import { logger } from '../lib/logger.js';
import { notify } from '../notifications/notify.js';

/** The `detail` of SES's EventBridge events (and the `Message` of its SNS notifications). */
export interface SesEventDetail {
  eventType?: string;
  notificationType?: string;
  mail?: {
    timestamp?: string;
    messageId?: string;
    destination?: string[];
    tags?: Record<string, string[] | undefined>;
  };
  bounce?: {
    bounceType?: string;
    bounceSubType?: string;
    timestamp?: string;
    bouncedRecipients?: { emailAddress?: string; diagnosticCode?: string; status?: string }[];
  };
  complaint?: {
    timestamp?: string;
    complaintFeedbackType?: string;
    complainedRecipients?: { emailAddress?: string }[];
  };
}

/** What one event means for the application, or `undefined` when there is nothing to record. */
export interface DeliveryProblem {
  companyId: string;
  clientId?: string;
  address: string;
  status: ClientEmailStatus;
}

const tag = (detail: SesEventDetail, name: string): string | undefined => detail.mail?.tags?.[name]?.[0];

/**
 * The problem an SES event reports, one per refused recipient. A transient (soft) bounce is not
 * recorded: SES already retried, and the address may work tomorrow. Events without the company tag
 * (sent by something else through the identity) are ignored.
 */
export function deliveryProblems(detail: SesEventDetail, now: Date = new Date()): DeliveryProblem[] {
  const companyId = tag(detail, 'companyId');
  if (!companyId) return [];
  const clientId = tag(detail, 'clientId');
  const type = detail.eventType ?? detail.notificationType;
  if (type === 'Bounce' && detail.bounce) {
    if (detail.bounce.bounceType !== 'Permanent') return [];
    const at = detail.bounce.timestamp ?? now.toISOString();
    return (detail.bounce.bouncedRecipients ?? []).flatMap((recipient) =>
      recipient.emailAddress
        ? [
            {
              companyId,
              clientId,
              address: recipient.emailAddress,
              status: {
                state: 'bounced' as const,
                at,
                address: recipient.emailAddress,
                reason: bounceReason(detail.bounce?.bounceSubType, recipient.diagnosticCode),
              },
            },
          ]
        : [],
    );
  }
  if (type === 'Complaint' && detail.complaint) {
    const at = detail.complaint.timestamp ?? now.toISOString();
    return (detail.complaint.complainedRecipients ?? []).flatMap((recipient) =>
      recipient.emailAddress
        ? [
            {
              companyId,
              clientId,
              address: recipient.emailAddress,
              status: {
                state: 'complained' as const,
                at,
                address: recipient.emailAddress,
                reason: 'Le destinataire a signalé le message comme indésirable.',
              },
            },
          ]
        : [],
    );
  }
  return [];
}

const bounceSubTypes: Record<string, string> = {
  NoEmail: "L'adresse n'existe pas.",
  Suppressed: "L'adresse est sur la liste de suppression (refus antérieurs).",
  OnAccountSuppressionList: "L'adresse est sur la liste de suppression du compte.",
  MailboxFull: 'La boîte du destinataire est pleine.',
  MessageTooLarge: 'Le message est trop volumineux.',
  ContentRejected: 'Le contenu a été refusé par le serveur du destinataire.',
  AttachmentRejected: 'La pièce jointe a été refusée par le serveur du destinataire.',
};

/** A short French reason, with the receiving server's diagnostic when there is one (at most 300 characters). */
function bounceReason(subType: string | undefined, diagnostic: string | undefined): string {
  const known = (subType && bounceSubTypes[subType]) ?? 'Le serveur du destinataire a refusé le message.';
  const detail = diagnostic?.replace(/\s+/g, ' ').trim();
  return (detail ? `${known} (${detail})` : known).slice(0, 300);
}

const sameAddress = (a: string | undefined, b: string | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * Records the problem on the client when the refused address is still the client's (an address
 * typed in the send dialog, or one changed since, is not the client's), retrying once if the client
 * is saved at the same moment. Answers the client as it was read, or `undefined` when there is
 * none (deleted, not tagged).
 */
async function recordOnClient(problem: DeliveryProblem): Promise<{ client?: Client; recorded: boolean }> {
  if (!problem.clientId) return { recorded: false };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const client = await clients.get(problem.companyId, problem.clientId);
    if (!client) return { recorded: false };
    if (!sameAddress(client.email, problem.address)) return { client, recorded: false };
    try {
      await clients.update(
        problem.companyId,
        client.id,
        (current) => ({ ...current, emailStatus: problem.status }),
        {
          expectedVersion: client.version,
        },
      );
      return { client, recorded: true };
    } catch (error) {
      if (attempt === 2) throw error;
    }
  }
  return { recorded: false };
}

/** Handles one SES event: records each refused address on its client and notifies the company. */
export async function handleSesEvent(detail: SesEventDetail): Promise<number> {
  const problems = deliveryProblems(detail);
  for (const problem of problems) {
    const { client, recorded } = await recordOnClient(problem);
    const who = client?.name ?? problem.address;
    await notify(problem.companyId, {
      kind: 'email_bounced',
      title:
        problem.status.state === 'bounced'
          ? `E-mail refusé : ${who}`
          : `E-mail signalé comme indésirable : ${who}`,
      body: `${problem.address} — ${problem.status.reason}`,
      ...(client ? { link: `/clients/${client.id}` } : {}),
    });
    logger.info('mail delivery problem', {
      companyId: problem.companyId,
      clientId: problem.clientId,
      state: problem.status.state,
      recordedOnClient: recorded,
    });
  }
  return problems.length;
}
