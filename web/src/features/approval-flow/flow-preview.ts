/**
 * The approval flow form's preview (docs/adr/0084-approval-steps.md): the sentence saying whom a
 * request of an amount goes through — "Yêu cầu 600,000,000 đồng đi qua: Kế toán trưởng, rồi Giám
 * đốc" — and the form's steps as the server would store them, read with the domain's one rule
 * (`stepsFor`). Pure, tested beside it.
 */
import { stepsFor } from '@sitepay/domain/approval-flow.schema';
import { formatAmount, parseAmountInput } from '@sitepay/domain/number-format';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A step as the form holds it: ids and amount may be '' while not given. */
export type FormStep = {
  name: string;
  decider_type: string;
  role_id: number | '' | null;
  user_id: number | '' | null;
  min_amount: string | null;
};

/** The sentence for a request of `amount` going through `names` (none: the director decides alone). */
export function previewSentence(t: Translate, amount: string, names: readonly string[], lang: 'vi' | 'en') {
  const written = formatAmount(amount, lang);
  if (names.length === 0) return t('approvalFlow.preview.alone', { amount: written });
  return t('approvalFlow.preview.through', {
    amount: written,
    steps: names.join(t('approvalFlow.preview.then')),
  });
}

/** A minimum as the rule reads it: a plain decimal, or none (empty, or not a number yet). */
const minimumOf = (value: string | null): string | null => {
  if (value === null || value.trim() === '') return null;
  return parseAmountInput(value);
};

/**
 * The names of the form's steps a request of `amount` goes through, in order; an unnamed step is
 * "Bước N" / "Step N".
 */
export function formStepNames(t: Translate, steps: readonly FormStep[], amount: string): string[] {
  const read = steps.map((s, i) => ({
    name: s.name.trim() || t('approvalFlow.step', { no: i + 1 }),
    min_amount: minimumOf(s.min_amount),
  }));
  return stepsFor(read, amount).map((s) => s.name);
}

/** The steps as stored: what the form sends, for telling whether they changed since the save. */
export function storedSteps(steps: readonly FormStep[]) {
  return steps.map((s) => ({
    name: s.name.trim(),
    decider_type: s.decider_type,
    role_id: s.decider_type === 'role' && s.role_id ? Number(s.role_id) : null,
    user_id: s.decider_type === 'user' && s.user_id ? Number(s.user_id) : null,
    min_amount: minimumOf(s.min_amount),
  }));
}

/** Whether the form's steps are those saved (a saved minimum "500000000.00" equals a typed "500000000"). */
export function sameSteps(a: readonly FormStep[], b: readonly FormStep[]): boolean {
  const norm = (steps: readonly FormStep[]) =>
    storedSteps(steps).map((s) => ({
      ...s,
      min_amount: s.min_amount === null ? null : formatAmount(s.min_amount),
    }));
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}
