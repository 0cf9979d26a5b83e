/**
 * The local stack's inbox (MailDev), read through its REST API on the stack's own port:
 * `GET <baseUrl>/_mail/email` lists every message kept since the stack started (docs/mail.md).
 */

export interface ReceivedAttachment {
  /** The name the sender gave (`DEV-2026-0001.pdf`). */
  filename: string;
  contentType: string;
  /** Bytes. */
  size: number;
  /** MailDev's name for the stored file, used by {@link attachmentBytes}. */
  storedName: string;
}

export interface ReceivedAddress {
  address: string;
  name: string;
}

export interface ReceivedMail {
  id: string;
  subject: string;
  from: ReceivedAddress[];
  to: ReceivedAddress[];
  replyTo: ReceivedAddress[];
  text: string;
  html: string;
  attachments: ReceivedAttachment[];
  /** Header names in lower case, as MailDev's parser gives them. */
  headers: Record<string, string>;
  /** When the server received it. */
  time: string;
}

interface MailDevAddress {
  address?: string;
  name?: string;
}

interface MailDevMail {
  id: string;
  subject?: string;
  from?: MailDevAddress[];
  to?: MailDevAddress[];
  replyTo?: MailDevAddress[];
  text?: string;
  html?: string;
  headers?: Record<string, unknown>;
  time?: string;
  attachments?:
    | {
        fileName?: string;
        generatedFileName: string;
        contentType?: string;
        length?: number;
      }[]
    | null;
}

function addresses(list: MailDevAddress[] | undefined): ReceivedAddress[] {
  return (list ?? []).map((item) => ({ address: item.address ?? '', name: item.name ?? '' }));
}

function mailboxUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/_mail${path}`;
}

/**
 * The messages the local SMTP server has kept, oldest first: every one, or only those sent to `to`
 * (exactly as written in the message). The filter runs in MailDev (`?to.address=`), so a poll reads
 * and parses only the test's own messages, not every message of the worker's shared stack.
 */
export async function listMails(baseUrl: string, to?: string): Promise<ReceivedMail[]> {
  const query = to === undefined ? '' : `?${new URLSearchParams({ 'to.address': to }).toString()}`;
  const response = await fetch(mailboxUrl(baseUrl, `/email${query}`));
  if (response.status !== 200) throw new Error(`GET /_mail/email answered ${response.status}`);
  const mails = (await response.json()) as MailDevMail[];
  return mails.map((mail) => ({
    id: mail.id,
    subject: mail.subject ?? '',
    from: addresses(mail.from),
    to: addresses(mail.to),
    replyTo: addresses(mail.replyTo),
    text: mail.text ?? '',
    html: mail.html ?? '',
    time: mail.time ?? '',
    headers: Object.fromEntries(
      Object.entries(mail.headers ?? {}).map(([name, value]) => [
        name.toLowerCase(),
        Array.isArray(value) ? value.map(String).join(', ') : String(value),
      ]),
    ),
    attachments: (mail.attachments ?? []).map((attachment) => ({
      filename: attachment.fileName ?? attachment.generatedFileName,
      contentType: attachment.contentType ?? '',
      size: attachment.length ?? 0,
      storedName: attachment.generatedFileName,
    })),
  }));
}

/**
 * The first message sent to `to` that matches `predicate`, polling the inbox until it arrives (SMTP
 * delivery is asynchronous on the server side: the sender's 250 can come before MailDev has parsed
 * and stored the message). Throws after `attempts` reads without a match, listing the subjects seen.
 */
export async function waitForMail(
  baseUrl: string,
  to: string,
  predicate: (mail: ReceivedMail) => boolean = () => true,
  attempts = 100,
): Promise<ReceivedMail> {
  let seen: ReceivedMail[] = [];
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    seen = await listMails(baseUrl, to);
    const found = seen.find(predicate);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `no matching message to ${to} in the local inbox; seen: ${JSON.stringify(seen.map((mail) => mail.subject))}`,
  );
}

/** The messages sent to `address` (exactly as written in the message), oldest first. */
export async function mailsTo(baseUrl: string, address: string): Promise<ReceivedMail[]> {
  return listMails(baseUrl, address);
}

/** The bytes of one attachment of a received message. */
export async function attachmentBytes(
  baseUrl: string,
  mail: ReceivedMail,
  attachment: ReceivedAttachment,
): Promise<Buffer> {
  const response = await fetch(
    mailboxUrl(
      baseUrl,
      `/email/${encodeURIComponent(mail.id)}/attachment/${encodeURIComponent(attachment.storedName)}`,
    ),
  );
  if (response.status !== 200) throw new Error(`attachment download answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** The message's raw RFC 5322 source, as the SMTP server received it. */
export async function rawSource(baseUrl: string, mail: ReceivedMail): Promise<string> {
  const response = await fetch(mailboxUrl(baseUrl, `/email/${encodeURIComponent(mail.id)}/source`));
  if (response.status !== 200) throw new Error(`source download answered ${response.status}`);
  return response.text();
}
