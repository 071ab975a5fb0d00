import { describe, expect, test } from 'vitest';
import { testT } from '../lib/test-i18n.ts';
import { resource as contract } from '../resources/contract.resource.ts';
import { resource as privilege } from '../resources/privilege.resource.ts';
import {
  formatHistoryValue,
  formatMoment,
  type HistoryEntry,
  historyActionLabel,
  historyFieldLabel,
  historyShape,
  shownChanges,
  shownEntries,
} from './history-values.ts';

describe('change history as the view page shows it', () => {
  test('empty values read as a dash, flags as yes/no, statuses by their label', async () => {
    const t = await testT('vi');
    expect(formatHistoryValue('note', null, 'vi', t)).toBe('—');
    expect(formatHistoryValue('note', '', 'vi', t)).toBe('—');
    expect(formatHistoryValue('closed', true, 'vi', t)).toBe('Có');
    expect(formatHistoryValue('status', 'C', 'vi', t)).toBe('Ngừng hoạt động');
    const en = await testT('en');
    expect(formatHistoryValue('closed', false, 'en', en)).toBe('No');
    expect(formatHistoryValue('status', 'D', 'en', en)).toBe('Deleted');
  });

  test('dates follow the language; account numbers and codes stay as typed', async () => {
    const t = await testT('en');
    expect(formatHistoryValue('start_date', '2026-03-05', 'vi', t)).toBe('05/03/2026');
    expect(formatHistoryValue('start_date', '2026-03-05', 'en', t)).toBe('03/05/2026');
    expect(formatHistoryValue('account_number', '0011223344', 'en', t)).toBe('0011223344');
    expect(formatHistoryValue('bank_id', 3, 'en', t)).toBe('3');
    expect(formatHistoryValue('ids', [1, 2], 'en', t)).toBe('[1,2]');
  });

  test('a moment is shown with the local time of day', () => {
    const local = new Date(2026, 2, 5, 14, 7).toISOString();
    expect(formatMoment(local, 'vi')).toBe('05/03/2026 14:07');
    expect(formatMoment(local, 'en')).toBe('03/05/2026 14:07');
  });

  test("a moment in PostgreSQL's own text reads the same as its ISO form", () => {
    const iso = '2026-11-23T06:44:35.534Z';
    expect(formatMoment('2026-11-23 06:44:35.534+00', 'vi')).toBe(formatMoment(iso, 'vi'));
    expect(formatMoment('2026-11-23 06:44:35.534+07', 'en')).toBe(
      formatMoment('2026-11-22T23:44:35.534Z', 'en'),
    );
  });

  test('labels: the resource field label, else a shared one, else the raw name', async () => {
    const t = await testT('en');
    expect(historyFieldLabel('company', 'tax_code', t)).toBe('Tax code');
    expect(historyFieldLabel('company', 'closed', t)).toBe('Closed');
    expect(historyFieldLabel('company', 'mystery_field', t)).toBe('mystery_field');
    expect(historyActionLabel('close', t)).toBe('Construction closed');
    expect(historyActionLabel('something-new', t)).toBe('something-new');
  });
});

/** The contract's history as the server answered it in issue 12 (an update, then the creation). */
const contractUpdate: HistoryEntry = {
  id: 4,
  action: 'update',
  user_name: 'admin',
  at: '2026-11-23T07:54:05.202Z',
  changes: {
    note: { old: null, new: 'Điều chỉnh' },
    tax_id: { old: 5, new: 1, old_label: 'Không chịu thuế', new_label: 'Thuế GTGT 0%' },
    amount_vat: { old: '1234567890.00', new: '1358024679.00' },
    signed_date: { old: '2025-03-15', new: '2025-04-01' },
    construction_id: {
      old: 1,
      new: 2,
      old_label: 'Tòa nhà A1 - Khu đô thị Riverside',
      new_label: 'Hạ tầng kỹ thuật giai đoạn 1',
    },
    vat_rate: { old: '0.00', new: '10.00' },
    search_text: { old: 'hd-1', new: 'hd-1 dieu chinh' },
    retention_amount: { old: '61728395.00', new: '40740740.00' },
    amount_before_vat: { old: '1234567890.00', new: '1358024679.00' },
    retention_percent: { old: '5.00', new: '3.00' },
  },
};
const contractCreate: HistoryEntry = {
  id: 3,
  action: 'create',
  user_name: 'admin',
  at: '2026-11-23T07:54:05.161Z',
  changes: {
    id: { old: null, new: 1 },
    status: { old: null, new: 'O' },
    company_id: { old: null, new: 1, old_label: null, new_label: 'Công ty Cổ phần Xây dựng Hòa Phát' },
    constructor_id: { old: null, new: 1, old_label: null, new_label: 'Công ty TNHH Hoàng Long' },
    contract_no: { old: null, new: 'HĐ-01/2025' },
    settlement_amount: { old: null, new: null },
    last_requirement_no: { old: null, new: 0 },
    vat_amount: { old: null, new: '0.00' },
  },
};

describe('a record kind’s history in the words of its view page', () => {
  test('references by name, amounts with separators, rates as "3%", dates as DD/MM/YYYY', async () => {
    const t = await testT('vi');
    const shape = historyShape(contract);
    const shown = shownChanges(contractUpdate, { resource: 'contract', lang: 'vi', t, shape });
    const byLabel = Object.fromEntries(shown.map((c) => [c.label, `${c.old} → ${c.new}`]));
    expect(byLabel).toEqual({
      'Công trình': 'Tòa nhà A1 - Khu đô thị Riverside → Hạ tầng kỹ thuật giai đoạn 1',
      'Ngày ký': '15/03/2025 → 01/04/2025',
      'Ghi chú': '— → Điều chỉnh',
      'Giá trị trước thuế': '1,234,567,890 → 1,358,024,679',
      'Thuế suất': 'Không chịu thuế → Thuế GTGT 0%',
      'Giá trị sau thuế': '1,234,567,890 → 1,358,024,679',
      'Giữ lại bảo hành (%)': '5% → 3%',
      'Tiền giữ lại bảo hành': '61,728,395 → 40,740,740',
    });
  });

  test('fields come in the view page’s order and with its labels, in either language', async () => {
    const en = await testT('en');
    const shown = shownChanges(contractUpdate, {
      resource: 'contract',
      lang: 'en',
      t: en,
      shape: historyShape(contract),
    });
    expect(shown.map((c) => c.label)).toEqual([
      'Construction',
      'Signed date',
      'Note',
      'Amount before VAT',
      'VAT rate',
      'Amount incl. VAT',
      'Warranty retention (%)',
      'Warranty retention amount',
    ]);
    expect(shown.find((c) => c.field === 'signed_date')).toMatchObject({
      old: '03/15/2025',
      new: '04/01/2025',
    });
  });

  test('internal columns (company, search text, VAT rate copy, request counter, id) are never shown', async () => {
    const t = await testT('vi');
    const context = { resource: 'contract', lang: 'vi' as const, t, shape: historyShape(contract) };
    const fields = [...shownChanges(contractUpdate, context), ...shownChanges(contractCreate, context)].map(
      (c) => c.field,
    );
    for (const hidden of ['company_id', 'search_text', 'vat_rate', 'last_requirement_no', 'id'])
      expect(fields).not.toContain(hidden);
    // a creation shows the values given, none of the empty ones, and the status by its label
    expect(shownChanges(contractCreate, context)).toEqual([
      { field: 'contract_no', label: 'Số hợp đồng', old: null, new: 'HĐ-01/2025' },
      { field: 'constructor_id', label: 'Nhà thầu', old: null, new: 'Công ty TNHH Hoàng Long' },
      { field: 'vat_amount', label: 'Tiền thuế GTGT', old: null, new: '0' },
      { field: 'status', label: 'Trạng thái', old: null, new: 'Hoạt động' },
    ]);
  });

  test('an update that changed only internal columns is left out; other actions stay', async () => {
    const t = await testT('vi');
    const counter: HistoryEntry = {
      ...contractUpdate,
      id: 5,
      changes: { last_requirement_no: { old: 0, new: 1 } },
    };
    const closed: HistoryEntry = { ...contractUpdate, id: 6, action: 'deactivate', changes: {} };
    const shown = shownEntries([closed, counter, contractUpdate], {
      resource: 'contract',
      lang: 'vi',
      t,
      shape: historyShape(contract),
    });
    expect(shown.map((s) => s.entry.id)).toEqual([6, 4]);
  });

  test('a reference the server could not name reads as its number; several ids by the list’s names', async () => {
    const t = await testT('en');
    const shape = historyShape(privilege);
    const entry: HistoryEntry = {
      ...contractUpdate,
      changes: { endpoint_ids: { old: [1], new: [1, 2] } },
    };
    const names: Record<number, string> = { 1: 'GET /api/a', 2: 'POST /api/b' };
    expect(
      shownChanges(entry, {
        resource: 'privilege',
        lang: 'en',
        t,
        shape,
        nameOf: (_field, id) => names[Number(id)],
      }),
    ).toMatchObject([{ field: 'endpoint_ids', old: 'GET /api/a', new: 'GET /api/a, POST /api/b' }]);
    const gone: HistoryEntry = {
      ...contractUpdate,
      changes: { tax_id: { old: 9, new: 1, old_label: null, new_label: 'VAT 0%' } },
    };
    expect(
      shownChanges(gone, { resource: 'contract', lang: 'en', t, shape: historyShape(contract) }),
    ).toMatchObject([{ old: '#9', new: 'VAT 0%' }]);
  });

  test('coded values read by their label (a payment request’s approval state)', async () => {
    const t = await testT('vi');
    const shape = historyShape({
      form: { fields: [] },
      columns: [{ field: 'approval_status', kind: 'state' }],
    });
    const entry: HistoryEntry = {
      ...contractUpdate,
      changes: { approval_status: { old: 'O', new: 'W' }, user_id: { old: 1, new: 2 } },
    };
    const shown = shownChanges(entry, {
      resource: 'demo',
      lang: 'vi',
      t: (key, options) =>
        key === 'resources.demo.choices.approval_status.W'
          ? 'Chờ duyệt'
          : key === 'resources.demo.choices.approval_status.O'
            ? 'Mới tạo'
            : t(key, options),
      shape,
    });
    expect(shown).toEqual([
      { field: 'approval_status', label: 'approval_status', old: 'Mới tạo', new: 'Chờ duyệt' },
    ]);
  });
});
