import { describe, expect, test } from 'vitest';
import {
  constructionReportLink,
  constructorReportLink,
  contractReportLink,
  paymentListLink,
} from './report-links.ts';

describe('report drill-downs', () => {
  test('the payment list filtered to what a figure counts', () => {
    expect(paymentListLink({ constructionId: 3, status: 'over due' })).toBe(
      '/management/payment/list?constructionId=3&status=over+due',
    );
    expect(paymentListLink({ constructionId: -1, constructorId: 7 })).toBe(
      '/management/payment/list?constructionId=-1&constructorId=7',
    );
    expect(paymentListLink({ constructionId: -1, view: 'mine', approvalStatus: 'R' })).toBe(
      '/management/payment/list?constructionId=-1&view=mine&approvalStatus=R',
    );
    expect(paymentListLink({})).toBe('/management/payment/list');
  });

  test("a construction's report puts it in the top bar; a contractor's opens on every construction unless told", () => {
    expect(constructionReportLink(4, 'from=2026-01-01')).toBe(
      '/report/construction/view/4?constructionId=4&from=2026-01-01',
    );
    expect(constructorReportLink(9)).toBe('/report/constructor/view/9?constructionId=-1');
    expect(constructorReportLink(9, 'contractTypeId=2', 3)).toBe(
      '/report/constructor/view/9?constructionId=3&contractTypeId=2',
    );
    expect(contractReportLink(5)).toBe('/report/contract/view/5');
    expect(contractReportLink(5, 2)).toBe('/report/contract/view/5?constructionId=2');
  });
});
