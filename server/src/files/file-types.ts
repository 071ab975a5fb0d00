/**
 * Which files the app accepts, and how a file's name travels. A file is accepted only when its
 * extension is on the list AND its first bytes are what that extension promises: a renamed
 * program (MZ…) is refused whatever it is called. The content type sent back on download is
 * ours, from the extension, never the one the uploading browser claimed.
 */

import { acceptedExtensions, extensionOf } from '@sitepay/domain/file-types';
import { withoutNonXmlCharacters } from '../documents/xml-text.ts';

type FileType = { contentType: string; magic: 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'zip' | 'ole' };

const OOXML = 'application/vnd.openxmlformats-officedocument';
/** What each extension of the domain's list (@sitepay/domain/file-types) is sent as and starts with. */
const knownTypes: Record<string, FileType> = {
  pdf: { contentType: 'application/pdf', magic: 'pdf' },
  png: { contentType: 'image/png', magic: 'png' },
  jpg: { contentType: 'image/jpeg', magic: 'jpeg' },
  jpeg: { contentType: 'image/jpeg', magic: 'jpeg' },
  gif: { contentType: 'image/gif', magic: 'gif' },
  webp: { contentType: 'image/webp', magic: 'webp' },
  // OOXML and OpenDocument files are zip archives
  docx: { contentType: `${OOXML}.wordprocessingml.document`, magic: 'zip' },
  xlsx: { contentType: `${OOXML}.spreadsheetml.sheet`, magic: 'zip' },
  pptx: { contentType: `${OOXML}.presentationml.presentation`, magic: 'zip' },
  odt: { contentType: 'application/vnd.oasis.opendocument.text', magic: 'zip' },
  ods: { contentType: 'application/vnd.oasis.opendocument.spreadsheet', magic: 'zip' },
  // Office 97–2003 files are OLE compound documents
  doc: { contentType: 'application/msword', magic: 'ole' },
  xls: { contentType: 'application/vnd.ms-excel', magic: 'ole' },
  ppt: { contentType: 'application/vnd.ms-powerpoint', magic: 'ole' },
};

/** The accepted types: exactly the domain's list, each known here (a new one without its bytes fails at start). */
export const allowedTypes: Record<string, FileType> = Object.fromEntries(
  acceptedExtensions.map((ext) => {
    const type = knownTypes[ext];
    if (!type) throw new Error(`file-types: no content type and first bytes known for .${ext}`);
    return [ext, type];
  }),
);

/** Bytes needed to tell every type above apart. */
export const SNIFF_BYTES = 12;

const startsWith = (head: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const magicChecks: Record<FileType['magic'], (head: Buffer) => boolean> = {
  pdf: (h) => startsWith(h, ascii('%PDF-')),
  png: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  gif: (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')),
  webp: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8),
  zip: (h) => startsWith(h, [0x50, 0x4b, 0x03, 0x04]),
  ole: (h) => startsWith(h, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
};

export { extensionOf };

/** The accepted type of a file name, or null when the extension is not allowed. */
export function typeOfName(fileName: string, allowed: readonly string[] = Object.keys(allowedTypes)) {
  const ext = extensionOf(fileName);
  return allowed.includes(ext) ? (allowedTypes[ext] ?? null) : null;
}

export const contentMatches = (type: FileType, head: Buffer) => magicChecks[type.magic](head);

/**
 * A name safe to store and show: NFC (macOS sends Vietnamese decomposed), no folder part (old
 * browsers send the whole path), no control characters, at most 255 characters with the
 * extension kept.
 */
export function cleanFileName(raw: string): string {
  const base = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  // control characters, the non-characters XML cannot hold, and the bidi marks and overrides that
  // could show "fdp.exe" as "exe.pdf"
  const name = withoutNonXmlCharacters(base)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  if (name.length <= 255) return name;
  const ext = extensionOf(name);
  return `${name.slice(0, 254 - ext.length)}.${ext}`;
}

/** "Hợp đồng số 1.pdf" → "Hop dong so 1.pdf", for clients that cannot read filename*. */
function asciiFallback(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');
}

/** RFC 6266 / RFC 5987: an ASCII name for old clients and the exact UTF-8 name for the rest. */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment') {
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${asciiFallback(name)}"; filename*=UTF-8''${encoded}`;
}
