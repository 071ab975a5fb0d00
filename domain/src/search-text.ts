/**
 * Folds text for diacritic- and case-insensitive search: "Công ty Đại Phát" → "cong ty dai phat".
 * The server stores each record's searchable fields folded this way and folds the user's query the
 * same way, so "cong ty" and "Công ty" find the same rows.
 */
export const foldSearchText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** A record's search text: the values of its searched fields, folded, in order (absent ones left out). */
export const searchTextOf = (fields: readonly string[], row: Record<string, unknown>): string =>
  foldSearchText(
    fields
      .map((f) => row[f])
      .filter((v) => v !== null && v !== undefined)
      .join(' '),
  );
