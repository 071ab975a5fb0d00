import { describe, expect, it } from 'vitest';
import { crc16, tlv, vietQrContent, vietQrPayload, vietQrProblem } from './vietqr.ts';

/** A table-driven CRC-16/CCITT-FALSE, written apart from the bitwise one under test. */
const table = Array.from({ length: 256 }, (_, n) => {
  let c = n << 8;
  for (let k = 0; k < 8; k++) c = (c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1) & 0xffff;
  return c;
});
const crcByTable = (text: string) => {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'latin1'))
    crc = ((crc << 8) & 0xffff) ^ table[((crc >> 8) ^ byte) & 0xff]!;
  return crc;
};

/** Splits a TLV string into its fields in order, checking every length on the way. */
function fieldsOf(text: string): [string, string][] {
  const fields: [string, string][] = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) throw new Error(`bad field at ${at}`);
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new Error(`field ${id} is cut short`);
    fields.push([id, value]);
    at += 4 + length;
  }
  return fields;
}
const parse = (text: string): Record<string, string> => Object.fromEntries(fieldsOf(text));

const example = {
  bin: '970436',
  account: '0071001234567',
  amount: '1080000000.00',
  content: 'YCTT 7 HD 12-2024-HDXD',
};
// Written out field by field from the NAPAS / EMVCo layout; the CRC (6189) was computed apart, by
// Python's binascii.crc_hqx(payload, 0xFFFF) — the same CRC-16/CCITT-FALSE.
const expected =
  '000201' +
  '010212' +
  '3857' +
  '0010A000000727' +
  '0127' +
  '0006970436' +
  '0113' +
  '0071001234567' +
  '0208QRIBFTTA' +
  '5303704' +
  '5410' +
  '1080000000' +
  '5802VN' +
  '6226' +
  '0822YCTT 7 HD 12-2024-HDXD' +
  '6304' +
  '6189';

describe('VietQR payload (NAPAS 247, EMVCo)', () => {
  it('matches a payload written out by hand from the specification', () => {
    expect(vietQrPayload(example)).toBe(expected);
  });

  it('decodes field by field into what a banking app reads', () => {
    const top = parse(vietQrPayload(example));
    expect(fieldsOf(vietQrPayload(example)).map(([id]) => id)).toEqual([
      '00',
      '01',
      '38',
      '53',
      '54',
      '58',
      '62',
      '63',
    ]);
    expect(top).toMatchObject({ '00': '01', '01': '12', '53': '704', '54': '1080000000', '58': 'VN' });
    const merchant = parse(top['38']!);
    expect(merchant).toEqual({ '00': 'A000000727', '01': expect.any(String), '02': 'QRIBFTTA' });
    expect(parse(merchant['01']!)).toEqual({ '00': '970436', '01': '0071001234567' });
    expect(parse(top['62']!)).toEqual({ '08': 'YCTT 7 HD 12-2024-HDXD' });
  });

  it('ends with a CRC over everything before it, "6304" included, as another implementation computes it', () => {
    const payload = vietQrPayload(example);
    const crc = payload.slice(-4);
    expect(crc).toMatch(/^[0-9A-F]{4}$/);
    expect(Number.parseInt(crc, 16)).toBe(crcByTable(payload.slice(0, -4)));
    expect(payload.slice(-8, -4)).toBe('6304');
  });

  it('computes the standard check value of CRC-16/CCITT-FALSE', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(crcByTable('123456789')).toBe(0x29b1);
    for (const text of ['', 'A', '000201010212', expected])
      expect(Number.parseInt(crc16(text), 16)).toBe(crcByTable(text));
  });

  it('a changed digit changes the CRC, so a mistyped amount is caught by the app', () => {
    const other = vietQrPayload({ ...example, amount: '1080000001' });
    expect(other.slice(-4)).not.toBe(expected.slice(-4));
  });

  it('leaves out the additional data when there is no content', () => {
    const fields = parse(vietQrPayload({ ...example, content: '' }));
    expect(fields['62']).toBeUndefined();
    expect(fields['54']).toBe('1080000000');
  });

  it('refuses what a bank would refuse: no BIN, a fraction of a đồng, a too long or non-ASCII content', () => {
    expect(vietQrProblem({ ...example, bin: '' })).toBe('bin');
    expect(vietQrProblem({ ...example, bin: '97043' })).toBe('bin');
    expect(vietQrProblem({ ...example, account: '' })).toBe('account');
    expect(vietQrProblem({ ...example, account: '0071 0012' })).toBe('account');
    expect(vietQrProblem({ ...example, amount: '1234.50' })).toBe('amount');
    expect(vietQrProblem({ ...example, amount: '0' })).toBe('amount');
    expect(vietQrProblem({ ...example, amount: '12345678901234' })).toBe('amount');
    expect(vietQrProblem({ ...example, content: 'Thanh toán' })).toBe('content');
    expect(vietQrProblem({ ...example, content: 'X'.repeat(26) })).toBe('content');
    expect(vietQrProblem(example)).toBeNull();
    expect(() => vietQrPayload({ ...example, bin: '' })).toThrow(RangeError);
  });

  it('writes a field as id, two-digit length, value', () => {
    expect(tlv('58', 'VN')).toBe('5802VN');
    expect(() => tlv('5', 'VN')).toThrow(RangeError);
    expect(() => tlv('62', 'x'.repeat(100))).toThrow(RangeError);
  });
});

describe('transfer content of a payment request', () => {
  it('names the request by its number, then the contract, in plain letters a bank keeps', () => {
    expect(vietQrContent('YCTT-2026-000007', 'HĐ 12/2024')).toBe('YCTT-2026-000007 HD 12-20');
    expect(vietQrContent('YCTT-2026-000007', '12/24/HĐ')).toBe('YCTT-2026-000007 HD 12-24');
    expect(vietQrContent('YCTT-2026-000007', 'XD-05')).toBe('YCTT-2026-000007 HD XD-05');
    expect(vietQrContent('YCTT-2026-000012', null)).toBe('YCTT-2026-000012');
    expect(vietQrContent('YCTT-2026-000003', '  //  ')).toBe('YCTT-2026-000003');
  });

  it('keeps the request number whole when the contract number is long', () => {
    const content = vietQrContent('YCTT-2026-000123', 'Hợp đồng thi công số 0001/2025/HĐTC-CTY ABC');
    expect(content).toBe('YCTT-2026-000123 HD HOP D');
    expect(content.length).toBeLessThanOrEqual(25);
    expect(vietQrProblem({ ...example, content })).toBeNull();
  });
});
