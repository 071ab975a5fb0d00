/**
 * A read-only paged list about the viewed record (a user's sign-ins): the section's columns, an
 * optional search, and a pager reading page by page (`page`, `itemsPerPage`, `search`). Its state
 * stays in the section: the view page's URL belongs to the page.
 */
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Page } from '@sitepay/domain/paging';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pagerSlots } from '../components/pager-slots.tsx';
import { currentLang } from '../i18n/i18n.ts';
import { api } from '../lib/api-client.ts';
import { PAGE_SIZE_OPTIONS } from '../lib/list-params.ts';
import { formatCount } from './format-value.ts';
import { displayedRows } from './list-total.ts';
import { RelatedTable } from './related-table.tsx';
import {
  type PagedSection as PagedSectionSpec,
  type ResourceDescription,
  type ResourceRecord,
  withId,
} from './resource.types.ts';

const SEARCH_DEBOUNCE_MS = 400;

type Props = { resource: ResourceDescription; section: PagedSectionSpec; parent: ResourceRecord };

export function PagedSection({ resource, section, parent }: Props) {
  const { t } = useTranslation();
  const lang = currentLang();
  const key = (k: string) => t(`resources.${resource.name}.related.${section.key}.${k}`);
  const [page, setPage] = useState(1);
  const [itemsPerPage, setItemsPerPage] = useState<number>(PAGE_SIZE_OPTIONS[0]);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  // the section's own query (`?constructionId={id}`) goes along with the page and the search
  const [path = '', own = ''] = withId(section.list, parent.id).split('?');
  const list = useQuery({
    queryKey: ['resource', resource.name, 'related', section.key, path, own, { page, itemsPerPage, search }],
    queryFn: ({ signal }) =>
      api.get<Page<ResourceRecord>>(path, {
        query: {
          ...Object.fromEntries(new URLSearchParams(own)),
          page,
          itemsPerPage,
          search: search || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const total = list.data?.total ?? 0;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" data-section={section.key}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="h6" component="h2">
          {key('title')}
        </Typography>
        {list.data && <Chip size="small" label={formatCount(total)} />}
      </Box>
      {section.search && (
        <TextField
          type="search"
          size="small"
          label={t('common.search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ mb: 1.5, width: { xs: '100%', sm: 320 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      {list.isPending ? (
        <Skeleton variant="rounded" height={80} />
      ) : (
        <Box sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <RelatedTable
            childResource={section.childResource}
            columns={section.columns}
            rows={list.data?.items ?? []}
            empty={key('empty')}
            label={key('title')}
            labels={`resources.${resource.name}.related.${section.key}.columns`}
            offset={(page - 1) * itemsPerPage}
          />
        </Box>
      )}
      {total > 0 && (
        <TablePagination
          slots={pagerSlots}
          component="div"
          count={total}
          page={page - 1}
          rowsPerPage={itemsPerPage}
          rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
          onPageChange={(_, next) => setPage(next + 1)}
          onRowsPerPageChange={(e) => {
            setItemsPerPage(Number(e.target.value));
            setPage(1);
          }}
          labelRowsPerPage={t('common.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            list.data?.totalExact === false
              ? displayedRows({ from, to, count: -1, estimated: count }, lang, t)
              : displayedRows({ from, to, count, estimated: undefined }, lang, t)
          }
        />
      )}
    </Paper>
  );
}
