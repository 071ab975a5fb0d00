// Money to look at in the reports (not a test): contractors, contracts in every value bucket across
// the demo constructions CT-001…CT-003 (some with annexes), and payment requests over the months of
// this year in every state — paid, approved, waiting for the director, rejected, just created and
// overdue — written through the API as the demo accountant (ketoan) and decided by the director
// (giamdoc). Used by e2e/report-screenshots.mjs; `node e2e/support/report-data.mjs URL PASSWORD`
// adds one set to a running server by itself.
import { apiAs } from './api.mjs';

const CONTRACTORS = [
  'Công ty CP Xây lắp Thành Công',
  'Công ty TNHH Cơ điện Phương Nam',
  'Công ty CP Thép Việt Úc',
  'Công ty CP Tư vấn Thiết kế Kiến Việt',
  'Công ty TNHH Thiết bị Nâng Hạ Miền Bắc',
  'Tổng công ty Xây dựng Sông Hồng',
];

// [construction code, contractor index, type code, amount before VAT, signed date, annex amount]
const CONTRACTS = [
  ['CT-001', 0, 'TC', '12500000000', '2025-11-20', '1200000000'],
  ['CT-001', 1, 'TC', '4200000000', '2026-01-15', null],
  ['CT-001', 3, 'TK', '680000000', '2025-10-02', '-45000000'],
  ['CT-001', 4, 'TM', '78000000', '2026-03-09', null],
  ['CT-002', 5, 'EPC', '24000000000', '2026-02-01', null],
  ['CT-002', 2, 'VT', '3150000000', '2026-02-20', '250000000'],
  ['CT-002', 3, 'GS', '420000000', '2026-04-11', null],
  ['CT-003', 2, 'VT', '8600000000', '2026-05-05', null],
  ['CT-003', 0, 'TC', '1750000000', '2026-06-18', null],
  ['CT-003', 4, 'TM', '95000000', '2026-07-01', null],
];

/** Today + `days` as ISO, in Vietnam's calendar (the server's business day). */
const daysFromToday = (days) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Day `day` of the month `monthsAgo` months before this one (capped at today), ISO. */
const monthDay = (monthsAgo, day) => {
  const today = daysFromToday(0);
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - monthsAgo);
  d.setUTCDate(day);
  // ISO dates sort as text: the earlier of the two
  return [d.toISOString().slice(0, 10), today].sort()[0];
};

/** Adds the set; answers what a script may want to open or check. */
export async function seedReportData(base, adminPassword) {
  const tag = Date.now().toString(36).toUpperCase().slice(-5);
  const { call: admin } = await apiAs(base, 'admin', adminPassword);
  const { call: accountant } = await apiAs(base, 'ketoan', 'ketoan123');
  const { call: director } = await apiAs(base, 'giamdoc', 'giamdoc123');
  const constructions = await admin('GET', 'account/construction/list');
  const types = await admin('GET', 'contract-type/list/all');
  const taxes = await admin('GET', 'admin/setting/tax');
  const banks = await admin('GET', 'bank/list/all');
  const vat = (taxes.find((t) => t.code === 'VAT10') ?? taxes[0]).id;
  const transactionTypes = (await admin('GET', 'transaction-type/list/all')).filter((x) => x.status === 'O');
  const shortest = [...transactionTypes].sort((a, b) => a.pay_date - b.pay_date)[0];
  const departments = await accountant('GET', 'account/department/list');

  const contractors = [];
  for (const [i, name] of CONTRACTORS.entries()) {
    const contractor = await admin('POST', 'constructor/create', { code: `NT${tag}${i + 1}`, name });
    const beneficiary = await admin('POST', 'beneficiary/create', {
      constructor_id: contractor.id,
      name: `${name.replace(/^Công ty (CP|TNHH) |^Tổng công ty /, '')} – BIDV`,
      bank_id: banks[i % banks.length].id,
      account_number: `${Date.now()}${i}`.slice(-12),
    });
    contractors.push({ ...contractor, beneficiary });
  }
  const contracts = [];
  for (const [i, [code, who, type, amount, signed, annex]] of CONTRACTS.entries()) {
    const construction = constructions.find((c) => c.code === code);
    const contractor = contractors[who];
    const contract = await admin('POST', 'contract/create', {
      contract_no: `${String(i + 1).padStart(2, '0')}/${signed.slice(0, 4)}/HĐ-${tag}`,
      contract_type_id: (types.find((t) => t.code === type) ?? types[0]).id,
      construction_id: construction.id,
      constructor_id: contractor.id,
      beneficiary_id: contractor.beneficiary.id,
      signed_date: signed,
      amount_before_vat: amount,
      tax_id: vat,
      guarantee_percent: '5',
    });
    if (annex)
      await admin('POST', 'contract-annex/create', {
        contract_id: contract.id,
        annex_no: `PL01/${tag}`,
        signed_date: '2026-06-01',
        amount: annex,
        note: Number(annex) > 0 ? 'Bổ sung khối lượng phát sinh' : 'Giảm khối lượng thiết kế',
      });
    contracts.push({ ...contract, construction, contractor });
  }

  const write = (contract, amount, date, note, extra = {}) =>
    accountant('POST', 'payment-transaction/create', {
      contract_id: contract.id,
      payment_code: 'TD',
      transaction_type_id: transactionTypes[0].id,
      date,
      amount,
      note,
      department_id: departments[0]?.id,
      ...extra,
    });
  const send = (p) =>
    accountant('PATCH', `payment-transaction/require-approval/${p.id}`, { version: p.version });
  const approve = async (p) =>
    director('PATCH', `payment-approval/accept/${p.id}`, { version: (await send(p)).version });
  // paid through the bank about three weeks after the request (never after today), with its reference,
  // so that the report's money paid out falls in the months it was paid
  const pay = async (p) => {
    const paid = new Date(`${p.date}T00:00:00Z`);
    paid.setUTCDate(paid.getUTCDate() + 20);
    return accountant('PATCH', `payment-transaction/require-paid/${p.id}`, {
      version: (await approve(p)).version,
      paid_date: [paid.toISOString().slice(0, 10), daysFromToday(0)].sort()[0],
      bank_reference: `UNC-${p.code.slice(-6)}`,
    });
  };

  // [contract index, amount, months before this one, day of that month, what happens]: relative to
  // today, so the picture is the same whenever the script runs
  const plan = [
    [0, '2500000000', 10, 12, 'paid'],
    [0, '1800000000', 8, 10, 'paid'],
    [0, '2200000000', 5, 15, 'paid'],
    [0, '1500000000', 1, 8, 'approved'],
    [1, '1200000000', 9, 16, 'paid'],
    [1, '950000000', 6, 20, 'paid'],
    [1, '640000000', 1, 5, 'waiting'],
    [2, '300000000', 10, 20, 'paid'],
    [2, '190000000', 7, 22, 'rejected'],
    [4, '6000000000', 8, 2, 'paid'],
    [4, '4500000000', 4, 14, 'paid'],
    [4, '3800000000', 0, 2, 'waiting'],
    [5, '1400000000', 7, 3, 'paid'],
    [5, '900000000', 3, 12, 'overdue'],
    [6, '150000000', 0, 1, 'created'],
    [7, '3200000000', 5, 10, 'paid'],
    [7, '2100000000', 2, 25, 'approved'],
    [8, '700000000', 3, 1, 'paid'],
    [8, '350000000', 0, 3, 'waiting'],
    [9, '40000000', 0, 0, 'due this week'],
  ];
  const longest = [...transactionTypes].sort((a, b) => b.pay_date - a.pay_date)[0];
  const requests = [];
  for (const [i, amount, monthsAgo, dayOfMonth, what] of plan) {
    const contract = contracts[i];
    const note = `Thanh toán khối lượng hoàn thành – ${contract.contractor.name.slice(0, 40)}`;
    // unpaid ones fall due after the longest debt age (not overdue yet) unless meant to be overdue
    const extra =
      what === 'overdue' || what === 'due this week'
        ? { transaction_type_id: shortest.id }
        : what === 'paid'
          ? {}
          : { transaction_type_id: longest.id };
    const date =
      what === 'due this week' ? daysFromToday(-shortest.pay_date) : monthDay(monthsAgo, dayOfMonth);
    const p = await write(contract, amount, date, note, extra);
    if (what === 'paid') await pay(p);
    else if (what === 'approved') await approve(p);
    else if (what === 'waiting' || what === 'overdue' || what === 'due this week') await send(p);
    else if (what === 'rejected')
      await director('PATCH', `payment-approval/reject/${p.id}`, {
        version: (await send(p)).version,
        note: 'Thiếu biên bản nghiệm thu khối lượng',
      });
    requests.push({ ...p, what });
  }
  return { tag, constructions, contractors, contracts, requests };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const data = await seedReportData(
    process.argv[2] ?? 'http://127.0.0.1:8090',
    process.argv[3] ?? 'admin123',
  );
  console.log(
    `added ${data.contracts.length} contracts and ${data.requests.length} requests (tag ${data.tag}); contracts ${data.contracts.map((c) => c.id).join(', ')}`,
  );
}
