import { describe, expect, test, vi } from 'vitest';
import { columnSum } from './report-figures.ts';
import { constructionSubtitle, reportState } from './report-parts.tsx';

const query = (over: Partial<{ isError: boolean; data: unknown; isPlaceholderData: boolean }> = {}) => ({
  isError: false,
  data: {},
  isPlaceholderData: false,
  refetch: vi.fn(),
  ...over,
});

describe("a report page's state", () => {
  test('failed only when a call failed with nothing to show; a retry asks the failed ones again', () => {
    const ok = query();
    const stale = query({ isError: true });
    const lost = query({ isError: true, data: undefined });
    expect(reportState(ok, stale).failed).toBe(false);
    const state = reportState(ok, lost);
    expect(state.failed).toBe(true);
    state.onRetry();
    expect(lost.refetch).toHaveBeenCalledOnce();
    expect(ok.refetch).not.toHaveBeenCalled();
  });

  test('dimmed while one call shows the figures of the previous filters', () => {
    expect(reportState(query(), query({ isPlaceholderData: true })).dimmed).toBe(true);
    expect(reportState(query()).dimmed).toBe(false);
  });

  test("the subtitle names the top bar's construction, else all of them", () => {
    const t = (key: string) => `<${key}>`;
    expect(constructionSubtitle({ code: 'CT01', name: 'Tower A' }, t)).toBe('CT01 – Tower A');
    expect(constructionSubtitle(undefined, t)).toBe('<report.allConstructions>');
  });
});

describe("a table's totals row", () => {
  test('counts add as numbers, amounts exactly as decimals', () => {
    const rows = [
      { count: 2, amount: '1000000.10' },
      { count: 3, amount: '0.20' },
    ];
    expect(columnSum('count', (r: (typeof rows)[number]) => r.count, rows)).toBe(5);
    expect(columnSum('amount', (r: (typeof rows)[number]) => r.amount, rows)).toBe('1000000.30');
  });
});
