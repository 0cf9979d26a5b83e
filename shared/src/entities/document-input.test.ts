import { describe, expect, it } from 'vitest';
import * as z from '../lazy-zod.js';
import { oddValues, repeated } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers, uuidSamples } from '../testing/seen-answer.js';
import '../zod-fr.js';
import { documentUploadUrlInput } from './document.js';
import {
  documentDownloadQueryParser,
  documentUploadFormParser,
  documentUploadUrlParser,
} from './document-input.js';

type Random = ReturnType<typeof seededRandom>;

const texts = [
  'devis.pdf',
  ' Plan RDC.dwg ',
  '',
  '  ',
  repeated('x', 2_000),
  ` ${repeated('x', 2_000)} `,
  repeated('x', 2_001),
  repeated('😀', 1_000),
  repeated('😀', 1_001),
];
const mimeTypes = ['application/pdf', 'image/png', ' text/plain ', ''];
const sizes = [
  0,
  1,
  1024,
  52_428_800,
  Number.MAX_SAFE_INTEGER,
  2 ** 53,
  -1,
  1.5,
  '2048',
  ' 12 ',
  '1,5',
  '1e3',
  'abc',
];
const types = ['quote', 'invoice', 'contract', 'plan', 'photo', 'study', 'other', 'Photo', ' plan', ''];
const ids = [...uuidSamples, 'none', '', ' '];
const tags = [
  ['chantier', ' béton ', 'chantier', ''],
  'a, b ,a',
  [],
  '',
  Array.from({ length: 50 }, (_, index) => `t${index}`),
  Array.from({ length: 51 }, (_, index) => `t${index}`),
  [repeated('x', 2_001), 'ok', repeated('y', 2_001)],
  ['x', 5],
];
const descriptions = ['Plans du lot 2', ' ', repeated('x', 10_000), repeated('x', 10_001)];

/** Mostly the first (valid) sample, else any sample, else an odd value. */
const value = (random: Random, typical: readonly unknown[]) => {
  const draw = random.next();
  if (draw < 0.5) return typical[0];
  return draw < 0.85 ? random.pick(typical) : random.pick(oddValues);
};

function describedFields(random: Random, body: Record<string, unknown>) {
  if (random.next() < 0.4) body.name = value(random, texts);
  if (random.next() < 0.9) body.type = value(random, types);
  for (const link of ['projectId', 'clientId', 'supplierId', 'quoteId', 'invoiceId']) {
    if (random.next() < 0.25) body[link] = value(random, ids);
  }
  if (random.next() < 0.4) body.tags = value(random, tags);
  if (random.next() < 0.3) body.description = value(random, descriptions);
  if (random.next() < 0.1) body.other = 1;
  return body;
}

function randomUploadUrlBody(random: Random): unknown {
  if (random.next() < 0.04) return random.pick([null, undefined, 'x', 5, [], [{ fileName: 'a.pdf' }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.9) body.fileName = value(random, texts);
  if (random.next() < 0.9) body.mimeType = value(random, mimeTypes);
  if (random.next() < 0.9) body.size = value(random, sizes);
  return describedFields(random, body);
}

/** A multipart form's values: text, and `tags` as a list of texts (`formValues` in the service). */
function randomForm(random: Random): unknown {
  const body = describedFields(random, {});
  for (const [name, entry] of Object.entries(body)) {
    if (name === 'tags') body.tags = Array.isArray(entry) ? entry.map(String) : [String(entry)];
    else body[name] = String(entry);
  }
  return body;
}

/** The schema `GET /api/documents/{id}/download` used. */
const downloadQuery = z.object({
  inline: z
    .enum(['0', '1', 'true', 'false'], { error: 'La valeur de inline doit être 1 ou 0' })
    .optional()
    .transform((inline) => inline === '1' || inline === 'true'),
});

describe("the documents' inputs, parsed without zod", () => {
  it('POST /api/documents/upload-url: answers as the zod schema (4,000 random bodies)', () => {
    const random = seededRandom(2726);
    const bodies = Array.from({ length: 4_000 }, () => randomUploadUrlBody(random));
    const { accepted, difference } = compareParsers(documentUploadUrlParser, documentUploadUrlInput, bodies);
    expect(difference).toBeUndefined();
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(3_600);
  });

  it("POST /api/documents/upload: the form's fields answer as the schema's pick (3,000 random forms)", () => {
    const random = seededRandom(2727);
    const forms = Array.from({ length: 3_000 }, () => randomForm(random));
    const picked = documentUploadUrlInput.omit({ fileName: true, mimeType: true, size: true });
    const { accepted, difference } = compareParsers(documentUploadFormParser, picked, forms);
    expect(difference).toBeUndefined();
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(2_700);
  });

  it('GET /api/documents/{id}/download: ?inline= answers as the zod schema', () => {
    const random = seededRandom(2728);
    const inlines = ['0', '1', 'true', 'false', 'TRUE', ' 1', '', 'oui'];
    const queries = Array.from({ length: 1_000 }, () =>
      random.next() < 0.2
        ? {}
        : { inline: random.next() < 0.8 ? random.pick(inlines) : random.pick(oddValues) },
    );
    const { accepted, difference } = compareParsers(documentDownloadQueryParser, downloadQuery, [
      ...queries,
      null,
      'inline=1',
    ]);
    expect(difference).toBeUndefined();
    expect(accepted).toBeGreaterThan(200);
  });

  it('reads an upload link request and says what is wrong in French', () => {
    expect(
      documentUploadUrlParser.parse({
        fileName: ' devis.pdf ',
        mimeType: 'application/pdf',
        size: '2048',
        type: 'quote',
        projectId: '7C9E6679-7425-40DE-944B-E07FC1F90AE7',
        tags: 'a, b ,a',
      }),
    ).toEqual({
      fileName: 'devis.pdf',
      mimeType: 'application/pdf',
      size: 2048,
      type: 'quote',
      projectId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      tags: ['a', 'b'],
    });
    expect(
      documentUploadUrlParser.safeParse({ fileName: '', mimeType: 'x', size: -1 }).error?.issues,
    ).toEqual([
      { path: ['fileName'], message: 'Le nom du fichier est requis' },
      { path: ['size'], message: "La taille du fichier doit être un nombre entier d'octets positif ou nul" },
      { path: ['type'], message: 'Le type de document est requis' },
    ]);
    expect(documentDownloadQueryParser.parse({})).toEqual({ inline: false });
    expect(documentDownloadQueryParser.parse({ inline: 'true' })).toEqual({ inline: true });
  });
});
