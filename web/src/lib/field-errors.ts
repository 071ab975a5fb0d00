/**
 * Validation messages in the active language. Domain schemas and the server speak in keys
 * ("required", "invalid_email"…); zod's own length checks arrive as issue codes ("too_big").
 */
import type { TFunction } from 'i18next';

export type FieldErrorLike = { message?: string; type?: string | number } | undefined;

export function translateFieldError(t: TFunction, label: string, error: FieldErrorLike): string | undefined {
  if (!error) return undefined;
  const message = error.message ?? '';
  if (message && /^[a-z_]+$/.test(message)) {
    return t(`validation.${message}`, { field: label, defaultValue: message });
  }
  if (error.type === 'too_big') return t('validation.too_long', { field: label });
  if (error.type === 'invalid_type' && !message) return t('validation.required', { field: label });
  return message || t('validation.invalid', { field: label });
}

/** A safe place to return to after login: a local path, never another site. */
export function safeRedirect(target: string | null): string {
  const local = target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/auth/');
  return local && target ? target : '/about-me';
}
