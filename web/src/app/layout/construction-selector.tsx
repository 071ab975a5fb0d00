/**
 * The top bar's construction selector: the user's constructions (by code) plus All (-1). It shows
 * the constructionId of the query, else the user's last choice (kept in the preferences), else the
 * first construction by code; a change writes constructionId, page 1 and itemsPerPage 10 into the
 * query (docs/product.md#screens-and-routes) and is remembered. Lists it filters say so beside their title
 * (`ConstructionFilterChip`), with one click to All.
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ALL_CONSTRUCTIONS, withParams } from '../../lib/list-params.ts';
import { setPreferences, usePreferences } from '../../lib/preferences.ts';
import { type AccountConstruction, constructionsQuery } from '../account.queries.ts';

// one collator for every comparison: `localeCompare` with a locale builds one per call (77 ms of a
// phone's first visit to a list, slowed 4×, for the demo's constructions)
const numericVi = new Intl.Collator('vi', { numeric: true });
const vi = new Intl.Collator('vi');

/** The constructions in a stable, meaningful order: by code (the server's order too), then by name. */
export const byCode = (constructions: AccountConstruction[]) =>
  [...constructions].sort(
    (a, b) => numericVi.compare(a.code ?? '', b.code ?? '') || vi.compare(a.name, b.name),
  );

/** The selector's value: the query's constructionId, else the remembered choice, else the first by code. */
export function selectedConstruction(
  params: URLSearchParams,
  constructions: AccountConstruction[] | undefined,
  remembered?: number,
) {
  const fromQuery = Number(params.get('constructionId'));
  if (params.has('constructionId') && Number.isInteger(fromQuery)) return fromQuery;
  if (
    remembered !== undefined &&
    (remembered === ALL_CONSTRUCTIONS || constructions?.some((c) => c.id === remembered))
  )
    return remembered;
  return (constructions && byCode(constructions)[0]?.id) ?? ALL_CONSTRUCTIONS;
}

/** The construction lists filter by: the selector's value, query first. */
export function useSelectedConstruction(): number {
  const [params] = useSearchParams();
  const { data } = useQuery(constructionsQuery);
  const { constructionId } = usePreferences();
  return selectedConstruction(params, data, constructionId);
}

/** Chooses a construction as the selector does: into the query (page 1, 10 rows) and remembered. */
export function useChooseConstruction() {
  const [params, setParams] = useSearchParams();
  return (id: number) => {
    setPreferences({ constructionId: id });
    setParams(withParams(params, { constructionId: id, page: 1, itemsPerPage: 10 }));
  };
}

export function ConstructionSelector({ fullWidth }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const { data, isPending } = useQuery(constructionsQuery);
  const value = useSelectedConstruction();
  const choose = useChooseConstruction();
  const known = value === ALL_CONSTRUCTIONS || data?.some((c) => c.id === value);

  return (
    <TextField
      select
      size="small"
      label={t('layout.construction')}
      value={isPending ? '' : known ? String(value) : String(ALL_CONSTRUCTIONS)}
      onChange={(event) => choose(Number(event.target.value))}
      sx={{ minWidth: 0, width: fullWidth ? '100%' : { sm: 200, md: 260 } }}
      slotProps={{
        select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
        htmlInput: { 'data-testid': 'construction-selector' },
      }}
      fullWidth={fullWidth}
    >
      <MenuItem value={String(ALL_CONSTRUCTIONS)}>{t('layout.allConstructions')}</MenuItem>
      {byCode(data ?? []).map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.code ? `${c.code} – ${c.name}` : c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
