/**
 * Support tickets (docs/receivables.md): kept in SitePay, created by hand or brought in from a
 * Zendesk export (an imported one keeps its Zendesk id). A special record: its fields are described
 * here; its rules and the import stay in `receivables.schema.ts` and the receivables module.
 */
import { defineEntity } from '../entity.ts';

export const ticketStates = ['new', 'open', 'pending', 'solved', 'closed'] as const;
export const ticketPriorities = ['low', 'normal', 'high', 'urgent'] as const;

export const ticket = defineEntity({
  name: 'ticket',
  api: 'manage/zendesk',
  route: '/manage/ticket',
  one: { vi: 'Yêu cầu hỗ trợ', en: 'Support ticket' },
  many: { vi: 'Yêu cầu hỗ trợ', en: 'Support tickets' },
  title: 'subject',
  defaultSort: { by: 'updated_at', desc: true },
  paths: { paging: 'list/paging' },
  fields: {
    subject: {
      type: 'text',
      max: 500,
      required: true,
      label: { vi: 'Tiêu đề', en: 'Subject' },
      wide: true,
    },
    requester_name: {
      type: 'text',
      max: 255,
      required: true,
      label: { vi: 'Người yêu cầu', en: 'Requester' },
    },
    requester_email: { type: 'email', label: { vi: 'Email người yêu cầu', en: "Requester's email" } },
    state: {
      type: 'choice',
      choices: ticketStates,
      defaulted: true,
      labels: {
        new: { vi: 'Mới', en: 'New' },
        open: { vi: 'Đang xử lý', en: 'Open' },
        pending: { vi: 'Chờ phản hồi', en: 'Pending' },
        solved: { vi: 'Đã giải quyết', en: 'Solved' },
        closed: { vi: 'Đã đóng', en: 'Closed' },
      },
      label: { vi: 'Tình trạng', en: 'State' },
    },
    priority: {
      type: 'choice',
      choices: ticketPriorities,
      defaulted: true,
      labels: {
        low: { vi: 'Thấp', en: 'Low' },
        normal: { vi: 'Bình thường', en: 'Normal' },
        high: { vi: 'Cao', en: 'High' },
        urgent: { vi: 'Khẩn cấp', en: 'Urgent' },
      },
      label: { vi: 'Mức ưu tiên', en: 'Priority' },
    },
    company_id: {
      type: 'reference',
      to: 'company',
      display: 'company_name',
      picker: 'account/company/list',
      label: { vi: 'Công ty', en: 'Company' },
      hint: {
        vi: 'Công ty sở hữu; để trống: công ty của bạn.',
        en: 'The owning company; left empty: yours.',
      },
    },
    description: {
      type: 'textarea',
      max: 20000,
      label: { vi: 'Nội dung', en: 'Description' },
      wide: true,
    },
    // an imported ticket's id in Zendesk
    external_id: {
      type: 'text',
      output: true,
      label: { vi: 'Mã Zendesk', en: 'Zendesk id' },
      column: { vi: 'Zendesk', en: 'Zendesk' },
    },
    opened_at: { type: 'date', output: true, label: { vi: 'Ngày mở', en: 'Opened' } },
  },
});
