import { describe, expect, it } from 'vitest';
import { company } from './entities/company.entity.ts';
import { contractor } from './entities/constructor.entity.ts';
import { entitySchemas } from './entity-schemas.ts';
import { cleanTaxCode, isMst, isTaxCode, mstCheckDigit, mstFrom, taxCodeKind } from './tax-code.ts';

// published MSTs of well-known Vietnamese companies (the tax authority's lookup shows them)
const REAL_MSTS = [
  '0100109106', // Viettel
  '0100112437', // Vietcombank
  '0100111948', // VietinBank
  '0100150619', // BIDV
  '0100686174', // Agribank
  '0100100079', // EVN
  '0100107370', // Petrolimex
  '0100681592', // Petrovietnam
  '0100684378', // VNPT
  '0101248141', // FPT
  '0101245486', // Vingroup
  '0300588569', // Vinamilk
  '0900189284', // Hòa Phát
];

describe('MST check digit', () => {
  it.each(REAL_MSTS)('a published MST passes: %s', (mst) => {
    expect(isMst(mst)).toBe(true);
    expect(isTaxCode(mst)).toBe(true);
    expect(taxCodeKind(mst)).toBe('mst');
  });

  it.each(REAL_MSTS)('the same with any other 10th digit fails: %s', (mst) => {
    for (let d = 0; d <= 9; d++) {
      const other = `${mst.slice(0, 9)}${d}`;
      if (other !== mst) expect(isTaxCode(other)).toBe(false);
    }
  });

  it('two digits swapped are caught', () => {
    expect(isTaxCode('0100109106')).toBe(true);
    expect(isTaxCode('0101009106')).toBe(false);
    expect(isTaxCode('1000109106')).toBe(false);
  });

  it('a check of 10 (sum divisible by 11) is never an MST', () => {
    // 31·1 + 5·1 + … : 010010003 sums to a multiple of 11
    expect(mstCheckDigit('010010003')).toBeNull();
    for (let d = 0; d <= 9; d++) expect(isTaxCode(`010010003${d}`)).toBe(false);
  });

  it('a check of 0 comes from a remainder of 10', () => {
    expect(mstCheckDigit('010010737')).toBe(0); // Petrolimex 0100107370
    expect(mstFrom('010010910')).toBe('0100109106');
    expect(mstFrom('010010003')).toBeNull();
  });

  it('refuses what is not 10 digits', () => {
    for (const text of ['', '010010910', '01001091066', '010010910A', 'O100109106', '0100109106-', '12345'])
      expect(isTaxCode(text)).toBe(false);
  });
});

describe('branch codes', () => {
  it('takes a valid MST with -001…-999', () => {
    expect(taxCodeKind('0100109106-001')).toBe('branch');
    expect(taxCodeKind('0100109106-999')).toBe('branch');
  });

  it('refuses -000, a short suffix, or a parent that fails its check digit', () => {
    expect(isTaxCode('0100109106-000')).toBe(false);
    expect(isTaxCode('0100109106-01')).toBe(false);
    expect(isTaxCode('0100109106-0001')).toBe(false);
    expect(isTaxCode('0100109107-001')).toBe(false);
  });

  it('written without its dash or with spaces, it is kept with the dash', () => {
    expect(cleanTaxCode('0100109106001')).toBe('0100109106-001');
    expect(cleanTaxCode(' 0100 109 106 - 001 ')).toBe('0100109106-001');
    expect(isTaxCode('0100109106001')).toBe(true);
    expect(cleanTaxCode('0100109106')).toBe('0100109106');
  });
});

describe('personal identification numbers (CCCD)', () => {
  it('12 digits from a province code 001…096 are taken where the record may be a person', () => {
    expect(taxCodeKind('001090012345', { individuals: true })).toBe('personal');
    expect(taxCodeKind('079185001234', { individuals: true })).toBe('personal');
    expect(isTaxCode('096300000001', { individuals: true })).toBe(true);
  });

  it('and refused where it may not (a company), or with no province', () => {
    expect(isTaxCode('001090012345')).toBe(false);
    expect(isTaxCode('000090012345', { individuals: true })).toBe(false);
    expect(isTaxCode('097090012345', { individuals: true })).toBe(false);
    expect(isTaxCode('00109001234', { individuals: true })).toBe(false);
  });
});

describe('the entity fields read the one rule', () => {
  const contractorInput = entitySchemas(contractor).input;
  const companyInput = entitySchemas(company).input;
  const reason = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    r.error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('a contractor takes an MST, a branch (normalised), a CCCD; refuses a wrong check digit', () => {
    const base = { code: 'NT-1', name: 'Minh Phát' };
    expect(contractorInput.parse({ ...base, tax_code: ' 0100109106 ' }).tax_code).toBe('0100109106');
    expect(contractorInput.parse({ ...base, tax_code: '0100109106001' }).tax_code).toBe('0100109106-001');
    expect(contractorInput.parse({ ...base, tax_code: '079185001234' }).tax_code).toBe('079185001234');
    expect(contractorInput.parse({ ...base, tax_code: '' }).tax_code).toBeNull();
    expect(reason(contractorInput.safeParse({ ...base, tax_code: '0100109107' }))).toEqual([
      ['tax_code', 'invalid_tax_code'],
    ]);
  });

  it('a company refuses a CCCD', () => {
    const base = { code: 'HP', name: 'Hoàng Phát' };
    expect(companyInput.parse({ ...base, tax_code: '0100109106-002' }).tax_code).toBe('0100109106-002');
    expect(reason(companyInput.safeParse({ ...base, tax_code: '079185001234' }))).toEqual([
      ['tax_code', 'invalid_tax_code'],
    ]);
  });

  it('an update takes a stored code back unchanged: the server checks a changed one', () => {
    const update = entitySchemas(contractor).update;
    const parsed = update.parse({ code: 'NT-1', name: 'x', tax_code: '0101234567', version: 1 });
    expect(parsed.tax_code).toBe('0101234567');
  });
});
