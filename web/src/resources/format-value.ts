/** How a record's value reads in a list cell or on the view page, by kind and language. */
import { formatDate } from '@sitepay/domain/date-format';
import { formatAmount } from '@sitepay/domain/number-format';
import type { Lang } from '../i18n/i18n.ts';
import type { ColumnKind } from './resource.types.ts';

export function formatValue(value: unknown, kind: ColumnKind | 'textarea' | undefined, lang: Lang): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'date':
      try {
        return formatDate(String(value), lang);
      } catch {
        return String(value);
      }
    case 'amount':
      try {
        return formatAmount(value as string | number, lang);
      } catch {
        return String(value);
      }
    case 'number':
      return typeof value === 'number' ? value.toLocaleString('en-US') : String(value);
    default:
      return String(value);
  }
}
