import { zodResolver } from '@hookform/resolvers/zod';
import { contractAnnexInputSchema } from '@sitepay/domain/contract.schema';
import type { FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, test } from 'vitest';
import { emptyDatesRequired } from './form-errors.ts';

const schema = contractAnnexInputSchema.omit({ contract_id: true });
const resolver = emptyDatesRequired(zodResolver(schema as never) as unknown as Resolver<FieldValues>, [
  'signed_date',
]);
const check = (values: FieldValues) =>
  resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('required dates', () => {
  test('an empty required date says it is required', async () => {
    const { errors } = await check({ annex_no: 'PL-01', amount: '5', signed_date: '' });
    expect(errors.signed_date?.message).toBe('required');
  });

  test('a malformed date still asks for a new date', async () => {
    const { errors } = await check({ annex_no: 'PL-01', amount: '5', signed_date: '31/02/2025' });
    expect(errors.signed_date?.message).toBe('invalid_date');
  });

  test('a good date passes', async () => {
    const { errors } = await check({ annex_no: 'PL-01', amount: '-5', signed_date: '2025-02-28' });
    expect(errors).toEqual({});
  });
});
