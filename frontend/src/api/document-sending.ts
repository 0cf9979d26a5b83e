import { api } from '../lib/api';

/** What « Envoyer » (and « Renvoyer l'e-mail », without `version`) sends for a devis or an invoice. */
export interface SendDocumentInput {
  id: string;
  /** The version the person saw: the server answers 409 when the document changed since. */
  version: number;
  /** The recipient; absent: the client's e-mail. */
  email?: string;
  /** Added to the e-mail. */
  message?: string;
  /** One per opening of the send dialog: a repeat of the same key never sends twice. */
  idempotencyKey?: string;
}

const keyHeader = (key: string | undefined) =>
  key === undefined ? {} : { headers: { 'Idempotency-Key': key } };

/**
 * The two sending calls of a document route (`/api/quotes`, `/api/invoices`): `POST {base}/{id}/send`
 * and `POST {base}/{id}/email`, each answer read with `schema`.
 */
export function documentSending<T>(base: string, schema: { parse(value: unknown): T }) {
  const url = (id: string, action: 'send' | 'email') => `${base}/${encodeURIComponent(id)}/${action}`;
  return {
    send: async ({ id, version, email, message, idempotencyKey }: SendDocumentInput): Promise<T> =>
      schema.parse(await api.post(url(id, 'send'), { version, email, message }, keyHeader(idempotencyKey))),
    email: async ({ id, email, message, idempotencyKey }: Omit<SendDocumentInput, 'version'>): Promise<T> =>
      schema.parse(await api.post(url(id, 'email'), { email, message }, keyHeader(idempotencyKey))),
  };
}
