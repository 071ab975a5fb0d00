/**
 * What a phone number field takes (docs/adr/0073-what-a-field-accepts-as-typed.md): a Vietnamese
 * number as a finance team writes it, with spaces, dots, dashes or brackets between the digits where
 * the writer likes — a mobile "0912 345 678" (10 digits from 0), a landline "024 3974 2345" (11
 * digits from 0; the older 10-digit ones too), the same with +84 for the 0 ("+84 912 345 678"), a
 * 1800 / 1900 service number, or a foreign number in its international form ("+65 6123 4567").
 * A number is kept as it was typed (trimmed, spaces collapsed): only its digits are checked.
 */

/** Digits and the separators people put between them; a + only in front; a digit last. */
const PHONE_CHARACTERS = /^\+?[\d\s.\-()]*\d$/;
const SEPARATORS = /[\s.\-()]/g;

/** The digits a number is made of, with its leading + kept: "+84 (0) 912" → "+840912". */
const digitsOf = (text: string) => text.replace(SEPARATORS, '');

const NATIONAL = /^0[1-9]\d{8,9}$/; // 0 and 9 or 10 digits: mobile (10) and landline (11, or 10 before 2017)
const FROM_ABROAD = /^\+84[1-9]\d{8,9}$/; // the same without its 0
const SERVICE = /^1[89]00\d{4}(\d{2})?$/; // 1800 xxxx (free), 1900 xxxx (paid), 4 or 6 digits after
const FOREIGN = /^\+(?!84)[1-9]\d{7,14}$/; // E.164: a country code and at most 15 digits

/** Whether `text` is a phone number the app takes (see above). */
export function isPhoneNumber(text: string): boolean {
  const input = text.trim();
  if (!PHONE_CHARACTERS.test(input)) return false;
  const digits = digitsOf(input);
  return NATIONAL.test(digits) || FROM_ABROAD.test(digits) || SERVICE.test(digits) || FOREIGN.test(digits);
}

/** A phone number as stored: trimmed, runs of spaces made one. */
export const cleanPhoneNumber = (text: string): string => text.trim().replace(/\s+/g, ' ');
