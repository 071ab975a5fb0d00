import i18next from 'i18next';
import { describe, expect, test } from 'vitest';
import { addStringFiles } from '../../i18n/add-strings.ts';
import adminEn from '../../i18n/admin.en.json' with { type: 'json' };
import adminVi from '../../i18n/admin.vi.json' with { type: 'json' };
import { type FormStep, formStepNames, previewSentence, sameSteps } from './flow-preview.ts';

async function words(lang: 'vi' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: lang,
    resources: { vi: { translation: {} }, en: { translation: {} } },
    interpolation: { escapeValue: false },
  });
  addStringFiles(instance, { vi: adminVi, en: adminEn });
  return instance.t.bind(instance) as (key: string, options?: Record<string, unknown>) => string;
}

const step = (name: string, min_amount: string | null = null): FormStep => ({
  name,
  decider_type: 'role',
  role_id: 1,
  user_id: '',
  min_amount,
});

describe('the approval flow preview', () => {
  test('names the steps a request goes through, in both languages, with the amount as the app writes it', async () => {
    const vi = await words('vi');
    const en = await words('en');
    const names = ['Kế toán trưởng', 'Giám đốc'];
    expect(previewSentence(vi, '600000000', names, 'vi')).toBe(
      'Yêu cầu 600,000,000 đồng đi qua: Kế toán trưởng, rồi Giám đốc',
    );
    expect(previewSentence(en, '600000000', names, 'en')).toBe(
      'A request of 600,000,000 goes through Kế toán trưởng, then Giám đốc',
    );
    expect(previewSentence(en, '1000', [], 'en')).toBe('A request of 1,000: the director decides alone');
    expect(previewSentence(vi, '1000', [], 'vi')).toBe('Yêu cầu 1,000 đồng: giám đốc duyệt một mình');
  });

  test('a step with a minimum applies from that amount on; an unnamed step reads by its number', async () => {
    const vi = await words('vi');
    const steps = [step('Kế toán trưởng'), step('', '500,000,000')];
    expect(formStepNames(vi, steps, '499999999')).toEqual(['Kế toán trưởng']);
    expect(formStepNames(vi, steps, '500000000')).toEqual(['Kế toán trưởng', 'Bước 2']);
    // a minimum not yet a number is none
    expect(formStepNames(vi, [step('A', '12a')], '1')).toEqual(['A']);
  });

  test('the saved steps and the typed ones are the same when only the writing of amounts differs', () => {
    const saved = [step('Giám đốc', '500000000.00')];
    expect(sameSteps([step('Giám đốc', '500,000,000')], saved)).toBe(true);
    expect(sameSteps([step('Giám đốc', '500,000,001')], saved)).toBe(false);
    expect(sameSteps([{ ...step('Giám đốc', '500000000'), role_id: 2 }], saved)).toBe(false);
  });
});
