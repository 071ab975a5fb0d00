/**
 * Formats the translations use inside a sentence. `{{resource, inSentence}}`: a name that starts a
 * title ("Hợp đồng", "Payment request") written as it reads within a sentence ("Tạo mới hợp đồng",
 * "Create payment request") — sentence case in both languages; an acronym ("API", "ROLE_ADMIN")
 * keeps its capitals.
 */
import { formatDate } from '@sitepay/domain/date-format';
import type { i18n as I18n } from 'i18next';

export function inSentence(value: unknown): string {
  const text = String(value ?? '');
  const [first = '', second = ''] = [...text];
  // "API …", "VAT …", "ROLE_…": a second capital marks an acronym, which keeps its capitals
  if (second !== second.toLocaleLowerCase('vi')) return text;
  return first.toLocaleLowerCase('vi') + text.slice(first.length);
}

export function registerFormats(instance: I18n): void {
  instance.services.formatter?.add('inSentence', (value) => inSentence(value));
  // `{{value, day}}`: an ISO date as the user reads dates (DD/MM/YYYY in Vietnamese)
  instance.services.formatter?.add('day', (value, lng) =>
    /^\d{4}-\d{2}-\d{2}$/.test(String(value))
      ? formatDate(String(value), lng === 'en' ? 'en' : 'vi')
      : String(value),
  );
}
