/** Banks: the payees' and the companies' banks, with the NAPAS BIN a VietQR code names them by. */
import { defineSetting } from './setting.ts';

export const bank = defineSetting({
  name: 'bank',
  icon: 'account_balance',
  one: { vi: 'Ngân hàng', en: 'bank' },
  many: { vi: 'Ngân hàng', en: 'Banks' },
  code: { vi: 'Mã ngân hàng', en: 'Code' },
  label: { vi: 'Tên ngân hàng', en: 'Name' },
  picker: 'bank/list/all',
  fields: {
    short_name: {
      type: 'text',
      max: 50,
      label: { vi: 'Tên viết tắt', en: 'Short name' },
      list: { width: 140, hideBelow: 'md' },
      // the brand people type: "Vietcombank", "Agribank"
      search: true,
    },
    bin: {
      type: 'digits',
      length: 6,
      label: { vi: 'Mã BIN (NAPAS)', en: 'NAPAS BIN' },
      column: { vi: 'Mã BIN', en: 'BIN' },
      hint: {
        vi: '6 chữ số, ví dụ 970436 (Vietcombank): cần để tạo mã VietQR',
        en: 'Six digits, e.g. 970436 (Vietcombank): needed for VietQR codes',
      },
      list: { width: 100, hideBelow: 'sm' },
      search: true,
    },
  },
});
