/**
 * Zip archives (Office files: .docx, .xlsx, .pptx, OpenDocument) are checked before anything
 * inflates them for real (issue 27): a 1 MB file whose one part inflates to 1 GiB took the server
 * to 4 GB at its first print. Both the upload (file.service.ts) and the print (payment-print.ts)
 * come through here.
 *
 * Two checks, in this order:
 * 1. the central directory's declared sizes: at most `maxEntries` entries, `maxTotalBytes` inflated
 *    in all, and an inflated/compressed ratio (over the whole archive) of at most `maxRatio`;
 * 2. every entry inflated with a hard cap of its declared size plus one byte, so a lying header
 *    stops there instead of at the memory's end.
 * `openArchive` answers the inflated entries; the print hands PizZip those bytes, never the archive
 * itself, so nothing unchecked is ever inflated by a library whose own inflation has no cap.
 */
import zlib from 'node:zlib';

export type ArchiveLimits = { maxTotalBytes: number; maxRatio: number; maxEntries: number };

export const ARCHIVE_LIMITS: ArchiveLimits = {
  maxTotalBytes: 50 * 1024 * 1024,
  maxRatio: 100,
  maxEntries: 1000,
};

/** `archive_too_large`: past a limit (a bomb); `archive_invalid`: not a zip archive we can read. */
export class ArchiveError extends Error {
  constructor(
    readonly reason: 'archive_too_large' | 'archive_invalid',
    message: string,
  ) {
    super(message);
  }
}

type Entry = { name: string; method: number; compressed: number; size: number; localOffset: number };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX32 = 0xffffffff;

const invalid = (why: string) => new ArchiveError('archive_invalid', `not a readable archive: ${why}`);
const tooLarge = (why: string) => new ArchiveError('archive_too_large', `the archive is too large: ${why}`);

function endOfCentralDirectory(zip: Buffer): number {
  // the record is 22 bytes and may be followed by a comment of up to 65,535
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--)
    if (zip.readUInt32LE(at) === EOCD) return at;
  throw invalid('no end of central directory');
}

/** ZIP64's extra field: the 64-bit values of the fields whose 32-bit value is 0xFFFFFFFF. */
function zip64Values(extra: Buffer, wanted: boolean[]): number[] {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      const values: number[] = [];
      let p = at + 4;
      for (const want of wanted) {
        if (!want) continue;
        if (p + 8 > at + 4 + length) throw invalid('short ZIP64 field');
        values.push(Number(extra.readBigUInt64LE(p)));
        p += 8;
      }
      return values;
    }
    at += 4 + length;
  }
  throw invalid('ZIP64 sizes without their field');
}

/** The entries the central directory declares, refused past the limits before any inflating. */
export function declaredEntries(zip: Buffer, limits: ArchiveLimits = ARCHIVE_LIMITS): Entry[] {
  if (zip.length < 22) throw invalid('too short');
  const end = endOfCentralDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count === 0xffff || at === MAX32) throw tooLarge('a ZIP64 archive');
  if (count > limits.maxEntries) throw tooLarge(`${count} entries, at most ${limits.maxEntries}`);
  const entries: Entry[] = [];
  let total = 0;
  let compressedTotal = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw invalid('broken central directory');
    const flags = zip.readUInt16LE(at + 8);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    if (at + 46 + nameLength + extraLength > zip.length) throw invalid('broken central directory');
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    let compressed = zip.readUInt32LE(at + 20);
    let size = zip.readUInt32LE(at + 24);
    let localOffset = zip.readUInt32LE(at + 42);
    const wide = [size === MAX32, compressed === MAX32, localOffset === MAX32];
    if (wide.some(Boolean)) {
      const extra = zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
      const values = zip64Values(extra, wide);
      if (wide[0]) size = values.shift()!;
      if (wide[1]) compressed = values.shift()!;
      if (wide[2]) localOffset = values.shift()!;
    }
    if (flags & 1) throw invalid(`${name} is encrypted`);
    entries.push({ name, method: zip.readUInt16LE(at + 10), compressed, size, localOffset });
    total += size;
    compressedTotal += compressed;
    if (total > limits.maxTotalBytes)
      throw tooLarge(`its entries inflate past ${limits.maxTotalBytes} bytes`);
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (total > limits.maxRatio * Math.max(compressedTotal, 1))
    throw tooLarge(`its entries inflate more than ${limits.maxRatio} times their compressed size`);
  return entries;
}

/** One entry's bytes, inflated with a hard cap: its declared size, plus one byte to see a lie. */
function inflateEntry(zip: Buffer, entry: Entry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw invalid(`${entry.name}: no local header`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.compressed > zip.length) throw invalid(`${entry.name}: truncated`);
  const data = zip.subarray(start, start + entry.compressed);
  let out: Buffer;
  if (entry.method === 0) out = data;
  else if (entry.method === 8) {
    try {
      out = zlib.inflateRawSync(data, { maxOutputLength: entry.size + 1 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
        throw tooLarge(`${entry.name} inflates past its declared ${entry.size} bytes`);
      throw invalid(`${entry.name}: ${(error as Error).message}`);
    }
  } else throw invalid(`${entry.name}: compression method ${entry.method}`);
  if (out.length > entry.size) throw tooLarge(`${entry.name} inflates past its declared ${entry.size} bytes`);
  if (out.length !== entry.size) throw invalid(`${entry.name}: size differs from its header`);
  return out;
}

/**
 * The archive's entries, inflated, in order (folders as names ending in "/", with no bytes);
 * ArchiveError when the archive is past a limit or cannot be read.
 */
export function openArchive(zip: Buffer, limits: ArchiveLimits = ARCHIVE_LIMITS): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  for (const entry of declaredEntries(zip, limits)) entries.set(entry.name, inflateEntry(zip, entry));
  return entries;
}

/** Refuses an archive past a limit or unreadable; holds at most one inflated entry at a time. */
export function checkArchive(zip: Buffer, limits: ArchiveLimits = ARCHIVE_LIMITS): void {
  for (const entry of declaredEntries(zip, limits)) inflateEntry(zip, entry);
}
