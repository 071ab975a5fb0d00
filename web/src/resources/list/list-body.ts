/**
 * What draws a list's rows, and with what: the data grid (`list-grid.tsx`), or on a phone, for a list
 * whose description has a `phoneCard`, a plain list of cards (`list-cards.tsx`) that needs neither the
 * grid's chunk nor its measuring (docs/adr/0089-payment-list-first-visit.md).
 */
import { PHONE_QUERY } from '../../app/breakpoints.ts';
import type { ResourceDescription } from '../resource.types.ts';

/** The media query of a phone: below the theme's `sm` (MUI's `theme.breakpoints.down('sm')`). */
export { PHONE_QUERY };

/** The card lines a list shows on this screen: its description's `phoneCard` on a phone, else none. */
export const phoneCardOf = (resource: ResourceDescription, phone: boolean) =>
  phone ? resource.list?.phoneCard : undefined;

/** Whether the list draws the data grid in a window of this size (the route loader asks for its chunk early). */
export const needsGrid = (resource: ResourceDescription): boolean =>
  !phoneCardOf(resource, typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches === true);

/** The grid's chunk: asked for by a list's route loader beside the page's, and by the page when it draws it. */
export const loadListGrid = () => import('./list-grid.tsx');
