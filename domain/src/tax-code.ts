/**
 * Vietnamese tax codes (mã số thuế, MST) checked as the tax authority checks them
 * (docs/adr/0093-tax-codes-checked-by-their-check-digit.md, docs/product.md#validation-and-formats):
 * - an organisation's MST: 10 digits, the 10th a check digit over the first nine — weights 31, 29,
 *   23, 19, 17, 13, 7, 5, 3; the check digit is 10 − (sum mod 11), and a result of 10 is never issued;
 * - a branch or dependent unit: those 10 digits, "-" and a 3-digit number 001…999 ("0100109106-001");
 *   typed without the dash ("0100109106001") it is kept with it;
 * - where the record may be a person (`individuals`): the 12-digit personal identification number of
 *   the citizen identity card (CCCD), which is a person's tax code since 1 July 2025; its first three
 *   digits are a province code 001…096.
 * Spaces typed inside a code are taken out. The one rule every tax code field reads.
 */

const WEIGHTS = [31, 29, 23, 19, 17, 13, 7, 5, 3] as const;

/** The check digit of nine digits, or null when they have none (10 − (sum mod 11) is 10). */
export function mstCheckDigit(nine: string): number | null {
  if (!/^\d{9}$/.test(nine)) return null;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += WEIGHTS[i]! * Number(nine[i]);
  const check = 10 - (sum % 11);
  return check === 10 ? null : check;
}

/** Whether ten digits are an MST: their 10th is the check digit of the first nine. */
export function isMst(ten: string): boolean {
  if (!/^\d{10}$/.test(ten)) return false;
  return mstCheckDigit(ten.slice(0, 9)) === Number(ten[9]);
}

/** What a tax code is stored as: spaces taken out, a branch's 13 digits written with their dash. */
export function cleanTaxCode(text: string): string {
  const code = text.replace(/\s+/g, '');
  return /^\d{13}$/.test(code) ? `${code.slice(0, 10)}-${code.slice(10)}` : code;
}

/** The shape of a tax code (its digits are `isTaxCode`'s): an MST, a branch's, a CCCD. */
export const TAX_CODE_SHAPE = /^(\d{10}(-\d{3})?|\d{12})$/;

export type TaxCodeKind = 'mst' | 'branch' | 'personal';

/** Which kind of tax code a cleaned `code` is, or null when it is none. */
export function taxCodeKind(code: string, opts: { individuals?: boolean } = {}): TaxCodeKind | null {
  if (isMst(code)) return 'mst';
  const branch = /^(\d{10})-(\d{3})$/.exec(code);
  if (branch) return isMst(branch[1]!) && branch[2] !== '000' ? 'branch' : null;
  if (opts.individuals && /^\d{12}$/.test(code)) {
    const province = Number(code.slice(0, 3));
    return province >= 1 && province <= 96 ? 'personal' : null;
  }
  return null;
}

/** Whether `text` (as typed: spaces and a missing branch dash are forgiven) is a tax code. */
export const isTaxCode = (text: string, opts: { individuals?: boolean } = {}): boolean =>
  taxCodeKind(cleanTaxCode(text), opts) !== null;

/** An MST from nine digits when they have a check digit (test data, the bench, the seed); else null. */
export function mstFrom(nine: string): string | null {
  const check = mstCheckDigit(nine);
  return check === null ? null : `${nine}${check}`;
}

/**
 * A tax code field's form for the entity descriptions (`entity.ts`): cleaned as above, refused with
 * `invalid_tax_code`; unless `keepStored` is false, a record whose stored code fails may still be
 * updated with that code unchanged — the code must be right only when it is changed.
 */
export const taxCodeFormat = (opts: { individuals: boolean; keepStored?: boolean }) => ({
  pattern: TAX_CODE_SHAPE,
  error: 'invalid_tax_code',
  clean: cleanTaxCode,
  check: (text: string) => taxCodeKind(text, opts) !== null,
  keepStored: opts.keepStored ?? true,
});

/**
 * A tax code in a hand-written schema (an invoice's seller): cleaned and checked by the same rule.
 * Blank is `required` when `required`, else null.
 */
export const taxCodeAccepts = (text: string, opts: { individuals: boolean }) =>
  taxCodeKind(cleanTaxCode(text), opts) !== null;
