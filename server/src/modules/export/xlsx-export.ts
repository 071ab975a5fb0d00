/**
 * Excel exports of any record list (GET /api/export/<list>): the list's own query — filters, scope,
 * search and sort, through `listSpec` — read in keyset batches (`readBatches`) and written with
 * exceljs's streaming writer straight into the response, a row committed as soon as it is written.
 * Memory stays that of one batch whatever the number of rows, and the writer waits while the
 * client is slower than the database.
 *
 * A list plugs in with an `ExportSpec`: its RecordKind, the entity's title and the columns (a field
 * of the kind's records, its header in each language, its type, its width). The workbook has a
 * title, a line of filters and the export time above a bold, frozen header with an autofilter;
 * money as numbers shown as the screen writes them — `#,##0`, `#,##0.00` when a cent is left
 * (docs/adr/0071-amounts-on-screen-and-in-print.md) — dates as real dates, codes (status O/C/D…) as
 * words. The file is named after the list in the reader's language, without diacritics.
 *
 * Strings are always written as string cells, never as formulas: "=HYPERLINK(…)" typed into a
 * contractor's name shows as that text and Excel never computes it (formula injection).
 */

import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Entity, EntityField } from '@sitepay/domain/entity';
import { formatAmount } from '@sitepay/domain/number-format';
import { foldSearchText } from '@sitepay/domain/search-text';
import { and, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type * as ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { slotFor } from '../../core/busy.ts';
import { createSemaphore, type Semaphore } from '../../core/semaphore.ts';
import type { Tx } from '../../db/client.ts';
import { contentDisposition } from '../../files/file-types.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { heavyWork, type Turn } from '../../http/load.ts';
import { readBatches } from '../../http/paging.ts';
import { batchedLookups, selection } from '../../http/record-columns.ts';
import { listSpec, listTotals } from '../../http/record-reads.ts';
import type { RecordKind } from '../../http/records.ts';
import { lazyPackage } from '../../lazy-package.ts';

export type Lang = 'vi' | 'en';
export type Words = Record<Lang, string>;

export type ExportColumn = {
  /** A field of the kind's records: a table column or a display column (`extraColumns`). */
  field: string;
  header: Words;
  /** text (default), money (#,##0), integer, decimal, date, timestamp (business time), flag. */
  type?: 'text' | 'money' | 'integer' | 'decimal' | 'date' | 'timestamp' | 'flag';
  /** Width in characters. */
  width?: number;
  /** Words for codes (status O → "Hoạt động"). */
  labels?: Record<string, Words>;
  /**
   * A field of the spec's `related` rows: the cell lists their values, in their order, as text
   * ("05/11/2026; 20/11/2026"), each written as this type would be.
   */
  many?: 'text' | 'money' | 'date';
};

/**
 * Rows of another table that belong to each exported record (a request's payments), read with one
 * statement per batch of records — never a subquery per row — and given to the `many` columns.
 */
export type RelatedRows = {
  table: PgTable;
  /** Its column holding the exported record's id. */
  owner: PgColumn;
  /** Which of its rows count (a payment not reversed). */
  where?: SQL;
  orderBy: PgColumn[];
  /** The export fields it fills: the column (or SQL) whose values the cell lists. */
  fields: Record<string, PgColumn | SQL>;
};

export type ExportSpec = {
  kind: RecordKind;
  /** The export's path: `/api/export/<entity>`. */
  entity: string;
  /** The list's name, for the title, the sheet and the file. */
  title: Words;
  /** The list's description: the words of a column sorted by that the export does not show. */
  described?: Entity;
  columns: ExportColumn[];
  related?: RelatedRows;
};

export type ExportRequest = {
  /** The list query: search, status, sortBy, sortDesc, the kind's filters. */
  query: Record<string, unknown>;
  user: CurrentUser;
  lang: Lang;
  /** A condition of its own (a narrowed view of the list). */
  extraWhere?: SQL;
  /** The filters in words, one per item ("Công trình: CT-001 – …"). */
  filters: string[];
  now?: Date;
};

/** Rows read per statement. */
export const EXPORT_BATCH_ROWS = 1000;
/** Rows written between two turns of the event loop (about 5 ms of work on this machine). */
const YIELD_EVERY_ROWS = 200;
/** Exports at once per server; the others wait up to EXPORT_QUEUE_MS, then 503. */
const EXPORTS_AT_ONCE = 2;
const EXPORT_QUEUE_MS = 60_000;

/**
 * Exports are heavy work beside the screens' requests: at most EXPORTS_AT_ONCE run at once per
 * server, and each gives way to the screens every few hundred rows through the server's heavy lane
 * (http/load.ts: while any other request is in flight it rests four times as long as it worked),
 * so that a list stays quick while exports run; alone, an export runs at full speed.
 */
const exportSlots = new WeakMap<FastifyInstance, Semaphore>();
function slotsOf(app: FastifyInstance): Semaphore {
  let slots = exportSlots.get(app);
  if (!slots) {
    slots = createSemaphore(EXPORTS_AT_ONCE);
    exportSlots.set(app, slots);
  }
  return slots;
}

const HEADER_ROW = 4;
const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An amount with a cent left, as the screen writes it ("99,000,000.50"); whole đồng use `money`. */
const MONEY_WITH_CENTS = '#,##0.00';

const numberFormats: Record<Lang, Partial<Record<NonNullable<ExportColumn['type']>, string>>> = {
  vi: { money: '#,##0', integer: '0', date: 'dd/mm/yyyy', timestamp: 'dd/mm/yyyy hh:mm' },
  en: { money: '#,##0', integer: '0', date: 'mm/dd/yyyy', timestamp: 'mm/dd/yyyy hh:mm' },
};

const words = {
  filters: { vi: 'Bộ lọc', en: 'Filters' },
  none: { vi: 'không có (mọi bản ghi được xem)', en: 'none (every record you may see)' },
  exported: { vi: 'Xuất lúc', en: 'Exported at' },
  by: { vi: 'bởi', en: 'by' },
  zone: { vi: 'giờ Việt Nam', en: 'Vietnam time' },
  yes: { vi: 'Có', en: 'Yes' },
  total: { vi: 'Tổng cộng', en: 'Total' },
};

const zone = () => process.env.BUSINESS_TIME_ZONE || 'Asia/Ho_Chi_Minh';

/** The wall-clock time of an instant in the business time zone, as a Date whose UTC fields hold it. */
export function businessWallTime(instant: Date): Date {
  const parts = Object.fromEntries(
    wallClock()
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return new Date(
    Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!),
  );
}

/** The business zone's clock, made once per zone (making one costs more than using it). */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(): Intl.DateTimeFormat {
  const timeZone = zone();
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, clock);
  }
  return clock;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** "23/11/2026 14:05" (vi) or "11/23/2026 14:05" (en) of a wall time made by businessWallTime. */
export const formatWallTime = (d: Date, lang: Lang) => {
  const [day, month] = [pad(d.getUTCDate()), pad(d.getUTCMonth() + 1)];
  const date = lang === 'en' ? `${month}/${day}` : `${day}/${month}`;
  return `${date}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};

/** One value of a `many` cell as text: a date as the screen writes it, money as the screen does. */
function listedValue(type: ExportColumn['many'], value: unknown, lang: Lang): string {
  if (type === 'money') return formatAmount(String(value));
  const m = type === 'date' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value)) : null;
  if (!m) return String(value);
  return lang === 'en' ? `${m[2]}/${m[3]}/${m[1]}` : `${m[3]}/${m[2]}/${m[1]}`;
}

/** A cell's value: numbers as numbers, dates as dates, codes as words, everything else as text. */
function cellValue(column: ExportColumn, value: unknown, lang: Lang): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  if (column.many) {
    const items = (value as unknown[]).filter((v) => v !== null && v !== undefined && v !== '');
    return items.length ? items.map((v) => listedValue(column.many, v, lang)).join('; ') : null;
  }
  switch (column.type) {
    case 'money':
    case 'integer':
    case 'decimal': {
      const n = Number(value);
      return Number.isFinite(n) ? n : String(value);
    }
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
      return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)) : String(value);
    }
    case 'timestamp': {
      const instant = value instanceof Date ? value : new Date(String(value));
      return Number.isNaN(instant.getTime()) ? String(value) : businessWallTime(instant);
    }
    case 'flag':
      return value === true || value === 't' ? words.yes[lang] : null;
    default: {
      const text = String(value);
      return column.labels?.[text]?.[lang] ?? text;
    }
  }
}

/** The caller's language: `?lang=`, else the first language of Accept-Language, else Vietnamese. */
export function exportLang(req: FastifyRequest, lang?: string): Lang {
  if (lang === 'vi' || lang === 'en') return lang;
  const first = String(req.headers['accept-language'] ?? '')
    .split(',')[0]
    ?.trim()
    .toLowerCase();
  return first?.startsWith('en') ? 'en' : 'vi';
}

/**
 * `danh-sach-yeu-cau-thanh-toan-2026-11-23.xlsx` (`payment-requests-…` in English): the export's
 * title in the reader's language, in ASCII without diacritics (safe in any Content-Disposition and
 * file system), and the business day of the export.
 */
export const exportFileName = (title: Words, lang: Lang, now: Date) =>
  `${foldSearchText(title[lang])
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${businessWallTime(now).toISOString().slice(0, 10)}.xlsx`;

/** Checks at start-up that every column names a field the kind's records have. */
const exportTypes: Partial<Record<EntityField['type'], ExportColumn['type']>> = {
  date: 'date',
  datetime: 'timestamp',
  boolean: 'flag',
  integer: 'integer',
  percent: 'decimal',
  money: 'money',
};

/**
 * The export columns of a described entity: its fields marked `export` (a reference by the name of
 * what it names, a choice by its words), in the description's order, headed by their labels.
 */
export function entityExportColumns(entity: Entity): ExportColumn[] {
  return Object.entries(entity.fields).flatMap(([name, f]) => {
    if (!f.export) return [];
    const reference = f.type === 'reference' && f.display ? f : undefined;
    const type = exportTypes[f.type];
    return [
      {
        field: reference?.display ?? name,
        header: reference?.displayLabel ?? f.label,
        ...(type ? { type } : {}),
        ...(f.type === 'choice' && f.labels ? { labels: f.labels } : {}),
        width: f.export,
      },
    ];
  });
}

export function defineExport(spec: ExportSpec): ExportSpec {
  const fields = new Set([...Object.keys(selection(spec.kind)), ...Object.keys(spec.related?.fields ?? {})]);
  const unknown = spec.columns.filter((c) => !fields.has(c.field)).map((c) => c.field);
  if (unknown.length) throw new Error(`export ${spec.entity}: no field ${unknown.join(', ')}`);
  return spec;
}

/**
 * Streams the workbook as the answer. The first batch is read before anything is sent, so that a
 * refused or failing query still answers with the error envelope; a failure after that cuts the
 * download (the client sees an incomplete file) and is logged.
 */
export async function sendXlsx(
  app: FastifyInstance,
  reply: FastifyReply,
  spec: ExportSpec,
  request: ExportRequest,
): Promise<FastifyReply> {
  const now = request.now ?? new Date();
  const release = await slotFor(slotsOf(app), EXPORT_QUEUE_MS, 'export');
  try {
    return await stream(app, reply, spec, request, now, release);
  } catch (error) {
    release();
    throw error;
  }
}

/** What every sheet says above its header: the title, the filters, and when and by whom. */
export type Heading = { title: Words; filters: string[]; user: CurrentUser; lang: Lang; now: Date };

/** exceljs, loaded on the first export (about 8 MB of heap a server that never exports need not hold). */
const loadExcel = lazyPackage<typeof ExcelJS>(() => import('exceljs'));

/** A workbook writing into `out` as rows are committed (exceljs's streaming writer). */
export async function openWorkbook(out: PassThrough, now: Date) {
  const { stream } = await loadExcel();
  const workbook = new stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false, // a shared-strings table would hold every distinct text in memory
  });
  workbook.creator = 'SitePay';
  workbook.created = now;
  return workbook;
}

/**
 * A sheet of the workbook: its title, filters and export time, a bold frozen header with an
 * autofilter, then the rows given to `add` (each committed at once), and a bold totals row.
 */
export function addSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  heading: Heading,
  name: string,
  columns: ExportColumn[],
) {
  const { lang, now, user } = heading;
  // Excel refuses sheet names over 31 characters and with []:*?/\
  const sheet = workbook.addWorksheet(name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: HEADER_ROW, activeCell: `A${HEADER_ROW + 1}` }],
  });
  sheet.columns = columns.map((c) => ({ key: c.field, width: c.width ?? 16 }));
  // One style object per column, given to each of its cells: exceljs caches a style by object, so a
  // shared one costs nothing per cell, where a column style is copied into a new object for every
  // cell and serialized again each time (half of the export's time, measured on 100,000 rows).
  const styles: Partial<ExcelJS.Style>[] = columns.map((c) => {
    const numFmt = numberFormats[lang][c.type ?? 'text'];
    return numFmt ? { numFmt } : {};
  });
  const boldStyles: Partial<ExcelJS.Style>[] = styles.map((style) => ({ ...style, font: { bold: true } }));
  // a money cell with a cent left shows it, as the screen does
  const centStyles = (list: Partial<ExcelJS.Style>[]) =>
    list.map((style, i) => (columns[i]!.type === 'money' ? { ...style, numFmt: MONEY_WITH_CENTS } : style));

  const titleRow = sheet.addRow([heading.title[lang]]);
  titleRow.font = { bold: true, size: 14 };
  titleRow.commit();
  sheet
    .addRow([
      `${words.filters[lang]}: ${heading.filters.length ? heading.filters.join('; ') : words.none[lang]}`,
    ])
    .commit();
  sheet
    .addRow([
      `${words.exported[lang]} ${formatWallTime(businessWallTime(now), lang)} (${words.zone[lang]}) ${words.by[lang]} ${user.user_name}`,
    ])
    .commit();
  const header = sheet.addRow(columns.map((c) => c.header[lang]));
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } };
    cell.border = { bottom: { style: 'thin' } };
  });
  header.commit();
  sheet.autoFilter = {
    from: { row: HEADER_ROW, column: 1 },
    to: { row: HEADER_ROW, column: columns.length },
  };

  // The data rows go straight into the sheet's part as XML (`rowXml`), not through exceljs's row
  // objects: the same cells, styles and values exceljs writes, at a fifth of the cost (building the
  // row model and its XML was 3 of the 4 seconds of writing 100,000 rows; see
  // docs/adr/0060-excel-exports-stream.md).
  const writer = sheet as unknown as WriterInternals;
  if (writer._rows.length) throw new Error('addSheet: a row of the heading was left uncommitted');
  const styleIds = (list: Partial<ExcelJS.Style>[]) =>
    list.map((style) => writer._workbook.styles.addStyleModel(style) || 0);
  const [plainIds, boldIds] = [styleIds(styles), styleIds(boldStyles)];
  const [plainCentIds, boldCentIds] = [styleIds(centStyles(styles)), styleIds(centStyles(boldStyles))];
  const letters = columns.map((_, i) => columnLetters(i + 1));
  let pending: string[] = [];
  const flush = () => {
    if (pending.length) writer.stream.write(pending.join(''));
    pending = [];
  };
  const put = (record: Record<string, unknown>, ids: number[], centIds: number[]) => {
    const n = writer._rowZero++;
    const values = columns.map((c) => cellValue(c, record[c.field], lang));
    const cells = values.some(
      (v, i) => columns[i]!.type === 'money' && typeof v === 'number' && !Number.isInteger(v),
    )
      ? ids.map((id, i) => {
          const v = values[i];
          return typeof v === 'number' && !Number.isInteger(v) ? centIds[i]! : id;
        })
      : ids;
    pending.push(rowXml(n, values, cells, letters));
    if (pending.length >= ROWS_PER_WRITE) flush();
  };
  return {
    add: (record: Record<string, unknown>) => put(record, plainIds, plainCentIds),
    /** The totals row: the first column says "Tổng cộng" unless the record fills it. */
    totals: (record: Record<string, unknown>) =>
      put({ [columns[0]!.field]: words.total[lang], ...record }, boldIds, boldCentIds),
    commit: () => {
      flush();
      sheet.commit();
    },
  };
}

/** What `addSheet` uses of exceljs's streaming sheet writer (exceljs 4.4, lib/stream/xlsx/worksheet-writer.js). */
type WriterInternals = {
  /** The sheet's part in the zip, already inside <sheetData> once a row is committed. */
  stream: { write(xml: string): void };
  /** The number of the next row; the uncommitted rows. */
  _rowZero: number;
  _rows: unknown[];
  _workbook: { styles: { addStyleModel(style: Partial<ExcelJS.Style>): number } };
};

/** Data rows joined into one write to the sheet's zip stream. */
const ROWS_PER_WRITE = 100;

/** Characters XML must escape, and those it cannot carry (dropped), as exceljs's xmlEncode. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML 1.0 cannot carry
const XML_UNSAFE = /[<>&'"\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/g;
const XML_ENTITIES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&apos;',
  '"': '&quot;',
};
const xmlText = (text: string) => text.replace(XML_UNSAFE, (c) => XML_ENTITIES[c] ?? '');

/** Column letters: 1 → A, 27 → AA. */
export function columnLetters(n: number): string {
  let letters = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26))
    letters = String.fromCharCode(65 + ((k - 1) % 26)) + letters;
  return letters;
}
const EXCEL_EPOCH_DAYS = 25569; // 1970-01-01 as an Excel serial day (1900 date system)

/**
 * One row of a sheet as exceljs writes it (without its optional `spans` and `x14ac:dyDescent`):
 * numbers and dates as values (a date as its serial day), text as an inline string cell
 * (`t="str"`, never a formula), an empty cell only when it has a style.
 */
export function rowXml(
  n: number,
  values: ExcelJS.CellValue[],
  styleIds: number[],
  letters: string[] = values.map((_, i) => columnLetters(i + 1)),
): string {
  let xml = `<row r="${n}">`;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    const s = styleIds[i] ? ` s="${styleIds[i]}"` : '';
    const r = `${letters[i]}${n}`;
    if (value === null || value === undefined) {
      if (s) xml += `<c r="${r}"${s}/>`;
    } else if (typeof value === 'number') {
      xml += `<c r="${r}"${s}><v>${value}</v></c>`;
    } else if (value instanceof Date) {
      xml += `<c r="${r}"${s}><v>${EXCEL_EPOCH_DAYS + value.getTime() / 86_400_000}</v></c>`;
    } else {
      xml += `<c r="${r}"${s} t="str"><v>${xmlText(String(value))}</v></c>`;
    }
  }
  return `${xml}</row>`;
}

async function stream(
  app: FastifyInstance,
  reply: FastifyReply,
  spec: ExportSpec,
  request: ExportRequest,
  now: Date,
  release: () => void,
): Promise<FastifyReply> {
  const { lang, user } = request;
  const list = await listSpec(app.db, spec.kind, request.query, user, request.extraWhere);
  // the names of referenced rows are looked up once per batch, not by a subquery per row
  const related = spec.related;
  const lookups = batchedLookups(spec.kind, [
    ...spec.columns.filter((c) => !related?.fields[c.field]).map((c) => c.field),
    ...(related ? ['id'] : []),
  ]);
  async function* named() {
    for await (const batch of readBatches(app.db, list, EXPORT_BATCH_ROWS, lookups.select)) {
      await lookups.resolve(app.db, batch);
      yield related ? await withRelated(app.db, related, batch) : batch;
    }
  }
  const batches = named();
  const first = await batches.next();
  // a list with money ends with its totals, over the same filter
  const totals = spec.kind.totals ? await listTotals(app.db, spec.kind, list.where) : undefined;

  // A megabyte may wait for a slow client in the stream; past that the writer waits for it.
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  const aborted = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) aborted.abort();
  });
  const workbook = await openWorkbook(out, now);
  const heading = { title: spec.title, filters: request.filters, user, lang, now };
  const sheet = addSheet(workbook, heading, spec.title[lang], spec.columns);

  reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', contentDisposition(exportFileName(spec.title, request.lang, now)))
    .header('cache-control', 'no-store')
    .send(out);

  const write = async (turn: Turn) => {
    let batch = first;
    while (!batch.done) {
      // the database reads the next batch while this one is written (PostgreSQL works meanwhile)
      const next = batches.next();
      next.catch(() => {}); // awaited below; a failure is handled there
      let written = 0;
      for (const record of batch.value) {
        sheet.add(record);
        // writing is synchronous work: let the other requests in every few hundred rows (a
        // piece of heavy work counts the batch's reading too)
        if (++written % YIELD_EVERY_ROWS === 0) await turn();
      }
      if (aborted.signal.aborted) return;
      // the client reads slower than we write: wait rather than pile the file up in memory, and
      // outside the heavy lane (a slow download must not hold up other heavy work)
      if (out.writableNeedDrain) await turn(once(out, 'drain', { signal: aborted.signal }));
      batch = await next;
    }
    if (totals) sheet.totals(totals);
    sheet.commit();
    await workbook.commit();
  };
  // in the server's heavy lane, or on its own where there is none (a bare test app)
  heavyWork(app, write)
    .catch((error) => {
      if (aborted.signal.aborted) return; // the client went away: nothing to tell it
      reply.log.error({ err: error, export: spec.entity }, 'export failed part-way');
      out.destroy(error as Error);
    })
    .finally(() => release());
  return reply;
}

/** Fills each record's `related` fields with the lists of its rows' values: one statement a batch. */
async function withRelated(tx: Tx, related: RelatedRows, records: Record<string, unknown>[]) {
  const names = Object.keys(related.fields);
  const lists = new Map<number, Record<string, unknown[]>>();
  for (const record of records) {
    const empty = Object.fromEntries(names.map((n) => [n, [] as unknown[]]));
    lists.set(Number(record.id), empty);
    Object.assign(record, empty);
  }
  const ids = [...lists.keys()];
  if (!ids.length) return records;
  const rows = (await tx
    .select({ owner: related.owner, ...related.fields })
    .from(related.table)
    .where(and(sql`${related.owner} = any(${sql.param(ids)}::int[])`, related.where))
    .orderBy(related.owner, ...related.orderBy)) as Record<string, unknown>[];
  for (const row of rows) {
    const list = lists.get(Number(row.owner));
    if (list) for (const n of names) list[n]!.push(row[n]);
  }
  return records;
}

/** A small table of a workbook (a report's rows): its sheet name, columns, rows and totals. */
export type SheetOfRows = {
  name: Words;
  columns: ExportColumn[];
  rows: Record<string, unknown>[];
  totals?: Record<string, unknown>;
};

/** Answers a workbook of a few small sheets (reports), one after the other. */
export async function sendWorkbook(
  reply: FastifyReply,
  heading: Heading,
  sheets: SheetOfRows[],
): Promise<FastifyReply> {
  const out = new PassThrough();
  const workbook = await openWorkbook(out, heading.now);
  for (const s of sheets) {
    const sheet = addSheet(workbook, heading, s.name[heading.lang], s.columns);
    for (const row of s.rows) sheet.add(row);
    if (s.totals) sheet.totals(s.totals);
    sheet.commit();
  }
  workbook.commit().catch((error) => out.destroy(error as Error));
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header(
      'content-disposition',
      contentDisposition(exportFileName(heading.title, heading.lang, heading.now)),
    )
    .header('cache-control', 'no-store')
    .send(out);
}
