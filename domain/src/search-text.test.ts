import { describe, expect, it } from 'vitest';
import { foldSearchText } from './search-text.ts';

describe('foldSearchText', () => {
  it('drops Vietnamese diacritics and case so "cong ty" matches "Công ty"', () => {
    expect(foldSearchText('Công Ty Cổ Phần Xây Dựng Đại Phát')).toBe('cong ty co phan xay dung dai phat');
  });
  it('folds đ and Đ to d', () => {
    expect(foldSearchText('đường Điện Biên')).toBe('duong dien bien');
  });
  it('collapses spaces', () => {
    expect(foldSearchText('  Nhà   thầu  ')).toBe('nha thau');
  });
});
