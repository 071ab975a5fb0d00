import { describe, expect, test } from 'vitest';
import { testT } from '../lib/test-i18n.ts';
import en from './en.json' with { type: 'json' };
import { inSentence } from './formats.ts';
import reasonsEn from './reasons.en.json' with { type: 'json' };
import reasonsVi from './reasons.vi.json' with { type: 'json' };
import relationsEn from './relations.en.json' with { type: 'json' };
import relationsVi from './relations.vi.json' with { type: 'json' };
import vi from './vi.json' with { type: 'json' };

const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

describe('translations', () => {
  test('every string exists in Vietnamese and in English', () => {
    expect(keys(en).sort()).toEqual(keys(vi).sort());
  });

  test('the required-field message reads as docs/product.md#validation-and-formats asks', () => {
    expect(vi.validation.required.replace('{{field}}', '{0}')).toBe('{0} là thông tin bắt buộc');
    expect(en.validation.required.replace('{{field}}', '{0}')).toBe('{0} is required');
  });

  test('record status labels in English are those of docs/product.md#record-states', () => {
    expect(en.status).toEqual({ O: 'Active', C: 'InActive', D: 'Deleted', unknown: 'Unknow' });
  });

  test('the strings loaded as they are needed (refusals, relations) exist in both languages too', () => {
    expect(keys(reasonsEn).sort()).toEqual(keys(reasonsVi).sort());
    expect(keys(relationsEn).sort()).toEqual(keys(relationsVi).sort());
  });

  test('a record kind named inside a title or a notice is in sentence case', async () => {
    const t = await testT('vi');
    expect(t('actions.create', { resource: 'Hợp đồng' })).toBe('Tạo mới hợp đồng');
    expect(t('notices.succeeded', { action: t('actions.create', { resource: 'Nhà thầu' }) })).toBe(
      'Tạo mới nhà thầu thành công',
    );
    expect(t('confirm.delete', { resource: 'Người dùng', name: 'ketoan' })).toBe(
      'Bạn có chắc chắn muốn xóa người dùng "ketoan"?',
    );
    const english = await testT('en');
    expect(english('actions.update', { resource: 'Payment request' })).toBe('Update payment request');
    // acronyms keep their capitals
    expect(inSentence('API endpoint')).toBe('API endpoint');
    expect(inSentence('ROLE_ADMIN')).toBe('ROLE_ADMIN');
    expect(inSentence('Điểm truy cập API')).toBe('điểm truy cập API');
  });
});
