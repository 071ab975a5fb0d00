/**
 * The VietQR code of a payment request (NAPAS 247 transfer: domain/src/vietqr.ts): for an accepted,
 * unpaid request, to the account it was sent with (bank, account number copied when it was sent),
 * for its amount, with "YCTT <no> HD <contract no>" as the transfer content. Whoever pays scans it
 * in a banking app instead of typing the account. A paid request has no code any more, so that
 * nobody pays it twice from an old printout on screen.
 */

import { vietQrContent, vietQrPayload, vietQrProblem } from '@sitepay/domain/vietqr';
import { eq } from 'drizzle-orm';
import type QRCodeModule from 'qrcode';
import type { Tx } from '../../db/client.ts';
import { bank } from '../../db/schema.ts';
import { unprocessable } from '../../http/errors.ts';
import type { Row } from '../../http/record-kind.ts';
import { lazyPackage } from '../../lazy-package.ts';

export type PaymentVietQr = {
  payload: string;
  /** The transfer content the payer's app fills in. */
  content: string;
  bin: string;
  bank_name: string | null;
  account_number: string;
  account_holder: string | null;
  /** Whole đồng, as carried in the code. */
  amount: string;
};

/** Refusals a printout explains on paper (the others print nothing: no code is expected yet). */
export const PRINTED_VIETQR_REFUSALS = ['vietqr_no_bin', 'vietqr_account', 'vietqr_amount'] as const;

/** The code of a request read with its display columns (findRecord), or a 422 saying why there is none. */
export async function paymentVietQr(db: Tx, row: Row): Promise<PaymentVietQr> {
  if (row.approval_status !== 'A')
    throw unprocessable('a VietQR code exists only for an accepted request', 'vietqr_not_accepted');
  if (row.payment_status === 'P')
    throw unprocessable('the request is already paid: it has no VietQR code any more', 'vietqr_paid');
  // a code for an account not yet confirmed would pay around the hold
  if (row.payee_hold)
    throw unprocessable(
      'the payee’s account changed: an approver must confirm the new account on the request first',
      'payee_changed',
    );
  const [b] = row.bank_id
    ? await db.select({ bin: bank.bin, name: bank.name }).from(bank).where(eq(bank.id, row.bank_id))
    : [];
  const bankName: string = row.bank_name ?? b?.name ?? '';
  if (!b?.bin)
    throw unprocessable(
      `the bank ${bankName} has no NAPAS BIN in the bank settings: no VietQR code`,
      'vietqr_no_bin',
      { bank: bankName },
    );
  const input = {
    bin: b.bin,
    account: String(row.account_number ?? '').trim(),
    amount: String(row.amount),
    content: vietQrContent(row.code, row.contract_no),
  };
  const problem = vietQrProblem(input);
  if (problem === 'account')
    throw unprocessable(
      `the account number "${input.account}" cannot be carried by a VietQR code`,
      'vietqr_account',
      { account: input.account },
    );
  if (problem === 'amount')
    throw unprocessable(
      `the amount ${input.amount} is not a whole number of đồng a VietQR code can carry`,
      'vietqr_amount',
      { amount: input.amount },
    );
  return {
    payload: vietQrPayload(input),
    content: input.content,
    bin: input.bin,
    bank_name: row.bank_name ?? b.name,
    account_number: input.account,
    account_holder: row.account_holder ?? null,
    amount: input.amount.replace(/\..*$/, ''),
  };
}

/** qrcode, loaded on the first code drawn (an accepted request's view or print). */
const loadQr = lazyPackage<typeof QRCodeModule>(() => import('qrcode'));

// Error correction M survives a crease or a stamp on paper; a 4-module quiet zone is the standard's.
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** The code as a PNG, `width` pixels square (large enough to print sharp at 3.5 cm). */
export const vietQrPng = (payload: string, width = 400): Promise<Buffer> =>
  loadQr().then((QRCode) => QRCode.toBuffer(payload, { ...QR_OPTIONS, type: 'png', width }));

export const vietQrDataUrl = (payload: string, width = 300): Promise<string> =>
  loadQr().then((QRCode) => QRCode.toDataURL(payload, { ...QR_OPTIONS, type: 'image/png', width }));
