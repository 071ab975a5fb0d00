/**
 * Document attachments (chứng từ kèm theo): the papers a payment request of a transaction type must
 * carry — those of no type are asked of every request —, ticked on the request and printed.
 */
import { defineSetting } from './setting.ts';

export const documentAttachmentTypes = ['original', 'copy'] as const;

/**
 * What a request missing the document may still do: `none` nothing is said, `warn` the approver sees
 * it missing, `block` the request cannot be sent (docs/adr/0094-required-documents.md).
 */
export const documentRequirements = ['none', 'warn', 'block'] as const;
export type DocumentRequirement = (typeof documentRequirements)[number];

export const documentAttachment = defineSetting({
  name: 'document-attachment',
  icon: 'attach_file',
  one: { vi: 'Chứng từ kèm theo', en: 'document attachment' },
  many: { vi: 'Chứng từ kèm theo', en: 'Document attachments' },
  code: { vi: 'Mã chứng từ', en: 'Code' },
  label: { vi: 'Tên chứng từ', en: 'Name' },
  fields: {
    type: {
      type: 'choice',
      choices: documentAttachmentTypes,
      labels: { original: { vi: 'Bản gốc', en: 'Original' }, copy: { vi: 'Bản sao', en: 'Copy' } },
      required: true,
      label: { vi: 'Loại bản', en: 'Type' },
      list: { width: 110 },
    },
    transaction_type_id: {
      type: 'reference',
      to: 'transaction-type',
      display: 'transaction_type_name',
      label: { vi: 'Loại giao dịch', en: 'Transaction type' },
    },
    quantity: {
      type: 'integer',
      min: 1,
      max: 1000,
      required: true,
      label: { vi: 'Số lượng', en: 'Quantity' },
      list: { width: 100, hideBelow: 'md' },
    },
    ordered: {
      type: 'integer',
      min: 0,
      max: 10000,
      required: true,
      label: { vi: 'Thứ tự', en: 'Order' },
    },
    requirement: {
      type: 'choice',
      choices: documentRequirements,
      labels: {
        none: { vi: 'Không bắt buộc', en: 'Not required' },
        warn: { vi: 'Cảnh báo khi thiếu', en: 'Warn when missing' },
        block: { vi: 'Bắt buộc trước khi gửi', en: 'Required before sending' },
      },
      defaulted: true,
      label: { vi: 'Mức bắt buộc', en: 'Requirement' },
      list: { width: 170, hideBelow: 'md' },
    },
  },
});
