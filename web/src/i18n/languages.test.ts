/**
 * Only the reader's language is loaded at start (i18n.ts); another is loaded when the reader switches
 * to it, and then has every word the screens added meanwhile, its main files winning on a clash as
 * they do for the first (docs/adr/0082-first-visit-loads-what-it-shows.md).
 */
import i18next from 'i18next';
import { describe, expect, test } from 'vitest';
import { addLanguage, addStringFiles } from './add-strings.ts';

describe('the languages', () => {
  test('the app starts with the reader’s words alone, and loads the other on a switch', async () => {
    const { i18n, languageReady, switchLanguage } = await import('./i18n.ts');
    await languageReady;
    expect(i18n.language).toBe('vi');
    expect(i18n.hasResourceBundle('vi', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    expect(i18n.t('auth.submit')).toBe('Đăng nhập');
    // the app's start asks for the language it is in: no screen is told it changed (each would draw again)
    const told: string[] = [];
    i18n.on('languageChanged', (lang: string) => told.push(lang));
    await switchLanguage('vi');
    expect(told).toEqual([]);

    await switchLanguage('en');
    expect(told).toEqual(['en']);
    expect(i18n.language).toBe('en');
    expect(i18n.t('auth.submit')).toBe('Log in');
    // the contract's words come with the main file
    expect(i18n.t('contract.form.value')).toBe('Contract value');
  });

  test('a language loaded later gets the words added before, after its main files', async () => {
    const instance = i18next.createInstance();
    await instance.init({ lng: 'vi', resources: {}, interpolation: { escapeValue: false } });
    addLanguage(instance, 'vi', [{ a: { title: 'Tiêu đề' } }]);
    addStringFiles(instance, {
      vi: { a: { title: 'bị thay', extra: 'Thêm' } },
      en: { a: { title: 'replaced', extra: 'Extra' }, constructor: { name: 'Contractor' } },
    });
    expect(instance.getFixedT('vi')('a.extra')).toBe('Thêm');
    expect(instance.hasResourceBundle('en', 'translation')).toBe(false);

    addLanguage(instance, 'en', [{ a: { title: 'Title' } }]);
    const en = instance.getFixedT('en');
    expect(en('a.title')).toBe('Title');
    expect(en('a.extra')).toBe('Extra');
    // a key i18next's own merge would leave out (add-strings.ts)
    expect(en('constructor.name')).toBe('Contractor');
    expect(instance.getFixedT('vi')('a.title')).toBe('Tiêu đề');
  });
});
