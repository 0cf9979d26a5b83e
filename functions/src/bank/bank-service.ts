/**
 * Bank statements (docs/accounting.md, « Bank statements »):
 *
 * - `POST /api/bank/statements/upload`: a presigned POST of at most 10 MB (a statement is larger than
 *   a Lambda request may carry) to `bank-statements/<c>/<uploadId>`, and a pending item;
 * - `POST /api/bank/statements`: the file read and parsed whole (nothing written on a refusal, and
 *   the upload forgotten unless only the CSV's columns are asked for), the
 *   lines already imported by an overlapping statement recognised by their markers and left out,
 *   the others written with their markers (33 lines a transaction), a CSV's columns remembered; the
 *   answer: the lines with their suggestions, how many were duplicates, a warning when the
 *   statement's account is not the company's IBAN;
 *
 * The list of lines (`GET /api/bank/lines`) is in `bank-lines.ts`, the matching (`POST
 * /api/bank/lines/{id}/match`) in `bank-match.ts`: each route starts with its own code only (issue
 * 27, `bench:lambda`).
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { StatementImport } from '@btp/shared/accounting/bank';
import type { CsvMapping, StatementImportBody } from '@btp/shared/accounting/statement-input';
import {
  duplicateKey,
  MAX_STATEMENT_BYTES,
  type ParsedStatement,
} from '@btp/shared/accounting/bank-matching';
import { formatMoney } from '@btp/shared/money';
import { getCompanyProfile } from '../company/company-service.js';
import { batchGetConsistent } from '../data/batch-get.js';
import { bankLines, type BankLineRecord } from '../data/entities/bank-lines.js';
import type { Fields } from '../data/entity-repository.js';
import { newId, nowIso } from '../data/ids.js';
import { companyMarkerKey, companyPk, type Key } from '../data/keys.js';
import { transactWrite } from '../data/transactions.js';
import {
  deleteDocumentObject,
  documentObjectSize,
  readDocumentObject,
} from '../documents/document-storage.js';
import { presignedUpload, type PresignedUpload } from '../documents/presigned-upload.js';
import { withAwsErrors } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { badRequest, HttpError, notFound, payloadTooLarge } from '../lib/http-errors.js';
import { answerOf, openDocuments } from './bank-lines.js';

export const bankServiceMessages = {
  uploadNotFound: 'Le fichier envoyé est introuvable ou a expiré : envoyez le relevé à nouveau.',
  notReceived: "Le relevé n'a pas été reçu : envoyez-le à nouveau.",
  tooLarge: 'Ce relevé dépasse 10 Mo : importez-le en plusieurs fichiers (par mois).',
  otherAccount: (account: string, own: string) =>
    `Ce relevé est celui du compte ${account}, pas de celui de l'entreprise (${own}) : vérifiez qu'il s'agit du bon compte avant de rapprocher ses lignes.`,
  noOwnAccount: (account: string) =>
    `Ce relevé est celui du compte ${account} ; l'IBAN de l'entreprise n'est pas renseigné dans Paramètres pour le vérifier.`,
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
  data: StatementImportBody,
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
