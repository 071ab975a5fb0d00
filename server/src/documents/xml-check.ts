/**
 * Whether a document we produce is well-formed XML, by a strict parser (saxes: the XML 1.0
 * specification's well-formedness rules, characters included). docxtemplater checks its own tags,
 * not the XML around them, so a printed file is checked part by part before it is served: a fault
 * here is our bug; a template is checked the same way before it is filled, and there a fault is the
 * template's (docs/adr/0057-printed-request-templates.md).
 */
import type PizZip from 'pizzip';
import { SaxesParser } from 'saxes';

/** The first fault a strict XML parser finds in `xml`, or null when it is well-formed. */
export function xmlFault(xml: string): string | null {
  const parser = new SaxesParser({ xmlns: false, position: true });
  let fault: string | null = null;
  parser.on('error', (error) => {
    fault ??= error.message;
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    fault ??= (error as Error).message;
  }
  return fault;
}

/** Parts of an Office package that are XML: the parts themselves and their relationships. */
const XML_PART = /\.(xml|rels)$/i;

/**
 * The first XML part of an Office package (.docx, .xlsx) that is not well-formed, with the parser's
 * message, or null when every part is.
 */
export function packageFault(zip: PizZip): { part: string; fault: string } | null {
  for (const [name, file] of Object.entries(zip.files)) {
    if (file.dir || !XML_PART.test(name)) continue;
    const fault = xmlFault(file.asText());
    if (fault) return { part: name, fault };
  }
  return null;
}
