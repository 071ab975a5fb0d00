/**
 * The top bar's construction selector: the user's constructions plus All (-1). It shows the
 * constructionId of the query, else the first construction; a change writes constructionId, page 1
 * and itemsPerPage 10 into the query (SPEC §2).
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ALL_CONSTRUCTIONS, withParams } from '../../lib/list-params.ts';
import { type AccountConstruction, constructionsQuery } from '../account.queries.ts';

export function selectedConstruction(
  params: URLSearchParams,
  constructions: AccountConstruction[] | undefined,
) {
  const fromQuery = Number(params.get('constructionId'));
  if (params.has('constructionId') && Number.isInteger(fromQuery)) return fromQuery;
  return constructions?.[0]?.id ?? ALL_CONSTRUCTIONS;
}

/** The construction lists filter by: the selector's value, query first. */
export function useSelectedConstruction(): number {
  const [params] = useSearchParams();
  const { data } = useQuery(constructionsQuery);
  return selectedConstruction(params, data);
}

export function ConstructionSelector({ fullWidth }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { data, isPending } = useQuery(constructionsQuery);
  const value = selectedConstruction(params, data);
  const known = value === ALL_CONSTRUCTIONS || data?.some((c) => c.id === value);

  return (
    <TextField
      select
      size="small"
      label={t('layout.construction')}
      value={isPending ? '' : known ? String(value) : String(ALL_CONSTRUCTIONS)}
      onChange={(event) =>
        setParams(
          withParams(params, { constructionId: Number(event.target.value), page: 1, itemsPerPage: 10 }),
        )
      }
      sx={{ minWidth: 0, width: fullWidth ? '100%' : { sm: 200, md: 260 } }}
      slotProps={{
        select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
        htmlInput: { 'data-testid': 'construction-selector' },
      }}
      fullWidth={fullWidth}
    >
      <MenuItem value={String(ALL_CONSTRUCTIONS)}>{t('layout.allConstructions')}</MenuItem>
      {(data ?? []).map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.code ? `${c.code} – ${c.name}` : c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
