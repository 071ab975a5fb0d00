import { describe, expect, test } from 'vitest';
import { downloadShare, fileNameFromDisposition, formatFileSize } from './download-file.ts';

describe('the name a downloaded file is saved under', () => {
  test('the UTF-8 name wins, so Vietnamese letters stay', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="YCTT-12-2024-HD-3.docx"; filename*=UTF-8''YCTT-12-2024-H%C4%90-3.docx`,
      ),
    ).toBe('YCTT-12-2024-HĐ-3.docx');
    expect(fileNameFromDisposition(`attachment; filename*=utf-8''hop-dong%202026.xlsx`)).toBe(
      'hop-dong 2026.xlsx',
    );
  });

  test('the plain name when there is no other, quoted or not', () => {
    expect(fileNameFromDisposition('attachment; filename="contract-2026-05-01.xlsx"')).toBe(
      'contract-2026-05-01.xlsx',
    );
    expect(fileNameFromDisposition('attachment; filename=payment.xlsx')).toBe('payment.xlsx');
    expect(fileNameFromDisposition(`attachment; filename="a \\"b\\".pdf"`)).toBe('a "b".pdf');
  });

  test('a broken escape falls back to the plain name', () => {
    expect(fileNameFromDisposition(`attachment; filename="x.docx"; filename*=UTF-8''%E0%A4.docx`)).toBe(
      'x.docx',
    );
  });

  test('no name, or a name that tries to pick a folder', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''..%2F..%2Fboot.ini`)).toBe('boot.ini');
  });
});

describe('how far a download is', () => {
  test('a share when the size is known, none while it streams without one', () => {
    expect(downloadShare(512, 2048)).toBe(25);
    expect(downloadShare(3000, 2048)).toBe(100);
    expect(downloadShare(512, null)).toBeNull();
    expect(downloadShare(512, 0)).toBeNull();
  });

  test('sizes read as people read them', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
