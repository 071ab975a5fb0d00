/**
 * The answers a signed-in first visit asks for before the app's code has arrived: the first-screen
 * script (`firstScreenPreloads`, web/vite.config.ts) asks for the user's rules, constructions and menu
 * as it starts the chunks' downloads, and leaves each answer here; the API client takes each once, in
 * place of asking again (docs/adr/0109-first-visit-asks-for-its-account-at-once.md).
 */

/** What the auth loader waits for before the first signed-in screen draws (src/app/auth-loader.ts). */
export const EARLY_PATHS = ['account/permissions', 'account/construction/list', 'account/menu/list'] as const;

/** Where the script leaves them (a property of `window`). */
export const EARLY_ANSWERS_KEY = '__sitepayEarly';

/**
 * An answer asked for early: when (`performance.now()`), with which stored session (its text as local
 * storage held it), and the answer on its way.
 */
export type EarlyAnswer = { at: number; session: string; answer: Promise<Response> };
export type EarlyAnswers = Partial<Record<string, EarlyAnswer>>;

/**
 * An answer older than this is asked for again: the script runs once per page load, and the app asks
 * for the three within a second or two of it; one left over (a screen that did not ask) is not used
 * minutes later in place of a fresh one.
 */
export const EARLY_ANSWER_MS = 10_000;

/**
 * The early answer for `path`, taken once: none when there is none, when it is older than
 * EARLY_ANSWER_MS, or when it was asked with another session than the one stored now (signed out or
 * in as someone else since). `store` and `now` default to the page's own.
 */
export function takeEarlyAnswer(
  path: string,
  session: string | null,
  store: EarlyAnswers | undefined = (globalThis as Record<string, unknown>)[EARLY_ANSWERS_KEY] as
    | EarlyAnswers
    | undefined,
  now = performance.now(),
): Promise<Response> | undefined {
  const early = store?.[path];
  if (!store || !early) return undefined;
  delete store[path];
  if (now - early.at > EARLY_ANSWER_MS || early.session !== session) return undefined;
  return early.answer;
}
