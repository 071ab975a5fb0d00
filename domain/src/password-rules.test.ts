import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import {
  isCommonPassword,
  newPasswordSchema,
  passwordProblem,
  useCommonPasswords,
} from './password-rules.ts';

useCommonPasswords(dictionary['passwords-common']);

describe('password rules', () => {
  it('refuses short, long, the user name and common passwords, and accepts an ordinary one', () => {
    expect(passwordProblem('abc12')).toBe('password_min_length');
    expect(passwordProblem('x'.repeat(10_000))).toBe('too_long');
    expect(passwordProblem(`Ab1-${'x'.repeat(124)}`)).toBeNull();
    expect(passwordProblem('NguyenVanA', 'nguyenvana')).toBe('same_as_user_name');
    for (const p of ['123456', 'password', 'PassWord', 'qwerty123', 'iloveyou', 'aaaaaa', '        '])
      expect(passwordProblem(p), p).toBe('common_password');
    expect(passwordProblem('Công trình 2026!', 'ketoan')).toBeNull();
  });
  it('reads the first 10,000 of the ranked list only', () => {
    expect(isCommonPassword('anhyeuem')).toBe(true); // rank 3,206
    expect(isCommonPassword('matkhau')).toBe(false); // rank 31,028
  });
  it('as a field, answers the rule that failed as the message', () => {
    const r = newPasswordSchema().safeParse('password');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('common_password');
  });
});
