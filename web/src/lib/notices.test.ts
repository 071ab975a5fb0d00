import { describe, expect, test, vi } from 'vitest';
import type { Notice } from './error-catalogue.ts';
import { clearNotices, noticeHostReady, showNotice, whenNoticeWanted } from './notices.ts';

const notice = (message: string): Notice => ({ message, variant: 'info', duration: 1000 });

describe('notices wait for their host', () => {
  test('the first notice asks for the host; those that waited are shown in order once it is drawn', () => {
    const draw = vi.fn();
    whenNoticeWanted(draw);
    expect(draw).not.toHaveBeenCalled();
    showNotice(notice('Phiên đăng nhập đã hết hạn'));
    showNotice(notice('Không có phản hồi'));
    expect(draw).toHaveBeenCalledTimes(2);
    const shown: string[] = [];
    noticeHostReady({ show: (n) => shown.push(n.message), closeAll: () => {} });
    expect(shown).toEqual(['Phiên đăng nhập đã hết hạn', 'Không có phản hồi']);
    showNotice(notice('Đã lưu'));
    expect(shown).toEqual(['Phiên đăng nhập đã hết hạn', 'Không có phản hồi', 'Đã lưu']);
    expect(draw).toHaveBeenCalledTimes(2);
    noticeHostReady(null);
  });

  test('a notice raised before the frame is there asks for the host as soon as the frame is', () => {
    showNotice(notice('Phiên đăng nhập đã hết hạn'));
    const draw = vi.fn();
    whenNoticeWanted(draw);
    expect(draw).toHaveBeenCalledTimes(1);
    clearNotices();
  });

  test('signing in forgets the notices still waiting and closes those shown', () => {
    showNotice(notice('Sai mật khẩu'));
    clearNotices();
    const shown: string[] = [];
    const closeAll = vi.fn();
    noticeHostReady({ show: (n) => shown.push(n.message), closeAll });
    expect(shown).toEqual([]);
    clearNotices();
    expect(closeAll).toHaveBeenCalledTimes(1);
    noticeHostReady(null);
  });
});
