import { describe, expect, test } from 'vitest';
import { EARLY_ANSWER_MS, type EarlyAnswers, takeEarlyAnswer } from './early-answers.ts';

const answer = (text: string) => Promise.resolve(new Response(text));
const asked = (at: number, session = 'S1'): EarlyAnswers => ({
  'account/permissions': { at, session, answer: answer('[]') },
});

describe('an answer asked for before the app arrived', () => {
  test('is taken once, by the same session, then asked for as usual', async () => {
    const store = asked(1_000);
    const early = takeEarlyAnswer('account/permissions', 'S1', store, 1_500);
    expect(await (await early!).text()).toBe('[]');
    expect(takeEarlyAnswer('account/permissions', 'S1', store, 1_600)).toBeUndefined();
  });

  test('is not taken by another session: signed out, or in as someone else', () => {
    const store = asked(1_000);
    expect(takeEarlyAnswer('account/permissions', 'S2', store, 1_500)).toBeUndefined();
    expect(takeEarlyAnswer('account/permissions', null, asked(1_000), 1_500)).toBeUndefined();
    // nor later by the first: it was dropped with the refusal
    expect(takeEarlyAnswer('account/permissions', 'S1', store, 1_600)).toBeUndefined();
  });

  test('is not taken once older than its time, nor for a path not asked', () => {
    expect(
      takeEarlyAnswer('account/permissions', 'S1', asked(1_000), 1_000 + EARLY_ANSWER_MS + 1),
    ).toBeUndefined();
    expect(takeEarlyAnswer('account/permissions', 'S1', asked(1_000), 1_000 + EARLY_ANSWER_MS)).toBeDefined();
    expect(takeEarlyAnswer('account/menu/list', 'S1', asked(1_000), 1_500)).toBeUndefined();
    expect(takeEarlyAnswer('account/permissions', 'S1', undefined, 1_500)).toBeUndefined();
  });
});
