import { describe, expect, test } from 'vitest';
import { testT } from '../lib/test-i18n.ts';
import { formTitle } from './form-shell.tsx';

describe("a form's title", () => {
  test('create and update name the resource; an update may name the record', async () => {
    const t = await testT('en');
    expect(formTitle(t, 'create', 'Contract')).toBe(t('actions.create', { resource: 'Contract' }));
    expect(formTitle(t, 'update', 'Contract')).toBe(t('actions.update', { resource: 'Contract' }));
    expect(formTitle(t, 'update', 'Payment', 12)).toBe(`${t('actions.update', { resource: 'Payment' })} 12`);
    expect(formTitle(t, 'update', 'Payment', '')).toBe(`${t('actions.update', { resource: 'Payment' })} `);
  });
});
