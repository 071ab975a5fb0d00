import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import { ApiError, blanksToNull, DURATION, describeError, describeSuccess } from './error-catalogue.ts';
import { testT } from './test-i18n.ts';

let vi: TFunction;
let en: TFunction;
beforeAll(async () => {
  vi = await testT('vi');
  en = await testT('en');
});

describe('the error catalogue (SPEC §8)', () => {
  test('a 400 lists each field once, with its first message, in the active language', () => {
    const error = new ApiError(400, 'bad_request', 'invalid input', [
      { field: 'code', message: 'required' },
      { field: 'code', message: 'too_long' },
      { field: 'email', message: 'invalid_email' },
    ]);
    const labels: Record<string, string> = { code: 'Company code', email: 'Email' };
    const notice = describeError(error, en, { fieldLabel: (f) => labels[f] ?? f });
    expect(notice.message).toBe(
      'Bad Request - invalid input\n• Company code: Company code is required\n• Email: Invalid email',
    );
    expect(notice.variant).toBe('error');
    expect(notice.duration).toBe(DURATION.apiNotice);
    const inVietnamese = describeError(error, vi, { fieldLabel: () => 'Mã công ty' }).message;
    expect(inVietnamese).toContain('Mã công ty là thông tin bắt buộc');
    // no English server text in a Vietnamese notice
    expect(inVietnamese.split('\n')[0]).toBe('Bad Request - Dữ liệu chưa hợp lệ');
  });

  test('401 distinguishes a refused login from an expired session', () => {
    expect(describeError(new ApiError(401, 'bad_credentials', ''), en).message).toBe(
      '[Login Failed] - Your user ID or password is incorrect',
    );
    expect(describeError(new ApiError(401, 'invalid_token', ''), en).message).toBe(
      'Session timeout. Please login!',
    );
  });

  test('403 names the path and keeps the server message', () => {
    const notice = describeError(
      new ApiError(403, 'forbidden', 'no right', [], '/api/admin/company/paging'),
      en,
    );
    expect(notice.message).toBe(
      '[Forbidden] - You don’t have permission to access /api/admin/company/paging\nno right',
    );
  });

  test('a stale version asks for F5', () => {
    expect(describeError(new ApiError(409, 'invalid_version', 'x'), en).message).toMatch(/out of date.*F5/);
    expect(describeError(new ApiError(409, 'invalid_version', 'x'), vi).message).toMatch(/F5/);
  });

  test('a database outage (503) says to try again shortly, in both languages, for 30 s', () => {
    const down = new ApiError(503, 'service_unavailable', 'the database is unavailable');
    expect(describeError(down, en)).toEqual({
      message: 'The service is briefly unavailable, please try again in a moment',
      variant: 'error',
      duration: DURATION.serverError,
    });
    expect(describeError(down, vi).message).toBe('Hệ thống tạm thời gián đoạn, vui lòng thử lại sau ít phút');
  });

  test('server errors and lost connections stay 30 s; a 422 shows the server message', () => {
    const internal = describeError(new ApiError(500, 'internal_error', 'secret'), en);
    expect(internal).toEqual({
      message: 'Internal Server Error',
      variant: 'error',
      duration: DURATION.serverError,
    });
    const network = describeError(new ApiError(0, 'network', ''), en);
    expect(network.message).toBe('[Network Error] - Please check your connection.');
    expect(network.duration).toBe(30_000);
    expect(describeError(new ApiError(422, 'unprocessable', 'the construction is closed'), en).message).toBe(
      'the construction is closed',
    );
  });

  test('a refusal with a reason reads in the user’s language, amounts and dates written as on screen', () => {
    const ceiling = new ApiError(422, 'unprocessable', 'the amount exceeds …', [], '', 'ceiling_exceeded', {
      remaining: '1250000.00',
    });
    expect(describeError(ceiling, vi).message).toBe(
      'Số tiền vượt quá mức được thanh toán của hợp đồng: còn 1,250,000 đồng',
    );
    expect(describeError(ceiling, en).message).toBe(
      'The amount exceeds the contract’s payable ceiling: 1,250,000 remain',
    );
    const warranty = new ApiError(422, 'unprocessable', 'x', [], '', 'warranty_not_yet', {
      date: '2027-03-31',
    });
    expect(describeError(warranty, vi).message).toBe(
      'Tiền bảo hành chỉ được đề nghị thanh toán từ ngày 31/03/2027',
    );
    const missing = new ApiError(404, 'not_found', 'company not found', [], '', 'not_found', {
      entity: 'company',
    });
    expect(describeError(missing, vi, { action: 'Cập nhật công ty' }).message).toBe(
      'Cập nhật công ty thất bại, vì không tìm thấy công ty',
    );
    expect(describeError(missing, en).message).toBe('Company not found');
    // a reason the screens do not know yet: the server's own message
    const unknown = new ApiError(422, 'unprocessable', 'a new rule', [], '', 'brand_new_rule');
    expect(describeError(unknown, vi).message).toBe('a new rule');
  });

  test('other statuses read "{0} failed, because of {1}"', () => {
    const notice = describeError(new ApiError(404, 'not_found', 'company 9 not found'), en, {
      action: 'Update company',
    });
    expect(notice.message).toBe('Update company failed, because of company 9 not found');
  });

  test('"{0} succeeded" shows 20 s', () => {
    expect(describeSuccess(en, 'Create company')).toEqual({
      message: 'Create company succeeded',
      variant: 'success',
      duration: 20_000,
    });
    expect(DURATION.genericSuccess).toBe(10_000);
  });
});

describe('empty strings become null before sending', () => {
  test('in objects and arrays, leaving other values alone', () => {
    expect(
      blanksToNull({ a: '', b: '  ', c: 'x', d: 0, e: false, f: [' ', 'y'], g: { h: '' }, i: null }),
    ).toEqual({
      a: null,
      b: null,
      c: 'x',
      d: 0,
      e: false,
      f: [null, 'y'],
      g: { h: null },
      i: null,
    });
  });
});
