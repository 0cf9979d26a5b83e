/**
 * Reads a `multipart/form-data` body held in memory (API Gateway hands it to Lambda whole,
 * base64-encoded) with busboy: text fields, and one file kept up to a byte limit.
 */
import busboy from 'busboy';
import { badRequest, HttpError } from '../lib/http-errors.js';

export interface FormFile {
  /** The file name as the browser sent it (not sanitised). */
  fileName: string;
  /** The MIME type as the browser declared it. */
  mimeType: string;
  data: Buffer;
  /** Whether the file went over `maxFileBytes` (then `data` holds only the first bytes). */
  tooLarge: boolean;
}

export interface MultipartForm {
  /** Every value of each text field, in order (a field may repeat, e.g. `tags`). */
  fields: Map<string, string[]>;
  file: FormFile | undefined;
}

export const notMultipartMessage =
  'Type de contenu non pris en charge : envoyez le fichier dans un formulaire multipart/form-data.';
export const malformedFormMessage = "Le formulaire envoyé est illisible : recommencez l'envoi.";
export const oneFileMessage = 'Envoyez un seul fichier à la fois, dans le champ « file ».';

const maxFieldBytes = 64 * 1024;
const maxFields = 30;

/**
 * Parses `body` sent with `contentType`. Only the part named `fileField` is kept as the file; a
 * second file is a 400, another content type a 415, a broken body a 400.
 */
export async function parseMultipartForm(
  body: Buffer,
  contentType: string | undefined,
  options: {
    fileField: string;
    maxFileBytes: number;
    /**
     * Parts read as text fields even when sent as files (with a file name): some clients send a
     * JSON part that way (the e-invoicing network's `flowInfo`). At most `maxFieldBytes` each.
     */
    textParts?: readonly string[];
  },
): Promise<MultipartForm> {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'multipart/form-data') {
    throw new HttpError(415, 'unsupported_media_type', notMultipartMessage);
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: {
        // busboy stops at the limit itself ("limit" when reached): one byte more tells a file of
        // exactly `maxFileBytes` from a larger one.
        fileSize: options.maxFileBytes + 1,
        files: 1 + (options.textParts?.length ?? 0),
        fields: maxFields,
        fieldSize: maxFieldBytes,
        parts: maxFields + 1,
      },
      defParamCharset: 'utf8',
    });
  } catch {
    // No boundary in the content type.
    throw badRequest(malformedFormMessage);
  }

  return new Promise<MultipartForm>((resolve, reject) => {
    const fields = new Map<string, string[]>();
    let file: FormFile | undefined;
    let failure: HttpError | undefined;
    let pendingFile: Promise<void> = Promise.resolve();
    const pendingText: Promise<void>[] = [];

    parser.on('field', (name, value) => {
      fields.set(name, [...(fields.get(name) ?? []), value]);
    });
    parser.on('file', (name, stream, info) => {
      if (options.textParts?.includes(name)) {
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= maxFieldBytes) chunks.push(chunk);
          else failure ??= badRequest(malformedFormMessage);
        });
        stream.on('error', () => {
          failure ??= badRequest(malformedFormMessage);
        });
        pendingText.push(
          new Promise<void>((done) =>
            stream.on('close', () => {
              fields.set(name, [...(fields.get(name) ?? []), Buffer.concat(chunks).toString('utf8')]);
              done();
            }),
          ),
        );
        return;
      }
      if (name !== options.fileField || file) {
        failure ??= badRequest(oneFileMessage);
        stream.on('error', () => undefined); // the parser's own `error` answers a cut body
        stream.resume();
        return;
      }
      const current: FormFile = {
        fileName: info.filename ?? '',
        mimeType: info.mimeType,
        data: Buffer.alloc(0),
        tooLarge: false,
      };
      file = current;
      const chunks: Buffer[] = [];
      pendingFile = new Promise<void>((done) => {
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('limit', () => {
          current.tooLarge = true;
        });
        stream.on('close', () => {
          current.data = Buffer.concat(chunks);
          done();
        });
        // A body cut inside the file part ("Unexpected end of form"): without a listener this
        // `error` would be thrown as an uncaught exception and end the process.
        stream.on('error', () => {
          failure ??= badRequest(malformedFormMessage);
          done();
        });
      });
    });
    parser.on('filesLimit', () => {
      failure ??= badRequest(oneFileMessage);
    });
    parser.on('fieldsLimit', () => {
      failure ??= badRequest(malformedFormMessage);
    });
    parser.on('partsLimit', () => {
      failure ??= badRequest(malformedFormMessage);
    });
    parser.on('error', () => reject(badRequest(malformedFormMessage)));
    parser.on('close', () => {
      void Promise.all([pendingFile, ...pendingText]).then(() =>
        failure ? reject(failure) : resolve({ fields, file }),
      );
    });
    parser.end(body);
  });
}
