import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Company } from '@btp/shared/entities/company';
import type { Invoice } from '@btp/shared/entities/invoice';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Mailer from '../mail/mailer.js';

vi.mock('../mail/mailer.js', async (importOriginal) => ({
  ...(await importOriginal<typeof Mailer>()),
  sendMail: vi.fn(async () => ({ messageId: '<m1@test>' })),
}));

const { sendMail } = await import('../mail/mailer.js');
const { dueStep, remindCompany } = await import('./invoice-reminders.js');
const { linksMarkerKey } = await import('../data/quote-invoice-links.js');

const dynamo = mockClient(DynamoDBDocumentClient);
afterEach(() => {
  dynamo.reset();
  vi.mocked(sendMail).mockClear();
});

const companyId = '0190a7c4-0000-7000-8000-00000000000c';
const clientId = '0190a7c4-0000-7000-8000-0000000000c1';

function invoice(fields: Partial<Invoice> = {}): Invoice {
  return {
    id: '0190a7c4-0000-7000-8000-00000000000a',
    companyId,
    clientId,
    kind: 'standard',
    title: 'Maçonnerie',
    number: 'FAC-2026-0001',
    status: 'sent',
    dueDate: '2026-03-01',
    lines: [
      {
        description: 'Maçonnerie',
        quantity: '1.000',
        unitPrice: '1000.00',
        vatRate: '20.00',
        total: '1000.00',
      },
    ],
    totalAmount: '1000.00',
    vatBreakdown: [{ rate: '20.00', base: '1000.00', amount: '200.00' }],
    vatAmount: '200.00',
    totalWithVat: '1200.00',
    amountDue: '1200.00',
    paidAmount: '0.00',
    creditedAmount: '0.00',
    payments: [],
    createdAt: '2026-02-01T08:00:00.000Z',
    updatedAt: '2026-02-01T08:00:00.000Z',
    version: 2,
    ...fields,
  } as Invoice;
}

/** `days` after 2026-03-01, the due date. */
const dayAfterDue = (days: number) => {
  const at = new Date('2026-03-01T12:00:00Z');
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

describe('dueStep', () => {
  it('answers the step reached that the invoice has not had', () => {
    expect(dueStep(invoice(), dayAfterDue(6))).toBeUndefined();
    expect(dueStep(invoice(), dayAfterDue(7))).toBe(7);
    expect(dueStep(invoice(), dayAfterDue(45))).toBe(30);
    const hadSeven = invoice({ reminders: [{ at: '2026-03-08T07:00:00.000Z', step: 7, to: 'a@b.fr' }] });
    expect(dueStep(hadSeven, dayAfterDue(14))).toBeUndefined();
    expect(dueStep(hadSeven, dayAfterDue(15))).toBe(15);
    // A manual reminder does not stand for an automatic step.
    const manual = invoice({ reminders: [{ at: '2026-03-08T07:00:00.000Z', step: 'manual', to: 'a@b.fr' }] });
    expect(dueStep(manual, dayAfterDue(8))).toBe(7);
  });

  it('never for a paid, cancelled, draft or credit-noted-to-zero invoice, nor a credit note', () => {
    expect(dueStep(invoice({ status: 'paid' }), dayAfterDue(20))).toBeUndefined();
    expect(dueStep(invoice({ status: 'cancelled' }), dayAfterDue(20))).toBeUndefined();
    expect(dueStep(invoice({ status: 'draft', number: undefined }), dayAfterDue(20))).toBeUndefined();
    expect(dueStep(invoice({ kind: 'credit_note' }), dayAfterDue(20))).toBeUndefined();
    expect(dueStep(invoice({ creditedAmount: '1200.00' }), dayAfterDue(20))).toBeUndefined();
  });
});

describe('remindCompany', () => {
  const company = { id: companyId, name: 'Dupont BTP', remindersEnabled: true } as Company;
  const now = new Date('2026-03-17T07:00:00.000Z'); // J+16: step 15

  function tableWith(items: Invoice[]) {
    dynamo.on(QueryCommand).resolves({
      Items: items.map((item) => ({ pk: `COMPANY#${companyId}`, sk: `INVOICE#${item.id}`, ...item })),
    });
    dynamo
      .on(GetCommand)
      .resolves({ Item: { id: clientId, companyId, name: 'Client', email: 'client@exemple.fr' } });
    // A company not rebuilt since the links (no `LINKS#V1`): its invoices are read whole, as here.
    dynamo.on(GetCommand, { Key: linksMarkerKey(companyId) }).resolves({});
  }

  it('sends nothing when another run claimed the step first (the conditional write fails)', async () => {
    tableWith([invoice()]);
    dynamo.on(PutCommand).rejects(
      Object.assign(new Error('The conditional request failed'), {
        name: 'ConditionalCheckFailedException',
      }),
    );
    expect(await remindCompany(company, now)).toEqual({ sent: 0, failed: 0 });
    expect(sendMail).not.toHaveBeenCalled();
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
    const claim = dynamo.commandCalls(PutCommand)[0]!.args[0].input;
    expect(claim).toMatchObject({
      Item: { pk: `COMPANY#${companyId}`, sk: `REMINDER#${invoice().id}#15` },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  });

  it('claims nothing and sends nothing for a client without an e-mail', async () => {
    tableWith([invoice()]);
    dynamo.on(GetCommand).resolves({ Item: { id: clientId, companyId, name: 'Client' } });
    expect(await remindCompany(company, now)).toEqual({ sent: 0, failed: 0 });
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
    expect(sendMail).not.toHaveBeenCalled();
  });
});
