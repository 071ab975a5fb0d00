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
