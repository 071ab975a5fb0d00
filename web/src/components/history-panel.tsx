/**
 * The change history of one record, for any view page: `GET <apiBase>/history/{id}` (newest first),
 * each entry with its action, who and when, and every changed field as old → new, read as the view
 * page reads it (history-values.ts). Props are a stable API shared by the generic view page and the
 * feature pages (contracts, payment requests): `apiBase` as the API spells it ("admin/project"), the
 * record id, the resource's i18n name, and `description` — the record kind's description (or a
 * related section's child form), which says which fields are shown and of which kind; without it
 * every field but the internal ones is shown as plain text. Optional: `references` (field → an API
 * list naming ids the server leaves unnamed: several ids in one field), `omit` (fields left out) and
 * `plain` (no frame, inside a dialog). Its query key starts with ['resource', resource], so a page
 * that invalidates a resource's queries after a change refreshes its history too.
 */
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import HistoryIcon from '@mui/icons-material/History';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../i18n/i18n.ts';
import { api } from '../lib/api-client.ts';
import { referenceLists } from '../resources/form-values.ts';
import { optionLabel } from '../resources/format-value.ts';
import {
  formatMoment,
  type HistoryEntry,
  type HistorySource,
  historyActionLabel,
  historyShape,
  shownEntries,
} from './history-values.ts';

export type HistoryPanelProps = {
  apiBase: string;
  id: number;
  resource: string;
  description?: HistorySource;
  references?: Record<string, string>;
  omit?: string[];
  plain?: boolean;
};

const PAGE = 10;

export const historyQuery = ({
  apiBase,
  id,
  resource,
}: Pick<HistoryPanelProps, 'apiBase' | 'id' | 'resource'>) =>
  queryOptions({
    queryKey: ['resource', resource, 'history', apiBase, id],
    queryFn: ({ signal }) =>
      api.get<HistoryAnswer>(`${apiBase.replace(/\/+$/, '')}/history/${encodeURIComponent(id)}`, {
        signal,
      }),
    staleTime: 0,
  });

/**
 * A history answer: the entries, or (a customer's) `{ changes, … }` — the record's changes beside
 * events of its own kind (its bills, receipts and credits), which the record's page shows apart.
 */
export type HistoryAnswer = HistoryEntry[] | ({ changes: HistoryEntry[] } & Record<string, unknown>);
export const historyEntries = (answer: HistoryAnswer | undefined): HistoryEntry[] =>
  Array.isArray(answer) ? answer : (answer?.changes ?? []);

const actionColor = (action: string) =>
  action === 'create' || action === 'activate'
    ? 'success'
    : action === 'delete' || action === 'file-remove'
      ? 'error'
      : action === 'deactivate' || action === 'close'
        ? 'warning'
        : 'default';

export function HistoryPanel(props: HistoryPanelProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const history = useQuery(historyQuery(props));
  const [count, setCount] = useState(PAGE);
  const titleId = useId();
  const entries = historyEntries(history.data);
  const shape = useMemo(() => props.description && historyShape(props.description), [props.description]);
  // names of ids the server leaves unnamed (several in one field: a privilege's endpoints)
  const referenceFields = Object.entries({
    ...(props.description &&
      Object.fromEntries(
        Object.entries(referenceLists(props.description.form.fields)).filter(
          ([field]) => shape?.kinds[field] === 'references',
        ),
      )),
    ...props.references,
  });
  // the same cache as the forms' pickers (['options', endpoint])
  const namedLists = useQueries({
    queries: referenceFields.map(([, endpoint]) => ({
      queryKey: ['options', endpoint],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<{ id: number; code?: string; name?: string; user_name?: string; full_name?: string }[]>(
          endpoint,
          { signal },
        ),
      staleTime: 60_000,
      enabled: entries.length > 0,
    })),
  });
  const nameOf = (field: string, id: unknown) => {
    const index = referenceFields.findIndex(([name]) => name === field);
    const found = index >= 0 ? namedLists[index]?.data?.find((r) => r.id === Number(id)) : undefined;
    // "code – name", a user "login – full name", as the pickers name them
    return found ? optionLabel(found) : undefined;
  };
  const shown = shownEntries(entries, {
    resource: props.resource,
    lang,
    t,
    shape,
    nameOf,
    omit: props.omit,
  });

  return (
    <Paper
      variant="outlined"
      sx={props.plain ? { border: 0, p: 0, bgcolor: 'transparent' } : { p: { xs: 2, sm: 3 } }}
      component="section"
      aria-labelledby={titleId}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <HistoryIcon color="action" />
        <Typography id={titleId} variant="h6" component="h2">
          {t('history.title')}
        </Typography>
      </Box>
      {history.isPending && <Skeleton variant="rounded" height={96} />}
      {history.isError && <Alert severity="error">{t('history.loadFailed')}</Alert>}
      {history.isSuccess && shown.length === 0 && (
        <Typography color="text.secondary">{t('history.empty')}</Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="history-list">
        {shown.slice(0, count).map(({ entry, changes }) => (
          <Box
            component="li"
            key={entry.id}
            data-action={entry.action}
            sx={{
              py: 1.5,
              borderTop: 1,
              borderColor: 'divider',
              '&:first-of-type': { borderTop: 0, pt: 0.5 },
            }}
          >
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.75 }}>
              <Chip
                size="small"
                variant="outlined"
                color={actionColor(entry.action)}
                label={historyActionLabel(entry.action, t)}
              />
              <Typography
                variant="body2"
                sx={{ fontWeight: 600 }}
                title={entry.user_name ?? undefined}
                data-testid="history-who"
              >
                {entry.user_full_name ?? entry.user_name ?? t('history.system')}
              </Typography>
              <Typography variant="body2" color="text.secondary" component="time" dateTime={entry.at}>
                {formatMoment(entry.at, lang)}
              </Typography>
            </Box>
            {changes.map((change) => (
              <Box
                key={change.field}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
                  gap: { sm: 2 },
                  py: 0.25,
                }}
              >
                <Typography variant="body2" color="text.secondary">
                  {change.label}
                </Typography>
                <Typography
                  variant="body2"
                  component="div"
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    columnGap: 0.75,
                    wordBreak: 'break-word',
                  }}
                >
                  {change.old !== null && (
                    <>
                      <Box component="span" sx={{ color: 'text.secondary', textDecoration: 'line-through' }}>
                        {change.old}
                      </Box>
                      <ArrowForwardIcon
                        fontSize="inherit"
                        titleAccess={t('history.becomes')}
                        sx={{ color: 'text.secondary' }}
                      />
                    </>
                  )}
                  <span>{change.new}</span>
                </Typography>
              </Box>
            ))}
          </Box>
        ))}
      </Box>
      {shown.length > count && (
        <Button size="small" onClick={() => setCount((n) => n + PAGE)} sx={{ mt: 1 }}>
          {t('history.more', { count: shown.length - count })}
        </Button>
      )}
    </Paper>
  );
}
