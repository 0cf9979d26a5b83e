import { ApiError, NetworkError } from './api';

/** How a file's transfer is followed and stopped. */
export interface UploadOptions {
  /** Share of the file's bytes sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Aborts the transfer (and cancels an announced upload). */
  signal?: AbortSignal;
}

export interface XhrAnswer {
  status: number;
  statusText: string;
  text: string;
}

/**
 * POSTs a form with XMLHttpRequest, the only browser API that reports upload progress. `toApi` adds
 * what the API needs (its CSRF header, the session cookie); the bucket gets neither: its CORS rule
 * does not allow that header and a presigned POST needs no cookie.
 */
export function postForm(
  url: string,
  form: FormData,
  { toApi, onProgress, signal }: UploadOptions & { toApi: boolean },
): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Envoi annulé', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    if (toApi) {
      xhr.withCredentials = true;
      xhr.setRequestHeader('X-Requested-With', 'fetch');
      xhr.setRequestHeader('Accept', 'application/json');
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    };
    xhr.onerror = () => {
      settle();
      reject(new NetworkError(new Error(`POST ${url} failed`)));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('Envoi annulé', 'AbortError'));
    };
    xhr.send(form);
  });
}

/** The answer's text, or its `ApiError` when the status is not a success. */
export function ok(answer: XhrAnswer): string {
  if (answer.status < 200 || answer.status >= 300) {
    throw new ApiError(answer.status, answer.text, answer.statusText);
  }
  return answer.text;
}
