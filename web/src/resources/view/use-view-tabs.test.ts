import { createMongoAbility } from '@casl/ability';
import { describe, expect, test } from 'vitest';
import type { AppAbility } from '../../lib/ability.ts';
import type { RelatedSection, ResourceDescription } from '../resource.types.ts';
import { INFO_TAB, openTab, sectionTabs, shownSections, withTab } from './use-view-tabs.ts';

const ability = (rules: { action: string; subject: string }[]) =>
  createMongoAbility<[string, string]>(rules) as AppAbility;
const section = (key: string, over: Record<string, unknown> = {}) =>
  ({ key, kind: 'children', ...over }) as unknown as RelatedSection;
const resource = (related?: RelatedSection[]) => ({ related }) as Pick<ResourceDescription, 'related'>;

describe("the view page's sections", () => {
  test('a section about records the user may not read is left out; one that requires nothing stays', () => {
    const related = [
      section('a'),
      section('b', { requires: 'contract' }),
      section('c', { requires: 'payment' }),
    ];
    const reader = ability([{ action: 'read', subject: 'contract' }]);
    expect(shownSections(resource(related), reader).map((s) => s.key)).toEqual(['a', 'b']);
    expect(shownSections(resource(related), ability([{ action: 'manage', subject: 'all' }]))).toHaveLength(3);
    expect(shownSections(resource(), reader)).toEqual([]);
  });

  test('the tabs the sections name, each once, in their order', () => {
    const sections = [
      section('a', { tab: 'roles' }),
      section('b'),
      section('c', { tab: 'logins' }),
      section('d', { tab: 'roles' }),
    ];
    expect(sectionTabs(sections)).toEqual(['roles', 'logins']);
    expect(sectionTabs([section('a')])).toEqual([]);
  });
});

describe('the open tab', () => {
  test("the URL's when the page has it, else the record's own", () => {
    expect(openTab(['roles'], 'roles')).toBe('roles');
    expect(openTab(['roles'], 'other')).toBe(INFO_TAB);
    expect(openTab(['roles'], null)).toBe(INFO_TAB);
    expect(openTab([], '')).toBe(INFO_TAB);
  });

  test("picking a tab sets it in the URL, the record's own drops it, the rest of the URL stays", () => {
    expect(withTab(new URLSearchParams('x=1'), 'roles').toString()).toBe('x=1&tab=roles');
    expect(withTab(new URLSearchParams('x=1&tab=roles'), INFO_TAB).toString()).toBe('x=1');
    const current = new URLSearchParams('tab=roles');
    withTab(current, 'logins');
    expect(current.toString()).toBe('tab=roles');
  });
});
