/**
 * The one API client: base path, the three auth headers, JSON in and out, the 50 s timeout, and the
 * error catalogue (toasts, 401 → login). Features call `api.get/post/…` and never `fetch` directly;
 * files that take a while to arrive (an Excel export) come through `api.download`, read as they
 * stream, with their progress and a way to cancel.
 */
import { WEB_APPLICATION_ID } from '@sitepay/domain/application-id';
import { i18n } from '../i18n/i18n.ts';
import { loadReasonStrings } from '../i18n/reason-strings.ts';
import { fileNameFromDisposition } from './download-file.ts';
import { EARLY_PATHS, takeEarlyAnswer } from './early-answers.ts';
import {
  ApiError,
  blanksToNull,
  describeError,
  describeSuccess,
  type ErrorContext,
  type Notice,
} from './error-catalogue.ts';
import { clearSession, readSession, SESSION_KEY, saveSession, sessionHeaders } from './session.ts';

export const API_BASE = '/api';
/** The web app's client id (seeded on the server as its own application). */
export const APPLICATION_ID = WEB_APPLICATION_ID;
export const HTTP_TIMEOUT_MS = 50_000;
/**
 * How long a download may wait for its answer to start: an export queues behind two others for up
 * to 60 s on the server (then 503 export_busy) and reads its first rows before it answers. Once the
 * file flows, HTTP_TIMEOUT_MS without a byte stops it.
 */
export const DOWNLOAD_START_MS = 90_000;

export type RequestOptions = ErrorContext & {
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** No toast at all (the caller reports, e.g. a background poll). */
  silent?: boolean;
  /** No toast for the errors the caller recovers from by itself (a list's outdated cursor). */
  recovers?: (error: ApiError) => boolean;
  /** No success toast even for a change. */
  quietSuccess?: boolean;
  signal?: AbortSignal;
  /** Read the answer as a Blob (file downloads) instead of JSON or text. */
  responseType?: 'blob';
};

type Notifier = (notice: Notice) => void;
let notify: Notifier = () => {};
let onUnauthorized: () => void = () => {};
let onPasswordChangeRequired: () => void = () => {};

/** The app shell plugs in the toast function, the way to the login page and to the password change. */
export function configureApiClient(options: {
  notify: Notifier;
  onUnauthorized: () => void;
  onPasswordChangeRequired?: () => void;
}) {
  notify = options.notify;
  onUnauthorized = options.onUnauthorized;
  onPasswordChangeRequired = options.onPasswordChangeRequired ?? (() => {});
}

export function authHeaders(): Record<string, string> {
  return sessionHeaders(APPLICATION_ID, readSession());
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

async function readError(response: Response, path: string): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    // not JSON: keep the status alone
  }
  const errors = Array.isArray(body.errors) ? (body.errors as ApiError['errors']) : [];
  return new ApiError(
    response.status,
    typeof body.code === 'string' ? body.code : '',
    typeof body.message === 'string' ? body.message : response.statusText,
    errors,
    path,
    typeof body.reason === 'string' ? body.reason : undefined,
    body.params && typeof body.params === 'object' ? (body.params as Record<string, string | number>) : {},
  );
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HTTP_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort());
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // multipart (file uploads): the browser writes the boundary header
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(blanksToNull(options.body));
  }
  const t = i18n.t.bind(i18n);
  const ask = () =>
    fetch(buildUrl(path, options.query), { method, headers, body, signal: controller.signal });
  let response: Response;
  try {
    const early = method === 'GET' && !options.query ? earlyAnswer(path, controller.signal) : undefined;
    // an early answer that broke off is asked for again, as if it had never been asked
    response = early ? await early.catch(ask) : await ask();
  } catch (cause) {
    clearTimeout(timer);
    if (options.signal?.aborted) throw cause;
    throw lostConnection(path, options);
  }
  clearTimeout(timer);
  if (!response.ok) throw await refusal(response, path, options);
  if (method !== 'GET' && !options.silent && !options.quietSuccess && options.action) {
    notify(describeSuccess(t, options.action));
  }
  if (options.responseType === 'blob') return (await response.blob()) as T;
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? await response.json() : await response.text()) as T;
}

/**
 * The answer the first-screen script asked for before this code arrived, if any (src/lib/early-answers.ts):
 * taken once, within the call's own timeout and cancellation.
 */
function earlyAnswer(path: string, signal: AbortSignal): Promise<Response> | undefined {
  if (!(EARLY_PATHS as readonly string[]).includes(path)) return undefined;
  const early = takeEarlyAnswer(path, localStorage.getItem(SESSION_KEY));
  if (!early) return undefined;
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    early.then(resolve, reject);
  });
}

/** A refused call as an ApiError, told to the user (unless silent) and signing out on a 401. */
async function refusal(response: Response, path: string, options: RequestOptions): Promise<ApiError> {
  const error = await readError(response, `${API_BASE}/${path.replace(/^\/+/, '')}`);
  // a refusal's words come with the first refusal (and are there for the caller's own notice too)
  if (error.reason) await loadReasonStrings().catch(() => {});
  if (!options.silent && !options.recovers?.(error)) notify(describeError(error, i18n.t.bind(i18n), options));
  const session = readSession();
  // unknown_application is the server's configuration, not the session: signing out would not help
  if (
    error.status === 401 &&
    error.code !== 'bad_credentials' &&
    error.code !== 'unknown_application' &&
    session
  ) {
    clearSession();
    onUnauthorized();
  }
  // the server says the password must change first (a session from before the flag was known)
  if (error.code === 'password_change_required' && session) {
    if (!session.mustChangePassword) saveSession({ ...session, mustChangePassword: true });
    onPasswordChangeRequired();
  }
  return error;
}

/** No answer (or the answer broke off, or timed out): told to the user unless silent. */
function lostConnection(path: string, options: RequestOptions): ApiError {
  const error = new ApiError(0, 'network', '', [], path);
  if (!options.silent) notify(describeError(error, i18n.t.bind(i18n), options));
  return error;
}

export type DownloadProgress = { received: number; total: number | null };
export type DownloadOptions = Omit<RequestOptions, 'body' | 'responseType'> & {
  /** After each piece that arrives: bytes so far, and the size when the server says it. */
  onProgress?: (progress: DownloadProgress) => void;
};
export type DownloadedFile = { blob: Blob; fileName: string | null; type: string };

/**
 * A file read as it streams (GET): progress after every piece, `signal` cancels without a notice
 * (the promise rejects with the AbortError), refusals are told as any call's (403, 503 export_busy,
 * 501 pdf_unavailable…). The file name is the server's Content-Disposition, when it sends one.
 */
export async function download(path: string, options: DownloadOptions = {}): Promise<DownloadedFile> {
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), DOWNLOAD_START_MS);
  const stalled = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(), HTTP_TIMEOUT_MS);
  };
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel);
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.query), {
        headers: { Accept: '*/*', ...authHeaders() },
        signal: controller.signal,
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw lostConnection(path, options);
    }
    if (!response.ok) throw await refusal(response, path, options);
    stalled();
    const total = Number(response.headers.get('content-length')) || null;
    const parts: BlobPart[] = [];
    let received = 0;
    try {
      const reader = response.body?.getReader();
      if (!reader) {
        const whole = await response.arrayBuffer();
        parts.push(whole);
        received = whole.byteLength;
        options.onProgress?.({ received, total });
      } else {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parts.push(value);
          received += value.byteLength;
          stalled();
          options.onProgress?.({ received, total });
        }
      }
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      // the server cut the file part-way, or nothing came for HTTP_TIMEOUT_MS
      throw lostConnection(path, options);
    }
    const type = response.headers.get('content-type') ?? 'application/octet-stream';
    return {
      blob: new Blob(parts, { type }),
      fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
      type,
    };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, { ...options, body }),
  download,
};
