/**
 * The printed payment request (giấy đề nghị thanh toán): the values a Word template's tags receive,
 * and the .docx rendered from a template with docxtemplater. Template v1 ships in server/templates
 * (written by scripts/make-payment-template.mjs); companies edit copies of it in Word, so a template
 * that cannot be used is the user's 422 naming the fault, never our 500.
 *
 * Printed amounts use Vietnamese separators (1.080.000.000, decimals after a comma), as Vietnamese
 * accounting documents are written, unlike the app's screens (comma thousands, number-format.ts).
 * The internal note has no tag: it is not in the template data, so no template can print it.
 *
 * An accepted, unpaid request carries its VietQR code: the raw-XML tag `{@vietqr_image}` (alone in
 * a paragraph of the body) receives a picture paragraph, and the PNG is added to the package after
 * rendering (documents/docx-picture.ts), since docxtemplater's image module is not free.
 */

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { formatDate } from '@sitepay/domain/date-format';
import { amountToVietnameseWords } from '@sitepay/domain/money-words';
import { formatAmount } from '@sitepay/domain/number-format';
import type Docxtemplater from 'docxtemplater';
import type PizZip from 'pizzip';
import { addPictureParts, type DocxPicture, pictureParagraph } from '../../documents/docx-picture.ts';
import { packageFault } from '../../documents/xml-check.ts';
import { withoutNonXmlCharacters } from '../../documents/xml-text.ts';
import { ARCHIVE_LIMITS, ArchiveError, openArchive } from '../../files/archive-guard.ts';
import { unprocessable } from '../../http/errors.ts';
import { lazyPackage } from '../../lazy-package.ts';
import { templatesDir } from '../../paths.ts';
import { vietQrPng } from './payment-vietqr.ts';

/** A payment request as the API has it, with what the printout needs around it. */
export type PaymentPrintData = {
  company: { name: string | null; address: string | null; tax_code: string | null };
  /** The request's own number, YCTT-<year>-<6 digits>. */
  code: string;
  requirement_no: number;
  /** ISO YYYY-MM-DD: the payment date. */
  date: string;
  /** ISO timestamp. */
  created_at: string;
  department_name: string | null;
  requester_name: string | null;
  construction_code: string | null;
  construction_name: string | null;
  contract_no: string | null;
  contract_signed_date: string | null;
  constructor_code: string | null;
  constructor_name: string | null;
  beneficiary_name: string | null;
  bank_name: string | null;
  account_number: string | null;
  payment_type_name: string | null;
  transaction_type_name: string | null;
  contract_value: string;
  paid_before: string;
  amount: string;
  invoice_amount: string | null;
  guarantee_amount: string | null;
  penalty_amount: string | null;
  advance_recovery: string | null;
  note: string;
  documents: { name: string; type: 'original' | 'copy' | string; quantity: number; attached: boolean }[];
  /** The request's live VAT invoices, by date (docs/adr/0068-payment-invoices.md); none when absent. */
  invoices?: {
    form: string;
    symbol: string;
    number: string;
    /** ISO YYYY-MM-DD. */
    date: string;
    seller_tax_code: string;
    total: string;
  }[];
  approval_status: 'O' | 'W' | 'A' | 'R';
  payment_status: 'O' | 'P';
  approver_name: string | null;
  /** ISO timestamp. */
  approved_at: string | null;
  chief_accountant_name: string | null;
  head_of_department_name: string | null;
  /**
   * The request's approval steps (docs/adr/0084-approval-steps.md), as its answer carries them;
   * none or empty: a company without a flow, printed with the four fixed blocks.
   */
  steps?: PrintedStep[];
  /**
   * The VietQR code of an accepted, unpaid request (payment-vietqr.ts); or, for such a request
   * whose code cannot be made, the Vietnamese line saying why; absent otherwise.
   */
  vietqr?: { payload: string; content: string } | { missing: string } | null;
};

/** A step of the request as the print reads it (its answer's `steps`). */
export type PrintedStep = {
  name: string;
  status: string;
  decided_by_name: string | null;
  on_behalf_of: string | null;
  decided_at: string | null;
  delegation_kind: 'deputy' | 'authorized' | null;
  delegate_title: string | null;
};

/**
 * One signature block (docs/adr/0088-signature-blocks.md): `{date}` ("Ngày 05/03/2026", or the
 * blank line), `{title}` ("GIÁM ĐỐC", "KT. GIÁM ĐỐC", "TUQ. GIÁM ĐỐC"), `{title2}` (the delegate's
 * own title under it, "PHÓ GIÁM ĐỐC", else empty), `{name}` (the signer's full name, empty while
 * unsigned).
 */
export type PaymentSignature = { date: string; title: string; title2: string; name: string };

/** One line of four blocks: `{#c1}…{/c1}` to `{#c4}…{/c4}`, each holding one block or none. */
export type PaymentSignatureRow = Record<'c1' | 'c2' | 'c3' | 'c4', PaymentSignature[]>;

/** One row of the document checklist: `{#documents}{index} {name} {type_label} {quantity} {attached_mark}{/documents}`. */
export type PaymentPrintDocument = {
  index: number;
  name: string;
  type_label: string;
  quantity: number;
  attached_mark: string;
};

/**
 * One of the request's VAT invoices: `{#invoices}{index} {form} {symbol} {number} {date}
 * {seller_tax_code} {total}{/invoices}` (template v1 prints them under the invoice amount).
 */
export type PaymentPrintInvoice = {
  index: number;
  form: string;
  symbol: string;
  number: string;
  date: string;
  seller_tax_code: string;
  total: string;
};

/** The values of the template's tags, all of them text except the lists and the flags. */
export type PaymentTemplateData = {
  company_name: string;
  company_address: string;
  company_tax_code: string;
  /** The request's own number, YCTT-<year>-<6 digits>; `requirement_no` its instalment in the contract. */
  code: string;
  requirement_no: string;
  /** DD/MM/YYYY, and its parts for "ngày {date_day} tháng {date_month} năm {date_year}". */
  date: string;
  date_day: string;
  date_month: string;
  date_year: string;
  department_name: string;
  requester_name: string;
  /** "code – name", each of the two when the other is missing. */
  construction: string;
  construction_code: string;
  construction_name: string;
  contract_no: string;
  contract_signed_date: string;
  constructor: string;
  constructor_code: string;
  constructor_name: string;
  beneficiary_name: string;
  bank_name: string;
  account_number: string;
  payment_type_name: string;
  transaction_type_name: string;
  contract_value: string;
  paid_before: string;
  amount: string;
  invoice_amount: string;
  guarantee_amount: string;
  penalty_amount: string;
  advance_recovery: string;
  amount_in_words: string;
  note: string;
  documents: PaymentPrintDocument[];
  invoices: PaymentPrintInvoice[];
  /** For `{#has_invoices}…{/has_invoices}` in a company's own template: the request has invoices. */
  has_invoices: boolean;
  requester_sign_date: string;
  head_of_department_name: string;
  head_of_department_sign_date: string;
  chief_accountant_name: string;
  chief_accountant_sign_date: string;
  approver_name: string;
  approver_sign_date: string;
  /**
   * The request went through approval steps: `{#has_steps}` prints `signatures` (the requester's
   * block, then one per step that applies, in order) — as a list, or four to a line in
   * `signature_rows` — instead of the four fixed blocks.
   */
  has_steps: boolean;
  signatures: PaymentSignature[];
  signature_rows: PaymentSignatureRow[];
  /** For `{#approved}…{/approved}` and `{#paid}…{/paid}` sections in a company's own template. */
  approved: boolean;
  paid: boolean;
  /** For `{#vietqr}…{/vietqr}`: a VietQR code is printed. */
  vietqr: boolean;
  /** Raw XML for `{@vietqr_image}`: the code's picture paragraph, or an empty paragraph. */
  vietqr_image: string;
  /** How to pay with the code (empty without one). */
  vietqr_note: string;
  /** Why an accepted, unpaid request prints no code (empty otherwise): `{#vietqr_missing}…{/vietqr_missing}`. */
  vietqr_missing: string;
  /** The transfer content the code carries. */
  vietqr_content: string;
};

/** A date line nobody has signed yet, to be written in by hand. */
export const BLANK_SIGN_DATE = '...../...../.........';

const text = (value: string | null | undefined): string => value?.trim() ?? '';

const codeAndName = (code: string | null, name: string | null): string =>
  [text(code), text(name)].filter(Boolean).join(' – ');

/** 1234567.5 → "1.234.567,50": the app's formatting with the Vietnamese separators swapped in. */
export const printAmount = (value: string | null): string =>
  value === null || value.trim() === ''
    ? ''
    : formatAmount(value).replace(/[,.]/g, (mark) => (mark === ',' ? '.' : ','));

const printDate = (iso: string | null): string => (iso ? formatDate(iso, 'vi') : '');

// Vietnam keeps UTC+7 all year; the server's own time zone must not move a signature to another day.
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;

/** The day a timestamp falls on in Vietnam, DD/MM/YYYY (a bare date is taken as it is). */
const printDay = (timestamp: string | null): string => {
  if (!timestamp) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(timestamp.trim())) return printDate(timestamp);
  const time = Date.parse(timestamp);
  if (Number.isNaN(time)) throw new RangeError(`Not a timestamp: ${JSON.stringify(timestamp)}`);
  return printDate(new Date(time + VIETNAM_OFFSET_MS).toISOString().slice(0, 10));
};

const documentTypeLabels: Record<string, string> = { original: 'Bản gốc', copy: 'Bản sao' };

/**
 * The QR picture of a printed request: 2.6 cm square (beside the amounts' table, which it must not
 * outgrow: docs/adr/0076-vietqr-beside-the-amounts.md), in the body's relationships.
 */
const VIETQR_PICTURE = {
  relId: 'rIdSitePayVietQr',
  fileName: 'sitepay-vietqr.png',
  widthCm: 2.6,
  heightCm: 2.6,
  description: 'Mã VietQR chuyển khoản',
} as const;
const VIETQR_DOCPR_ID = 90001;

function vietQrTags(d: PaymentPrintData) {
  const qr = d.vietqr;
  const code = qr && 'payload' in qr ? qr : null;
  return {
    vietqr: Boolean(code),
    vietqr_image: code
      ? pictureParagraph({ ...VIETQR_PICTURE, png: Buffer.alloc(0) }, VIETQR_DOCPR_ID)
      : '<w:p/>',
    vietqr_note: code
      ? `Quét mã bằng ứng dụng ngân hàng (VietQR – NAPAS 247) để chuyển ${printAmount(d.amount)} đồng vào tài khoản ${text(d.account_number)}${d.bank_name ? ` tại ${text(d.bank_name)}` : ''}${d.beneficiary_name ? `, đơn vị thụ hưởng ${text(d.beneficiary_name)}` : ''}.`
      : '',
    vietqr_missing: qr && 'missing' in qr ? qr.missing : '',
    vietqr_content: code?.content ?? '',
  };
}

/** The invoices' rows, numbered, with their dates and totals as the paper writes them. */
function invoiceTags(invoices: NonNullable<PaymentPrintData['invoices']>) {
  return {
    invoices: invoices.map((x, i) => ({
      index: i + 1,
      form: text(x.form),
      symbol: text(x.symbol),
      number: text(x.number),
      date: printDate(x.date),
      seller_tax_code: text(x.seller_tax_code),
      total: printAmount(x.total),
    })),
    has_invoices: invoices.length > 0,
  };
}

/**
 * Every text of the paper without the characters XML 1.0 cannot hold. The API refuses them since
 * issue 26 (http/input-guard.ts), but rows written before keep theirs; they are control characters
 * and non-characters nobody sees, so the paper is printed without them rather than refused.
 */
function printable<T>(value: T): T {
  if (typeof value === 'string') return withoutNonXmlCharacters(value) as T;
  if (Array.isArray(value)) return value.map(printable) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, printable(v)])) as T;
  return value;
}

const upper = (value: string | null | undefined) => text(value).toLocaleUpperCase('vi');

/**
 * The blocks of a request with steps: the requester's, then each step that applies (a skipped one
 * is left out); a step signed by a delegate reads "KT. <step>" over his title (a deputy: his own
 * title, else "PHÓ <step>") or "TUQ. <step>" (over his title when given), with his name under it; an
 * unsigned step (waiting, pending, rejected) keeps its title with a blank date and no name.
 */
export function signatureBlocks(d: PaymentPrintData): PaymentSignature[] {
  const requester = {
    date: `Ngày ${printDay(d.created_at) || BLANK_SIGN_DATE}`,
    title: 'NGƯỜI ĐỀ NGHỊ',
    title2: '',
    name: text(d.requester_name),
  };
  const steps = (d.steps ?? [])
    .filter((s) => s.status !== 'skipped')
    .map((s): PaymentSignature => {
      if (s.status !== 'accepted')
        return { date: `Ngày ${BLANK_SIGN_DATE}`, title: upper(s.name), title2: '', name: '' };
      const date = `Ngày ${printDay(s.decided_at) || BLANK_SIGN_DATE}`;
      const name = text(s.decided_by_name);
      if (!s.on_behalf_of) return { date, title: upper(s.name), title2: '', name };
      if (s.delegation_kind === 'deputy')
        return {
          date,
          title: `KT. ${upper(s.name)}`,
          title2: upper(s.delegate_title) || `PHÓ ${upper(s.name)}`,
          name,
        };
      return { date, title: `TUQ. ${upper(s.name)}`, title2: upper(s.delegate_title), name };
    });
  return [requester, ...steps];
}

function signatureTags(d: PaymentPrintData) {
  const has_steps = (d.steps ?? []).length > 0;
  const signatures = has_steps ? signatureBlocks(d) : [];
  const signature_rows: PaymentSignatureRow[] = [];
  for (let i = 0; i < signatures.length; i += 4) {
    const at = (k: number) => (signatures[i + k] ? [signatures[i + k]!] : []);
    signature_rows.push({ c1: at(0), c2: at(1), c3: at(2), c4: at(3) });
  }
  return { has_steps, signatures, signature_rows };
}

/** The formatted values for the template's tags (see PaymentTemplateData). */
export function paymentTemplateData(d: PaymentPrintData): PaymentTemplateData {
  const date = printDate(d.date);
  const [day = '', month = '', year = ''] = date.split('/');
  const approved = d.approval_status === 'A';
  return printable({
    company_name: text(d.company.name),
    company_address: text(d.company.address),
    company_tax_code: text(d.company.tax_code),
    code: d.code,
    requirement_no: String(d.requirement_no),
    date,
    date_day: day,
    date_month: month,
    date_year: year,
    department_name: text(d.department_name),
    requester_name: text(d.requester_name),
    construction: codeAndName(d.construction_code, d.construction_name),
    construction_code: text(d.construction_code),
    construction_name: text(d.construction_name),
    contract_no: text(d.contract_no),
    contract_signed_date: printDate(d.contract_signed_date),
    constructor: codeAndName(d.constructor_code, d.constructor_name),
    constructor_code: text(d.constructor_code),
    constructor_name: text(d.constructor_name),
    beneficiary_name: text(d.beneficiary_name),
    bank_name: text(d.bank_name),
    account_number: text(d.account_number),
    payment_type_name: text(d.payment_type_name),
    transaction_type_name: text(d.transaction_type_name),
    contract_value: printAmount(d.contract_value),
    paid_before: printAmount(d.paid_before),
    amount: printAmount(d.amount),
    invoice_amount: printAmount(d.invoice_amount),
    guarantee_amount: printAmount(d.guarantee_amount),
    penalty_amount: printAmount(d.penalty_amount),
    advance_recovery: printAmount(d.advance_recovery),
    amount_in_words: amountToVietnameseWords(d.amount),
    note: d.note,
    documents: d.documents.map((doc, i) => ({
      index: i + 1,
      name: doc.name,
      type_label: documentTypeLabels[doc.type] ?? doc.type,
      quantity: doc.quantity,
      attached_mark: doc.attached ? '✓' : '',
    })),
    ...invoiceTags(d.invoices ?? []),
    requester_sign_date: printDay(d.created_at) || BLANK_SIGN_DATE,
    head_of_department_name: text(d.head_of_department_name),
    head_of_department_sign_date: BLANK_SIGN_DATE,
    chief_accountant_name: text(d.chief_accountant_name),
    chief_accountant_sign_date: BLANK_SIGN_DATE,
    approver_name: approved ? text(d.approver_name) : '',
    approver_sign_date: (approved && printDay(d.approved_at)) || BLANK_SIGN_DATE,
    ...signatureTags(d),
    approved,
    paid: d.payment_status === 'P',
    ...vietQrTags(d),
  });
}

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * The download's name, "<request number>-<contract no>-<instalment>.docx"
 * ("YCTT-2026-000123-HĐ 12-2024-3.docx"), with the characters a file name cannot hold on Windows (a
 * contract no. is often "12/2024/HĐXD") turned into dashes.
 */
export const paymentPrintFileName = (
  d: Pick<PaymentPrintData, 'code' | 'contract_no' | 'requirement_no'>,
): string => {
  const parts = [text(d.code) || 'YCTT', text(d.contract_no), String(d.requirement_no)].filter(Boolean);
  return `${parts.join('-').replace(/[\\/:*?"<>|]/g, '-')}.docx`;
};

type TemplateErrorDetail = { explanation?: string; id?: string; file?: string };
type DocxtemplaterError = Error & { properties?: TemplateErrorDetail & { errors?: DocxtemplaterError[] } };

const MAX_LISTED = 5;

const listed = (faults: string[]): string =>
  faults.length > MAX_LISTED
    ? `${faults.slice(0, MAX_LISTED).join('; ')}; and ${faults.length - MAX_LISTED} more`
    : faults.join('; ');

/** docxtemplater's errors, which carry `properties`, as a 422 naming each fault; others go on as 500s. */
function templateError(error: unknown): unknown {
  const e = error as DocxtemplaterError;
  if (!(e instanceof Error) || !e.properties) return error;
  const faults = (e.properties.errors ?? [e]).map((fault) => {
    const where = fault.properties?.file && fault.properties.file !== 'word/document.xml';
    const what = fault.properties?.explanation ?? fault.message;
    return where ? `${fault.properties?.file}: ${what}` : what;
  });
  return unprocessable(`the template cannot be used: ${listed(faults)}`, 'template_unusable', {
    detail: listed(faults),
  });
}

/**
 * A template's XML parts must be well-formed before it is filled: docxtemplater checks its tags,
 * not the XML around them, and a broken part gives a file Word refuses to open. The company's
 * template is at fault, so this is its 422, not our 500.
 */
function checkTemplateXml(zip: PizZip): void {
  const fault = packageFault(zip);
  if (fault)
    throw unprocessable(
      `the template cannot be used: ${fault.part} is not well-formed XML: ${fault.fault}`,
      'template_unusable',
      { detail: `${fault.part}: ${fault.fault}` },
    );
}

/**
 * A printed file that is not well-formed XML although its template was: our bug (a value the
 * escaping let through), never served. sendPaymentDocument logs it with the request and answers 500.
 */
export class MalformedDocumentError extends Error {
  constructor(
    readonly part: string,
    readonly fault: string,
  ) {
    super(`the printed document is not well-formed XML: ${part}: ${fault}`);
  }
}

/**
 * The template's parts, inflated by the archive guard (files/archive-guard.ts: limits declared and
 * inflated, a hard cap on each part) and handed to PizZip already inflated: a template stored
 * before the upload checked archives, or placed on the drive, is checked here before it is read.
 */
function templateZip(Zip: typeof PizZip, template: Buffer): PizZip {
  let entries: Map<string, Buffer>;
  try {
    entries = openArchive(template);
  } catch (error) {
    if (error instanceof ArchiveError && error.reason === 'archive_too_large')
      throw unprocessable(`the template cannot be used: ${error.message}`, 'template_too_large', {
        max_mb: ARCHIVE_LIMITS.maxTotalBytes / 1024 / 1024,
        ratio: ARCHIVE_LIMITS.maxRatio,
        entries: ARCHIVE_LIMITS.maxEntries,
      });
    throw notDocx();
  }
  const zip = new Zip();
  for (const [name, bytes] of entries)
    if (name.endsWith('/')) zip.folder(name.slice(0, -1));
    else zip.file(name, bytes, { binary: true });
  return zip;
}

const notDocx = () =>
  unprocessable('the template cannot be used: it is not a Word document (.docx)', 'template_not_docx');

/** docxtemplater and PizZip, loaded on the first print (a few MB a server that never prints need not hold). */
const loadDocxtemplater = lazyPackage<typeof Docxtemplater>(() => import('docxtemplater'));
const loadPizZip = lazyPackage<typeof PizZip>(() => import('pizzip'));

/**
 * Fills a Word template with a payment request. Every tag must be one of PaymentTemplateData's:
 * an unknown tag (a typo, or a field that is not printed, such as the internal note) is refused
 * with a 422 naming it rather than printed blank on a document someone signs.
 */
export async function renderPaymentDocx(template: Buffer, d: PaymentPrintData): Promise<Buffer> {
  const [Docxtemplater, PizZip] = await Promise.all([loadDocxtemplater(), loadPizZip()]);
  const data = paymentTemplateData(d);
  const zip = templateZip(PizZip, template);
  checkTemplateXml(zip);
  const unknownTags = new Set<string>();
  let doc: Docxtemplater<PizZip>;
  try {
    doc = new Docxtemplater(zip, {
      paragraphLoop: true,
      linebreaks: true,
      errorLogging: false,
      nullGetter: (part) => {
        unknownTags.add(part.value);
        return '';
      },
    });
    doc.render(data);
  } catch (error) {
    throw templateError(error);
  }
  if (unknownTags.size > 0) {
    const names = [...unknownTags].map((tag) => `{${tag}}`);
    throw unprocessable(
      `the template cannot be used: unknown tag ${listed(names)}`,
      'template_unknown_tags',
      {
        tags: listed(names),
      },
    );
  }
  const out = doc.getZip();
  // the picture's parts, when the template placed it ({@vietqr_image} in the body)
  if (
    d.vietqr &&
    'payload' in d.vietqr &&
    out.file('word/document.xml')?.asText().includes(VIETQR_PICTURE.relId)
  ) {
    const picture: DocxPicture = { ...VIETQR_PICTURE, png: await vietQrPng(d.vietqr.payload) };
    addPictureParts(out, [picture]);
  }
  const docx = out.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
  // the file as it will be served, read back part by part
  const fault = packageFault(new PizZip(docx));
  if (fault) throw new MalformedDocumentError(fault.part, fault.fault);
  return docx;
}

const TEMPLATE_VERSION = /^[a-z0-9_-]{1,20}$/i;

/** The built-in template of a version ("v1" → server/templates/payment-v1.docx), or null when none. */
export async function builtInTemplate(version: string): Promise<Buffer | null> {
  if (!TEMPLATE_VERSION.test(version)) return null;
  try {
    return await readFile(path.join(templatesDir, `payment-${version.toLowerCase()}.docx`));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
