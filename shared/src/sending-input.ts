/**
 * The bodies of the sends (docs/sending.md) parsed by hand, without zod (issue 27, `bench:lambda`:
 * `invoices/send`, `invoices/email`, `quotes/send`, `quotes/email` and `invoices/remind` start
 * without zod's code). Each answers as the zod schema it replaces (`sending.ts`, `entities/invoice.ts`
 * `invoiceSendInput`, `reminders.ts` `invoiceRemindInput`, kept for the SPA's forms), issue for
 * issue: `sending-input.test.ts` compares them on seeded random bodies.
 */
import {
  boundedTextAnswer,
  emailAnswer,
  EMAIL_MAX_LENGTH,
  optional,
  readFields,
  versionAnswer,
} from './body-fields.js';
import { objectBodyParser, type QueryJsonSchema, type QueryParser } from './query-parser.js';
import { SEND_MESSAGE_MAX_LENGTH } from './sending-basics.js';

/** The send dialog's fields: the recipient (default: the client's e-mail) and a message. */
export interface SendMailBody {
  email?: string | undefined;
  message?: string | undefined;
}

const sendMailFields = {
  email: optional((value) => emailAnswer(value)),
  message: optional((value) => boundedTextAnswer(value, SEND_MESSAGE_MAX_LENGTH)),
};

const sendMailProperties: Record<string, QueryJsonSchema> = {
  email: { type: 'string', format: 'email', maxLength: EMAIL_MAX_LENGTH },
  message: { type: 'string', maxLength: SEND_MESSAGE_MAX_LENGTH },
};

const versionProperty: QueryJsonSchema = { type: 'integer', minimum: 1 };

/** `POST /api/quotes/{id}/email` and `POST /api/invoices/{id}/email`: the e-mail sent again. */
export const documentEmailParser: QueryParser<SendMailBody> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, sendMailFields);
    return { issues, data: () => values as SendMailBody };
  },
  { type: 'object', properties: sendMailProperties },
);

/** `POST /api/quotes/{id}/send`: the e-mail, and the `version` read (optional). */
export const documentSendParser: QueryParser<SendMailBody & { version?: number | undefined }> =
  objectBodyParser(
    (body) => {
      const { values, issues } = readFields(body, {
        ...sendMailFields,
        version: (value) => versionAnswer(value),
      });
      return { issues, data: () => values as SendMailBody & { version?: number } };
    },
    { type: 'object', properties: { ...sendMailProperties, version: versionProperty } },
  );

/** `POST /api/invoices/{id}/send`: the e-mail, and the `version` read (required). */
export const invoiceSendParser: QueryParser<SendMailBody & { version: number }> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      ...sendMailFields,
      version: (value) => versionAnswer(value, 'La version lue est requise'),
    });
    return { issues, data: () => values as unknown as SendMailBody & { version: number } };
  },
  { type: 'object', properties: { ...sendMailProperties, version: versionProperty }, required: ['version'] },
);

/** `POST /api/invoices/{id}/remind`: the recipient (default: the client's e-mail). */
export const invoiceRemindParser: QueryParser<{ email?: string | undefined }> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, { email: sendMailFields.email });
    return { issues, data: () => values as { email?: string } };
  },
  { type: 'object', properties: { email: sendMailProperties.email! } },
);
