// Writes server/templates/payment-v1.docx, the built-in printed payment request (giấy đề nghị thanh
// toán), from hand-written WordprocessingML: `node scripts/make-payment-template.mjs`.
// The tags are filled by server/src/modules/payment/payment-print.ts (paymentTemplateData), which
// lists what each one holds. Every tag is written inside one run, so docxtemplater reads it whole
// and a company that copies the file and edits it in Word starts from clean tags; the script checks
// that before it writes. Zip entries carry a fixed date, so the same source gives the same bytes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import PizZip from 'pizzip';

const root = fileURLToPath(new URL('..', import.meta.url));
const output = `${root}server/templates/payment-v1.docx`;

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const FONT = 'Times New Roman';

// A4 portrait, margins of Vietnamese administrative documents: 3 cm left, 2 cm elsewhere (twips).
const PAGE = { width: 11906, height: 16838, top: 1134, bottom: 1134, left: 1701, right: 1134 };
const TEXT_WIDTH = PAGE.width - PAGE.left - PAGE.right; // 9071

const escapeXml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// ---------------------------------------------------------------------------------------------------
// Building blocks. Child elements follow the order the schema requires (Word refuses other orders).

/** A run: text with character formatting. `size` is in points. */
function run(text, { bold, italic, caps, underline, size } = {}) {
  const props = [
    bold ? '<w:b/><w:bCs/>' : '',
    italic ? '<w:i/><w:iCs/>' : '',
    caps ? '<w:caps/>' : '',
    size ? `<w:sz w:val="${size * 2}"/><w:szCs w:val="${size * 2}"/>` : '',
    underline ? '<w:u w:val="single"/>' : '',
  ].join('');
  return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
}

/**
 * A paragraph of runs (strings are plain runs). Spacing and sizes are in points; `tab` sets a tab
 * stop (twips); `markSize` sizes the paragraph mark, which makes an empty paragraph thin.
 */
function para(runs, { align, style, before, after, keepNext, tab, markSize } = {}) {
  // a thin paragraph's line is exactly its mark's height, so that it never spills onto a page alone
  const line = markSize ? ` w:line="${markSize * 20}" w:lineRule="exact"` : '';
  const spacing =
    before !== undefined || after !== undefined || markSize
      ? `<w:spacing w:before="${(before ?? 0) * 20}" w:after="${(after ?? 0) * 20}"${line}/>`
      : '';
  const props = [
    style ? `<w:pStyle w:val="${style}"/>` : '',
    keepNext ? '<w:keepNext/>' : '',
    tab ? `<w:tabs><w:tab w:val="left" w:pos="${tab}"/></w:tabs>` : '',
    spacing,
    align ? `<w:jc w:val="${align}"/>` : '',
    markSize ? `<w:rPr><w:sz w:val="${markSize * 2}"/><w:szCs w:val="${markSize * 2}"/></w:rPr>` : '',
  ].join('');
  const body = (Array.isArray(runs) ? runs : [runs])
    .filter((r) => r !== '')
    .map((r) => (r.startsWith('<') ? r : run(r)))
    .join('');
  return `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ''}${body}</w:p>`;
}

/** A table cell holding paragraphs; `span` merges grid columns. */
function cell(width, paragraphs, { span, valign } = {}) {
  const props = [
    `<w:tcW w:w="${width}" w:type="dxa"/>`,
    span ? `<w:gridSpan w:val="${span}"/>` : '',
    valign ? `<w:vAlign w:val="${valign}"/>` : '',
  ].join('');
  const body = Array.isArray(paragraphs) ? paragraphs.join('') : paragraphs;
  return `<w:tc><w:tcPr>${props}</w:tcPr>${body}</w:tc>`;
}

/** A table row; a header row repeats on each page, and no row is split across pages. */
function row(cells, { header, height } = {}) {
  const props = [
    '<w:cantSplit/>',
    height ? `<w:trHeight w:val="${height}"/>` : '',
    header ? '<w:tblHeader/>' : '',
  ].join('');
  return `<w:tr><w:trPr>${props}</w:trPr>${cells.join('')}</w:tr>`;
}

/**
 * A table of fixed column widths (twips); `grid` gives it the TableGrid style's borders; `flush`
 * takes away its cells' side margins (a layout table whose first cell holds another table).
 */
function table(widths, rows, { grid = true, flush = false } = {}) {
  const total = widths.reduce((a, b) => a + b, 0);
  const props = [
    `<w:tblStyle w:val="${grid ? 'TableGrid' : 'TableNormal'}"/>`,
    `<w:tblW w:w="${total}" w:type="dxa"/>`,
    '<w:tblLayout w:type="fixed"/>',
    flush ? '<w:tblCellMar><w:left w:w="0" w:type="dxa"/><w:right w:w="0" w:type="dxa"/></w:tblCellMar>' : '',
    '<w:tblLook w:val="0000" w:firstRow="0" w:lastRow="0" w:firstColumn="0" w:lastColumn="0" w:noHBand="1" w:noVBand="1"/>',
  ].join('');
  const gridCols = widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('');
  return `<w:tbl><w:tblPr>${props}</w:tblPr><w:tblGrid>${gridCols}</w:tblGrid>${rows.join('')}</w:tbl>`;
}

const tab = '<w:r><w:tab/></w:r>';
const bold = (text, more) => run(text, { bold: true, ...more });
const italic = (text, more) => run(text, { italic: true, ...more });
/** A heading above a section of the form. */
const heading = (text) => para(bold(text), { style: 'SectionHeading' });

// ---------------------------------------------------------------------------------------------------
// The document.

function letterhead() {
  const left = 3800;
  const right = TEXT_WIDTH - left;
  return table(
    [left, right],
    [
      row([
        cell(left, [
          para(bold('{company_name}', { caps: true, size: 11 }), { align: 'center' }),
          para(run('{company_address}', { size: 11 }), { align: 'center' }),
          para(run('MST: {company_tax_code}', { size: 11 }), { align: 'center' }),
        ]),
        cell(right, [
          para(bold('CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM'), { align: 'center' }),
          para(bold('Độc lập - Tự do - Hạnh phúc', { size: 13, underline: true }), { align: 'center' }),
        ]),
      ]),
    ],
    { grid: false },
  );
}

function titleBlock() {
  return [
    para('GIẤY ĐỀ NGHỊ THANH TOÁN', { style: 'Title' }),
    para(italic('Số: {code} (đợt {requirement_no}) – Ngày {date}'), { align: 'center', after: 6 }),
    para([run('Kính gửi: '), bold('Ban Giám đốc {company_name}')], { align: 'center', after: 6 }),
  ];
}

function requester() {
  return [
    para(
      [run('Người đề nghị: '), bold('{requester_name}'), tab, run('Bộ phận: '), run('{department_name}')],
      {
        tab: 5200,
        after: 6,
      },
    ),
  ];
}

/** Label and value pairs: one pair across the row, or two side by side. */
function labelled(rows) {
  const widths = [2000, 2900, 1700, TEXT_WIDTH - 6600];
  const wide = widths[1] + widths[2] + widths[3];
  return table(
    widths,
    rows.map(([label, tag, label2, tag2]) =>
      row(
        label2
          ? [label, tag, label2, tag2].map((text, i) => cell(widths[i], para(text)))
          : [cell(widths[0], para(label)), cell(wide, para(tag), { span: 3 })],
      ),
    ),
  );
}

function contract() {
  return [
    heading('I. Thông tin hợp đồng'),
    labelled([
      ['Công trình', '{construction}'],
      ['Nhà thầu', '{constructor}'],
      ['Số hợp đồng', '{contract_no}', 'Ngày ký', '{contract_signed_date}'],
      ['Đơn vị thụ hưởng', '{beneficiary_name}'],
      ['Ngân hàng', '{bank_name}', 'Số tài khoản', '{account_number}'],
      ['Loại thanh toán', '{payment_type_name}', 'Loại giao dịch', '{transaction_type_name}'],
    ]),
  ];
}

/** The VietQR column beside the amounts' table: 3.5 cm, the code 2.6 cm square (payment-print.ts). */
const QR_COLUMN = 2000;

/**
 * An accepted, unpaid request prints its VietQR code beside the amounts — by the sum it pays, and
 * costing the page no height, so the request stays on one A4 page
 * (docs/adr/0076-vietqr-beside-the-amounts.md); otherwise the amounts' table takes the whole width.
 * When the request should have a code but cannot (a bank without NAPAS BIN), a line under the
 * table says why. `{@vietqr_image}` is a raw-XML tag: the server gives it the picture's paragraph,
 * so it stays alone in its paragraph.
 */
function withVietQr(make) {
  const left = TEXT_WIDTH - QR_COLUMN;
  return [
    para('{#vietqr}', { keepNext: true }),
    table(
      [left, QR_COLUMN],
      [
        row([
          cell(left, [make(left - 120), para('', { markSize: 2 })]),
          cell(
            QR_COLUMN,
            [
              para(bold('Chuyển khoản bằng mã VietQR', { size: 9 }), { align: 'center' }),
              para('{@vietqr_image}', { align: 'center' }),
              para([run('Nội dung: ', { size: 8 }), bold('{vietqr_content}', { size: 8 })], {
                align: 'center',
              }),
            ],
            { valign: 'center' },
          ),
        ]),
      ],
      { grid: false, flush: true },
    ),
    para('{/vietqr}'),
    para('{^vietqr}'),
    make(TEXT_WIDTH),
    para('{/vietqr}'),
    para('{#vietqr_missing}'),
    para(italic('Không in mã VietQR: {vietqr_missing}', { size: 11 }), { before: 3 }),
    para('{/vietqr_missing}'),
  ];
}

function amounts() {
  return [
    heading('II. Giá trị đề nghị thanh toán'),
    ...withVietQr(amountTable),
    para([run('Bằng chữ: '), italic('{amount_in_words}', { bold: true })], { before: 6 }),
    para([run('Nội dung thanh toán: '), run('{note}')], { after: 6 }),
  ];
}

/** The amounts, `total` twips wide (the words column gives way to the VietQR code). */
function amountTable(total) {
  const widths = [700, total - 700 - 2000, 2000];
  const small = { size: 10.5 };
  const line = (no, label, tag, strong) =>
    row([
      cell(widths[0], para(run(no, { bold: strong }), { align: 'center' })),
      cell(widths[1], para(run(label, { bold: strong }))),
      cell(widths[2], para(run(tag, { bold: strong }), { align: 'right' })),
    ]);
  return table(widths, [
    row(
      [
        cell(widths[0], para(bold('STT'), { align: 'center' }), { valign: 'center' }),
        cell(widths[1], para(bold('Nội dung'), { align: 'center' }), { valign: 'center' }),
        cell(widths[2], para(bold('Số tiền (đồng)'), { align: 'center' }), { valign: 'center' }),
      ],
      { header: true },
    ),
    line('1', 'Giá trị hợp đồng (bao gồm phụ lục)', '{contract_value}'),
    line('2', 'Đã thanh toán các lần trước', '{paid_before}'),
    line('3', 'Đề nghị thanh toán lần này', '{amount}', true),
    line('4', 'Giá trị hóa đơn', '{invoice_amount}'),
    // the request's VAT invoices under their sum, one row each in a smaller type (none: no row)
    row([
      cell(widths[0], para([italic('{#invoices}4.', small), italic('{index}', small)], { align: 'center' })),
      cell(widths[1], para(italic('Hóa đơn {number}, mẫu {form}, ký hiệu {symbol}, ngày {date}', small))),
      cell(widths[2], para([italic('{total}', small), italic('{/invoices}', small)], { align: 'right' })),
    ]),
    line('5', 'Giá trị giữ lại bảo hành', '{guarantee_amount}'),
    line('6', 'Tiền phạt', '{penalty_amount}'),
    line('7', 'Thu hồi tạm ứng', '{advance_recovery}'),
  ]);
}

function checklist() {
  const widths = [700, 4271, 1500, 1200, 1400];
  const header = ['STT', 'Tên hồ sơ, chứng từ', 'Bản gốc/ Bản sao', 'Số lượng', 'Đính kèm'];
  // The row between {#documents} and {/documents} repeats once per document; the row between
  // {^documents} and {/documents} appears only when there is none.
  const centred = (i, runs) => cell(widths[i], para(runs, { align: 'center' }));
  return [
    heading('III. Hồ sơ kèm theo'),
    table(widths, [
      row(
        header.map((text, i) => cell(widths[i], para(bold(text), { align: 'center' }), { valign: 'center' })),
        { header: true },
      ),
      row([
        centred(0, [run('{#documents}'), run('{index}')]),
        cell(widths[1], para('{name}')),
        centred(2, '{type_label}'),
        centred(3, '{quantity}'),
        centred(4, [run('{attached_mark}'), run('{/documents}')]),
      ]),
      row([
        centred(0, '{^documents}'),
        cell(widths[1] + widths[2] + widths[3], para(italic('Không có hồ sơ kèm theo')), { span: 3 }),
        centred(4, '{/documents}'),
      ]),
    ]),
  ];
}

function signatures() {
  const width = Math.floor(TEXT_WIDTH / 4);
  const widths = [width, width, width, TEXT_WIDTH - 3 * width];
  const signers = [
    ['Người đề nghị', 'requester'],
    ['Trưởng bộ phận', 'head_of_department'],
    ['Kế toán trưởng', 'chief_accountant'],
    ['Giám đốc', 'approver'],
  ];
  // Rows rather than paragraphs in one cell, so the four blocks stay level whatever wraps;
  // keepNext holds the block together on one page.
  const line = (make, options) =>
    row(
      signers.map(([title, key], i) =>
        cell(widths[i], para(make(title, key), { align: 'center', keepNext: true })),
      ),
      options,
    );
  return [
    para('{^has_steps}', { keepNext: true }),
    para('', { before: 6, keepNext: true, markSize: 4 }), // keeps the two tables apart
    table(
      widths,
      [
        line((_, key) => italic(`Ngày {${key}_sign_date}`)),
        line((title) => bold(title)),
        line(() => italic('(Ký, ghi rõ họ tên)', { size: 11 })),
        line(() => '', { height: 1100 }),
        row(signers.map(([, key], i) => cell(widths[i], para(bold(`{${key}_name}`), { align: 'center' })))),
      ],
      { grid: false },
    ),
    para('{/has_steps}'),
    ...stepSignatures(widths),
  ];
}

/**
 * A request with approval steps: the requester's block and one per step that applies, four to a
 * line (docs/adr/0088-signature-blocks.md). A line is two rows: the date and titles, set on the
 * row's bottom so that a title that wraps pushes none of the others out of level, then the space to
 * sign and the name. Each cell holds its part of one block or none (`{#c1}…{/c1}`), after a thin
 * paragraph of its own that an empty cell keeps.
 */
function stepSignatures(widths) {
  const part = (k, paragraphs, first, last) => [
    para(first ? '{#signature_rows}' : '', { markSize: 2, keepNext: true }),
    para(`{#c${k}}`, { keepNext: true }),
    ...paragraphs,
    para(`{/c${k}}`, { keepNext: !last }),
    ...(last ? [para('{/signature_rows}', { markSize: 2 })] : []),
  ];
  const heads = [1, 2, 3, 4].map((k, i) =>
    cell(
      widths[i],
      part(
        k,
        [
          para(italic('{date}'), { align: 'center', keepNext: true }),
          para(bold('{title}'), { align: 'center', keepNext: true }),
          // the delegate's own title, a line only when there is one
          para('{#title2}', { keepNext: true }),
          para(bold('{title2}'), { align: 'center', keepNext: true }),
          para('{/title2}', { keepNext: true }),
          para(italic('(Ký, ghi rõ họ tên)', { size: 11 }), { align: 'center', keepNext: true }),
        ],
        k === 1,
        false,
      ),
      { valign: 'bottom' },
    ),
  );
  const names = [1, 2, 3, 4].map((k, i) =>
    cell(
      widths[i],
      part(
        k,
        [para('', { before: 40, keepNext: true }), para(bold('{name}'), { align: 'center' })],
        false,
        k === 4,
      ),
    ),
  );
  return [
    para('{#has_steps}', { keepNext: true }),
    para('', { before: 6, keepNext: true, markSize: 4 }),
    table(widths, [row(heads), row(names)], { grid: false }),
    para('{/has_steps}'),
  ];
}

const sectionProperties =
  `<w:sectPr><w:pgSz w:w="${PAGE.width}" w:h="${PAGE.height}"/>` +
  `<w:pgMar w:top="${PAGE.top}" w:right="${PAGE.right}" w:bottom="${PAGE.bottom}" w:left="${PAGE.left}" w:header="567" w:footer="567" w:gutter="0"/>` +
  '<w:cols w:space="708"/></w:sectPr>';

const body = [
  letterhead(),
  ...titleBlock(),
  ...requester(),
  ...contract(),
  ...amounts(),
  ...checklist(),
  ...signatures(),
  para('', { markSize: 2 }), // Word wants a paragraph after a table that ends the document
].join('');

const documentXml =
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n` +
  `<w:document xmlns:w="${W_NS}" xmlns:r="${R_NS}"><w:body>${body}${sectionProperties}</w:body></w:document>`;

// ---------------------------------------------------------------------------------------------------
// Styles: Times New Roman 12 pt (11.5 pt in the bordered tables, so that a request with its usual
// checklist and the signatures fits one A4 page), single spacing, Vietnamese proofing; a bordered
// TableGrid; Title and SectionHeading
// as named styles, so a company restyles them once in Word.

const fonts = `<w:rFonts w:ascii="${FONT}" w:hAnsi="${FONT}" w:eastAsia="${FONT}" w:cs="${FONT}"/>`;
const border = (side) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="000000"/>`;
const cellMargins =
  '<w:tblCellMar><w:top w:w="14" w:type="dxa"/><w:left w:w="85" w:type="dxa"/>' +
  '<w:bottom w:w="14" w:type="dxa"/><w:right w:w="85" w:type="dxa"/></w:tblCellMar>';

const stylesXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="${W_NS}">
<w:docDefaults>
<w:rPrDefault><w:rPr>${fonts}<w:sz w:val="24"/><w:szCs w:val="24"/><w:lang w:val="vi-VN" w:eastAsia="en-US" w:bidi="ar-SA"/></w:rPr></w:rPrDefault>
<w:pPrDefault><w:pPr><w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/></w:pPr></w:pPrDefault>
</w:docDefaults>
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>
<w:style w:type="character" w:default="1" w:styleId="DefaultParagraphFont"><w:name w:val="Default Paragraph Font"/><w:uiPriority w:val="1"/><w:semiHidden/><w:unhideWhenUsed/></w:style>
<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/><w:tblPr><w:tblInd w:w="0" w:type="dxa"/>${cellMargins}</w:tblPr></w:style>
<w:style w:type="numbering" w:default="1" w:styleId="NoList"><w:name w:val="No List"/><w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/></w:style>
<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:basedOn w:val="TableNormal"/><w:uiPriority w:val="39"/><w:rPr><w:sz w:val="23"/><w:szCs w:val="23"/></w:rPr><w:tblPr><w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(border).join('')}</w:tblBorders></w:tblPr></w:style>
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="160" w:after="60"/><w:jc w:val="center"/></w:pPr><w:rPr><w:b/><w:bCs/><w:sz w:val="30"/><w:szCs w:val="30"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="SectionHeading"><w:name w:val="Section Heading"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="120" w:after="60"/></w:pPr><w:rPr><w:b/><w:bCs/></w:rPr></w:style>
</w:styles>`;

const settingsXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:settings xmlns:w="${W_NS}"><w:defaultTabStop w:val="720"/><w:characterSpacingControl w:val="doNotCompress"/><w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat></w:settings>`;

const fontTableXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:fonts xmlns:w="${W_NS}"><w:font w:name="${FONT}"><w:panose1 w:val="02020603050405020304"/><w:charset w:val="00"/><w:family w:val="roman"/><w:pitch w:val="variable"/></w:font></w:fonts>`;

const contentTypesXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>
<Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/>
<Override PartName="/word/fontTable.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.fontTable+xml"/>
<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>
<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>
</Types>`;

const REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const packageRelsXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="${REL_NS}">
<Relationship Id="rId1" Type="${OFFICE_REL}/officeDocument" Target="word/document.xml"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>
<Relationship Id="rId3" Type="${OFFICE_REL}/extended-properties" Target="docProps/app.xml"/>
</Relationships>`;

const documentRelsXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="${REL_NS}">
<Relationship Id="rId1" Type="${OFFICE_REL}/styles" Target="styles.xml"/>
<Relationship Id="rId2" Type="${OFFICE_REL}/settings" Target="settings.xml"/>
<Relationship Id="rId3" Type="${OFFICE_REL}/fontTable" Target="fontTable.xml"/>
</Relationships>`;

const coreXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<dc:title>Giấy đề nghị thanh toán</dc:title><dc:creator>SitePay</dc:creator><dc:language>vi-VN</dc:language>
<dcterms:created xsi:type="dcterms:W3CDTF">2024-01-01T00:00:00Z</dcterms:created>
</cp:coreProperties>`;

const appXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>SitePay</Application><AppVersion>1.0000</AppVersion></Properties>`;

// ---------------------------------------------------------------------------------------------------
// Each tag must sit whole in one <w:t>, or docxtemplater and Word disagree about what it is.

for (const [, text] of documentXml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)) {
  if (/[{}]/.test(text.replace(/\{[^{}]+\}/g, '')))
    throw new Error(`a tag is split across runs: ${JSON.stringify(text)}`);
}

const zip = new PizZip();
const date = new Date('2024-01-01T00:00:00Z');
const parts = {
  '[Content_Types].xml': contentTypesXml,
  '_rels/.rels': packageRelsXml,
  'word/document.xml': documentXml,
  'word/_rels/document.xml.rels': documentRelsXml,
  'word/styles.xml': stylesXml,
  'word/settings.xml': settingsXml,
  'word/fontTable.xml': fontTableXml,
  'docProps/core.xml': coreXml,
  'docProps/app.xml': appXml,
};
for (const [name, content] of Object.entries(parts)) zip.file(name, content, { date });

mkdirSync(new URL('../server/templates/', import.meta.url), { recursive: true });
writeFileSync(output, zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }));
console.log(`wrote ${output}`);
