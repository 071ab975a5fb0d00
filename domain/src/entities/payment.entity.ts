/**
 * Payment requests (yêu cầu thanh toán, YCTT) against a contract: a special record. Its fields are
 * described here — labels, choices, export columns, what the change history reads — while its rules
 * stay hand-written: the input schema and its money checks (`payment.schema.ts`), the workflow
 * (`payment-workflow.ts`), its own list columns, form and view (docs/product.md#payment-requests).
 */
import { defineEntity, type Words } from '../entity.ts';
import { type ApprovalStatus, approvalStatuses } from '../payment-workflow.ts';

const approvalLabels: Record<ApprovalStatus, Words> = {
  O: { vi: 'Mới tạo', en: 'Created' },
  W: { vi: 'Chờ duyệt', en: 'Waiting' },
  A: { vi: 'Đã duyệt', en: 'Approved' },
  R: { vi: 'Từ chối', en: 'Rejected' },
};

const out = (vi: string, en: string) => ({ type: 'text', output: true, label: { vi, en } }) as const;
const at = (vi: string, en: string) => ({ type: 'datetime', output: true, label: { vi, en } }) as const;

export const payment = defineEntity({
  name: 'payment',
  api: 'payment-transaction',
  route: '/management/payment',
  one: { vi: 'Yêu cầu thanh toán', en: 'Payment request' },
  many: { vi: 'Yêu cầu thanh toán', en: 'Payment requests' },
  title: 'requirement_no',
  defaultSort: { by: 'created_at', desc: true },
  fields: {
    // its own number, given by the server at creation: sequential per company and year
    code: {
      type: 'text',
      output: true,
      label: { vi: 'Số YCTT', en: 'Request code' },
      sort: true,
      export: 18,
    },
    // the next in its contract, given by the server
    requirement_no: {
      type: 'integer',
      min: 1,
      max: 2147483647,
      output: true,
      label: { vi: 'Đợt', en: 'Instalment' },
      column: { vi: 'Đợt', en: 'Instalment' },
      export: 9,
    },
    contract_id: {
      type: 'reference',
      to: 'contract',
      required: true,
      display: 'contract_no',
      displayLabel: { vi: 'Số hợp đồng', en: 'Contract no.' },
      label: { vi: 'Hợp đồng', en: 'Contract' },
      column: { vi: 'Hợp đồng', en: 'Contract' },
      export: 18,
    },
    construction_code: { ...out('Mã công trình', 'Construction code'), export: 12 },
    construction_id: {
      type: 'reference',
      to: 'construction',
      output: true,
      display: 'construction_name',
      label: { vi: 'Công trình', en: 'Construction' },
      export: 30,
    },
    constructor_code: { ...out('Mã nhà thầu', 'Contractor code'), export: 12 },
    constructor_id: {
      type: 'reference',
      to: 'constructor',
      output: true,
      display: 'constructor_name',
      label: { vi: 'Nhà thầu', en: 'Contractor' },
      export: 30,
    },
    beneficiary_id: {
      type: 'reference',
      to: 'beneficiary',
      output: true,
      display: 'beneficiary_name',
      label: { vi: 'Đơn vị thụ hưởng', en: 'Beneficiary' },
    },
    company_name: out('Công ty', 'Company'),
    contract_value: { type: 'money', output: true, label: { vi: 'Giá trị hợp đồng', en: 'Contract value' } },
    contract_amount_vat: {
      type: 'money',
      output: true,
      label: { vi: 'Giá trị hợp đồng sau thuế', en: 'Contract amount incl. VAT' },
    },
    // a payment type by its code (TU, TD, QT, BH: payment.schema.ts)
    payment_code: {
      type: 'text',
      max: 50,
      required: true,
      label: { vi: 'Loại thanh toán', en: 'Payment type' },
    },
    payment_type_name: { ...out('Loại thanh toán', 'Payment type'), export: 20 },
    transaction_type_id: {
      type: 'reference',
      to: 'transaction-type',
      required: true,
      display: 'transaction_type_name',
      label: { vi: 'Loại giao dịch', en: 'Transaction type' },
      export: 22,
    },
    // the transaction type's debt age when the request was written
    pay_date: {
      type: 'integer',
      min: 0,
      max: 3650,
      output: true,
      label: { vi: 'Tuổi nợ (ngày)', en: 'Debt age (days)' },
    },
    date: {
      type: 'date',
      required: true,
      label: { vi: 'Ngày thanh toán', en: 'Payment date' },
      column: { vi: 'Ngày TT', en: 'Pay date' },
      export: 12,
    },
    due_date: { type: 'date', output: true, label: { vi: 'Hạn thanh toán', en: 'Due date' }, export: 12 },
    amount: {
      type: 'money',
      required: true,
      label: { vi: 'Số tiền đề nghị', en: 'Amount requested' },
      column: { vi: 'Số tiền', en: 'Amount' },
      export: 17,
    },
    paid_amount: { type: 'money', output: true, label: { vi: 'Đã chi', en: 'Paid' }, export: 17 },
    invoice_amount: { type: 'money', label: { vi: 'Giá trị hóa đơn', en: 'Invoice amount' }, export: 17 },
    settlement_amount: { type: 'money', label: { vi: 'Giá trị quyết toán', en: 'Settlement amount' } },
    // SPEC's name; the warranty retention this request shows (printed as "Giá trị giữ lại bảo hành")
    guarantee_amount: {
      type: 'money',
      label: { vi: 'Giữ lại bảo hành', en: 'Warranty retention' },
      export: 15,
    },
    penalty_amount: { type: 'money', label: { vi: 'Tiền phạt', en: 'Penalty' }, export: 14 },
    advance_recovery: { type: 'money', label: { vi: 'Thu hồi tạm ứng', en: 'Advance recovery' }, export: 15 },
    approval_status: {
      type: 'choice',
      choices: approvalStatuses,
      labels: approvalLabels,
      output: true,
      label: { vi: 'Trạng thái duyệt', en: 'Approval' },
      column: { vi: 'Duyệt', en: 'Approval' },
      export: 13,
    },
    payment_status: {
      type: 'choice',
      choices: ['O', 'P'],
      labels: { O: { vi: 'Chưa thanh toán', en: 'Unpaid' }, P: { vi: 'Đã thanh toán', en: 'Paid' } },
      output: true,
      label: { vi: 'Thanh toán', en: 'Payment' },
      column: { vi: 'Thanh toán', en: 'Payment' },
      export: 15,
    },
    overdue: { type: 'boolean', output: true, label: { vi: 'Quá hạn', en: 'Overdue' }, export: 9 },
    note: {
      type: 'textarea',
      max: 2000,
      required: true,
      label: { vi: 'Nội dung thanh toán', en: 'Payment content' },
      wide: true,
      export: 44,
    },
    internal_note: {
      type: 'textarea',
      max: 2000,
      label: { vi: 'Ghi chú nội bộ', en: 'Internal note' },
      wide: true,
    },
    isPriority: { type: 'boolean', label: { vi: 'Ưu tiên', en: 'Priority' } },
    department_id: {
      type: 'reference',
      to: 'department',
      alias: 'department',
      display: 'department_name',
      picker: 'account/department/list',
      label: { vi: 'Phòng ban', en: 'Department' },
      export: 18,
    },
    director_id: {
      type: 'reference',
      to: 'user',
      alias: 'director',
      display: 'director_name',
      picker: 'admin/user/list/all',
      label: { vi: 'Thủ trưởng đơn vị', en: 'Head of unit' },
    },
    user_id: {
      type: 'reference',
      to: 'user',
      output: true,
      display: 'user_name',
      label: { vi: 'Người tạo', en: 'Created by' },
    },
    user_full_name: { ...out('Người tạo', 'Created by'), export: 20 },
    // the document checklist entries ticked as attached; the form shows them as its checklist
    attached_documents: {
      type: 'references',
      to: 'document-attachment',
      max: 100,
      form: false,
      label: { vi: 'Hồ sơ đính kèm', en: 'Attached documents' },
    },
    template: out('Mẫu in', 'Print template'),
    // the account it pays to, copied from the contract's payee when it is sent
    bank_id: {
      type: 'reference',
      to: 'bank',
      output: true,
      display: 'bank_name',
      label: { vi: 'Ngân hàng', en: 'Bank' },
      export: 24,
    },
    account_number: { ...out('Số tài khoản', 'Account number'), export: 18 },
    account_holder: out('Chủ tài khoản', 'Account holder'),
    holder_mismatch: {
      type: 'boolean',
      output: true,
      label: { vi: 'Chủ tài khoản khác tên nhà thầu', en: 'Holder differs from the contractor' },
    },
    payee_hold: {
      type: 'boolean',
      output: true,
      label: { vi: 'Chờ xác nhận tài khoản', en: 'Account awaiting confirmation' },
    },
    payee_changed_at: at('Ngày đổi tài khoản', 'Account changed on'),
    payee_changed_by: out('Người đổi tài khoản', 'Account changed by'),
    payee_previous_bank: out('Ngân hàng trước đó', 'Previous bank'),
    payee_previous_account: out('Số tài khoản trước đó', 'Previous account number'),
    payee_previous_holder: out('Chủ tài khoản trước đó', 'Previous account holder'),
    payee_confirmed_at: at('Ngày xác nhận tài khoản', 'Account confirmed on'),
    payee_confirmed_by: out('Người xác nhận tài khoản', 'Account confirmed by'),
    sent_at: at('Ngày gửi duyệt', 'Sent for approval'),
    // the export says who approved it and when, when it was paid and to which account
    decided_by: out('Tên đăng nhập người duyệt', 'Decided by (login)'),
    // people by the full name, as the screens show them
    decided_by_name: { ...out('Người duyệt', 'Decided by'), export: 16 },
    decided_at: { ...at('Ngày duyệt', 'Decided on'), export: 17 },
    decision_note: out('Ý kiến người duyệt', "Approver's note"),
    paid_at: { ...at('Ngày xác nhận chi', 'Paid on'), export: 17 },
    paid_by: out('Người xác nhận chi', 'Payment confirmed by'),
  },
});
