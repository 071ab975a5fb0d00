/**
 * The view page's related sections and tabs: the sections the user may read, the tabs they name (the
 * record's own `info` tab first), and the open tab, kept in the URL's `tab` (none for `info`).
 */
import { useSearchParams } from 'react-router';
import type { AppAbility } from '../../lib/ability.ts';
import type { RelatedSection, ResourceDescription } from '../resource.types.ts';

/** The record's own tab: its fields, status buttons and untabbed blocks. */
export const INFO_TAB = 'info';

/** The sections shown: a section about records the user may not read (a contractor's contracts) is left out. */
export const shownSections = (
  resource: Pick<ResourceDescription, 'related'>,
  ability: Pick<AppAbility, 'can'>,
): RelatedSection[] => (resource.related ?? []).filter((s) => !s.requires || ability.can('read', s.requires));

/** The tabs the sections name, each once, in their order; none means the page has no tabs. */
export const sectionTabs = (sections: RelatedSection[]): string[] => [
  ...new Set(sections.flatMap((s) => (s.tab ? [s.tab] : []))),
];

/** The open tab: the URL's when the page has it, else the record's own. */
export const openTab = (tabs: string[], asked: string | null): string =>
  tabs.includes(asked ?? '') ? (asked as string) : INFO_TAB;

/** The URL after picking a tab: `tab` set, or dropped for the record's own. */
export function withTab(current: URLSearchParams, next: string): URLSearchParams {
  const updated = new URLSearchParams(current);
  if (next === INFO_TAB) updated.delete('tab');
  else updated.set('tab', next);
  return updated;
}

export function useViewTabs(resource: ResourceDescription, ability: AppAbility) {
  const [params, setParams] = useSearchParams();
  const sections = shownSections(resource, ability);
  const tabs = sectionTabs(sections);
  const tab = openTab(tabs, params.get('tab'));
  const pickTab = (next: string) => setParams((current) => withTab(current, next), { replace: true });
  return { sections, tabs, tab, pickTab };
}
