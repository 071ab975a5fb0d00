/**
 * A list's own filters as controls above the grid (the payment list's approval and payment status,
 * contractor and date range): each writes its URL parameter, which the list passes to the API, so a
 * filtered list is a link like any other. A filter with a control has no removable chip. On a phone
 * they fold under one button, as the reports' do, and are drawn when first opened: the list is the
 * phone's first screen, not its filters (docs/adr/0082-first-visit-loads-what-it-shows.md); their
 * code, the picker's with it, is a chunk loaded when they are first drawn
 * (docs/adr/0115-what-a-phone-list-does-not-show.md).
 */
import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import { type SxProps, type Theme, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListFilterField } from '../resource.types.ts';
import { FILTER_GRID, type FilterProps, REFERENCE_CELL } from './list-filter-grid.ts';

const FilterFields = lazy(() => import('./list-filter-fields.tsx'));

export function ListFilters({ fields, values, onChange }: FilterProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(false);
  if (!fields.length) return null;
  const drawn = (
    <Suspense fallback={<FieldsLoading fields={fields} />}>
      <FilterFields fields={fields} values={values} onChange={onChange} />
    </Suspense>
  );
  if (!phone) return drawn;
  const active = fields.filter((f) => values?.[f.key]).length;
  return (
    <Box sx={{ mb: 1.5 }}>
      <Button
        onClick={() => setOpen(!open)}
        startIcon={
          <Badge color="primary" badgeContent={active}>
            <FilterListIcon />
          </Badge>
        }
        aria-expanded={open}
        data-testid="filters-toggle"
      >
        {t('common.filtersToggle')}
      </Button>
      <Collapse in={open} mountOnEnter>
        <Box sx={{ pt: 1.5 }}>{drawn}</Box>
      </Collapse>
    </Box>
  );
}

/** Where the fields will be, as tall as they are (a small field's 40 px): nothing moves when they come. */
function FieldsLoading({ fields }: { fields: readonly ListFilterField[] }) {
  return (
    <Box sx={FILTER_GRID} aria-busy>
      {fields.map((f) => (
        <Box
          key={f.key}
          sx={[{ height: 40 }, f.kind === 'reference' ? REFERENCE_CELL : {}] as SxProps<Theme>}
        />
      ))}
    </Box>
  );
}
