/**
 * Bank statements and their matching (docs/accounting.md, « Bank statements »):
 *
 * - `POST /api/bank/statements/upload`: a presigned POST of at most 10 MB (a statement is larger than
 *   a Lambda request may carry) to `bank-statements/<c>/<uploadId>`, and a pending item;
 * - `POST /api/bank/statements`: the file read and parsed whole (nothing written on a refusal, and
 *   the upload forgotten unless only the CSV's columns are asked for), the
 *   lines already imported by an overlapping statement recognised by their markers and left out,
 *   the others written with their markers (33 lines a transaction), a CSV's columns remembered; the
 *   answer: the lines with their suggestions, how many were duplicates, a warning when the
 *   statement's account is not the company's IBAN;
 * - `GET /api/bank/lines?status=`: the lines to match (from their `BANKOPEN#` items) with their
 *   suggestions against the documents open now, or the matched / ignored ones;
 * - `POST /api/bank/lines/{id}/match`: records the payment through the same code as « Marquer
 *   payée » (`payInvoice`, `paySupplierInvoice`), the line moved to matched in the same transaction
 *   on condition that it is still unmatched: a line matched twice at once gives one payment only.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type {
  BankLine,
  BankLineStatus,
  BankMatchData,
  CsvMapping,
  StatementImport,
  StatementImportData,
} from '@btp/shared/accounting/bank';
import {
  bankMessages,
  duplicateKey,
  MAX_STATEMENT_BYTES,
  type OpenDocument,
  type ParsedStatement,
  suggestMatches,
} from '@btp/shared/accounting/bank-matching';
import type { Invoice } from '@btp/shared/entities/invoice';
import { centsOf } from '@btp/shared/finance';
import { formatMoney, parseMoney } from '@btp/shared/money';
import { dueIdsPrefix } from '../aggregates/figures.js';
import { queryAggregatePrefix } from '../aggregates/read.js';
import { getCompanyProfile } from '../company/company-service.js';
import { batchGetConsistent } from '../data/batch-get.js';
import { bankLines, openBankLineKey, type BankLineRecord } from '../data/entities/bank-lines.js';
import { invoices } from '../data/entities/invoices.js';
import { supplierInvoiceAsRead, supplierInvoices } from '../data/entities/supplier-invoices.js';
import { suppliers } from '../data/entities/suppliers.js';
import type { Fields, Page } from '../data/entity-repository.js';
import { newId, nowIso } from '../data/ids.js';
import { companyMarkerKey, companyPk, sortKeyPrefix, type Key } from '../data/keys.js';
import { transactWrite, type TransactItem } from '../data/transactions.js';
import {
  deleteDocumentObject,
  documentObjectSize,
  readDocumentObject,
} from '../documents/document-storage.js';
import { presignedUpload, type PresignedUpload } from '../documents/presigned-upload.js';
import { payInvoice } from '../invoicing/invoice-service.js';
import { withAwsErrors } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { badRequest, conflict, HttpError, notFound, payloadTooLarge } from '../lib/http-errors.js';
import { paySupplierInvoice } from '../purchases/supplier-invoice-service.js';

export const bankServiceMessages = {
  uploadNotFound: 'Le fichier envoyé est introuvable ou a expiré : envoyez le relevé à nouveau.',
  notReceived: "Le relevé n'a pas été reçu : envoyez-le à nouveau.",
  tooLarge: 'Ce relevé dépasse 10 Mo : importez-le en plusieurs fichiers (par mois).',
  otherAccount: (account: string, own: string) =>
    `Ce relevé est celui du compte ${account}, pas de celui de l'entreprise (${own}) : vérifiez qu'il s'agit du bon compte avant de rapprocher ses lignes.`,
  noOwnAccount: (account: string) =>
    `Ce relevé est celui du compte ${account} ; l'IBAN de l'entreprise n'est pas renseigné dans Paramètres pour le vérifier.`,
  documentNotFound: 'Document à rapprocher introuvable.',
} as const;

const uploadKey = (companyId: string, uploadId: string): Key => ({
  pk: companyPk(companyId),
  sk: `BANKUPLOAD#${uploadId}`,
});
const statementKey = (companyId: string, id: string): Key => ({
  pk: companyPk(companyId),
  sk: `BANKSTMT#${id}`,
});
/** The CSV columns of the company's account, remembered from its last CSV statement. */
const mappingKey = (companyId: string): Key => ({ pk: companyPk(companyId), sk: 'BANKMAP#default' });
const statementObjectKey = (companyId: string, uploadId: string) =>
  `bank-statements/${companyId}/${uploadId}`;

/** Lines written per transaction: each is 3 items (the line, its marker, its `BANKOPEN#`). */
const LINES_PER_TRANSACTION = 33;

// ---------------------------------------------------------------------------------------------
// Upload and import
// ---------------------------------------------------------------------------------------------

export async function statementUpload(
  companyId: string,
  fileName: string,
): Promise<PresignedUpload & { uploadId: string }> {
  const uploadId = newId();
  await withAwsErrors(() =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...uploadKey(companyId, uploadId),
          fileName,
          createdAt: nowIso(),
          expiresAt: Math.floor(Date.now() / 1000) + 24 * 3600,
        },
      }),
    ),
  );
  const upload = await presignedUpload(
    statementObjectKey(companyId, uploadId),
    'application/octet-stream',
    MAX_STATEMENT_BYTES,
  );
  return { uploadId, ...upload };
}

async function rememberedMapping(companyId: string): Promise<CsvMapping | undefined> {
  const { Item } = await withAwsErrors(() =>
    db().send(new GetCommand({ TableName: tableName(), Key: mappingKey(companyId), ConsistentRead: true })),
  );
  return Item?.mapping as CsvMapping | undefined;
}

async function parsed(companyId: string, bytes: Uint8Array, fileName: string, given: CsvMapping | undefined) {
  // Loaded when a statement is read: its decoders (iconv-lite's tables, csv-parse, ~600 kB) are not
  // in the start of the bank routes that only list or match lines (issue 27, `bench:lambda`).
  const { parseCamt053, parseCsvStatement, parseOfx, statementFormat } =
    await import('./statement-parsers.js');
  const format = statementFormat(bytes, fileName);
  if (format === 'camt053') return { statement: parseCamt053(bytes), mapping: undefined };
  if (format === 'ofx') return { statement: parseOfx(bytes), mapping: undefined };
  return parseCsvStatement(bytes, given, given ? undefined : await rememberedMapping(companyId));
}

/** The keys of a statement's lines; equal lines without a bank reference get their rank (two identical card payments). */
function keysOf(statement: ParsedStatement): string[] {
  const seen = new Map<string, number>();
  return statement.lines.map((line) => {
    const key = duplicateKey(line);
    const rank = (seen.get(key) ?? 0) + 1;
    seen.set(key, rank);
    return rank === 1 ? key : `${key}#${rank}`;
  });
}

async function existingKeys(companyId: string, keys: readonly string[]): Promise<Set<string>> {
  const markers = keys.map((key) => ({ key, marker: companyMarkerKey(companyId, 'BANKLINE', 'KEY', key) }));
  const found = await batchGetConsistent(markers.map((entry) => entry.marker));
  const taken = new Set(found.map((item) => String(item.sk)));
  return new Set(markers.filter((entry) => taken.has(entry.marker.sk)).map((entry) => entry.key));
}

export async function importStatement(
  companyId: string,
  data: StatementImportData,
): Promise<StatementImport> {
  const { Item: upload } = await withAwsErrors(() =>
    db().send(
      new GetCommand({
        TableName: tableName(),
        Key: uploadKey(companyId, data.uploadId),
        ConsistentRead: true,
      }),
    ),
  );
  if (!upload) throw notFound(bankServiceMessages.uploadNotFound);
  const objectKey = statementObjectKey(companyId, data.uploadId);
  const size = await documentObjectSize(objectKey);
  if (size === undefined) throw badRequest(bankServiceMessages.notReceived);
  let answer: StatementImport;
  try {
    if (size > MAX_STATEMENT_BYTES) throw payloadTooLarge(bankServiceMessages.tooLarge);
    const bytes = await readDocumentObject(objectKey, MAX_STATEMENT_BYTES);
    if (bytes === undefined) throw badRequest(bankServiceMessages.notReceived);
    answer = await recordStatement(companyId, bytes, String(upload.fileName ?? 'relevé'), data.mapping);
  } catch (error) {
    if (refusedForGood(error)) await forgetUpload(companyId, data.uploadId, objectKey);
    throw error;
  }
  await Promise.all([
    deleteDocumentObject(objectKey).catch(() => undefined),
    withAwsErrors(() =>
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...uploadKey(companyId, data.uploadId),
            used: true,
            expiresAt: Math.floor(Date.now() / 1000) + 60,
          },
        }),
      ),
    ).catch(() => undefined),
  ]);
  return answer;
}

/**
 * A refusal of the file itself (its size, format, encoding or content): the upload is of no more
 * use. Not a refusal of the CSV's columns (`mapping…`), after which the person chooses them and the
 * same upload is read again, nor a server failure, after which it may be retried.
 */
function refusedForGood(error: unknown): boolean {
  return (
    error instanceof HttpError &&
    error.statusCode >= 400 &&
    error.statusCode < 500 &&
    !(error.details ?? []).some((detail) => detail.path.startsWith('mapping'))
  );
}

/** Forgets a refused upload: its object and its pending item (failures left to their expiry). */
async function forgetUpload(companyId: string, uploadId: string, objectKey: string): Promise<void> {
  await Promise.all([
    deleteDocumentObject(objectKey).catch(() => undefined),
    withAwsErrors(() =>
      db().send(new DeleteCommand({ TableName: tableName(), Key: uploadKey(companyId, uploadId) })),
    ).catch(() => undefined),
  ]);
}

/**
 * Reads a statement's bytes (refusing the whole file on any error, nothing written), writes the
 * lines not already imported, remembers a CSV's columns, and answers the lines with their
 * suggestions: the import's work once the file is read (the demo data calls it with its own file).
 */
export async function recordStatement(
  companyId: string,
  bytes: Uint8Array,
  fileName: string,
  given?: CsvMapping,
): Promise<StatementImport> {
  const { statement, mapping } = await parsed(companyId, bytes, fileName, given);

  const warnings: string[] = [];
  const company = await getCompanyProfile(companyId);
  if (statement.account) {
    const own = company.iban?.replace(/\s+/g, '').toUpperCase();
    if (!own) warnings.push(bankServiceMessages.noOwnAccount(statement.account));
    else if (own !== statement.account && !own.includes(statement.account)) {
      warnings.push(bankServiceMessages.otherAccount(statement.account, own));
    }
  }

  const statementId = newId();
  const keys = keysOf(statement);
  const taken = await existingKeys(companyId, keys);
  const written: BankLineRecord[] = [];
  let queue = statement.lines
    .map((line, index) => ({ line, key: keys[index] as string }))
    .filter((candidate) => !taken.has(candidate.key));
  let lostRaces = 0;
  while (queue.length > 0) {
    const chunk = queue.slice(0, LINES_PER_TRANSACTION);
    const prepared = chunk.map(({ line, key }) =>
      bankLines.createItems(companyId, {
        statementId,
        date: line.date,
        amount: formatMoney(line.amountCents),
        label: line.label,
        ...(line.reference ? { reference: line.reference } : {}),
        ...(line.remittance ? { remittance: line.remittance } : {}),
        ...(line.party ? { party: line.party } : {}),
        duplicateKey: key,
        status: 'unmatched',
      } as Fields<BankLineRecord>),
    );
    try {
      await transactWrite(prepared.flatMap((entry) => entry.items));
      written.push(...prepared.map((entry) => entry.record));
      queue = queue.slice(LINES_PER_TRANSACTION);
    } catch (error) {
      // Another import of the same statement wrote some of these lines first: the rest are ours.
      const again = await existingKeys(
        companyId,
        chunk.map((entry) => entry.key),
      );
      lostRaces += 1;
      if (again.size === 0 || lostRaces > 3) throw error;
      queue = [...chunk.filter((entry) => !again.has(entry.key)), ...queue.slice(LINES_PER_TRANSACTION)];
    }
  }
  const duplicates = statement.lines.length - written.length;

  await withAwsErrors(() =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...statementKey(companyId, statementId),
          id: statementId,
          fileName,
          format: statement.format,
          ...(statement.account ? { account: statement.account } : {}),
          lines: written.length,
          duplicates,
          createdAt: nowIso(),
        },
      }),
    ),
  );
  if (mapping && statement.format === 'csv') {
    await withAwsErrors(() =>
      db().send(new PutCommand({ TableName: tableName(), Item: { ...mappingKey(companyId), mapping } })),
    );
  }

  const open = await openDocuments(companyId);
  return {
    statementId,
    format: statement.format,
    lines: written.sort((a, b) => a.date.localeCompare(b.date)).map((line) => answerOf(line, open)),
    duplicates,
    warnings,
  };
}

// ---------------------------------------------------------------------------------------------
// Open documents and suggestions
// ---------------------------------------------------------------------------------------------

/** The customer invoices awaiting payment (the due-day index Finances reads) and the supplier invoices with something left to pay. */
export async function openDocuments(companyId: string): Promise<OpenDocument[]> {
  const [dueItems, supplierRecords] = await Promise.all([
    queryAggregatePrefix(companyId, dueIdsPrefix),
    supplierInvoices.listAll(companyId, [
      'kind',
      'status',
      'number',
      'supplierId',
      'supplierReference',
      'totalAmount',
      'paidAmount',
      'prepaidAmount',
      'roundingAmount',
      'creditNotes',
      'creditedInvoiceId',
      'issueDate',
      'dueDate',
      'receivedAt',
      'createdAt',
    ]),
  ]);
  const ids = dueItems.map((item) => item.sk.slice(item.sk.lastIndexOf('#') + 1));
  const customer = await invoices.getMany(companyId, ids, [
    'kind',
    'status',
    'number',
    'buyer',
    'amountDue',
    'totalWithVat',
    'creditedAmount',
    'paidAmount',
    'issueDate',
    'dueDate',
  ] as (keyof Invoice & string)[]);
  const open: OpenDocument[] = [];
  for (const invoice of customer.values()) {
    if (invoice.kind === 'credit_note' || invoice.status === 'paid' || invoice.status === 'cancelled')
      continue;
    const remaining =
      centsOf(invoice.amountDue ?? invoice.totalWithVat) -
      centsOf(invoice.creditedAmount) -
      centsOf(invoice.paidAmount);
    if (remaining <= 0 || !invoice.number) continue;
    open.push({
      kind: 'invoice',
      id: invoice.id,
      number: invoice.number,
      partyName: invoice.buyer?.name ?? '',
      remainingCents: remaining,
      date: invoice.dueDate ?? invoice.issueDate ?? '',
    });
  }
  const openSupplier = (
    await Promise.all(supplierRecords.map((record) => supplierInvoiceAsRead(record as never)))
  ).filter((record) => record.status !== 'draft' && centsOf(record.remainingAmount) > 0);
  const names = await suppliers.getMany(
    companyId,
    openSupplier.map((record) => record.supplierId),
    ['name'],
  );
  for (const record of openSupplier) {
    open.push({
      kind: 'supplier_invoice',
      id: record.id,
      number: record.number,
      supplierReference: record.supplierReference,
      partyName: names.get(record.supplierId)?.name ?? '',
      remainingCents: centsOf(record.remainingAmount),
      date: record.issueDate ?? record.dueDate ?? record.createdAt.slice(0, 10),
    });
  }
  return open;
}

function answerOf(line: BankLineRecord, open: readonly OpenDocument[] | undefined): BankLine {
  const suggestions =
    line.status === 'unmatched' && open
      ? suggestMatches(
          {
            date: line.date,
            amountCents: parseMoney(line.amount),
            label: line.label,
            remittance: line.remittance,
            party: line.party,
          },
          open,
        ).map(({ remainingCents, ...suggestion }) => ({
          ...suggestion,
          remaining: formatMoney(remainingCents),
        }))
      : [];
  return {
    id: line.id,
    statementId: line.statementId,
    date: line.date,
    amount: line.amount,
    label: line.label,
    ...(line.reference ? { reference: line.reference } : {}),
    ...(line.remittance ? { remittance: line.remittance } : {}),
    ...(line.party ? { party: line.party } : {}),
    status: line.status,
    ...(line.match ? { match: line.match } : {}),
    suggestions,
    version: line.version,
  };
}

/** The lines to match with their suggestions (all of them, the latest day first), or a page of the others. */
export async function listBankLines(
  companyId: string,
  status: BankLineStatus,
  cursor?: string,
): Promise<Page<BankLine>> {
  if (status === 'unmatched') {
    const ids: string[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await withAwsErrors(() =>
        db().send(
          new QueryCommand({
            TableName: tableName(),
            ...sortKeyPrefix(companyPk(companyId), 'BANKOPEN#'),
            ConsistentRead: true,
            ExclusiveStartKey: startKey,
          }),
        ),
      );
      for (const item of page.Items ?? []) ids.push(String(item.sk).slice('BANKOPEN#'.length));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    const [lines, open] = await Promise.all([bankLines.getMany(companyId, ids), openDocuments(companyId)]);
    return {
      items: [...lines.values()]
        .filter((line) => line.status === 'unmatched')
        .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id))
        .map((line) => answerOf(line, open)),
    };
  }
  const page = await bankLines.list(companyId, { limit: 200, cursor });
  return {
    items: page.items.filter((line) => line.status === status).map((line) => answerOf(line, undefined)),
    nextCursor: page.nextCursor,
  };
}

// ---------------------------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------------------------

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
    if (!document) throw notFound(bankServiceMessages.documentNotFound);
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
  if (!document) throw notFound(bankServiceMessages.documentNotFound);
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
