import { describe, expect, test } from 'vitest';
import { type ColumnNeed, fitColumns, MIN_TEXT_WIDTH } from './list-columns.ts';

const need = (field: string, natural: number, grow = true, keep = false, values?: number): ColumnNeed => ({
  field,
  natural,
  values,
  grow,
  priority: keep ? 2 : grow ? 0 : 1,
});
const sum = (widths: Record<string, number>) => Object.values(widths).reduce((a, b) => a + b, 0);

describe('list columns sized to their content and the window', () => {
  test('with room to spare, each column gets what it needs and the text columns share the rest', () => {
    const { widths, hidden } = fitColumns(
      [need('code', 120), need('name', 300, true, true), need('amount', 130, false, true)],
      1000,
    );
    expect(hidden).toEqual([]);
    expect(sum(widths)).toBeLessThanOrEqual(1000);
    expect(sum(widths)).toBeGreaterThan(990);
    expect(widths.amount).toBe(130);
    expect(widths.name).toBeGreaterThan(300);
    expect(widths.code).toBeGreaterThan(120);
  });

  test('when too wide, the longest name narrows first and a short code stays whole', () => {
    const { widths, hidden } = fitColumns(
      [need('code', 130), need('name', 380, true, true), need('status', 120, false, true)],
      500,
    );
    expect(hidden).toEqual([]);
    expect(widths.code).toBe(130);
    expect(widths.status).toBe(120);
    expect(widths.name).toBeLessThanOrEqual(250);
    expect(sum(widths)).toBeLessThanOrEqual(500);
  });

  test('at phone width, the least needed columns leave from the right; name and status stay', () => {
    const { widths, hidden } = fitColumns(
      [
        need('code', 130),
        need('name', 380, true, true),
        need('tax_code', 120),
        need('status', 110, false, true),
      ],
      270,
    );
    expect(hidden).toEqual(['tax_code', 'code']);
    expect(widths.status).toBe(110);
    expect(widths.name).toBeGreaterThanOrEqual(MIN_TEXT_WIDTH);
    expect(sum(widths)).toBeLessThanOrEqual(270);
  });

  test('columns that must stay are never left out, even if the window is narrower than them', () => {
    const { widths, hidden } = fitColumns(
      [need('name', 300, true, true), need('amount', 150, false, true)],
      200,
    );
    expect(hidden).toEqual([]);
    expect(widths.amount).toBe(150);
    expect(widths.name).toBe(MIN_TEXT_WIDTH);
  });

  test('on a phone an amount leaves before the name and the status; a header wider than its values narrows first', () => {
    // a contract list at 375 px: number, value, status, with the actions' menu beside them
    const { widths, hidden } = fitColumns(
      [
        need('contract_no', 160, true, true),
        need('value', 150, false, false, 120),
        need('status', 104, false, true),
      ],
      260,
    );
    expect(hidden).toEqual(['value']);
    expect(widths.status).toBe(104);
    expect(sum(widths)).toBeLessThanOrEqual(260);
    // with room for the values but not the header, the header gives way and nothing leaves
    const roomy = fitColumns(
      [
        need('contract_no', 130, true, true),
        need('value', 160, false, false, 120),
        need('status', 104, false, true),
      ],
      360,
    );
    expect(roomy.hidden).toEqual([]);
    expect(roomy.widths.value).toBeGreaterThanOrEqual(120);
    expect(roomy.widths.contract_no).toBe(130);
    expect(sum(roomy.widths)).toBeLessThanOrEqual(360);
  });
});
