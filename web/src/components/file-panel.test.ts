import { describe, expect, test } from 'vitest';
import { formatFileSize } from './file-panel.tsx';

describe('file sizes', () => {
  test('read as people read them', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(180_009)).toBe('176 KB');
    expect(formatFileSize(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatFileSize(2.5 * 1024 ** 3)).toBe('2.5 GB');
  });
});
