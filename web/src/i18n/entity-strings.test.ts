import { describe, expect, test } from 'vitest';
import { appWords, testT } from '../lib/test-i18n.ts';

describe('the described entities’ words', () => {
  test('come from their descriptions in both languages, the contractors’ too', async () => {
    const [vi, en] = await Promise.all([testT('vi'), testT('en')]);
    // `constructor` is a name i18next's own merge leaves out
    expect(vi('resources.constructor.fields.code')).toBe('Mã nhà thầu');
    expect(en('resources.constructor.plural')).toBe('Contractors');
    expect(vi('resources.cost-item.plural')).toBe('Khoản mục chi phí');
    expect(en('resources.bank.columns.bin')).toBe('BIN');
    expect(vi('resources.document-attachment.choices.type.copy')).toBe('Bản sao');
    // a display column reads as its reference
    expect(en('resources.project.fields.company_name')).toBe('Company');
  });

  test('the i18n files keep their screen texts beside them', async () => {
    const vi = await testT('vi');
    expect(vi('resources.construction.actions.close')).toBe('Đóng công trình');
    expect(vi('resources.construction.fields.name')).toBe('Tên công trình');
  });

  test('the fields every record has share one label, unless a resource says its own', async () => {
    const [vi, en] = await Promise.all([testT('vi'), testT('en')]);
    expect(vi('resources.department.fields.created_at')).toBe('Ngày tạo');
    expect(en('resources.contract.fields.status')).toBe('Status');
    // strings added later get them too, and keep their own
    const i18n = await appWords();
    await import('./receivables-strings.ts');
    expect(i18n.getFixedT('en')('resources.customer.fields.updated_at')).toBe('Updated at');
    expect(i18n.getFixedT('en')('resources.receipt.fields.created_at')).toBe('Recorded at');
  });
});
