import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest, which the document upload uses (for its progress): records the
 * upload and lets the test answer it.
 */
export class FakeUpload {
  static sent: FakeUpload[] = [];

  method = '';
  url = '';
  withCredentials = false;
  body: FormData | undefined;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader() {}

  send(body: FormData) {
    this.body = body;
    FakeUpload.sent.push(this);
  }

  abort() {
    this.onabort?.();
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  /** The form's text fields and the file's name. */
  fields(): Record<string, string> {
    return Object.fromEntries(
      [...(this.body?.entries() ?? [])].map(([name, value]) => [
        name,
        typeof value === 'string' ? value : value.name,
      ]),
    );
  }
}

export function stubUpload() {
  FakeUpload.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  return FakeUpload;
}
