/**
 * `POST /api/bank/lines/{id}/match` (docs/accounting.md, « Bank statements »): records the payment
 * through the same code as « Marquer payée » (`payInvoice`, `paySupplierInvoice`), the line moved to
 * matched in the same transaction on condition that it is still unmatched: a line matched twice at
 * once gives one payment only. Or `{ignore: true}`: the line moved to ignored.
 */
import type { BankLine, BankMatchData } from '@btp/shared/accounting/bank';
import { bankMessages } from '@btp/shared/accounting/bank-matching';
import { formatMoney, parseMoney } from '@btp/shared/money';
import { bankLines, openBankLineKey, type BankLineRecord } from '../data/entities/bank-lines.js';
import { invoices } from '../data/entities/invoices.js';
import { supplierInvoices } from '../data/entities/supplier-invoices.js';
import { nowIso } from '../data/ids.js';
import { transactWrite, type TransactItem } from '../data/transactions.js';
import { payInvoice } from '../invoicing/invoice-service.js';
import { tableName } from '../lib/dynamo.js';
import { badRequest, conflict, notFound } from '../lib/http-errors.js';
import { paySupplierInvoice } from '../purchases/supplier-invoice-service.js';
import { answerOf } from './bank-lines.js';

export const bankMatchMessages = {
  documentNotFound: 'Document à rapprocher introuvable.',
} as const;

/** The items that move an unmatched line to `status` if it still is what was read. */
function lineMoveItems(
  companyId: string,
  line: BankLineRecord,
  status: 'matched' | 'ignored',
  match?: BankLineRecord['match'],
): TransactItem[] {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: bankLines.key(companyId, line.id),
        UpdateExpression: `SET #status = :status, updatedAt = :now, version = version + :one${match ? ', #match = :match' : ''}`,
        ConditionExpression: '#status = :unmatched AND version = :version',
        ExpressionAttributeNames: { '#status': 'status', ...(match ? { '#match': 'match' } : {}) },
        ExpressionAttributeValues: {
          ':status': status,
          ':unmatched': 'unmatched',
          ':version': line.version,
          ':now': nowIso(),
          ':one': 1,
          ...(match ? { ':match': match } : {}),
        },
      },
    },
    { Delete: { TableName: tableName(), Key: openBankLineKey(companyId, line.id) } },
  ];
}

const alreadyMatched = () => conflict(bankMessages.alreadyMatched);

/** Matches the line to a document (its payment recorded) or ignores it; 409 when no longer unmatched. */
export async function matchBankLine(
  companyId: string,
  id: string,
  body: BankMatchData,
): Promise<{ line: BankLine; payment?: unknown }> {
  const line = await bankLines.getOrThrow(companyId, id);
  if (line.status !== 'unmatched') throw alreadyMatched();
  if ('ignore' in body) {
    await transactWrite(lineMoveItems(companyId, line, 'ignored'), () => alreadyMatched());
    return { line: answerOf({ ...line, status: 'ignored', version: line.version + 1 }, undefined) };
  }
  const lineCents = parseMoney(line.amount);
  const credit = lineCents > 0;
  if ((body.kind === 'invoice') !== credit) {
    throw badRequest(undefined, [{ path: 'kind', message: bankMessages.wrongSide(credit) }]);
  }
  const amountCents = body.amount === undefined ? Math.abs(lineCents) : parseMoney(body.amount);
  if (amountCents > Math.abs(lineCents)) {
    throw badRequest(undefined, [{ path: 'amount', message: bankMessages.amountAboveLine }]);
  }
  const paidAt = `${line.date}T12:00:00.000Z`;
  const amount = formatMoney(amountCents);
  if (body.kind === 'invoice') {
    const document = await invoices.get(companyId, body.id);
    if (!document) throw notFound(bankMatchMessages.documentNotFound);
    const match = { kind: body.kind, id: document.id, number: document.number ?? '', amount };
    const payment = await payInvoice(
      companyId,
      document.id,
      {
        paidAmount: amount,
        paidAt,
        method: 'transfer',
        reference: (line.reference ?? line.label).slice(0, 200),
      },
      { extraItems: lineMoveItems(companyId, line, 'matched', match), explainExtra: () => alreadyMatched() },
    );
    return {
      line: answerOf({ ...line, status: 'matched', match, version: line.version + 1 }, undefined),
      payment,
    };
  }
  const document = await supplierInvoices.get(companyId, body.id);
  if (!document) throw notFound(bankMatchMessages.documentNotFound);
  const match = { kind: body.kind, id: document.id, number: document.number, amount };
  const payment = await paySupplierInvoice(
    companyId,
    document.id,
    { paidAmount: amount, paidAt },
    { extraItems: lineMoveItems(companyId, line, 'matched', match), explainExtra: () => alreadyMatched() },
  );
  return {
    line: answerOf({ ...line, status: 'matched', match, version: line.version + 1 }, undefined),
    payment,
  };
}
