/** How a menu entry reads in pickers and tables: its title in the reader's language, then its name. */
import type { Lang } from '../i18n/i18n.ts';

export const menuTitleIn = (record: Record<string, unknown>, lang: Lang): string =>
  String((lang === 'en' && record.title_en) || record.title || record.name || `#${String(record.id ?? '')}`);

/** "Công ty (company)": the title, and the name the permissions use. */
export const menuLabel = (record: Record<string, unknown>, lang: Lang): string => {
  const title = menuTitleIn(record, lang);
  return record.name && record.name !== title ? `${title} (${String(record.name)})` : title;
};
