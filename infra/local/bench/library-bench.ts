/**
 * `BENCH_ONLY=library npm run bench:api`: the price library at scale (issue 28). Seeds a company
 * with BENCH_ARTICLES articles (50,000) of believable designations, references and families,
 * written with the repository's own item builders (record, reference marker, search and list index
 * items) by BatchWriteItem; then times the first page of `GET /api/library/search` (20 results)
 * through the local gateway, one request at a time, beside the same service call made directly;
 * then imports a price list of BENCH_IMPORT_ROWS rows (50,000; 0 to skip) with the worker's own
 * steps and prints its duration. Prints figures; never a test.
 */
import { articleCreateInput, priceListMappingSchema } from '@btp/shared/entities/library';
import { seededRandom } from '@btp/shared/testing/seeded-random';
import autocannon from 'autocannon';
import { articles } from '../../../functions/src/data/entities/library.js';
import { batchPut } from '../../../functions/test/batch-seed.js';

const trades = [
  [
    'Gros œuvre › Maçonnerie',
    ['Parpaing creux', 'Parpaing plein', 'Brique monomur', 'Linteau béton', 'Bloc béton cellulaire'],
  ],
  [
    'Gros œuvre › Béton',
    ['Ciment CEM II', 'Sable lavé', 'Gravier concassé', 'Béton prêt à l’emploi', 'Treillis soudé'],
  ],
  [
    'Plâtrerie',
    ['Plaque de plâtre BA13', 'Montant métallique', 'Rail métallique', 'Laine de verre', 'Enduit à joint'],
  ],
  [
    'Carrelage',
    ['Carrelage grès cérame', 'Faïence murale', 'Colle carrelage', 'Plinthe assortie', 'Mosaïque'],
  ],
  ['Peinture', ['Peinture acrylique', 'Sous-couche', 'Enduit de lissage', 'Toile de verre', 'Lasure']],
  ['Plomberie', ['Tube multicouche', 'Raccord à sertir', 'Mitigeur', 'Receveur de douche', 'Siphon']],
  ['Électricité', ['Câble R2V', 'Gaine ICTA', 'Prise de courant', 'Disjoncteur', 'Spot LED']],
] as const;
const variants = [
  'gris',
  'blanc',
  'anthracite',
  'standard',
  'hydrofuge',
  'renforcé',
  'premium',
  'éco',
  'pro',
  'extérieur',
];

/** `count` articles, seeded: same data on every run. */
function articleFields(count: number, supplierId: string) {
  const random = seededRandom(50_000);
  return Array.from({ length: count }, (_, index) => {
    const [family, names] = random.pick(trades);
    const name = random.pick(names);
    const size = `${random.int(5, 60) * 5}`;
    return articleCreateInput.parse({
      resourceType: 'materials',
      reference: `${name.slice(0, 3).toUpperCase()}${String(index).padStart(6, '0')}`,
      designation: `${name} ${size} ${random.pick(variants)}`,
      unit: random.pick(['u', 'm²', 'ml', 'sac', 'kg']),
      unitCost: (random.int(10, 50_000) / 100).toFixed(2),
      supplierId,
      family,
    });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export async function benchLibrary(
  stack: { url: string },
  company: { companyId: string; cookie: string },
  options: { articles: number; importRows: number; samples: number },
): Promise<Record<string, unknown>> {
  const { suppliers } = await import('../../../functions/src/data/entities/suppliers.js');
  const { searchLibrary } = await import('../../../functions/src/library/search-service.js');
  const supplier = await suppliers.create(company.companyId, {
    name: 'Fournisseur bench',
    country: 'France',
    specialties: [],
  });
  let started = Date.now();
  const fields = articleFields(options.articles, supplier.id);
  for (let start = 0; start < fields.length; start += 5_000) {
    await batchPut(
      fields
        .slice(start, start + 5_000)
        .flatMap((entry) => articles.createItems(company.companyId, entry).items),
    );
  }
  const seedSeconds = (Date.now() - started) / 1000;
  console.log(
    `Bibliothèque : ${options.articles.toLocaleString('fr-FR')} articles écrits en ${seedSeconds.toFixed(0)} s.`,
  );

  const queries = ['parp', 'ciment', 'plaque ba13', 'carrelage gris', 'b', 'mitigeur 120', 'par000123'];
  const results: Record<
    string,
    { http: { p50: number; p99: number }; direct: { p50: number; p99: number }; results: number }
  > = {};
  for (const q of queries) {
    const url = `${stack.url}/api/library/search?q=${encodeURIComponent(q)}`;
    const warm = await fetch(url, { headers: { cookie: company.cookie } });
    const count = ((await warm.json()) as unknown[]).length;
    const http = await autocannon({
      url,
      connections: 1,
      amount: options.samples,
      headers: { cookie: company.cookie },
    });
    if (http.non2xx + http.errors > 0)
      throw new Error(`${url}: ${http.non2xx + http.errors} failed requests`);
    const direct: number[] = [];
    for (let index = 0; index < options.samples; index += 1) {
      const before = performance.now();
      await searchLibrary(company.companyId, {
        q,
        limit: undefined,
        cursor: undefined,
        family: undefined,
        kind: undefined,
        supplierId: undefined,
      });
      direct.push(performance.now() - before);
    }
    direct.sort((a, b) => a - b);
    results[q] = {
      http: { p50: http.latency.p50, p99: http.latency.p99 },
      direct: { p50: percentile(direct, 50), p99: percentile(direct, 99) },
      results: count,
    };
    console.log(
      `  GET /api/library/search?q=${q} (${count} résultats) : HTTP p50 ${http.latency.p50.toFixed(1)} ms, p99 ${http.latency.p99.toFixed(1)} ms ; direct p50 ${percentile(direct, 50).toFixed(1)} ms`,
    );
  }
  const worst = Math.max(...Object.values(results).map((result) => result.http.p50));
  console.log(
    `Budget recherche (première page ≤ 100 ms p50 à ${options.articles.toLocaleString('fr-FR')} articles) : pire p50 ${worst.toFixed(1)} ms — ${worst <= 100 ? 'respecté' : 'DÉPASSÉ'}`,
  );

  let importFigures: Record<string, unknown> | undefined;
  if (options.importRows > 0) {
    const { putDocumentObject } = await import('../../../functions/src/documents/document-storage.js');
    const { putJob, priceListObjectKey, putUpload, getJob } =
      await import('../../../functions/src/data/entities/library-imports.js');
    const { runImportStep } = await import('../../../functions/src/library/price-list-import.js');
    const random = seededRandom(7);
    const lines = ['Référence;Désignation;Unité;Prix HT;Remise %;Famille'];
    for (let index = 0; index < options.importRows; index += 1) {
      const [family, names] = random.pick(trades);
      lines.push(
        `IMP${String(index).padStart(6, '0')};${random.pick(names)} ${random.int(1, 99)} ${random.pick(variants)};u;${random.int(1, 99_999)},${String(random.int(0, 99)).padStart(2, '0')};${random.int(0, 40)};${family}`,
      );
    }
    const bytes = Buffer.from(lines.join('\r\n'), 'utf8');
    const uploadId = crypto.randomUUID();
    const importSupplier = await suppliers.create(company.companyId, {
      name: 'Fournisseur import',
      country: 'France',
      specialties: [],
    });
    await putUpload(company.companyId, { id: uploadId, fileName: 'tarif.csv', size: bytes.length });
    await putDocumentObject(priceListObjectKey(company.companyId, uploadId), bytes, 'text/csv');
    const now = new Date().toISOString();
    const jobId = crypto.randomUUID();
    await putJob({
      id: jobId,
      companyId: company.companyId,
      createdAt: now,
      updatedAt: now,
      version: 1,
      supplierId: importSupplier.id,
      fileName: 'tarif.csv',
      uploadId,
      mapping: priceListMappingSchema.parse({
        columns: { reference: 0, designation: 1, unit: 2, price: 3, discount: 4, family: [5] },
        decimal: ',',
      }),
      status: 'queued',
      total: 0,
      processed: 0,
      report: { created: 0, updated: 0, unchanged: 0, retired: 0, refused: [], refusedCount: 0 },
    });
    started = Date.now();
    let steps = 0;
    const stepSeconds: number[] = [];
    for (;;) {
      const before = Date.now();
      // The worker's own steps, each given 10 minutes as on AWS.
      const outcome = await runImportStep(company.companyId, jobId, Date.now() + 10 * 60 * 1000);
      stepSeconds.push((Date.now() - before) / 1000);
      steps += 1;
      if (outcome === 'finished') break;
    }
    const job = await getJob(company.companyId, jobId);
    const seconds = (Date.now() - started) / 1000;
    importFigures = {
      rows: options.importRows,
      bytes: bytes.length,
      seconds,
      steps,
      stepSeconds,
      status: job?.status,
      report: job?.report && { ...job.report, refused: job.report.refused.length },
    };
    console.log(
      `Import d'un tarif de ${options.importRows.toLocaleString('fr-FR')} lignes (${(bytes.length / 1e6).toFixed(1)} Mo) : ${job?.status} en ${seconds.toFixed(0)} s, ${steps} étape(s) (plus longue ${Math.max(...stepSeconds).toFixed(0)} s) ; ${job?.report.created} créés.`,
    );
  }
  return { articles: options.articles, seedSeconds, search: results, import: importFigures };
}
