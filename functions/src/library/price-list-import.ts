/**
 * Supplier price-list imports (docs/library.md "Supplier price-list import"): the upload URL, the
 * preview of the first rows, the start of a job, and the job's steps, run by the worker function
 * (SQS) on AWS and by the local stack's job runner locally. The routes answer at once; a job
 * works in steps of at most a given time and resumes where its last committed transaction left it.
 */
import type {
  PriceListImport,
  PriceListImportData,
  PriceListMappingInput,
  PriceListPreview,
  PriceListUpload,
  PriceListUploadData,
} from '@btp/shared/entities/library';
import { MAX_PRICE_LIST_BYTES, MAX_REPORTED_REFUSALS } from '@btp/shared/entities/library-basics';
import { batchGetConsistent } from '../data/batch-get.js';
import {
  addFamilyMove,
  articleReferenceValue,
  articles,
  familyCounterItems,
  supplierArticlesPrefix,
  type ArticleRecord,
  type FamilyDelta,
} from '../data/entities/library.js';
import {
  getJob,
  getJobOrThrow,
  getMapping,
  getUpload,
  priceListObjectKey,
  priceListRowsKey,
  progressItem,
  putJob,
  putMapping,
  putUpload,
  setJob,
  type ImportJob,
  type RememberedMapping,
} from '../data/entities/library-imports.js';
import { suppliers } from '../data/entities/suppliers.js';
import { newId, nowIso } from '../data/ids.js';
import { companyMarkerKey, normaliseUnique, type Key } from '../data/keys.js';
import { wholeRange } from '../data/library-queries.js';
import { maxTransactionItems, transactWrite, type TransactItem } from '../data/transactions.js';
import { readDocumentObject, send } from '../documents/document-storage.js';
import { badRequest, HttpError, notFound, payloadTooLarge } from '../lib/http-errors.js';
import { logger } from '../lib/logger.js';
import { documentsBucket, presignPost, putObject } from '../lib/s3.js';
import {
  detectHeaderRow,
  priceListRows,
  readPriceList,
  suggestedColumns,
  type PriceListArticle,
  type PriceListTable,
} from './price-list-file.js';
import { enqueueImport } from './import-queue.js';
import { SpreadsheetError } from './spreadsheet-error.js';

export const importMessages = {
  tooLarge: 'Ce fichier dépasse 20 Mo : découpez le tarif en plusieurs fichiers.',
  uploadGone: 'Fichier introuvable : envoyez-le de nouveau.',
  supplierGone: 'Fournisseur introuvable : choisissez un fournisseur de votre entreprise.',
  stopped: (job: ImportJob, reason: string) =>
    `L'import s'est arrêté après ${job.processed} lignes sur ${job.total} (${job.report.created} créées, ${job.report.updated} mises à jour) : ${reason} Relancez l'import du même fichier : les lignes déjà importées seront reconnues, sans doublon.`,
};

/** How long the browser may use the presigned POST, in seconds. */
const uploadTtlSeconds = 10 * 60;

/** `POST /api/library/imports/uploads`: a presigned POST for the file (at most 20 MB). */
export async function createPriceListUpload(
  companyId: string,
  input: PriceListUploadData,
): Promise<PriceListUpload> {
  if (input.size > MAX_PRICE_LIST_BYTES) throw payloadTooLarge(importMessages.tooLarge);
  if (input.size === 0) throw badRequest(undefined, [{ path: 'size', message: 'Ce fichier est vide.' }]);
  const uploadId = newId();
  const { url, fields } = await send(() =>
    presignPost(documentsBucket(), priceListObjectKey(companyId, uploadId), {
      conditions: [['content-length-range', 1, MAX_PRICE_LIST_BYTES]],
      expires: uploadTtlSeconds,
    }),
  );
  await putUpload(companyId, { id: uploadId, fileName: input.fileName, size: input.size });
  return { uploadId, upload: { url, fields }, maxBytes: MAX_PRICE_LIST_BYTES };
}

/** The file of an upload of the company, or 404. */
async function uploadedFile(
  companyId: string,
  uploadId: string,
): Promise<{ bytes: Buffer; fileName: string }> {
  const upload = await getUpload(companyId, uploadId);
  if (!upload) throw notFound(importMessages.uploadGone);
  const bytes = await readDocumentObject(priceListObjectKey(companyId, uploadId), MAX_PRICE_LIST_BYTES);
  if (!bytes) {
    // Absent, or larger than the policy allows (the local S3 server does not enforce it).
    throw notFound(importMessages.uploadGone);
  }
  return { bytes: Buffer.from(bytes), fileName: upload.fileName };
}

/** A refused file as the API answers it: 400 on `file` with the French reason. */
function fileRefusal(error: unknown): never {
  if (error instanceof SpreadsheetError)
    throw badRequest(error.message, [{ path: 'file', message: error.message }]);
  throw error;
}

/** The header's cells of a table (`headerRow`, 1-based; 0: none). */
const headerOf = (table: PriceListTable, headerRow: number) =>
  headerRow > 0 ? (table.rows[headerRow - 1]?.cells ?? []) : [];

/** A remembered mapping applied to a file's header: each column found again by its header's name. */
function rememberedFor(
  remembered: RememberedMapping | undefined,
  header: readonly string[],
): PriceListMappingInput | undefined {
  if (!remembered) return undefined;
  const find = (name: string) => header.findIndex((cell) => normaliseUnique(cell) === normaliseUnique(name));
  const columns: Record<string, number | number[]> = {};
  for (const [field, names] of Object.entries(remembered.headers)) {
    if (Array.isArray(names)) {
      const indexes = names.map(find);
      if (indexes.some((index) => index < 0)) return undefined;
      columns[field] = indexes;
    } else if (typeof names === 'string') {
      const index = find(names);
      if (index < 0) return undefined;
      columns[field] = index;
    }
  }
  if (columns.reference === undefined || columns.designation === undefined || columns.price === undefined) {
    return undefined;
  }
  return { ...remembered.mapping, columns: columns as PriceListMappingInput['columns'] };
}

/**
 * `GET /api/library/imports/uploads/{uploadId}/preview`: the format and layout, the header's
 * columns, the first 10 rows, and the mapping to propose (the supplier's remembered one when its
 * columns are in this file, else the one the headers suggest).
 */
export async function previewPriceList(
  companyId: string,
  uploadId: string,
  options: {
    supplierId?: string;
    encoding?: 'utf-8' | 'windows-1252';
    delimiter?: ';' | ',' | '\t';
    headerRow?: number;
  },
): Promise<PriceListPreview> {
  const { bytes, fileName } = await uploadedFile(companyId, uploadId);
  const remembered = options.supplierId ? await getMapping(companyId, options.supplierId) : undefined;
  const table = await readPriceList(bytes, {
    fileName,
    mapping: {
      ...((options.encoding ?? remembered?.mapping.encoding)
        ? { encoding: options.encoding ?? remembered?.mapping.encoding }
        : {}),
      ...(options.delimiter ? { delimiter: options.delimiter } : {}),
    },
  }).catch(fileRefusal);
  const headerRow = options.headerRow ?? remembered?.mapping.headerRow ?? detectHeaderRow(table);
  const header = headerOf(table, headerRow);
  const width = Math.max(0, ...table.rows.slice(0, headerRow + 10).map((row) => row.cells.length));
  const fromMemory = rememberedFor(remembered, header);
  const suggested = suggestedColumns(header);
  const sample = table.rows.slice(headerRow, headerRow + 10).map((row) => row.cells);
  const decimal = sample.some((cells) => cells.some((cell) => /^\d[\d\s.]*,\d+$/.test(cell)))
    ? ','
    : undefined;
  return {
    format: table.format,
    layout: table.layout,
    ...(table.sheet ? { sheet: table.sheet } : {}),
    ...(table.encoding ? { encoding: table.encoding } : {}),
    ...(table.delimiter ? { delimiter: table.delimiter } : {}),
    columns: Array.from({ length: width }, (_, index) => ({ index, header: header[index] ?? '' })),
    rows: sample,
    mapping: fromMemory ?? {
      columns: suggested as PriceListMappingInput['columns'],
      headerRow,
      ...(decimal ? { decimal } : {}),
      ...(table.encoding ? { encoding: table.encoding } : {}),
      ...(table.delimiter ? { delimiter: table.delimiter as ';' | ',' | '\t' } : {}),
    },
    remembered: fromMemory !== undefined,
  };
}

/** A job as the API answers it (without what only the worker reads). */
export function importAnswer(job: ImportJob): PriceListImport {
  const {
    uploadId: _upload,
    mapping: _mapping,
    phase: _phase,
    attempts: _attempts,
    leaseUntil: _lease,
    ...answer
  } = job;
  return answer;
}

/** `POST /api/library/imports`: the job, queued (`202`); the work starts at once in the background. */
export async function startPriceListImport(
  companyId: string,
  body: PriceListImportData,
): Promise<PriceListImport> {
  const [supplier, upload] = await Promise.all([
    suppliers.get(companyId, body.supplierId),
    getUpload(companyId, body.uploadId),
  ]);
  if (!supplier) throw badRequest(undefined, [{ path: 'supplierId', message: importMessages.supplierGone }]);
  if (!upload) throw notFound(importMessages.uploadGone);
  const now = nowIso();
  const job: ImportJob = {
    id: newId(),
    companyId,
    createdAt: now,
    updatedAt: now,
    version: 1,
    supplierId: body.supplierId,
    fileName: upload.fileName,
    uploadId: body.uploadId,
    mapping: body.mapping,
    status: 'queued',
    total: 0,
    processed: 0,
    report: { created: 0, updated: 0, unchanged: 0, retired: 0, refused: [], refusedCount: 0 },
  };
  await putJob(job);
  await enqueueImport({ companyId, jobId: job.id });
  return importAnswer(job);
}

/** `GET /api/library/imports/{id}`. */
export async function getPriceListImport(companyId: string, id: string): Promise<PriceListImport> {
  return importAnswer(await getJobOrThrow(companyId, id));
}

// ---------------------------------------------------------------------------------------------
// The job's steps

/** How long a worker holds a job before another may take it over (it died), in ms. */
const leaseMs = 2 * 60 * 1000;
/** Rows read from the table per round (their markers and articles: two BatchGetItem calls). */
const rowsPerRound = 100;
/** Attempts of a job whose step failed before it is marked failed. */
const maxAttempts = 3;

/** The outcome of one step: finished (done or failed), more to do, or held by another worker. */
export type StepOutcome = 'finished' | 'more' | 'busy';

async function putRows(companyId: string, uploadId: string, rows: PriceListArticle[]): Promise<void> {
  const body = Buffer.from(JSON.stringify(rows), 'utf8');
  await send(() =>
    putObject(documentsBucket(), priceListRowsKey(companyId, uploadId), body, 'application/json'),
  );
}

async function readRows(companyId: string, uploadId: string): Promise<PriceListArticle[]> {
  const bytes = await readDocumentObject(priceListRowsKey(companyId, uploadId), 512 * 1024 * 1024);
  if (!bytes) throw new Error('rows of the import are missing');
  return JSON.parse(Buffer.from(bytes).toString('utf8')) as PriceListArticle[];
}

/** Reads and checks the file; nothing is written to the library. */
async function validate(job: ImportJob): Promise<ImportJob> {
  let current = await setJob(job, { status: 'validating', startedAt: job.startedAt ?? nowIso() });
  let table: PriceListTable;
  let rows: ReturnType<typeof priceListRows>;
  try {
    const { bytes, fileName } = await uploadedFile(job.companyId, job.uploadId);
    table = await readPriceList(bytes, { fileName, mapping: job.mapping });
    rows = priceListRows(table, job.mapping);
  } catch (error) {
    const message =
      error instanceof SpreadsheetError || (error instanceof HttpError && error.statusCode < 500)
        ? error.message
        : undefined;
    if (!message) throw error;
    return setJob(current, { status: 'failed', error: message, finishedAt: nowIso() }, { finished: true });
  }
  await putRows(job.companyId, job.uploadId, rows.articles);
  const header = headerOf(table, job.mapping.headerRow);
  const headers: RememberedMapping['headers'] = {};
  for (const [field, value] of Object.entries(job.mapping.columns)) {
    if (Array.isArray(value)) headers[field as 'family'] = value.map((index) => header[index] ?? '');
    else if (typeof value === 'number') headers[field as 'reference'] = header[value] ?? '';
  }
  if (header.length > 0) await putMapping(job.companyId, job.supplierId, { mapping: job.mapping, headers });
  current = await setJob(current, {
    status: 'running',
    phase: 'rows',
    total: rows.articles.length,
    processed: 0,
    report: {
      ...current.report,
      refused: rows.refused.slice(0, MAX_REPORTED_REFUSALS),
      refusedCount: rows.refused.length,
    },
  });
  return current;
}

/** An article's fields from a row: the row's, over what an update keeps (its VAT rate, type when not mapped). */
function articleFieldsOf(
  job: ImportJob,
  row: PriceListArticle,
  current: ArticleRecord | undefined,
): Omit<ArticleRecord, 'id' | 'companyId' | 'createdAt' | 'updatedAt' | 'version'> {
  const mapped = job.mapping.columns;
  return {
    resourceType: current && mapped.resourceType === undefined ? current.resourceType : row.resourceType,
    reference: row.reference,
    designation: row.designation,
    unit: row.unit,
    unitCost: row.unitCost,
    supplierId: job.supplierId,
    ...(row.vatRate ? { vatRate: row.vatRate } : current?.vatRate ? { vatRate: current.vatRate } : {}),
    ...(row.family
      ? { family: row.family }
      : current?.family && mapped.family === undefined
        ? { family: current.family }
        : {}),
    listPrice: row.listPrice,
    ...(row.discount ? { discount: row.discount } : {}),
    status: 'active',
  };
}

const comparedFields = [
  'resourceType',
  'designation',
  'unit',
  'unitCost',
  'vatRate',
  'family',
  'listPrice',
  'discount',
  'status',
] as const;

/** One row's writes: its article's items, and how it counts. */
interface RowWrite {
  row: PriceListArticle;
  items: TransactItem[];
  outcome: 'created' | 'updated' | 'unchanged';
  familyMove?: { before?: ArticleRecord; after: { family?: string | undefined } };
}

/** The current articles of these rows' references at the supplier, by normalised reference. */
async function currentArticles(
  job: ImportJob,
  rows: readonly PriceListArticle[],
): Promise<Map<string, ArticleRecord>> {
  const markers = await batchGetConsistent(
    rows.map((row) =>
      companyMarkerKey(
        job.companyId,
        'ARTICLE',
        'REFERENCE',
        articleReferenceValue({ supplierId: job.supplierId, reference: row.reference }) ?? '',
      ),
    ),
  );
  const owners = new Map(markers.map((marker) => [String(marker.sk), String(marker.ownerId)]));
  const found = await articles.getMany(job.companyId, [...owners.values()]);
  const byReference = new Map<string, ArticleRecord>();
  for (const article of found.values()) {
    if (article.supplierId === job.supplierId && article.reference)
      byReference.set(normaliseUnique(article.reference), article);
  }
  return byReference;
}

function rowWrite(job: ImportJob, row: PriceListArticle, current: ArticleRecord | undefined): RowWrite {
  const fields = articleFieldsOf(job, row, current);
  if (!current) {
    const { items } = articles.createItems(job.companyId, fields);
    return { row, items, outcome: 'created', familyMove: { after: fields } };
  }
  const same = comparedFields.every(
    (field) => (current[field] ?? undefined) === (fields[field] ?? undefined),
  );
  if (same) return { row, items: [], outcome: 'unchanged' };
  const { items } = articles.updateItems(job.companyId, current, fields);
  return { row, items, outcome: 'updated', familyMove: { before: current, after: fields } };
}

const isSupplierStamp = (item: TransactItem, supplierKey: Key) =>
  item.Update !== undefined &&
  (item.Update.Key as Key).sk === supplierKey.sk &&
  (item.Update.Key as Key).pk === supplierKey.pk;

/**
 * The transaction of consecutive rows: their articles' items (the supplier stamped once), the
 * families' counters and the job's progress, conditioned on the progress read (`from`).
 */
function transactionOf(job: ImportJob, writes: readonly RowWrite[], from: number): TransactItem[] {
  const supplierKey = suppliers.key(job.companyId, job.supplierId);
  const items: TransactItem[] = [];
  let stamped = false;
  const delta: FamilyDelta = new Map();
  const counts = { created: 0, updated: 0, unchanged: 0 };
  for (const write of writes) {
    counts[write.outcome] += 1;
    if (write.familyMove) addFamilyMove(delta, 'articles', write.familyMove.before, write.familyMove.after);
    for (const item of write.items) {
      if (isSupplierStamp(item, supplierKey)) {
        if (stamped) continue;
        stamped = true;
      }
      items.push(item);
    }
  }
  return [
    ...items,
    ...familyCounterItems(job.companyId, delta),
    progressItem(job, from, { rows: writes.length, ...counts }),
  ];
}

/** How many items a group of writes takes in its transaction, at most (families, progress). */
const itemsOf = (writes: readonly RowWrite[]) =>
  writes.reduce((sum, write) => sum + write.items.length, 0) + 2 * writes.length + 1;

/** Writes the rows from `job.processed` on, until the deadline; answers the job as it then is. */
async function writeRows(
  job: ImportJob,
  rows: readonly PriceListArticle[],
  deadline: number,
): Promise<ImportJob> {
  let processed = job.processed;
  const report = { ...job.report };
  while (processed < rows.length && Date.now() < deadline) {
    const round = rows.slice(processed, processed + rowsPerRound);
    const current = await currentArticles(job, round);
    const writes = round.map((row) => rowWrite(job, row, current.get(normaliseUnique(row.reference))));
    let group: RowWrite[] = [];
    const flush = async () => {
      if (group.length === 0) return;
      await transactWrite(transactionOf(job, group, processed));
      for (const write of group) report[write.outcome] += 1;
      processed += group.length;
      group = [];
    };
    for (const write of writes) {
      if (group.length > 0 && itemsOf([...group, write]) > maxTransactionItems - 4) await flush();
      group.push(write);
    }
    await flush();
  }
  return { ...job, processed, report };
}

/** Marks « hors catalogue » the supplier's articles whose reference the file no longer lists. */
async function retireMissing(
  job: ImportJob,
  rows: readonly PriceListArticle[],
  deadline: number,
): Promise<{ job: ImportJob; done: boolean }> {
  const listed = new Set(rows.map((row) => normaliseUnique(row.reference)));
  const links = await wholeRange<Key>(job.companyId, supplierArticlesPrefix(job.supplierId));
  const ids = links.map((link) => link.sk.slice(supplierArticlesPrefix(job.supplierId).length));
  let retired = job.report.retired;
  for (let start = 0; start < ids.length; start += 100) {
    if (Date.now() >= deadline) return { job: { ...job, report: { ...job.report, retired } }, done: false };
    const found = await articles.getMany(job.companyId, ids.slice(start, start + 100));
    const gone = [...found.values()].filter(
      (article) =>
        article.reference && article.status !== 'retired' && !listed.has(normaliseUnique(article.reference)),
    );
    let group: TransactItem[] = [];
    let count = 0;
    const flush = async () => {
      if (count === 0) return;
      await transactWrite([...group, progressItem(job, job.total, { rows: 0, retired: count })]);
      retired += count;
      group = [];
      count = 0;
    };
    for (const article of gone) {
      const { items } = articles.updateItems(job.companyId, article, { ...article, status: 'retired' });
      if (group.length + items.length > maxTransactionItems - 2) await flush();
      group.push(...items);
      count += 1;
    }
    await flush();
  }
  return { job: { ...job, report: { ...job.report, retired } }, done: true };
}

/**
 * One step of a job: validate the file, write rows, retire the missing articles, finish; until
 * `deadline` (epoch ms). A failed step is tried again by the next one; after 3 the job is failed
 * with a French message saying what was written.
 */
export async function runImportStep(
  companyId: string,
  jobId: string,
  deadline: number,
): Promise<StepOutcome> {
  let job = await getJob(companyId, jobId);
  if (!job || job.status === 'done' || job.status === 'failed') return 'finished';
  if (job.leaseUntil !== undefined && job.leaseUntil > Date.now()) return 'busy';
  try {
    job = await setJob(job, { leaseUntil: Date.now() + leaseMs });
  } catch {
    return 'busy';
  }
  try {
    if (job.status === 'queued' || job.status === 'validating') job = await validate(job);
    if (job.status !== 'running') return 'finished';
    const rows = await readRows(companyId, job.uploadId);
    if (job.phase !== 'retire') {
      const written = await writeRows(job, rows, deadline);
      job = { ...(await getJobOrThrow(companyId, jobId)) };
      if (written.processed < rows.length) {
        await setJob(job, { leaseUntil: 0 });
        return 'more';
      }
      job = await setJob(job, { phase: 'retire' });
    }
    const { done } = await retireMissing(job, rows, deadline);
    job = await getJobOrThrow(companyId, jobId);
    if (!done) {
      await setJob(job, { leaseUntil: 0 });
      return 'more';
    }
    await setJob(job, { status: 'done', finishedAt: nowIso(), leaseUntil: 0 }, { finished: true });
    return 'finished';
  } catch (error) {
    logger.error("Échec d'une étape d'import de tarif", { error, companyId, jobId });
    const latest = await getJob(companyId, jobId);
    if (!latest) return 'finished';
    const attempts = (latest.attempts ?? 0) + 1;
    if (attempts >= maxAttempts) {
      const reason =
        error instanceof HttpError && error.expose ? error.message : 'une erreur interne est survenue.';
      await setJob(
        latest,
        {
          status: 'failed',
          attempts,
          leaseUntil: 0,
          error: importMessages.stopped(latest, reason),
          finishedAt: nowIso(),
        },
        { finished: true },
      );
      return 'finished';
    }
    await setJob(latest, { attempts, leaseUntil: 0 });
    return 'more';
  }
}
