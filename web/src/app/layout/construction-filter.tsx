/**
 * What a list filtered by the top bar's construction says, so the filter never hides rows silently:
 * beside the title, which construction it shows, with one click to all of them; in place of an empty
 * list, that the filter may be what hides the rows. Nothing when the list is not filtered (All, or a
 * list the selector does not filter).
 */
import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALL_CONSTRUCTIONS } from '../../lib/list-params.ts';
import { constructionsQuery } from '../account.queries.ts';
import { useChooseConstruction } from './construction-selector.tsx';

/** `empty`: the list's title, for the notice shown instead of the chip when no row is left. */
export function ConstructionFilter({ constructionId, empty }: { constructionId?: number; empty?: string }) {
  const { t } = useTranslation();
  const constructions = useQuery(constructionsQuery);
  const choose = useChooseConstruction();
  if (constructionId === undefined || constructionId === ALL_CONSTRUCTIONS) return null;
  const found = constructions.data?.find((c) => c.id === constructionId);
  const name = found ? (found.code ? `${found.code} – ${found.name}` : found.name) : `#${constructionId}`;
  const showAll = (
    <Button
      size="small"
      onClick={() => choose(ALL_CONSTRUCTIONS)}
      sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      data-testid="construction-filter-all"
    >
      {t('layout.showAllConstructions')}
    </Button>
  );
  if (empty)
    return (
      <Alert severity="info" action={showAll} sx={{ mb: 1.5 }} data-testid="construction-filter-empty">
        {t('layout.filterHidesRows', { list: empty, name })}
      </Alert>
    );
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, maxWidth: '100%' }}
      data-testid="construction-filter"
    >
      <Chip
        icon={<FilterAltOutlinedIcon />}
        variant="outlined"
        color="primary"
        label={t('layout.filteredBy', { name })}
        title={t('layout.filteredBy', { name })}
        sx={{ minWidth: 0, maxWidth: { xs: 220, sm: 360, md: 480 } }}
      />
      {showAll}
    </Box>
  );
}
