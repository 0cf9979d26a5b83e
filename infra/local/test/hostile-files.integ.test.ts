/**
 * Hostile and broken files (issue 33) against every route of the table that reads a file: found by
 * their `file` entry in `shared/src/routes.ts`, so the price-list imports, bank statements and
 * platform flows are covered the day they land. Every file of the corpus (`support/hostile-files.ts`)
 * goes to every such route, as that route takes it (multipart, or presigned upload then the route).
 * Never a 5xx; a refusal is the contract's error in French, and leaves the company's table items and
 * stored files as they were; only a route that stores files may accept one, kept byte for byte.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { routeKeyOf, routes, type FileInput, type RouteDefinition } from '@btp/shared/routes';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../../functions/src/lib/dynamo.js';
import { documentsBucket } from '../../../functions/src/lib/s3.js';
import { sdkS3Client } from '../../../functions/src/test-support/s3-sdk.js';
import { startTestStack } from './support.js';
import { hostileFiles, type HostileFile } from './support/hostile-files.js';
import { companyWithClient } from './support/records.js';
import { contractErrorProblems, preview } from './support/route-fuzz.js';

const stack = await startTestStack();
const company = await companyWithClient(stack, 'Fichiers hostiles');
const fileRoutes = routes.filter((route): route is RouteDefinition & { file: FileInput } => !!route.file);

/** The company's items and stored files: what a refused file must leave as it was. */
async function companyState(): Promise<string[]> {
  const items: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `COMPANY#${company.companyId}` },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) items.push(JSON.stringify(item));
    start = page.LastEvaluatedKey;
  } while (start);
  const client = sdkS3Client();
  // The company's documents, and the bank statements uploaded for import (`bank-statements/…`).
  const objects = [];
  for (const prefix of [`companies/${company.companyId}/`, `bank-statements/${company.companyId}/`]) {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: documentsBucket(), Prefix: prefix }));
    objects.push(...(listed.Contents ?? []));
  }
  return [...items.sort(), ...objects.map((object) => `s3:${object.Key}@${object.Size}`)];
}

interface Answer {
  status: number;
  body: unknown;
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  try {
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  } catch {
    return { status: response.status, body: text };
  }
}

const headers = () => ({ 'x-requested-with': 'fetch', cookie: company.http.cookieHeader });

function pathOf(route: RouteDefinition, id = ''): string {
  return route.path.replace(/\{[^}]+\}/, encodeURIComponent(id));
}

/** Sends `file` the way `route` takes it; the answer of the route (or of its upload route, if that refused). */
async function sendFile(route: RouteDefinition & { file: FileInput }, file: HostileFile): Promise<Answer> {
  const fields = route.file.fields ?? {};
  if (route.file.via === 'multipart') {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(route.file.field, new Blob([file.bytes], { type: file.mimeType }), file.fileName);
    return answerOf(
      await fetch(`${stack.url}${pathOf(route)}`, { method: route.method, headers: headers(), body: form }),
    );
  }
  const [uploadMethod, uploadPath] = route.file.upload.split(' ') as [string, string];
  const announced = await answerOf(
    await fetch(`${stack.url}${uploadPath}`, {
      method: uploadMethod,
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify({
        fileName: file.fileName,
        mimeType: file.mimeType,
        size: file.bytes.byteLength,
        ...fields,
      }),
    }),
  );
  if (announced.status >= 300) return announced;
  type Presigned = { url: string; fields: Record<string, string> };
  const body = announced.body as { upload?: Presigned } & Presigned & Record<string, unknown>;
  const upload = body.upload ?? body;
  const id = (body.id ??
    Object.entries(body).find(
      ([key, value]) => key.endsWith('Id') && typeof value === 'string',
    )?.[1]) as string;
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([file.bytes], { type: file.mimeType }), file.fileName);
  await (await fetch(upload.url, { method: 'POST', body: form })).arrayBuffer();
  const { idField } = route.file;
  return answerOf(
    await fetch(`${stack.url}${idField ? route.path : pathOf(route, id)}`, {
      method: route.method,
      headers: route.method === 'GET' ? headers() : { ...headers(), 'content-type': 'application/json' },
      body: route.method === 'GET' ? undefined : JSON.stringify(idField ? { [idField]: id } : {}),
    }),
  );
}

/** The bytes of a stored document, as its download gives them. */
async function downloaded(documentId: string): Promise<Buffer> {
  const answer = await fetch(`${stack.url}/api/documents/${documentId}/download`, { headers: headers() });
  const { url } = (await answer.json()) as { url: string };
  return Buffer.from(await (await fetch(url)).arrayBuffer());
}

describe('hostile and broken files', () => {
  it('the routes that read a file are found in the route table', () => {
    // Today's: the GED's two uploads, the e-invoice import and the bank statements; each new one
    // joins by its `file`.
    expect(fileRoutes.map(routeKeyOf)).toEqual(
      expect.arrayContaining([
        'POST /api/documents/upload',
        'POST /api/documents/{id}/complete',
        'POST /api/supplier-invoices/import',
        'POST /api/bank/statements',
      ]),
    );
  });

  it.each(fileRoutes.map((route) => [routeKeyOf(route), route] as const))(
    '%s refuses each in French, writing nothing (or, storing files, keeps an accepted one byte for byte)',
    async (_key, route) => {
      const problems: string[] = [];
      for (const file of hostileFiles()) {
        const before = await companyState();
        const answer = await sendFile(route, file);
        const after = await companyState();
        const problem = (text: string) =>
          problems.push(
            `${file.what} (${file.fileName}) : ${text} — ${answer.status} ${preview(answer.body)}`,
          );
        if (answer.status >= 500) problem('réponse 5xx');
        else if (answer.status >= 400) {
          for (const wrong of contractErrorProblems(answer.body)) problem(wrong);
          if (JSON.stringify(after) !== JSON.stringify(before)) {
            problem(
              `refusé mais a écrit : ${after
                .filter((item) => !before.includes(item))
                .join(', ')
                .slice(0, 300)}`,
            );
          }
        } else if (route.file.content === 'parse') {
          problem('accepté par une route qui lit le fichier');
        } else {
          // A storing route may keep a file of a type it accepts, exactly as sent.
          const { id } = answer.body as { id: string };
          const stored = await downloaded(id);
          if (!stored.equals(file.bytes)) problem('gardé, mais pas à l’identique');
        }
      }
      expect(problems).toEqual([]);
    },
  );
});
