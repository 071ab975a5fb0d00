/**
 * The checks of an e-invoice read from the tax authority's XML (docs/adr/0092-einvoice-xml-checks.md):
 * what the server read from the invoice (`EInvoiceFacts`), what it knows of the request
 * (`EInvoiceContext`), and the six checks — each `pass`, `warn` or `block` with its words in
 * Vietnamese and English — as one pure function, so that an import and a send judge alike and the
 * screens show the same words. Tax codes are compared, not validated: trimmed, digits and the
 * `-NNN` branch suffix kept.
 */
import { addAmounts, compareAmounts, percentOf, subtractAmounts } from './money.ts';
import { formatAmount } from './number-format.ts';

/** A line's VAT rate exactly as printed: `0%`…`10%`, `KCT`, `KKKNT`, `KHAC:x%` (never read as 0 %). */
export type EInvoiceRate = string;

export type EInvoiceLine = {
  /** TChat: 1 goods or services, 2 promotion, 3 trade discount (subtracted), 4 a note (no amount). */
  kind: number;
  name: string;
  amount: string;
  rate: EInvoiceRate | null;
};

export type EInvoiceFacts = {
  form: string;
  symbol: string;
  number: string;
  date: string;
  currency: string;
  seller: { name: string; tax_code: string; account: string | null };
  buyer: { name: string; tax_code: string | null };
  lines: EInvoiceLine[];
  totals: {
    before_vat: string;
    vat: string;
    total: string;
    discount: string | null;
    fees: string | null;
  };
  /** MCCQT: the tax authority's code, null when the invoice has none. */
  authority_code: string | null;
  /** TTHDLQuan: the invoice this one replaces (1) or adjusts (2). */
  related: { kind: number; form: string; symbol: string; number: string; date: string | null } | null;
  signatures: { seller: boolean; buyer: boolean };
  /** The file it was read from (a zip's entry: `archive.zip/entry.xml`). */
  file: string;
};

export const einvoiceCheckCodes = [
  'parties',
  'authority_code',
  'totals',
  'duplicate',
  'signature',
  'bank_account',
] as const;
export type EInvoiceCheckCode = (typeof einvoiceCheckCodes)[number];
export type EInvoiceResult = 'pass' | 'warn' | 'block';

export type EInvoiceCheck = {
  code: EInvoiceCheckCode;
  result: EInvoiceResult;
  vi: string;
  en: string;
  /** An administrator let a `block` pass, with the reason (the request's history has it too). */
  waived?: { by: string; at: string; reason: string } | null;
};

/** What the request says, read by the server when it judges an invoice. */
export type EInvoiceContext = {
  contractor_tax_code: string | null;
  company_tax_code: string | null;
  /** The account the request pays (its own once sent, else its contract's beneficiary's). */
  payee_account: string | null;
  /** The request's amount less the advance it recovers. */
  amount_due: string;
  /** The totals of the request's live invoices, this one included. */
  invoices_total: string;
  /** The replaced or adjusted invoice, when the company has it on a request (its request's number). */
  related_found: { requirement_no: number } | null;
};

/** A tax code for comparing: trimmed, only its digits and the `-NNN` branch suffix ("0101234567-001"). */
export function normalTaxCode(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  const m = /^([\d\s.]+?)\s*-\s*(\d{3})$/.exec(text);
  if (m) return `${m[1]!.replace(/\D/g, '')}-${m[2]}`;
  return text.replace(/\D/g, '');
}

/** A bank account for comparing: digits and letters only, upper case. */
const normalAccount = (value: string | null | undefined) =>
  (value ?? '').replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();

/** The percentage a printed rate charges (`KHAC:5.26%` → "5.26"), or null for KCT / KKKNT. */
export function ratePercent(rate: EInvoiceRate | null): string | null {
  if (!rate) return null;
  const text = rate.trim().toUpperCase();
  if (text === 'KCT' || text === 'KKKNT') return null;
  const m = /^(?:KHAC:)?(\d{1,2}(?:\.\d{1,2})?)%$/.exec(text);
  return m ? m[1]! : null;
}

/** A printed rate is one the standard names: `0%` `5%` `8%` `10%` `KCT` `KKKNT` `KHAC:x%` (or `KHAC`). */
export const knownRate = (rate: string) =>
  /^(0|5|8|10)%$|^KCT$|^KKKNT$|^KHAC(:\d{1,2}(\.\d{1,2})?%)?$/.test(rate.trim().toUpperCase());

/**
 * The record's rate for an invoice read from XML: its lines' one rate when it is one a typed invoice
 * takes ("10", "KCT"), `KHAC` when every line is another one, `MIXED` when the lines differ. The
 * lines keep their own.
 */
export function recordRate(lines: EInvoiceLine[]): string {
  const rates = new Set(
    lines.filter((l) => l.rate !== null && l.kind !== 4).map((l) => l.rate!.trim().toUpperCase()),
  );
  if (rates.size === 0) return 'KCT';
  if (rates.size > 1) return 'MIXED';
  const [only] = [...rates] as [string];
  if (/^(0|5|8|10)%$/.test(only)) return only.slice(0, -1);
  if (only === 'KCT' || only === 'KKKNT') return only;
  return 'KHAC';
}

/** The lines' amounts before VAT (a discount subtracts, a note counts nothing) and their VAT by rate. */
export function lineSums(lines: EInvoiceLine[]): { before_vat: string; vat: string } {
  const byRate = new Map<string, string>();
  let before = '0';
  for (const line of lines) {
    if (line.kind === 4) continue;
    const signed = line.kind === 3 ? subtractAmounts('0', line.amount) : line.amount;
    before = addAmounts(before, signed);
    const pct = ratePercent(line.rate);
    if (pct !== null) byRate.set(pct, addAmounts(byRate.get(pct) ?? '0', signed));
  }
  let vat = '0';
  for (const [pct, amount] of byRate) vat = addAmounts(vat, percentOf(amount, pct));
  return { before_vat: before, vat };
}

const pass = (code: EInvoiceCheckCode, vi: string, en: string): EInvoiceCheck => ({
  code,
  result: 'pass',
  vi,
  en,
});
const warn = (code: EInvoiceCheckCode, vi: string, en: string): EInvoiceCheck => ({
  code,
  result: 'warn',
  vi,
  en,
});
const block = (code: EInvoiceCheckCode, vi: string, en: string): EInvoiceCheck => ({
  code,
  result: 'block',
  vi,
  en,
});

function partiesCheck(f: EInvoiceFacts, c: EInvoiceContext): EInvoiceCheck {
  const seller = normalTaxCode(f.seller.tax_code);
  const buyer = normalTaxCode(f.buyer.tax_code);
  const contractor = normalTaxCode(c.contractor_tax_code);
  const company = normalTaxCode(c.company_tax_code);
  if (contractor && seller !== contractor)
    return block(
      'parties',
      `MST người bán ${f.seller.tax_code} khác MST nhà thầu của hợp đồng (${c.contractor_tax_code})`,
      `The seller's tax code ${f.seller.tax_code} is not the contract's contractor's (${c.contractor_tax_code})`,
    );
  if (company && buyer !== company)
    return block(
      'parties',
      `MST người mua ${f.buyer.tax_code ?? '(trống)'} khác MST công ty của yêu cầu (${c.company_tax_code})`,
      `The buyer's tax code ${f.buyer.tax_code ?? '(none)'} is not the request's company's (${c.company_tax_code})`,
    );
  if (!contractor || !company)
    return warn(
      'parties',
      `Chưa đối chiếu được: ${!contractor ? 'nhà thầu' : 'công ty'} chưa có mã số thuế`,
      `Not compared: the ${!contractor ? 'contractor' : 'company'} has no tax code`,
    );
  return pass(
    'parties',
    `Người bán là nhà thầu (MST ${f.seller.tax_code}), người mua là công ty (MST ${f.buyer.tax_code})`,
    `The seller is the contractor (tax code ${f.seller.tax_code}), the buyer the company (tax code ${f.buyer.tax_code})`,
  );
}

function authorityCheck(f: EInvoiceFacts): EInvoiceCheck {
  const coded = f.symbol.trim().toUpperCase().startsWith('C');
  if (coded && !f.authority_code)
    return block(
      'authority_code',
      `Ký hiệu ${f.symbol} là hóa đơn có mã của cơ quan thuế nhưng không có MCCQT`,
      `Serial ${f.symbol} is an invoice with the tax authority's code, but it carries no MCCQT`,
    );
  if (coded)
    return pass(
      'authority_code',
      `Có mã của cơ quan thuế ${f.authority_code}`,
      `Carries the tax authority's code ${f.authority_code}`,
    );
  return pass(
    'authority_code',
    `Ký hiệu ${f.symbol}: hóa đơn không có mã của cơ quan thuế`,
    `Serial ${f.symbol}: an invoice without the tax authority's code`,
  );
}

function totalsCheck(f: EInvoiceFacts, c: EInvoiceContext): EInvoiceCheck {
  const t = f.totals;
  const lines = lineSums(f.lines);
  if (compareAmounts(lines.before_vat, t.before_vat) !== 0)
    return block(
      'totals',
      `Cộng tiền các dòng ${formatAmount(lines.before_vat)} khác tổng trước thuế ${formatAmount(t.before_vat)}`,
      `The lines add up to ${formatAmount(lines.before_vat)}, not the total before VAT ${formatAmount(t.before_vat)}`,
    );
  // each rate's VAT rounded once; a provider rounding line by line may differ by a đồng a line
  const slack = String(Math.max(1, f.lines.length));
  const vatGap = subtractAmounts(lines.vat, t.vat);
  if (compareAmounts(vatGap, slack) > 0 || compareAmounts(vatGap, `-${slack}`) < 0)
    return block(
      'totals',
      `Tiền thuế ${formatAmount(t.vat)} khác thuế tính theo thuế suất các dòng ${formatAmount(lines.vat)}`,
      `The VAT ${formatAmount(t.vat)} is not the lines' rates' VAT ${formatAmount(lines.vat)}`,
    );
  const expected = subtractAmounts(addAmounts(t.before_vat, t.vat, t.fees ?? '0'), t.discount ?? '0');
  if (compareAmounts(expected, t.total) !== 0)
    return block(
      'totals',
      `Trước thuế + thuế = ${formatAmount(expected)}, khác tổng thanh toán ${formatAmount(t.total)}`,
      `Before VAT + VAT = ${formatAmount(expected)}, not the total ${formatAmount(t.total)}`,
    );
  if (compareAmounts(c.invoices_total, c.amount_due) < 0)
    return block(
      'totals',
      `Tổng các hóa đơn ${formatAmount(c.invoices_total)} thấp hơn số đề nghị trừ thu hồi tạm ứng ${formatAmount(c.amount_due)}`,
      `The invoices total ${formatAmount(c.invoices_total)}, below the amount requested less the advance recovered, ${formatAmount(c.amount_due)}`,
    );
  return pass(
    'totals',
    `Số tiền khớp: ${formatAmount(t.before_vat)} + ${formatAmount(t.vat)} = ${formatAmount(t.total)}; đủ cho số đề nghị ${formatAmount(c.amount_due)}`,
    `The totals add up: ${formatAmount(t.before_vat)} + ${formatAmount(t.vat)} = ${formatAmount(t.total)}; they cover the ${formatAmount(c.amount_due)} requested`,
  );
}

/**
 * Not on another live request: a claimed invoice is refused at the door (422 `invoice_used`, the
 * unique index holds it), so an invoice that is stored passes that half; a replacing or adjusting
 * invoice must name one the company has.
 */
function duplicateCheck(f: EInvoiceFacts, c: EInvoiceContext): EInvoiceCheck {
  const r = f.related;
  if (!r)
    return pass(
      'duplicate',
      'Hóa đơn chưa có trên yêu cầu nào khác của công ty',
      'The invoice is on no other live request of the company',
    );
  const kindVi = r.kind === 2 ? 'điều chỉnh' : 'thay thế';
  const kindEn = r.kind === 2 ? 'adjusts' : 'replaces';
  const named = `${r.form} · ${r.symbol} · ${r.number}`;
  if (!c.related_found)
    return block(
      'duplicate',
      `Hóa đơn ${kindVi} hóa đơn ${named}, nhưng hóa đơn đó không có trên yêu cầu nào của công ty`,
      `The invoice ${kindEn} invoice ${named}, which is on no request of the company`,
    );
  return pass(
    'duplicate',
    `Hóa đơn ${kindVi} hóa đơn ${named} (yêu cầu số ${c.related_found.requirement_no})`,
    `The invoice ${kindEn} invoice ${named} (request no. ${c.related_found.requirement_no})`,
  );
}

function signatureCheck(f: EInvoiceFacts): EInvoiceCheck {
  if (!f.signatures.seller)
    return block(
      'signature',
      'Hóa đơn không có chữ ký số của người bán',
      'The invoice carries no digital signature of the seller',
    );
  return pass(
    'signature',
    'Có chữ ký số của người bán (chưa xác minh chữ ký: bước sau)',
    "The seller's digital signature is present (not yet verified: a later step)",
  );
}

function bankCheck(f: EInvoiceFacts, c: EInvoiceContext): EInvoiceCheck {
  const account = normalAccount(f.seller.account);
  if (!account)
    return pass(
      'bank_account',
      'Hóa đơn không ghi tài khoản người bán',
      "The invoice names no seller's account",
    );
  if (!c.payee_account)
    return warn(
      'bank_account',
      `Tài khoản trên hóa đơn ${f.seller.account}; yêu cầu chưa có tài khoản nhận để đối chiếu`,
      `The invoice names account ${f.seller.account}; the request has no payee account to compare`,
    );
  if (account !== normalAccount(c.payee_account))
    return warn(
      'bank_account',
      `Tài khoản trên hóa đơn ${f.seller.account} khác tài khoản nhận của yêu cầu ${c.payee_account}`,
      `The invoice's account ${f.seller.account} is not the request's payee account ${c.payee_account}`,
    );
  return pass(
    'bank_account',
    `Tài khoản trên hóa đơn là tài khoản nhận của yêu cầu (${c.payee_account})`,
    `The invoice's account is the request's payee account (${c.payee_account})`,
  );
}

/**
 * The six checks of an invoice against its request, in `einvoiceCheckCodes`' order. `waived` carries
 * the administrator's waivers over (by code) while the check still blocks.
 */
export function einvoiceChecks(
  f: EInvoiceFacts,
  c: EInvoiceContext,
  waived: EInvoiceCheck[] = [],
): EInvoiceCheck[] {
  const checks = [
    partiesCheck(f, c),
    authorityCheck(f),
    totalsCheck(f, c),
    duplicateCheck(f, c),
    signatureCheck(f),
    bankCheck(f, c),
  ];
  return checks.map((check) => {
    const w = waived.find((x) => x.code === check.code && x.waived)?.waived;
    return check.result === 'block' && w ? { ...check, waived: w } : check;
  });
}

/** The checks that still stop the request from being sent: blocks not waived. */
export const blockingChecks = (checks: EInvoiceCheck[] | null | undefined) =>
  (checks ?? []).filter((x) => x.result === 'block' && !x.waived);
