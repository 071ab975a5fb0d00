/**
 * The one API client: base path, the three auth headers, JSON in and out, the 50 s timeout, and the
 * error catalogue (toasts, 401 → login). Features call `api.get/post/…` and never `fetch` directly.
 */
import { i18n } from '../i18n/i18n.ts';
import {
  ApiError,
  blanksToNull,
  describeError,
  describeSuccess,
  type ErrorContext,
  type Notice,
} from './error-catalogue.ts';
import { clearSession, readSession } from './session.ts';

export const API_BASE = '/api';
export const APPLICATION_ID = 'sitepay-web';
export const HTTP_TIMEOUT_MS = 50_000;

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

/** The app shell plugs in the toast function and the way to the login page. */
export function configureApiClient(options: { notify: Notifier; onUnauthorized: () => void }) {
  notify = options.notify;
  onUnauthorized = options.onUnauthorized;
}

export function authHeaders(): Record<string, string> {
  const session = readSession();
  const headers: Record<string, string> = { ApplicationId: APPLICATION_ID };
  if (session) {
    headers.Authorization = `Bearer ${session.idToken}`;
    headers.AccessToken = session.token;
  }
  return headers;
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
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      signal: controller.signal,
    });
  } catch (cause) {
    clearTimeout(timer);
    if (options.signal?.aborted) throw cause;
    const error = new ApiError(0, 'network', '', [], path);
    if (!options.silent) notify(describeError(error, t, options));
    throw error;
  }
  clearTimeout(timer);
  if (!response.ok) {
    const error = await readError(response, `${API_BASE}/${path.replace(/^\/+/, '')}`);
    if (!options.silent && !options.recovers?.(error)) notify(describeError(error, t, options));
    if (error.status === 401 && error.code !== 'bad_credentials' && readSession()) {
      clearSession();
      onUnauthorized();
    }
    throw error;
  }
  if (method !== 'GET' && !options.silent && !options.quietSuccess && options.action) {
    notify(describeSuccess(t, options.action));
  }
  if (options.responseType === 'blob') return (await response.blob()) as T;
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? await response.json() : await response.text()) as T;
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
};
