/**
 * What the contract form shows while the user types: VAT, the amount incl. VAT, the contract value
 * (plus the annexes already signed) in figures and in Vietnamese words, and the guarantee a
 * percentage comes to. The same domain functions as the server (`withVat`, `percentOf`), so the
 * preview and the saved figures agree; the server still computes and stores its own.
 */
import { addAmounts, percentOf, withVat } from '@sitepay/domain/money';
import { amountWords, asAmount } from '../../components/amount-words.ts';

export type ContractPreview = {
  vatAmount: string | null;
  amountVat: string | null;
  contractValue: string | null;
  words: string;
  retentionAmount: string | null;
};

export function previewContract(input: {
  amountBeforeVat: unknown;
  vatRate: string | null | undefined;
  annexAmount?: string | null;
  retentionPercent?: unknown;
}): ContractPreview {
  const base = asAmount(input.amountBeforeVat);
  const rate = asAmount(input.vatRate ?? null);
  if (base === null || rate === null) {
    return { vatAmount: null, amountVat: null, contractValue: null, words: '', retentionAmount: null };
  }
  const { vat_amount, amount_vat } = withVat(base, rate);
  const contractValue = addAmounts(amount_vat, asAmount(input.annexAmount ?? null) ?? '0');
  const percent = asAmount(input.retentionPercent);
  return {
    vatAmount: vat_amount,
    amountVat: amount_vat,
    contractValue,
    words: amountWords(contractValue),
    retentionAmount: percent === null ? null : percentOf(amount_vat, percent),
  };
}
