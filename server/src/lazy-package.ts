/**
 * A package loaded on first use, once: `const loadExcel = lazyPackage<typeof ExcelJS>(() =>
 * import('exceljs'))`. The server's bundle hoists its static imports of packages to the top, so a
 * package imported statically loads at start even if only a rare request needs it; these (exceljs,
 * docxtemplater, qrcode, nodemailer…) are tens of MB of a process that may never use them
 * (docs/adr/0026-one-bundle-packages-on-first-use.md). A CommonJS package's value is its default.
 */
export function lazyPackage<T>(load: () => Promise<unknown>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().then((m) => ((m as { default?: T }).default ?? m) as T);
    return loading;
  };
}
