import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-errors.js';
import {
  malformedFormMessage,
  notMultipartMessage,
  oneFileMessage,
  parseMultipartForm,
} from './multipart-form.js';

/** The body and content type a browser sends for `form`. */
async function encoded(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

const options = { fileField: 'file', maxFileBytes: 1000 };

async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseMultipartForm', () => {
  it('reads the text fields (repeated ones in order) and the file with its name and type', async () => {
    const form = new FormData();
    form.append('type', 'other');
    form.append('description', '');
    form.append('tags', 'chantier');
    form.append('tags', 'plans, rdc');
    form.append(
      'file',
      new Blob([Buffer.from('%PDF-1.7 contenu')], { type: 'application/pdf' }),
      'Devis été.pdf',
    );
    const { body, contentType } = await encoded(form);

    const parsed = await parseMultipartForm(body, contentType, options);

    expect(Object.fromEntries(parsed.fields)).toEqual({
      type: ['other'],
      description: [''],
      tags: ['chantier', 'plans, rdc'],
    });
    expect(parsed.file).toMatchObject({
      fileName: 'Devis été.pdf',
      mimeType: 'application/pdf',
      tooLarge: false,
    });
    expect(parsed.file?.data.toString()).toBe('%PDF-1.7 contenu');
  });

  it('keeps a file of exactly the limit and flags a larger one', async () => {
    const withFile = async (size: number) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(size)]), 'a.png');
      const { body, contentType } = await encoded(form);
      return parseMultipartForm(body, contentType, options);
    };
    const atLimit = await withFile(1000);
    expect(atLimit.file?.tooLarge).toBe(false);
    expect(atLimit.file?.data.byteLength).toBe(1000);
    expect((await withFile(1001)).file?.tooLarge).toBe(true);
  });

  it('answers without a file when none is sent (a text named "file" is not a file)', async () => {
    const form = new FormData();
    form.append('type', 'plan');
    form.append('file', 'pas un fichier');
    const { body, contentType } = await encoded(form);
    const parsed = await parseMultipartForm(body, contentType, options);
    expect(parsed.file).toBeUndefined();
  });

  it('refuses a second file, another content type and a broken body', async () => {
    const two = new FormData();
    two.append('file', new Blob(['a']), 'a.pdf');
    two.append('file', new Blob(['b']), 'b.pdf');
    const twoFiles = await encoded(two);
    expect(await refusal(() => parseMultipartForm(twoFiles.body, twoFiles.contentType, options))).toEqual({
      status: 400,
      message: oneFileMessage,
    });
    expect(await refusal(() => parseMultipartForm(Buffer.from('{}'), 'application/json', options))).toEqual({
      status: 415,
      message: notMultipartMessage,
    });
    expect(await refusal(() => parseMultipartForm(Buffer.from('x'), 'multipart/form-data', options))).toEqual(
      {
        status: 400,
        message: malformedFormMessage,
      },
    );
  });

  it('refuses a body cut in the middle of the file with a 400, without an unhandled stream error', async () => {
    const form = new FormData();
    form.append('type', 'other');
    form.append('file', new Blob([new Uint8Array(5_000).fill(65)]), 'plan.pdf');
    const { body, contentType } = await encoded(form);
    const unhandled: unknown[] = [];
    const record = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', record);
    try {
      const truncated = body.subarray(0, 2_000);
      expect(
        await refusal(() =>
          parseMultipartForm(truncated, contentType, { fileField: 'file', maxFileBytes: 10_000 }),
        ),
      ).toEqual({ status: 400, message: malformedFormMessage });
      // A stream `error` without a listener is thrown on a later tick: give it one.
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('uncaughtException', record);
    }
    expect(unhandled).toEqual([]);
  });
  it('reads a part named in textParts as a text field, also when it comes as a file', async () => {
    const form = new FormData();
    form.append('flowInfo', new Blob(['{"name":"a.xml"}'], { type: 'application/json' }), 'flowInfo.json');
    form.append('file', new Blob(['<a/>'], { type: 'application/xml' }), 'a.xml');
    const { body, contentType } = await encoded(form);

    const parsed = await parseMultipartForm(body, contentType, { ...options, textParts: ['flowInfo'] });
    expect(Object.fromEntries(parsed.fields)).toEqual({ flowInfo: ['{"name":"a.xml"}'] });
    expect(parsed.file?.data.toString()).toBe('<a/>');
    // Without it, that part is a second file.
    expect(await refusal(() => parseMultipartForm(body, contentType, options))).toEqual({
      status: 400,
      message: oneFileMessage,
    });
  });
});
