/**
 * The one list of the files the app accepts, by extension, in the kinds a user knows them by (PDF,
 * Word, Excel, PowerPoint, images), and how that list is said in words. The server checks each
 * file against it (and its first bytes: server/src/files/file-types.ts); the file panels refuse
 * another before sending it, and both say which types are taken (docs/adr/0074-saying-what-a-form-takes.md).
 */
import type { Words } from './entity.ts';

type FileKind = { words: Words; extensions: readonly string[] };

/** The kinds of file accepted, in the order they are named. */
export const fileKinds: readonly FileKind[] = [
  { words: { vi: 'PDF', en: 'PDF' }, extensions: ['pdf'] },
  { words: { vi: 'Word', en: 'Word' }, extensions: ['doc', 'docx', 'odt'] },
  { words: { vi: 'Excel', en: 'Excel' }, extensions: ['xls', 'xlsx', 'ods'] },
  { words: { vi: 'PowerPoint', en: 'PowerPoint' }, extensions: ['ppt', 'pptx'] },
  { words: { vi: 'ảnh', en: 'image' }, extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp'] },
];

/** Every accepted extension, lower case, without the dot. */
export const acceptedExtensions: readonly string[] = fileKinds.flatMap((k) => k.extensions);

/** A file name's extension, lower case, without the dot ('' when it has none). */
export const extensionOf = (fileName: string): string =>
  fileName.match(/\.([A-Za-z0-9]+)$/)?.[1]?.toLowerCase() ?? '';

/** Whether a file of this name is among `extensions` (every accepted one unless told). */
export const isAcceptedFile = (
  fileName: string,
  extensions: readonly string[] = acceptedExtensions,
): boolean => extensions.includes(extensionOf(fileName));

/**
 * The types of `extensions` in words: "PDF, Word (DOC, DOCX, ODT), Excel (XLS, XLSX, ODS),
 * PowerPoint (PPT, PPTX), ảnh (JPG, JPEG, PNG, GIF, WEBP)"; a kind with one extension is its name
 * alone ("PDF"). Extensions outside the kinds are named in capitals.
 */
export function fileTypesInWords(extensions: readonly string[], lang: keyof Words): string {
  const wanted = new Set(extensions.map((e) => e.toLowerCase()));
  const parts: string[] = [];
  for (const kind of fileKinds) {
    const taken = kind.extensions.filter((e) => wanted.has(e));
    for (const e of taken) wanted.delete(e);
    if (!taken.length) continue;
    const upper = taken.map((e) => e.toUpperCase());
    parts.push(
      kind.extensions.length === 1 && upper[0] === kind.words[lang]
        ? kind.words[lang]
        : `${kind.words[lang]} (${upper.join(', ')})`,
    );
  }
  parts.push(...[...wanted].map((e) => e.toUpperCase()));
  return parts.join(', ');
}

/** The sentence that refuses a file: "Chỉ nhận tệp PDF, Word (…), …" / "Only PDF, Word (…), … files are accepted". */
export function acceptedFilesSentence(extensions: readonly string[], lang: keyof Words): string {
  const types = fileTypesInWords(extensions, lang);
  return lang === 'vi' ? `Chỉ nhận tệp ${types}` : `Only ${types} files are accepted`;
}
