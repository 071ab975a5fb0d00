/**
 * The change history of one record, for any view page: `GET <apiBase>/history/{id}` (newest first),
 * each entry with its action, who and when, and every changed field as old → new, labelled with
 * `resources.<resource>.fields.<field>`. Props are a stable API shared by the generic view page and
 * the feature pages (contracts…): `apiBase` as the API spells it ("admin/project"), the record id, and
 * the resource's i18n name; optional extras name referenced records (`references`: field → the API
 * list of those records, e.g. `{ bank_id: 'bank/list/all' }`), read amounts and coded values as the
 * record's pages do (`kinds`: field → `amount` "1,500,000" or `choice`, labelled
 * `resources.<resource>.choices.<field>.<value>`), leave fields out (`omit`) and drop the frame inside
 * a dialog (`plain`). Its query key starts with ['resource', resource], so a page that
 * invalidates a resource's queries after a change refreshes its history too.
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
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../i18n/i18n.ts';
import { api } from '../lib/api-client.ts';
import { displayValue, optionLabel } from '../resources/format-value.ts';
import {
  formatHistoryValue,
  formatMoment,
  type HistoryEntry,
  historyActionLabel,
  historyFieldLabel,
} from './history-values.ts';

export type HistoryPanelProps = {
  apiBase: string;
  id: number;
  resource: string;
  references?: Record<string, string>;
  kinds?: Record<string, 'amount' | 'choice'>;
  omit?: string[];
  plain?: boolean;
};

/** Actions whose changes have no "before" worth showing. */
const NEW_ONLY = new Set(['create', 'file-add']);

/** Fields never worth showing: the record's own id. */
const ALWAYS_OMITTED = ['id'];

const PAGE = 10;

export const historyQuery = ({
  apiBase,
  id,
  resource,
}: Pick<HistoryPanelProps, 'apiBase' | 'id' | 'resource'>) =>
  queryOptions({
    queryKey: ['resource', resource, 'history', apiBase, id],
    queryFn: ({ signal }) =>
      api.get<HistoryEntry[]>(`${apiBase.replace(/\/+$/, '')}/history/${encodeURIComponent(id)}`, {
        signal,
      }),
    staleTime: 0,
  });

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
  const [shown, setShown] = useState(PAGE);
  const titleId = useId();
  const entries = history.data ?? [];
  const omitted = new Set([...ALWAYS_OMITTED, ...(props.omit ?? [])]);
  const referenceFields = Object.entries(props.references ?? {});
  // the same cache as the forms' pickers (['options', endpoint])
  const referenceLists = useQueries({
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
  const valueText = (field: string, value: unknown): string => {
    const index = referenceFields.findIndex(([name]) => name === field);
    // several references (a privilege's endpoints): each named, in one line
    if (index >= 0 && Array.isArray(value))
      return value.length ? value.map((item) => valueText(field, item)).join(', ') : '—';
    const found =
      index >= 0 && value != null
        ? referenceLists[index]?.data?.find((r) => r.id === Number(value))
        : undefined;
    // "code – name", a user "login – full name", as the pickers name them
    if (found) return optionLabel(found);
    const kind = props.kinds?.[field];
    if (kind && value !== null && value !== undefined && value !== '')
      return displayValue(props.resource, field, value, kind, lang, t);
    return formatHistoryValue(field, value, lang, t);
  };

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
      {history.isSuccess && entries.length === 0 && (
        <Typography color="text.secondary">{t('history.empty')}</Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="history-list">
        {entries.slice(0, shown).map((entry) => (
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
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {entry.user_name ?? t('history.system')}
              </Typography>
              <Typography variant="body2" color="text.secondary" component="time" dateTime={entry.at}>
                {formatMoment(entry.at, lang)}
              </Typography>
            </Box>
            {Object.entries(entry.changes ?? {})
              .filter(
                ([field, change]) =>
                  !omitted.has(field) && valueText(field, change.old) !== valueText(field, change.new),
              )
              .map(([field, change]) => (
                <Box
                  key={field}
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
                    gap: { sm: 2 },
                    py: 0.25,
                  }}
                >
                  <Typography variant="body2" color="text.secondary">
                    {historyFieldLabel(props.resource, field, t)}
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
                    {!NEW_ONLY.has(entry.action) && (
                      <>
                        <Box
                          component="span"
                          sx={{ color: 'text.secondary', textDecoration: 'line-through' }}
                        >
                          {valueText(field, change.old)}
                        </Box>
                        <ArrowForwardIcon
                          fontSize="inherit"
                          aria-label={t('history.becomes')}
                          sx={{ color: 'text.secondary' }}
                        />
                      </>
                    )}
                    <span>{valueText(field, change.new)}</span>
                  </Typography>
                </Box>
              ))}
          </Box>
        ))}
      </Box>
      {entries.length > shown && (
        <Button size="small" onClick={() => setShown((n) => n + PAGE)} sx={{ mt: 1 }}>
          {t('history.more', { count: entries.length - shown })}
        </Button>
      )}
    </Paper>
  );
}
