/**
 * A picture in a Word document filled by docxtemplater, without its (paid) image module: the
 * template holds a raw-XML tag (`{@vietqr_image}`, alone in its paragraph, in the document body),
 * the data gives that tag the paragraph drawn here — an inline DrawingML picture pointing at a
 * relationship id — and after rendering `addPictureParts` puts the PNG into the package: the media
 * part, its relationship from word/document.xml, and the png content type.
 */
import type PizZip from 'pizzip';

export type DocxPicture = {
  /** Relationship id from word/document.xml (unlikely to clash with Word's rId1, rId2…). */
  relId: string;
  /** File name under word/media/. */
  fileName: string;
  png: Buffer;
  /** Size on paper, in centimetres. */
  widthCm: number;
  heightCm: number;
  /** Alternative text (what a screen reader says, and how a user finds it in Word). */
  description: string;
};

const EMU_PER_CM = 360_000;
const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const WP_NS = 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing';
const A_NS = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const PIC_NS = 'http://schemas.openxmlformats.org/drawingml/2006/picture';
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const IMAGE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';

/** The paragraph holding the picture, for a raw-XML tag; namespaces declared where used. */
export function pictureParagraph(p: DocxPicture, docPrId: number, align = 'center'): string {
  const cx = Math.round(p.widthCm * EMU_PER_CM);
  const cy = Math.round(p.heightCm * EMU_PER_CM);
  const description = escapeXml(p.description);
  return (
    `<w:p><w:pPr><w:jc w:val="${align}"/></w:pPr><w:r><w:drawing>` +
    `<wp:inline xmlns:wp="${WP_NS}" distT="0" distB="0" distL="0" distR="0">` +
    `<wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${docPrId}" name="${escapeXml(p.fileName)}" descr="${description}"/>` +
    `<a:graphic xmlns:a="${A_NS}"><a:graphicData uri="${PIC_NS}">` +
    `<pic:pic xmlns:pic="${PIC_NS}"><pic:nvPicPr><pic:cNvPr id="0" name="${escapeXml(p.fileName)}" descr="${description}"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip xmlns:r="${R_NS}" r:embed="${p.relId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
    '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>'
  );
}

const DOCUMENT_RELS = 'word/_rels/document.xml.rels';
const CONTENT_TYPES = '[Content_Types].xml';

/** Adds the pictures' media parts, relationships and the png content type to a rendered package. */
export function addPictureParts(zip: PizZip, pictures: DocxPicture[]): void {
  if (!pictures.length) return;
  let rels =
    zip.file(DOCUMENT_RELS)?.asText() ??
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';
  for (const p of pictures) {
    zip.file(`word/media/${p.fileName}`, p.png);
    rels = rels.replace(
      '</Relationships>',
      `<Relationship Id="${p.relId}" Type="${IMAGE_REL}" Target="media/${escapeXml(p.fileName)}"/></Relationships>`,
    );
  }
  zip.file(DOCUMENT_RELS, rels);
  const types = zip.file(CONTENT_TYPES)?.asText();
  if (types && !/<Default\s[^>]*Extension="png"/i.test(types))
    zip.file(
      CONTENT_TYPES,
      types.replace('</Types>', '<Default Extension="png" ContentType="image/png"/></Types>'),
    );
}
