import { describe, expect, test } from 'vitest';
import { holderMatches, payeeNameKey } from './payee-name.ts';

describe('an account holder compared with the contractor’s legal name', () => {
  test('as banks print it: capitals, no diacritics, the company form spelt out or abbreviated', () => {
    const legal = 'Công ty TNHH Xây lắp Việt Hưng';
    expect(holderMatches('CONG TY TNHH XAY LAP VIET HUNG', legal)).toBe(true);
    expect(holderMatches('CTY TNHH XAY LAP VIET HUNG', legal)).toBe(true);
    expect(holderMatches('Xây Lắp Việt Hưng, Công ty trách nhiệm hữu hạn', legal)).toBe(true);
    expect(holderMatches('CONG TY CO PHAN THEP HOA PHAT', 'Công ty Cổ phần Thép Hòa Phát')).toBe(true);
    expect(holderMatches('HOA PHAT STEEL JSC', 'Hoa Phat Steel Joint Stock Company')).toBe(true);
    expect(holderMatches('Cty TNHH MTV Đại Phát', 'CÔNG TY TNHH MỘT THÀNH VIÊN ĐẠI PHÁT')).toBe(true);
  });

  test('another name, a person, or a near miss is a mismatch', () => {
    expect(holderMatches('NGUYEN VAN AN', 'Công ty TNHH Xây lắp Việt Hưng')).toBe(false);
    expect(holderMatches('CONG TY TNHH XAY LAP VIET HUNG 2', 'Công ty TNHH Xây lắp Việt Hưng')).toBe(false);
    expect(holderMatches('CONG TY TNHH VIET HUNG', 'Công ty TNHH Xây lắp Việt Hưng')).toBe(false);
    // a name made only of the company form names nobody
    expect(holderMatches('CONG TY TNHH', 'Công ty TNHH')).toBe(false);
    expect(holderMatches('', 'Công ty TNHH A')).toBe(false);
    expect(holderMatches(null, 'Công ty TNHH A')).toBe(false);
  });

  test('only whole words of the form go, and alike on both sides ("Coteccons" keeps its letters)', () => {
    expect(payeeNameKey('Công ty CP Coteccons')).toBe('coteccons');
    // "Cơ" and "Cố" fold to the form word "co": dropped from both names, so they still compare
    expect(payeeNameKey('Công ty TNHH Cơ khí Cố Đô')).toBe('khi do');
    expect(holderMatches('CONG TY TNHH CO KHI CO DO', 'Công ty TNHH Cơ khí Cố Đô')).toBe(true);
  });
});
