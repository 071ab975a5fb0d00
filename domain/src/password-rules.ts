/**
 * The password rules, one place for the server and the screens' forms
 * (docs/adr/0008-passwords-as-a-bank-keeps-them.md): at least 6 characters
 * (docs/product.md#validation-and-formats), at most 128, not the user's own sign-in name, and
 * not one of the 10,000 most common passwords — the first 10,000 of the frequency-ranked list kept
 * by @zxcvbn-ts/language-common (MIT), compared without letter case. A password of one character
 * repeated (`aaaaaa`, eight spaces) counts as common too.
 *
 * The list (about 400 kB) is handed in by whoever checks against it (`useCommonPasswords`): the
 * server at start. The web app does not load it — its forms check the other rules as the user types,
 * and the server's 400 `common_password` names the field on saving — so the sign-in page's bundle
 * stays within the web's budget (docs/product.md#performance-budgets).
 */
import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const COMMON_PASSWORD_COUNT = 10_000;

export type PasswordProblem = 'password_min_length' | 'too_long' | 'same_as_user_name' | 'common_password';

let common: ReadonlySet<string> = new Set();

/** The frequency-ranked list of common passwords to refuse (its first COMMON_PASSWORD_COUNT). */
export function useCommonPasswords(ranked: readonly string[]) {
  common = new Set(ranked.slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
}

export const isCommonPassword = (password: string): boolean =>
  /^(.)\1*$/su.test(password) || common.has(password.toLowerCase());

/** What is wrong with a password, or null; `userName` is the account's sign-in name when known. */
export function passwordProblem(password: string, userName?: string | null): PasswordProblem | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return 'password_min_length';
  if (length > MAX_PASSWORD_LENGTH) return 'too_long';
  if (userName && password.trim().toLowerCase() === userName.trim().toLowerCase()) return 'same_as_user_name';
  if (isCommonPassword(password)) return 'common_password';
  return null;
}

/**
 * A new password as an input field: the rules that need no account (the user name is checked
 * where the account is known — the create form's body, the reset's and the change's user).
 */
export const newPasswordSchema = () =>
  z.string({ error: 'required' }).superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, abort: true });
  });
