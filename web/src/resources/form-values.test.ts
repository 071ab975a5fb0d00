import { constructionInputSchema } from '@sitepay/domain/construction.schema';
import { beneficiaryInputSchema } from '@sitepay/domain/constructor.schema';
import { settingSchemas } from '@sitepay/domain/setting.schema';
import { describe, expect, test } from 'vitest';
import {
  formDefaults,
  isRequired,
  numericFieldError,
  referenceLists,
  serverFieldErrors,
} from './form-values.ts';
import type { FieldSpec } from './resource.types.ts';

describe('what a generic form starts from', () => {
  const fields: FieldSpec[] = [
    { name: 'name' },
    { name: 'start_date', kind: 'date' },
    { name: 'value', kind: 'percent' },
    { name: 'project_id', kind: 'reference', options: { endpoint: 'admin/project/list/all' } },
  ];

  test('a new record: empty text, no date (null, which the schema accepts), empty picks', () => {
    expect(formDefaults(fields)).toEqual({ name: '', start_date: null, value: '', project_id: '' });
  });

  test("a record's values, with a stored rate shown as typed (10.00 → 10)", () => {
    expect(
      formDefaults(fields, { name: 'A', start_date: '2026-03-05', value: '10.00', project_id: 4 }),
    ).toEqual({ name: 'A', start_date: '2026-03-05', value: '10', project_id: 4 });
  });

  test('a coded number answered as 10 or "10.00" is picked as its choice "10" (a bill\'s VAT rate)', () => {
    const vat: FieldSpec[] = [{ name: 'vat_rate', kind: 'choice', choices: ['0', '5', '8', '10'] }];
    expect(formDefaults(vat, { vat_rate: 10 })).toEqual({ vat_rate: '10' });
    expect(formDefaults(vat, { vat_rate: '8.00' })).toEqual({ vat_rate: '8' });
    expect(formDefaults(vat, { vat_rate: 0 })).toEqual({ vat_rate: '0' });
    expect(formDefaults(vat)).toEqual({ vat_rate: '' });
  });

  test('an empty optional date passes the construction schema; a malformed one is refused', () => {
    const base = { code: 'CT', name: 'Công trình' };
    expect(constructionInputSchema.safeParse({ ...base, start_date: null }).success).toBe(true);
    const bad = constructionInputSchema.safeParse({ ...base, start_date: '31/02/2026' });
    expect(bad.success).toBe(false);
  });

  test('reference fields and the lists that name them, for the change history', () => {
    expect(referenceLists(fields)).toEqual({ project_id: 'admin/project/list/all' });
  });

  const menuFields: FieldSpec[] = [
    { name: 'hidden', kind: 'boolean' },
    { name: 'endpoint_ids', kind: 'references', options: { endpoint: 'admin/endpoint/list/all' } },
    {
      name: 'endpoint_type',
      kind: 'reference',
      options: { endpoint: 'admin/endpoint-type/list/all', valueField: 'code' },
    },
  ];

  test('a switch starts off and several references start with none picked', () => {
    expect(formDefaults(menuFields)).toEqual({ hidden: false, endpoint_ids: [], endpoint_type: '' });
    expect(formDefaults(menuFields, { hidden: true, endpoint_ids: [3, 9], endpoint_type: 'api' })).toEqual({
      hidden: true,
      endpoint_ids: [3, 9],
      endpoint_type: 'api',
    });
  });

  test('the history names several references from their list; a reference kept by code is left alone', () => {
    expect(referenceLists(menuFields)).toEqual({ endpoint_ids: 'admin/endpoint/list/all' });
  });
});

describe('required marks come from the schema', () => {
  test('required text, references, integers and rates are marked; optional ones and dates are not', () => {
    expect(isRequired(beneficiaryInputSchema, 'name')).toBe(true);
    expect(isRequired(beneficiaryInputSchema, 'bank_id')).toBe(true);
    expect(isRequired(beneficiaryInputSchema, 'account_number')).toBe(true);
    expect(isRequired(beneficiaryInputSchema, 'branch')).toBe(false);
    expect(isRequired(settingSchemas['transaction-type'].input, 'pay_date')).toBe(true);
    expect(isRequired(settingSchemas.tax.input, 'value')).toBe(true);
    expect(isRequired(constructionInputSchema, 'start_date')).toBe(false);
    expect(isRequired(constructionInputSchema, 'project_id')).toBe(false);
  });
});

describe('errors on the fields', () => {
  test("the server's first error per shown field, in its order; unknown fields are left to the toast", () => {
    expect(
      serverFieldErrors(
        [
          { field: 'account_number', message: 'duplicate' },
          { field: 'account_number', message: 'invalid_account_number' },
          { field: 'bank_id', message: 'not_found' },
          { field: 'constructor_id', message: 'not_found' },
        ],
        ['name', 'bank_id', 'account_number'],
      ),
    ).toEqual([
      { field: 'account_number', message: 'duplicate' },
      { field: 'bank_id', message: 'not_found' },
    ]);
  });

  test("zod's bounds on a number mean out of range, not too long", () => {
    expect(numericFieldError('integer', { type: 'too_big', message: 'Too big: expected <=3650' })).toEqual({
      type: 'too_big',
      message: 'too_big',
    });
    expect(numericFieldError('integer', { type: 'too_small', message: 'Too small' })?.message).toBe(
      'too_small',
    );
    expect(numericFieldError('text', { type: 'too_big', message: 'Too big' })?.message).toBe('Too big');
    expect(numericFieldError('percent', undefined)).toBeUndefined();
  });
});
