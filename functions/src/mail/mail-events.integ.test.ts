import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { testCompanyId } from '../../test/company.js';
import { getClient, updateClient } from '../clients/client-service.js';
import { clients } from '../data/entities/clients.js';
import { companyPk } from '../data/keys.js';
import { db, tableName } from '../lib/dynamo.js';
import { handler } from '../handlers/mail/events.js';
import type { SesEventDetail } from './mail-events.js';

async function notificationsOf(companyId: string): Promise<Record<string, unknown>[]> {
  const answer = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': companyPk(companyId), ':prefix': 'NOTIF#' },
    }),
  );
  return answer.Items ?? [];
}

function bounceEvent(detail: SesEventDetail) {
  return {
    version: '0',
    id: 'event-1',
    'detail-type': 'Email Bounced',
    source: 'aws.ses',
    account: '123456789012',
    time: '2026-11-25T10:00:00Z',
    region: 'eu-west-3',
    resources: [],
    detail,
  };
}

const tags = (companyId: string, clientId?: string) => ({
  companyId: [companyId],
  ...(clientId ? { clientId: [clientId] } : {}),
  kind: ['quote'],
  'ses:configuration-set': ['btp-gestion-mail'],
});

function permanentBounce(companyId: string, clientId: string, address: string): SesEventDetail {
  return {
    eventType: 'Bounce',
    mail: { messageId: 'm-1', destination: [address], tags: tags(companyId, clientId) },
    bounce: {
      bounceType: 'Permanent',
      bounceSubType: 'NoEmail',
      timestamp: '2026-11-25T09:59:58.000Z',
      bouncedRecipients: [{ emailAddress: address, diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
    },
  };
}

describe('SES bounce and complaint events', () => {
  it('a permanent bounce is recorded on the client and notified to the company', async () => {
    const companyId = testCompanyId();
    const client = await clients.create(companyId, {
      name: 'Maison Durand',
      country: 'France',
      email: 'durand@exemple.fr',
    });
    await expect(
      handler(bounceEvent(permanentBounce(companyId, client.id, 'Durand@Exemple.fr'))),
    ).resolves.toEqual({
      recorded: 1,
    });

    const stored = await getClient(companyId, client.id);
    expect(stored.emailStatus).toEqual({
      state: 'bounced',
      at: '2026-11-25T09:59:58.000Z',
      address: 'Durand@Exemple.fr',
      reason: "L'adresse n'existe pas. (smtp; 550 5.1.1 user unknown)",
    });
    const notifications = await notificationsOf(companyId);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      kind: 'email_bounced',
      title: 'E-mail refusé : Maison Durand',
      body: "Durand@Exemple.fr — L'adresse n'existe pas. (smtp; 550 5.1.1 user unknown)",
      link: `/clients/${client.id}`,
    });

    // Saving the client with the same address keeps the mark; another address clears it.
    const kept = await updateClient(companyId, client.id, {
      name: 'Maison Durand',
      country: 'France',
      email: 'durand@exemple.fr',
      kind: 'company',
      version: stored.version,
    } as Parameters<typeof updateClient>[2]);
    expect(kept.emailStatus?.state).toBe('bounced');
    const changed = await updateClient(companyId, client.id, {
      name: 'Maison Durand',
      country: 'France',
      email: 'contact@durand.fr',
      kind: 'company',
      version: kept.version,
    } as Parameters<typeof updateClient>[2]);
    expect(changed.emailStatus).toBeUndefined();
    expect((await getClient(companyId, client.id)).emailStatus).toBeUndefined();
  });

  it('a complaint is recorded as such', async () => {
    const companyId = testCompanyId();
    const client = await clients.create(companyId, {
      name: 'SCI Les Pins',
      country: 'France',
      email: 'sci@exemple.fr',
    });
    await handler({
      ...bounceEvent({
        eventType: 'Complaint',
        mail: { tags: tags(companyId, client.id) },
        complaint: {
          timestamp: '2026-11-25T11:00:00.000Z',
          complaintFeedbackType: 'abuse',
          complainedRecipients: [{ emailAddress: 'sci@exemple.fr' }],
        },
      }),
      'detail-type': 'Email Complaint Received',
    });
    expect((await getClient(companyId, client.id)).emailStatus).toMatchObject({
      state: 'complained',
      reason: 'Le destinataire a signalé le message comme indésirable.',
    });
    expect((await notificationsOf(companyId))[0]).toMatchObject({
      kind: 'email_bounced',
      title: 'E-mail signalé comme indésirable : SCI Les Pins',
    });
  });

  it('a bounce of an address that is not (or no longer) the client’s notifies without marking the client', async () => {
    const companyId = testCompanyId();
    const client = await clients.create(companyId, {
      name: 'Garnier',
      country: 'France',
      email: 'new@garnier.fr',
    });
    await handler(bounceEvent(permanentBounce(companyId, client.id, 'old@garnier.fr')));
    expect((await getClient(companyId, client.id)).emailStatus).toBeUndefined();
    expect((await notificationsOf(companyId)).map((item) => item.title)).toEqual(['E-mail refusé : Garnier']);
  });

  it('ignores a transient bounce and an event without the company tag', async () => {
    const companyId = testCompanyId();
    const client = await clients.create(companyId, {
      name: 'Petit',
      country: 'France',
      email: 'petit@exemple.fr',
    });
    const transient = permanentBounce(companyId, client.id, 'petit@exemple.fr');
    transient.bounce!.bounceType = 'Transient';
    await expect(handler(bounceEvent(transient))).resolves.toEqual({ recorded: 0 });
    const untagged = permanentBounce(companyId, client.id, 'petit@exemple.fr');
    untagged.mail!.tags = {};
    await expect(handler(bounceEvent(untagged))).resolves.toEqual({ recorded: 0 });
    expect((await getClient(companyId, client.id)).emailStatus).toBeUndefined();
    expect(await notificationsOf(companyId)).toEqual([]);
  });
});
