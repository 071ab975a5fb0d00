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

describe('the error catalogue (docs/product.md#error-messages)', () => {
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
    expect(inVietnamese.split('\n')[0]).toBe('Yêu cầu không hợp lệ - Dữ liệu chưa hợp lệ');
    // without fields the server's English summary is shown to an English reader only
    const bare = new ApiError(400, 'bad_request', 'the body is not valid JSON');
    expect(describeError(bare, en).message).toBe('Bad Request - the body is not valid JSON');
    expect(describeError(bare, vi).message).toBe('Yêu cầu không hợp lệ - Dữ liệu chưa hợp lệ');
  });

  test('401 distinguishes a refused login from an expired session', () => {
    expect(describeError(new ApiError(401, 'bad_credentials', ''), en).message).toBe(
      '[Login Failed] - Your user ID or password is incorrect',
    );
    expect(describeError(new ApiError(401, 'unknown_application', ''), en).message).toMatch(
      /does not recognise this application/,
    );
    expect(describeError(new ApiError(401, 'invalid_token', ''), en).message).toBe(
      'Session timeout. Please login!',
    );
  });

  test('403 names the path in the user’s language, without the server’s English sentence', () => {
    const error = new ApiError(
      403,
      'forbidden',
      "You don't have permission to access /api/admin/company/paging",
      [],
      '/api/admin/company/paging',
    );
    expect(describeError(error, en).message).toBe(
      '[Forbidden] - You don’t have permission to access /api/admin/company/paging',
    );
    expect(describeError(error, vi).message).toBe(
      '[Không có quyền] - Bạn không có quyền truy cập /api/admin/company/paging',
    );
  });

  test('no English server text in a Vietnamese notice, whatever the status', () => {
    const english = 'something the server said in English';
    for (const [status, code] of [
      [400, 'bad_request'],
      [404, 'not_found'],
      [409, 'conflict'],
      [413, 'payload_too_large'],
      [422, 'unprocessable'],
      [429, 'too_many_requests'],
      [418, 'teapot'],
      [500, 'internal_error'],
      [501, 'not_implemented'],
      [503, 'service_unavailable'],
    ] as const) {
      const message = describeError(new ApiError(status, code, english), vi, { action: 'Lưu' }).message;
      expect(message, `${status}`).not.toContain(english);
      expect(message, `${status}`).toMatch(/[ăâđêôơưáàảãạéèẻẽẹíìỉĩịóòỏõọúùủũụýỳỷỹỵ]/i);
    }
    // an English reader gets the server's words where the screens have none
    expect(describeError(new ApiError(409, 'conflict', english), en).message).toContain(english);
  });

  test('a PDF print refused by the server reads as its reason, for 30 s', () => {
    const none = new ApiError(
      501,
      'not_implemented',
      'PDF printing is not available',
      [],
      '',
      'pdf_unavailable',
    );
    expect(describeError(none, vi)).toEqual({
      message: 'Máy chủ chưa in được PDF (chưa cài LibreOffice): hãy tải bản Word (.docx)',
      variant: 'error',
      duration: DURATION.serverError,
    });
    const busy = new ApiError(503, 'service_unavailable', 'too many', [], '', 'pdf_busy');
    expect(describeError(busy, en).message).toBe('Too many PDF prints at once, please try again in a moment');
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
    // a reason the screens do not know yet: the server's own message for an English reader, a
    // Vietnamese one gets the general refusal rather than English
    const unknown = new ApiError(422, 'unprocessable', 'a new rule', [], '', 'brand_new_rule');
    expect(describeError(unknown, en).message).toBe('a new rule');
    expect(describeError(unknown, vi).message).toBe('Yêu cầu không được chấp nhận');
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
