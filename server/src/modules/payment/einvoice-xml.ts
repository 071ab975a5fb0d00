/**
 * Reads e-invoices in the tax authority's XML (Decree 123/2020, Circular 78/2021, QĐ 1450/QĐ-TCT;
 * docs/adr/0092-einvoice-xml-checks.md) into `EInvoiceFacts`: every `HDon` element at any depth (the
 * providers wrap it differently), element names read without their namespace prefix. A strict
 * parser (saxes) reads the file; a document type declaration is refused before anything of it is
 * used (no entities, internal or external: billion laughs), and so is a file over 5 MB. A `.zip`
 * is opened through the archive guard (its entries' count and inflated size bounded) and each of
 * its `.xml` entries read the same way. A fault answers `EInvoiceError` with the reason; the
 * caller turns it into a 400 and saves nothing.
 */
import { type EInvoiceFacts, type EInvoiceLine, knownRate } from '@sitepay/domain/einvoice';
import { SaxesParser } from 'saxes';
import { ArchiveError, openArchive } from '../../files/archive-guard.ts';

export const EINVOICE_MAX_BYTES = 5 * 1024 * 1024;
/** A zip of invoices: at most this many entries and this much inflated in all. */
export const EINVOICE_ZIP_LIMITS = { maxEntries: 200, maxTotalBytes: 50 * 1024 * 1024, maxRatio: 100 };

export type EInvoiceFault =
  | 'einvoice_malformed'
  | 'einvoice_not_invoice'
  | 'einvoice_doctype'
  | 'einvoice_too_large'
  | 'einvoice_file_type';

export class EInvoiceError extends Error {
  constructor(
    readonly reason: EInvoiceFault,
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
  }
}

type Node = { name: string; children: Node[]; text: string };

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The document as a small tree of elements (names without prefix, their own text trimmed). */
function parseTree(xml: string, file: string): Node {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const root: Node = { name: '#document', children: [], text: '' };
  const stack: Node[] = [root];
  let fault: EInvoiceError | null = null;
  parser.on('doctype', () => {
    fault ??= new EInvoiceError(
      'einvoice_doctype',
      file,
      'a document type declaration (DOCTYPE, entities) is not taken',
    );
    throw fault;
  });
  parser.on('error', (error) => {
    fault ??= new EInvoiceError('einvoice_malformed', file, `not well-formed XML: ${error.message}`);
    throw fault;
  });
  parser.on('opentag', (tag) => {
    const node: Node = { name: localName(tag.name), children: [], text: '' };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  });
  parser.on('text', (text) => {
    const top = stack.at(-1)!;
    if (top !== root) top.text += text;
  });
  parser.on('cdata', (text) => {
    const top = stack.at(-1)!;
    if (top !== root) top.text += text;
  });
  parser.on('closetag', () => {
    const node = stack.pop()!;
    node.text = node.text.trim();
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    if (fault) throw fault;
    throw new EInvoiceError('einvoice_malformed', file, `not well-formed XML: ${(error as Error).message}`);
  }
  if (fault) throw fault;
  return root;
}

const child = (node: Node | undefined, name: string) => node?.children.find((c) => c.name === name);
const path = (node: Node | undefined, ...names: string[]) =>
  names.reduce<Node | undefined>((n, name) => child(n, name), node);
const text = (node: Node | undefined, ...names: string[]) => path(node, ...names)?.text || null;

/** Every HDon not inside another one, at any depth. */
function invoicesIn(node: Node, found: Node[] = []): Node[] {
  for (const c of node.children) {
    if (c.name === 'HDon') found.push(c);
    else invoicesIn(c, found);
  }
  return found;
}

const hasElement = (node: Node | undefined): boolean => !!node && node.children.length > 0;

/** An amount as printed ("1500000", "1500000.00", "-200"), at most two decimals once trailing zeros go. */
function amount(value: string | null, field: string, file: string, required = true): string | null {
  if (value === null) {
    if (!required) return null;
    throw new EInvoiceError('einvoice_not_invoice', file, `${field} is missing`);
  }
  const t = value.replace(/\s/g, '');
  const m = /^(-?\d{1,15})(?:\.(\d+?)0*)?$/.exec(t);
  if (!m || (m[2] && m[2].length > 2))
    throw new EInvoiceError('einvoice_not_invoice', file, `${field} is not an amount: ${value}`);
  return m[2] ? `${m[1]}.${m[2]}` : m[1]!;
}

function required(node: Node | undefined, file: string, ...names: string[]): string {
  const value = text(node, ...names);
  if (!value) throw new EInvoiceError('einvoice_not_invoice', file, `${names.join('/')} is missing`);
  return value;
}

function readInvoice(h: Node, file: string): EInvoiceFacts {
  const data = child(h, 'DLHDon');
  const general = child(data, 'TTChung');
  const body = child(data, 'NDHDon');
  if (!general || !body)
    throw new EInvoiceError('einvoice_not_invoice', file, 'HDon has no DLHDon/TTChung or NDHDon');
  const date = required(general, file, 'NLap');
  if (!/^\d{4}-\d{2}-\d{2}/.test(date))
    throw new EInvoiceError('einvoice_not_invoice', file, `NLap is not a date: ${date}`);
  const lines: EInvoiceLine[] = (child(body, 'DSHHDVu')?.children ?? [])
    .filter((n) => n.name === 'HHDVu')
    .map((n, index) => {
      const kind = Number(text(n, 'TChat') ?? '1');
      const rate = text(n, 'TSuat');
      if (rate !== null && !knownRate(rate))
        throw new EInvoiceError(
          'einvoice_not_invoice',
          file,
          `line ${index + 1}: TSuat ${rate} is not a rate`,
        );
      return {
        kind: [1, 2, 3, 4].includes(kind) ? kind : 1,
        name: (text(n, 'THHDVu') ?? '').slice(0, 500),
        amount: amount(text(n, 'ThTien'), `line ${index + 1} ThTien`, file, kind !== 4) ?? '0',
        rate: rate ? rate.trim().toUpperCase() : null,
      };
    });
  const t = child(body, 'TToan');
  if (!t) throw new EInvoiceError('einvoice_not_invoice', file, 'NDHDon/TToan is missing');
  const related = child(general, 'TTHDLQuan');
  const signatures = child(h, 'DSCKS');
  const digits = (v: string) => v.slice(0, 20);
  const kindOfRelated = Number(text(related, 'TCHDon') ?? '1');
  return {
    form: digits(required(general, file, 'KHMSHDon')),
    symbol: digits(required(general, file, 'KHHDon')),
    number: digits(required(general, file, 'SHDon')),
    date: date.slice(0, 10),
    currency: (text(general, 'DVTTe') ?? 'VND').slice(0, 3).toUpperCase(),
    seller: {
      name: (text(body, 'NBan', 'Ten') ?? '').slice(0, 400),
      tax_code: required(body, file, 'NBan', 'MST').slice(0, 20),
      account: text(body, 'NBan', 'STKNHang')?.slice(0, 40) ?? null,
    },
    buyer: {
      name: (text(body, 'NMua', 'Ten') ?? '').slice(0, 400),
      tax_code: text(body, 'NMua', 'MST')?.slice(0, 20) ?? null,
    },
    lines,
    totals: {
      before_vat: amount(text(t, 'TgTCThue'), 'TToan/TgTCThue', file)!,
      vat: amount(text(t, 'TgTThue'), 'TToan/TgTThue', file, false) ?? '0',
      total: amount(text(t, 'TgTTTBSo'), 'TToan/TgTTTBSo', file)!,
      discount: amount(text(t, 'TTCKTMai'), 'TToan/TTCKTMai', file, false),
      fees: amount(text(t, 'TgTPhi'), 'TToan/TgTPhi', file, false),
    },
    authority_code: text(h, 'MCCQT')?.slice(0, 50) ?? null,
    related: related
      ? {
          kind: kindOfRelated === 2 ? 2 : 1,
          form: required(related, file, 'KHMSHDCLQuan').slice(0, 11),
          symbol: required(related, file, 'KHHDCLQuan').slice(0, 20),
          number: required(related, file, 'SHDCLQuan').slice(0, 20),
          date: text(related, 'NLHDCLQuan')?.slice(0, 10) ?? null,
        }
      : null,
    signatures: {
      seller: hasElement(child(signatures, 'NBan')),
      buyer: hasElement(child(signatures, 'NMua')),
    },
    file,
  };
}

/** The invoices of one XML file (one or more HDon); refused when it has none. */
export function readInvoiceXml(bytes: Buffer, file: string): EInvoiceFacts[] {
  if (bytes.length > EINVOICE_MAX_BYTES)
    throw new EInvoiceError('einvoice_too_large', file, 'the file is over 5 MB');
  // a byte-order mark is not XML's business
  const xml = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const found = invoicesIn(parseTree(xml, file));
  if (!found.length)
    throw new EInvoiceError('einvoice_not_invoice', file, 'no HDon element: not an e-invoice');
  return found.map((h, index) => readInvoice(h, found.length > 1 ? `${file}#${index + 1}` : file));
}

/** The invoices of one uploaded part: an `.xml`, or a `.zip` of them (its other entries ignored). */
export function readInvoiceFile(bytes: Buffer, file: string): EInvoiceFacts[] {
  if (bytes.length > EINVOICE_MAX_BYTES)
    throw new EInvoiceError('einvoice_too_large', file, 'the file is over 5 MB');
  if (/\.xml$/i.test(file)) return readInvoiceXml(bytes, file);
  if (!/\.zip$/i.test(file))
    throw new EInvoiceError('einvoice_file_type', file, 'send .xml invoices or a .zip of them');
  let entries: Map<string, Buffer>;
  try {
    entries = openArchive(bytes, EINVOICE_ZIP_LIMITS);
  } catch (error) {
    if (!(error instanceof ArchiveError)) throw error;
    throw new EInvoiceError(
      error.reason === 'archive_too_large' ? 'einvoice_too_large' : 'einvoice_malformed',
      file,
      error.message,
    );
  }
  const invoices: EInvoiceFacts[] = [];
  for (const [name, entry] of entries) {
    if (name.endsWith('/') || !/\.xml$/i.test(name)) continue;
    invoices.push(...readInvoiceXml(entry, `${file}/${name}`));
  }
  if (!invoices.length)
    throw new EInvoiceError('einvoice_not_invoice', file, 'the archive holds no .xml invoice');
  return invoices;
}
