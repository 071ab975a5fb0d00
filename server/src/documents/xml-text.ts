/**
 * Text XML 1.0 cannot hold, and the check that a document we produce is well-formed XML.
 *
 * Every string the API takes ends up, sooner or later, in an XML file: a printed payment request
 * (.docx), an export (.xlsx). XML 1.0 has no way to write C0 controls other than tab, line feed and
 * carriage return, U+FFFE, U+FFFF or half a surrogate pair, not even as a character reference; a Word
 * file holding one is refused by Word. So the input guard refuses them in every request
 * (http/input-guard.ts), the print strips them from rows stored before that (payment-print.ts), and
 * every printed file is parsed with a strict XML parser before it is served (xml-check.ts).
 */
// Code units, not code points (no `u` flag): a lone surrogate is matched on its own.
const NOT_IN_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is matched
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string holds a character XML 1.0 cannot hold. */
export const hasNonXmlCharacter = (text: string): boolean => NOT_IN_XML.test(text);

/** The string without the characters XML 1.0 cannot hold (tab, line breaks and the rest stay). */
export const withoutNonXmlCharacters = (text: string): string =>
  hasNonXmlCharacter(text) ? text.replace(new RegExp(NOT_IN_XML.source, 'g'), '') : text;
