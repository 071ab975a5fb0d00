import { describe, expect, it } from 'vitest';
import { testT } from '../lib/test-i18n.ts';

describe('formats inside translations', () => {
  it('`day` shows an ISO date as the user reads dates, and leaves anything else as it is', async () => {
    const vi = await testT('vi');
    const en = await testT('en');
    expect(vi('x {{value, day}}', { value: '2026-11-23' })).toBe('x 23/11/2026');
    expect(en('x {{value, day}}', { value: '2026-11-23' })).toBe('x 11/23/2026');
    expect(vi('x {{value, day}}', { value: 'hôm nay' })).toBe('x hôm nay');
  });
});
