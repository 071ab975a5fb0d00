/**
 * Does a payee's account holder name the contractor? Banks print an account's holder without
 * diacritics, in capitals, often with the company form spelt out or abbreviated ("CONG TY TNHH XAY
 * LAP VIET HUNG", "CTY CP XL VIET HUNG"), so the holder and the contractor's legal name are
 * compared folded (diacritics, case, punctuation) and without the words of the company form
 * (Công ty, TNHH, Cổ phần, MTV…). A mismatch is a warning, never a refusal: a contractor may be
 * paid into an account of a named person or a branch by contract, and the screens say so in red.
 */
import { foldSearchText } from './search-text.ts';

/** Words of the company form, folded, longest first so that "co phan" goes before "co". */
const FORM_WORDS = [
  'hai thanh vien tro len',
  'trach nhiem huu han',
  'doanh nghiep tu nhan',
  'mot thanh vien',
  'hop tac xa',
  'joint stock company',
  'joint stock',
  'cong ty',
  'co phan',
  'company',
  'limited',
  'corporation',
  'tnhh',
  'dntn',
  'mtv',
  'htx',
  'cty',
  'jsc',
  'ltd',
  'corp',
  'co',
  'cp',
].sort((a, b) => b.length - a.length);

const FORM = new RegExp(`(^| )(${FORM_WORDS.join('|')})(?= |$)`, 'g');

/** The name as compared: folded, punctuation as spaces, without the company form's words. */
export function payeeNameKey(name: string): string {
  let key = foldSearchText(name)
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // twice: removing one word can bring two form words next to each other ("cong ty co phan")
  for (let i = 0; i < 2; i++) key = key.replace(FORM, ' ').replace(/\s+/g, ' ').trim();
  return key;
}

/** True when the account holder names the contractor (as banks print names); blank never matches. */
export function holderMatches(holder: string | null | undefined, legalName: string | null | undefined) {
  if (!holder || !legalName) return false;
  const a = payeeNameKey(holder);
  return a !== '' && a === payeeNameKey(legalName);
}
