/**
 * The words of a contract's two "remaining" figures, defined once for every screen, report and
 * export (docs/product.md#contracts-and-money), so that they cannot be confused:
 * - `requestable`: what payment requests may still ask — the payable ceiling less what ordinary
 *   live requests ask (the contract summary's `remaining`);
 * - `leftToPay`: what the contract has still to pay out — its value less what was paid (the
 *   contract report's `remaining`).
 * The web reads them as `figures.<name>` (web/src/i18n/entity-strings.ts), the exports here.
 */
export const figureWords = {
  requestable: { vi: 'Còn được đề nghị', en: 'Still requestable' },
  leftToPay: { vi: 'Còn phải trả', en: 'Left to pay' },
} as const;

export type FigureName = keyof typeof figureWords;
