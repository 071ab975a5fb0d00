/**
 * How a picker finds a record: by what its label says ("VCB – Ngân hàng TMCP Ngoại thương Việt Nam")
 * and by every field its entity's description searches (`search: true`: a bank's short name
 * "Vietcombank" and its BIN "970436"), ignoring case and Vietnamese diacritics — the words a user
 * types, not only the formal name. What found a record is named beside its label when the label
 * does not show it, so the user sees why it was found.
 */
import { entityNamed } from '@sitepay/domain/entities';
import { foldSearchText } from '@sitepay/domain/search-text';

/** The fields an entity's description searches (none for an unknown entity). */
export const searchedFields = (entity: string): string[] =>
  Object.entries(entityNamed(entity)?.fields ?? {})
    .filter(([, f]) => f.search)
    .map(([name]) => name);

/**
 * What found the option when its label does not show it: the searched values holding what was typed
 * ("Vietcombank" for "vietcom"), or '' (nothing typed, or the label matched).
 */
export function optionDetail(
  option: Record<string, unknown>,
  label: string,
  fields: readonly string[],
  typed: string,
): string {
  const query = foldSearchText(typed);
  if (!query || foldSearchText(label).includes(query)) return '';
  const extra = fields
    .map((f) => option[f])
    .filter((v): v is string | number => (typeof v === 'string' && v.trim() !== '') || typeof v === 'number')
    .map(String)
    .filter((v) => foldSearchText(v).includes(query));
  return [...new Set(extra)].join(' · ');
}

/** Whether an option answers what was typed: its label or one of its searched fields holds the query. */
export function optionMatches(
  option: Record<string, unknown>,
  label: string,
  fields: readonly string[],
  typed: string,
): boolean {
  const query = foldSearchText(typed);
  if (!query) return true;
  const text = foldSearchText([label, ...fields.map((f) => option[f] ?? '')].join(' '));
  return text.includes(query);
}
