/**
 * What `POST /api/public/quotes/{token}/accept` receives, parsed by hand, without zod (issue 27,
 * `bench:lambda`: the public page's two routes start without zod's code): the link's token and the
 * client's « Bon pour accord ». They answer as the zod schemas they replace (`publicQuoteAcceptInput`,
 * kept in `public-quote.ts` for the page's form, and `z.object({ token: z.string().min(1).max(200) })`)
 * do, issue for issue: `public-quote-input.test.ts` compares them on seeded random inputs.
 */
import {
  type FieldAnswer,
  readFields,
  requiredTextAnswer,
  textAnswer,
  zodTooLong,
  zodTooShort,
} from '../body-fields.js';
import { notText, objectBodyParser, type QueryParser } from '../query-parser.js';
import { TEXT_MAX_LENGTH } from '../text-limits.js';

/** The largest drawn signature accepted online, in bytes once decoded (200 KB). */
export const MAX_SIGNATURE_BYTES = 200 * 1024;

/** The prefix of the signature's data URL: a PNG, nothing else. */
export const SIGNATURE_DATA_URL_PREFIX = 'data:image/png;base64,';

/** Base64 of 200 KB is 273,068 characters: a longer text is refused here, a shorter one too large by the server. */
export const SIGNATURE_MAX_LENGTH = 300_000;

export const publicQuoteAcceptMessages = {
  signerName: 'Votre nom est requis',
  acceptTerms: 'Vous devez accepter le devis et ses conditions',
  signature: 'La signature est requise',
  signatureTooLong: 'La signature dépasse 200 Ko',
} as const;

/** The body as the service reads it. */
export interface PublicQuoteAcceptBody {
  signerName: string;
  acceptTerms: true;
  signature: string;
}

const TOKEN_MAX_LENGTH = 200;

/** `{token}` of an acceptance link: any text of a sensible size; an unknown one is a 404. */
export const publicQuoteTokenParams: QueryParser<{ token: string }> = objectBodyParser(
  (path) => {
    const { values, issues } = readFields(path, {
      token: (value) =>
        textAnswer(value, {
          typeMessage: notText(value).messages[0],
          trim: false,
          min: { length: 1, message: zodTooShort(1) },
          max: { length: TOKEN_MAX_LENGTH, message: zodTooLong(TOKEN_MAX_LENGTH) },
        }),
    });
    return { issues, data: () => values as { token: string } };
  },
  {
    type: 'object',
    properties: { token: { type: 'string', minLength: 1, maxLength: TOKEN_MAX_LENGTH } },
    required: ['token'],
  },
);

const acceptFields = {
  signerName: (value: unknown) =>
    requiredTextAnswer(value, publicQuoteAcceptMessages.signerName, TEXT_MAX_LENGTH),
  acceptTerms: (value: unknown): FieldAnswer =>
    value === true
      ? { value, messages: [] }
      : { value, messages: [publicQuoteAcceptMessages.acceptTerms], aborts: true },
  signature: (value: unknown) =>
    textAnswer(value, {
      typeMessage: publicQuoteAcceptMessages.signature,
      trim: false,
      min: { length: 1, message: publicQuoteAcceptMessages.signature },
      max: { length: SIGNATURE_MAX_LENGTH, message: publicQuoteAcceptMessages.signatureTooLong },
    }),
};

/** `POST /api/public/quotes/{token}/accept`'s body: the signer's name, the terms accepted, the PNG data URL. */
export const publicQuoteAcceptParser: QueryParser<PublicQuoteAcceptBody> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, acceptFields);
    return { issues, data: () => values as unknown as PublicQuoteAcceptBody };
  },
  {
    type: 'object',
    properties: {
      signerName: { type: 'string', minLength: 1, maxLength: TEXT_MAX_LENGTH },
      acceptTerms: { type: 'boolean', const: true },
      signature: { type: 'string', minLength: 1, maxLength: SIGNATURE_MAX_LENGTH },
    },
    required: ['signerName', 'acceptTerms', 'signature'],
  },
);
