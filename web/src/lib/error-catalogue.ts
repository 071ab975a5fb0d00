/**
 * The error messages of docs/product.md#error-messages in one place: what the user is told for each failed
 * (or succeeded) API call, in which colour and for how long. Pure — the API client feeds it errors and shows
 * what it returns.
 */
import { formatDate } from '@sitepay/domain/date-format';
import { fileTypesInWords } from '@sitepay/domain/file-types';
import { formatAmount } from '@sitepay/domain/number-format';
import type { TFunction } from 'i18next';

/** Toast durations (docs/product.md#constants). */
export const DURATION = { apiNotice: 20_000, genericSuccess: 10_000, serverError: 30_000 } as const;

export type NoticeVariant = 'success' | 'error' | 'warning' | 'info';
export type Notice = { message: string; variant: NoticeVariant; duration: number };

export type FieldError = { field: string; message: string };

/** A failed call: `status` 0 means no response arrived. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
    readonly path = '',
    /** The rule that refused (a 422 or 404 of the server), translated from `errors.reasons.<reason>`. */
    readonly reason?: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ErrorContext = {
  /** What the user was doing, already translated ("Tạo mới Công ty"); used in "{0} failed". */
  action?: string;
  /** Translates a field name of a 400 answer into its label. */
  fieldLabel?: (field: string) => string;
};

/**
 * Translates a validation message key ("required", "invalid_email"…) for a field, or keeps plain text.
 * `params` are the answer's values the words may name (a refused file's name and the accepted types).
 */
export function fieldMessage(
  t: TFunction,
  label: string,
  message: string,
  params: Record<string, string | number> = {},
): string {
  const key = `validation.${message}`;
  return t(key, { ...fieldParams(t, params), field: label, defaultValue: message });
}

/** A field error's values in words: the accepted file types (`extensions`, "pdf,docx") as `types`. */
function fieldParams(t: TFunction, params: Record<string, string | number>): Record<string, string> {
  const lang = t('errors.langCode', { defaultValue: 'vi' }) === 'en' ? 'en' : 'vi';
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) values[name] = String(value);
  if (typeof params.extensions === 'string')
    values.types = fileTypesInWords(params.extensions.split(','), lang);
  return values;
}

/** Amounts, dates and entity names in a reason's values, written as the screens write them. */
const MONEY_PARAMS = new Set(['value', 'requested', 'ceiling', 'remaining', 'outstanding', 'amount', 'paid']);

/** The server's refusal in the user's language, or null when it sent no known reason. */
export function reasonText(error: ApiError, t: TFunction): string | null {
  if (!error.reason) return null;
  const key = `errors.reasons.${error.reason}`;
  const lang = t('errors.langCode', { defaultValue: 'vi' }) === 'en' ? 'en' : 'vi';
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(error.params)) {
    const text = String(value);
    if (MONEY_PARAMS.has(name) && /^-?\d+(\.\d+)?$/.test(text)) values[name] = formatAmount(text, lang);
    else if (name === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(text)) values[name] = formatDate(text, lang);
    else if (name === 'entity') {
      // the refusals' own words first: the screen's resource words may not be loaded yet
      const entity = t(`errors.entities.${text}`, {
        defaultValue: t(`resources.${text}.name`, { defaultValue: text.replace(/-/g, ' ') }),
      });
      // inside a Vietnamese sentence the name is lower case; an English sentence starts with it
      values[name] =
        lang === 'vi' ? entity.toLocaleLowerCase('vi') : entity.charAt(0).toUpperCase() + entity.slice(1);
    } else values[name] = text;
  }
  const translated = t(key, { ...values, defaultValue: '' });
  return translated || null;
}

/**
 * What the server said, in the user's language: the reason's words, else — for an English reader
 * only — the server's own (English) message; a Vietnamese notice never quotes the server's English.
 */
function serverText(error: ApiError, t: TFunction): string | null {
  const translated = reasonText(error, t);
  if (translated) return translated;
  const english = t('errors.langCode', { defaultValue: 'vi' }) === 'en';
  return english && error.message ? error.message : null;
}

export function describeError(error: ApiError, t: TFunction, context: ErrorContext = {}): Notice {
  const notice = (message: string, duration: number = DURATION.apiNotice): Notice => ({
    message,
    variant: 'error',
    duration,
  });
  const failed = (cause: string) =>
    context.action ? t('errors.failedBecause', { action: context.action, cause }) : cause;

  if (error.status === 0) return notice(t('errors.network'), DURATION.serverError);
  switch (error.status) {
    case 400: {
      // with its fields listed, the server's own (English) summary adds nothing: the fields say it
      const summary = (error.errors.length ? null : serverText(error, t)) ?? t('errors.invalidInput');
      const lines = [`${t('errors.badRequest')} - ${summary}`];
      const seen = new Set<string>();
      for (const item of error.errors) {
        if (seen.has(item.field)) continue; // each field's first message only
        seen.add(item.field);
        const label = context.fieldLabel?.(item.field) ?? item.field;
        lines.push(`• ${label}: ${fieldMessage(t, label, item.message, error.params)}`);
      }
      return notice(lines.join('\n'));
    }
    case 401:
      // unknown_application: the web's client id is fixed, so the server's configuration is wrong
      return notice(
        error.code === 'bad_credentials'
          ? t('errors.loginFailed')
          : error.code === 'unknown_application'
            ? t('errors.unknownApplication')
            : t('errors.sessionTimeout'),
      );
    case 403:
      if (error.code === 'password_change_required') return notice(t('errors.passwordChangeRequired'));
      // the server's sentence says the same in English: the path is what the user needs
      return notice(t('errors.forbidden', { path: error.path }));
    case 404:
      return notice(failed(serverText(error, t) ?? t('errors.causes.notFound')));
    case 409:
      return notice(
        error.code === 'invalid_version'
          ? t('errors.invalidVersion')
          : failed(serverText(error, t) ?? t('errors.conflict')),
      );
    case 413:
      return notice(failed(t('errors.tooLarge')));
    case 422:
      return notice(serverText(error, t) ?? t('errors.unprocessable'));
    case 429:
      return notice(t('errors.tooMany'));
    default: {
      if (error.status >= 500) {
        // a reason the server gave (PDF printing busy or missing) says more than "server error"
        const reason = reasonText(error, t);
        if (reason) return notice(reason, DURATION.serverError);
        return notice(
          t(error.status === 503 ? 'errors.unavailable' : 'errors.internal'),
          DURATION.serverError,
        );
      }
      return notice(failed(serverText(error, t) ?? t('errors.causes.unknown')));
    }
  }
}

/** What to tell the user of a refusal shown in place (a form's notice): the toast's words, no action. */
export function errorMessage(error: ApiError, t: TFunction): string {
  return describeError(error, t).message;
}

export function describeSuccess(t: TFunction, action: string): Notice {
  return { message: t('notices.succeeded', { action }), variant: 'success', duration: DURATION.apiNotice };
}

/**
 * Empty strings become null before sending (docs/product.md#validation-and-formats), in plain objects and
 * arrays.
 */
export function blanksToNull(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (Array.isArray(value)) return value.map(blanksToNull);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, blanksToNull(v)]));
  }
  return value;
}
