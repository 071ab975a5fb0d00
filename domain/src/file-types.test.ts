import { describe, expect, it } from 'vitest';
import {
  acceptedExtensions,
  acceptedFilesSentence,
  extensionOf,
  fileTypesInWords,
  isAcceptedFile,
} from './file-types.ts';

describe('accepted files', () => {
  it('names every accepted type by its kind, in both languages', () => {
    expect(fileTypesInWords(acceptedExtensions, 'vi')).toBe(
      'PDF, Word (DOC, DOCX, ODT), Excel (XLS, XLSX, ODS), PowerPoint (PPT, PPTX), ảnh (JPG, JPEG, PNG, GIF, WEBP)',
    );
    expect(acceptedFilesSentence(acceptedExtensions, 'en')).toBe(
      'Only PDF, Word (DOC, DOCX, ODT), Excel (XLS, XLSX, ODS), PowerPoint (PPT, PPTX), image (JPG, JPEG, PNG, GIF, WEBP) files are accepted',
    );
  });

  it('names a narrower list by what it keeps (a template: Word documents only)', () => {
    expect(acceptedFilesSentence(['docx'], 'vi')).toBe('Chỉ nhận tệp Word (DOCX)');
    expect(fileTypesInWords(['pdf', 'png'], 'en')).toBe('PDF, image (PNG)');
    expect(fileTypesInWords(['PDF', 'zip'], 'vi')).toBe('PDF, ZIP');
  });

  it('tells a file by its extension, whatever its case', () => {
    expect(extensionOf('Biên bản.PDF')).toBe('pdf');
    expect(extensionOf('no-extension')).toBe('');
    expect(isAcceptedFile('setup.exe')).toBe(false);
    expect(isAcceptedFile('hop-dong.docx')).toBe(true);
    expect(isAcceptedFile('hop-dong.pdf', ['docx'])).toBe(false);
    expect(isAcceptedFile('archive.pdf.exe')).toBe(false);
  });
});
