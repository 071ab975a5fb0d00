/**
 * The texts of SitePay's mails: Vietnamese first, then one English line. Amounts as the printed
 * request writes them ("1.250.000 đồng"), dates DD/MM/YYYY. Each function answers the subject,
 * the plain text and the same content as HTML (every value escaped).
 */
import { formatDate } from '@sitepay/domain/date-format';
import { formatAmount } from '@sitepay/domain/number-format';
import { printAmount } from '../payment/payment-print.ts';

export type MailContent = { subject: string; text: string; html: string };

/** A line of text, or a labelled value shown as "Label: value" (left out when the value is blank). */
type Line = string | [label: string, value: string | number | null | undefined];

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const FOOTER = 'SitePay – thư gửi tự động, vui lòng không trả lời thư này.';

function compose(subject: string, greeting: string, lines: Line[], english: string): MailContent {
  const shown = lines.filter(
    (l) => typeof l === 'string' || (l[1] !== null && l[1] !== undefined && l[1] !== ''),
  );
  const asText = (l: Line) => (typeof l === 'string' ? l : `- ${l[0]}: ${l[1]}`);
  const text = [greeting, '', ...shown.map(asText), '', english, '', '--', FOOTER].join('\n');
  const paragraphs: string[] = [];
  let rows: string[] = [];
  const flush = () => {
    if (rows.length)
      paragraphs.push(`<table cellpadding="4" style="border-collapse:collapse">${rows.join('')}</table>`);
    rows = [];
  };
  for (const l of shown) {
    if (typeof l === 'string') {
      flush();
      paragraphs.push(`<p>${escapeHtml(l)}</p>`);
    } else {
      rows.push(
        `<tr><td style="color:#666">${escapeHtml(l[0])}</td><td><b>${escapeHtml(String(l[1]))}</b></td></tr>`,
      );
    }
  }
  flush();
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs,
    `<p style="color:#666">${escapeHtml(english)}</p>`,
    `<hr><p style="color:#999;font-size:12px">${escapeHtml(FOOTER)}</p>`,
  ].join('\n');
  return { subject, text, html };
}

const dong = (amount: string | null | undefined) => (amount ? `${printAmount(amount)} đồng` : null);
const vnd = (amount: string | null | undefined) => (amount ? `${formatAmount(amount)} VND` : '');
const day = (iso: string | null | undefined) => (iso ? formatDate(iso, 'vi') : null);
const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' – ') || null;
const hello = (name: string | null | undefined) => `Kính gửi ${name?.trim() || 'anh/chị'},`;

// ---------------------------------------------------------------- users

/**
 * PATCH /admin/user/reset/{id}: that the password was reset and how to sign in — never the password
 * itself, which the administrator hands over in person or by phone (docs/adr/0008-passwords-as-a-bank-keeps-them.md).
 */
export function resetPasswordMail(user: { user_name: string; full_name?: string | null }): MailContent {
  return compose(
    '[SitePay] Mật khẩu của bạn đã được đặt lại',
    hello(user.full_name ?? user.user_name),
    [
      'Quản trị viên đã đặt lại mật khẩu đăng nhập SitePay của bạn.',
      ['Tên đăng nhập', user.user_name],
      'Mật khẩu tạm thời do quản trị viên trao trực tiếp cho bạn, không gửi qua thư. Khi đăng nhập bằng mật khẩu đó, SitePay yêu cầu bạn đặt mật khẩu mới ngay.',
      'Nếu bạn không yêu cầu đặt lại mật khẩu, hãy báo ngay cho quản trị viên.',
    ],
    `Your SitePay password was reset by an administrator. Sign in as ${user.user_name} with the temporary password the administrator gives you in person (it is never mailed); you will be asked to choose a new password at once. If you did not ask for this, tell your administrator.`,
  );
}

// ---------------------------------------------------------------- payment requests

/** The fields of a payment request (the API's record) the mails show. */
export type PaymentForMail = {
  id: number;
  /** The request's own number, YCTT-<year>-<6 digits>. */
  code?: string | null;
  requirement_no: number | null;
  contract_no?: string | null;
  construction_code?: string | null;
  construction_name?: string | null;
  constructor_code?: string | null;
  constructor_name?: string | null;
  amount: string;
  date?: string | null;
  note?: string | null;
  user_name?: string | null;
  user_full_name?: string | null;
};

const summary = (p: PaymentForMail): Line[] => [
  ['Số YCTT', p.code],
  ['Công trình', joined(p.construction_code, p.construction_name)],
  ['Hợp đồng', p.contract_no],
  ['Nhà thầu', joined(p.constructor_code, p.constructor_name)],
  ['Lần thanh toán', p.requirement_no],
  ['Số tiền', dong(p.amount)],
  ['Ngày thanh toán', day(p.date)],
  ['Nội dung', p.note],
];

const title = (p: PaymentForMail) =>
  [p.code, p.contract_no ? `HĐ ${p.contract_no}` : null, p.requirement_no ? `lần ${p.requirement_no}` : null]
    .filter(Boolean)
    .join(', ');
const titleEn = (p: PaymentForMail) =>
  `${p.code ? `${p.code}, ` : ''}contract ${p.contract_no ?? '—'}, instalment ${p.requirement_no ?? '—'}, ${vnd(p.amount)}`;

/** Sent for approval: to each approver. */
export function paymentSentMail(
  p: PaymentForMail,
  to: { full_name: string | null },
  by: string,
): MailContent {
  return compose(
    `[SitePay] Yêu cầu thanh toán chờ duyệt: ${title(p)} – ${dong(p.amount)}`,
    hello(to.full_name),
    [
      `${by} đã gửi yêu cầu thanh toán sau để anh/chị phê duyệt:`,
      ...summary(p),
      ['Người lập', p.user_full_name ?? p.user_name],
      'Vui lòng vào SitePay › Duyệt thanh toán để duyệt hoặc từ chối.',
    ],
    `A payment request awaits your approval: ${titleEn(p)}.`,
  );
}

/**
 * A step accepted, the next one waiting (docs/adr/0084-approval-steps.md): to each decider of the
 * step the request now waits on.
 */
export function paymentStepMail(
  p: PaymentForMail,
  to: { full_name: string | null },
  by: string,
  steps: { decided: string | null; current: string | null },
): MailContent {
  return compose(
    `[SitePay] Yêu cầu thanh toán chờ duyệt: ${title(p)} – ${dong(p.amount)}`,
    hello(to.full_name),
    [
      `${by} đã duyệt bước “${steps.decided ?? '—'}”; yêu cầu thanh toán sau chờ anh/chị duyệt ở bước “${steps.current ?? '—'}”:`,
      ...summary(p),
      ['Người lập', p.user_full_name ?? p.user_name],
      'Vui lòng vào SitePay › Duyệt thanh toán để duyệt hoặc từ chối.',
    ],
    `A payment request awaits your approval at the step "${steps.current ?? '—'}": ${titleEn(p)}.`,
  );
}

/** Recalled by its sender before any decision: to each approver, whose queue it left. */
export function paymentRecalledMail(
  p: PaymentForMail,
  to: { full_name: string | null },
  by: string,
): MailContent {
  return compose(
    `[SitePay] Yêu cầu thanh toán đã được thu hồi: ${title(p)} – ${dong(p.amount)}`,
    hello(to.full_name),
    [
      `${by} đã thu hồi yêu cầu thanh toán sau trước khi được duyệt; yêu cầu không còn chờ anh/chị duyệt:`,
      ...summary(p),
      'Yêu cầu sẽ đến lại anh/chị nếu được gửi duyệt lần nữa.',
    ],
    `A payment request was recalled by its sender and no longer awaits your approval: ${titleEn(p)}.`,
  );
}

/** A comment mentioned the recipient (`@user_name`): to him, with the comment and the request. */
export function paymentCommentMail(
  p: PaymentForMail,
  to: { full_name: string | null },
  by: string,
  text: string,
): MailContent {
  return compose(
    `[SitePay] ${by} nhắc đến anh/chị trong trao đổi về yêu cầu thanh toán: ${title(p)}`,
    hello(to.full_name),
    [
      `${by} đã nhắc đến anh/chị trong phần trao đổi của yêu cầu thanh toán sau:`,
      ['Nội dung trao đổi', text],
      ...summary(p),
      'Vui lòng vào SitePay, mở yêu cầu thanh toán để xem và trả lời.',
    ],
    `${by} mentioned you in the discussion of a payment request: ${titleEn(p)}.`,
  );
}

/** Accepted or rejected: to the creator, with the approver's note or reason. */
export function paymentDecidedMail(
  p: PaymentForMail,
  to: { full_name: string | null },
  decision: 'accept' | 'reject',
  by: string,
  note: string | null | undefined,
): MailContent {
  const accepted = decision === 'accept';
  return compose(
    accepted
      ? `[SitePay] Yêu cầu thanh toán đã được duyệt: ${title(p)}`
      : `[SitePay] Yêu cầu thanh toán bị từ chối: ${title(p)}`,
    hello(to.full_name),
    [
      accepted
        ? `${by} đã duyệt yêu cầu thanh toán của anh/chị.`
        : `${by} đã từ chối yêu cầu thanh toán của anh/chị.`,
      [accepted ? 'Ghi chú' : 'Lý do từ chối', note?.trim() || null],
      ...summary(p),
      accepted ? 'Yêu cầu đang chờ chi tiền.' : 'Anh/chị có thể sửa yêu cầu và gửi duyệt lại.',
    ],
    accepted
      ? `Your payment request was approved: ${titleEn(p)}.`
      : `Your payment request was rejected: ${titleEn(p)}. Reason: ${note?.trim() ?? ''}`,
  );
}

/** Confirmed paid: to the creator. */
export function paymentPaidMail(
  p: PaymentForMail,
  to: { full_name: string | null },
  by: string,
): MailContent {
  return compose(
    `[SitePay] Yêu cầu thanh toán đã được chi: ${title(p)}`,
    hello(to.full_name),
    [`${by} đã xác nhận chi tiền cho yêu cầu thanh toán của anh/chị.`, ...summary(p)],
    `Your payment request was paid: ${titleEn(p)}.`,
  );
}

/** The test mail of an e-mail configuration (POST /admin/email-config/test/{id}). */
export function testMail(config: { host: string; port: number; from: string }, by: string): MailContent {
  return compose(
    '[SitePay] Thư kiểm tra cấu hình email',
    'Xin chào,',
    [
      `Đây là thư kiểm tra do ${by} gửi từ SitePay. Nếu anh/chị nhận được thư này, cấu hình email hoạt động.`,
      ['Máy chủ SMTP', `${config.host}:${config.port}`],
      ['Người gửi', config.from],
    ],
    'This is a test mail from SitePay: the e-mail configuration works.',
  );
}

// ---------------------------------------------------------------- approval reminders

/** A request waiting on one step, as a reminder lists it (docs/adr/0087-approval-reminders.md). */
export type WaitingRequest = {
  code: string;
  construction: string | null;
  contract_no: string | null;
  constructor: string | null;
  amount: string;
  /** The waiting step's name. */
  step: string;
  /** Working days it has waited. */
  waited: number;
  /** Who decides that step (escalations name them). */
  deciders: string[];
};

const waitingLine = (r: WaitingRequest, who: boolean) =>
  [
    r.code,
    r.construction,
    r.contract_no ? `HĐ ${r.contract_no}` : null,
    r.constructor,
    dong(r.amount),
    `bước “${r.step}” chờ ${r.waited} ngày làm việc`,
    who && r.deciders.length ? `người duyệt: ${r.deciders.join(', ')}` : null,
  ]
    .filter(Boolean)
    .join(' – ');

/**
 * The morning's reminder to one person: the requests whose step he decides and that waited longer
 * than the company allows, and those waiting twice that long on a step before his (or, for an
 * administrator, on any last step) that he is told of.
 */
export function approvalReminderMail(
  to: { full_name: string | null },
  mine: WaitingRequest[],
  told: WaitingRequest[],
): MailContent {
  const total = (list: WaitingRequest[]) =>
    dong(String(list.reduce((sum, r) => sum + BigInt(r.amount.split('.')[0] ?? '0'), 0n)));
  const subject = mine.length
    ? `[SitePay] Nhắc duyệt: ${mine.length} yêu cầu thanh toán đang chờ anh/chị${told.length ? `, ${told.length} yêu cầu chậm duyệt` : ''}`
    : `[SitePay] Yêu cầu thanh toán chậm duyệt: ${told.length} yêu cầu`;
  const lines: string[] = [];
  if (mine.length)
    lines.push(
      `Các yêu cầu thanh toán sau đang chờ anh/chị duyệt quá thời hạn (tổng ${total(mine)}):`,
      ...mine.map((r) => `• ${waitingLine(r, false)}`),
    );
  if (told.length)
    lines.push(
      'Các yêu cầu sau đã chờ duyệt quá gấp đôi thời hạn; anh/chị được báo để đôn đốc:',
      ...told.map((r) => `• ${waitingLine(r, true)}`),
    );
  lines.push('Vui lòng vào SitePay › Duyệt thanh toán để duyệt hoặc từ chối.');
  const english = [
    mine.length ? `${mine.length} payment request(s) have waited for your approval longer than allowed.` : '',
    told.length ? `${told.length} request(s) have waited twice as long on another person's step.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return compose(subject, hello(to.full_name), lines, english);
}

/** A bank guarantee in the morning's list of those expiring (docs/adr/0095-bank-guarantees-checked.md). */
export type ExpiringGuarantee = {
  kind: string;
  guarantee_no: string;
  bank_name: string | null;
  amount: string;
  expiry_date: string;
  contract_no: string | null;
  constructor: string | null;
};

const guaranteeKindWords: Record<string, string> = {
  advance: 'Bảo lãnh tạm ứng',
  performance: 'Bảo lãnh thực hiện hợp đồng',
  warranty: 'Bảo lãnh bảo hành',
};

/** The morning's list of the bank guarantees that expire within 30 days, to one person. */
export function guaranteeExpiryMail(
  to: { full_name: string | null },
  list: ExpiringGuarantee[],
): MailContent {
  const subject = `[SitePay] ${list.length} bảo lãnh ngân hàng hết hạn trong 30 ngày tới`;
  const lines: string[] = [
    'Các bảo lãnh ngân hàng sau sắp hết hạn; vui lòng đề nghị nhà thầu gia hạn hoặc thay thế:',
    ...list.map(
      (g) =>
        `• ${joined(
          `${guaranteeKindWords[g.kind] ?? g.kind} số ${g.guarantee_no}`,
          g.bank_name,
          dong(g.amount),
          `hết hạn ${day(g.expiry_date)}`,
          g.contract_no ? `hợp đồng ${g.contract_no}` : null,
          g.constructor,
        )}`,
    ),
    'Xem tại SitePay › Hợp đồng, mục Bảo lãnh ngân hàng.',
  ];
  return compose(
    subject,
    hello(to.full_name),
    lines,
    `${list.length} bank guarantee(s) expire within 30 days.`,
  );
}
