/**
 * What a list's filters (list-filters.tsx) and their fields' chunk (list-filter-fields.tsx) share:
 * their props, the fields' grid and a picker's cell in it — the fields' and their stand-ins' while
 * the chunk loads.
 */
import type { SxProps, Theme } from '@mui/material/styles';
import type { ListFilterField } from '../resource.types.ts';

export const FILTER_GRID: SxProps<Theme> = {
  display: 'grid',
  gap: 1.5,
  mb: 1.5,
  gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
};
export const REFERENCE_CELL: SxProps<Theme> = { gridColumn: { xs: '1 / -1', md: 'auto', lg: 'span 2' } };

export type FilterProps = {
  fields: readonly ListFilterField[];
  values: Record<string, string> | undefined;
  onChange: (key: string, value: string | undefined) => void;
};
