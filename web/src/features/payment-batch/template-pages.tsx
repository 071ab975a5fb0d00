/**
 * Bank file templates (issue 34, docs/adr/0096-payment-batches-and-bank-files.md): the list, and a
 * form with the file's type, sheet, the lines above the header and the ordered columns (each its
 * field, header and format), with the preview of two example rows as the file will have them.
 */
import './batch-parts.tsx';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type BankFileColumn,
  type BankFileTemplate,
  bankDateFormats,
  bankFileFields,
  type bankFilePreviewSchema,
} from '@sitepay/domain/payment-batch.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { useAbility } from '../../app/use-ability.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { api } from '../../lib/api-client.ts';
import { type Column, SimpleTable } from './batch-parts.tsx';

const BASE = 'admin/setting/bank-file-template';
const ROUTE = '/admin/setting/bank-file-template';
type Preview = z.infer<typeof bankFilePreviewSchema>;

export function TemplateListPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const list = useQuery({
    queryKey: ['bank-file-template', 'list/all'],
    queryFn: () => api.get<BankFileTemplate[]>(`${BASE}/list/all`),
  });
  const columns: Column<BankFileTemplate>[] = [
    {
      key: 'code',
      label: t('batch.tpl.code'),
      cell: (r) => (
        <Link component={RouterLink} to={`${ROUTE}/update/${r.id}`} underline="hover">
          {r.code}
        </Link>
      ),
    },
    { key: 'name', label: t('batch.tpl.name'), cell: (r) => r.name },
    { key: 'bank', label: t('batch.tpl.bank'), cell: (r) => r.bank_name ?? '' },
    { key: 'type', label: t('batch.tpl.fileType'), cell: (r) => r.file_type },
    {
      key: 'default',
      label: t('batch.tpl.isDefault'),
      cell: (r) =>
        r.is_default ? (
          <Chip size="small" variant="outlined" color="primary" label={t('batch.tpl.default')} />
        ) : null,
    },
  ];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <PageHeading sx={{ flexGrow: 1 }}>{t('batch.tpl.title')}</PageHeading>
        {(ability.can('create', 'bank') || ability.can('create', 'bank-file-template')) && (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`${ROUTE}/create`}>
            {t('batch.tpl.create')}
          </Button>
        )}
      </Stack>
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        <SimpleTable
          label={t('batch.tpl.title')}
          columns={columns}
          rows={list.data ?? []}
          empty={t('batch.empty')}
        />
      </Paper>
    </Stack>
  );
}

type Draft = {
  code: string;
  name: string;
  file_type: 'xlsx' | 'csv';
  sheet_name: string;
  header_rows: string;
  /** The bank whose portal takes the file (none: a generic template). */
  bank_id: number | null;
  /** Each column with a key of its own while edited (the rows move). */
  columns: (BankFileColumn & { key: number })[];
  is_default: boolean;
};

let nextKey = 1;
const keyed = (columns: BankFileColumn[]) => columns.map((c) => ({ ...c, key: nextKey++ }));

const blank: Draft = {
  code: '',
  name: '',
  file_type: 'xlsx',
  sheet_name: 'Sheet1',
  header_rows: '',
  bank_id: null,
  columns: keyed([
    { field: 'payee_account', header: 'So tai khoan' },
    { field: 'payee_name', header: 'Ten nguoi nhan', upper_ascii: true },
    { field: 'amount', header: 'So tien', amount_as: 'number' },
    { field: 'content', header: 'Noi dung', max_length: 210 },
  ]),
  is_default: false,
};

export function TemplateFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(id ? null : blank);
  const existing = useQuery({
    queryKey: ['bank-file-template', 'get', id],
    enabled: !!id,
    queryFn: async () => {
      const r = await api.get<BankFileTemplate>(`${BASE}/get/${id}`);
      setDraft({
        ...r,
        header_rows: r.header_rows.join('\n'),
        columns: keyed(r.columns as BankFileColumn[]),
      });
      return r;
    },
  });
  const banks = useQuery({
    queryKey: ['bank', 'list/all'],
    queryFn: () => api.get<{ id: number; code: string; name: string }[]>('bank/list/all'),
  });
  const preview = useQuery({
    queryKey: ['bank-file-template', 'preview', id, existing.data?.version],
    enabled: !!id && !!existing.data,
    queryFn: () => api.get<Preview>(`${BASE}/preview/${id}`),
  });
  const save = useMutation({
    mutationFn: () => {
      if (!draft) throw new Error('no draft');
      const body = {
        ...draft,
        header_rows: draft.header_rows
          .split('\n')
          .map((s) => s.trim())
          .filter(Boolean),
        columns: draft.columns.map(({ key: _key, ...c }) => c),
        ...(id ? { version: existing.data?.version } : {}),
      };
      return id
        ? api.patch<BankFileTemplate>(`${BASE}/update/${id}`, body, { action: t('common.save') })
        : api.post<BankFileTemplate>(`${BASE}/create`, body, { action: t('common.save') });
    },
    onSuccess: (saved) => {
      client.invalidateQueries({ queryKey: ['bank-file-template'] });
      navigate(`${ROUTE}/update/${saved.id}`);
    },
  });
  if (!draft) return <Typography color="text.secondary">{t('batch.loading')}</Typography>;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const setColumn = (i: number, patch: Partial<BankFileColumn>) =>
    set({ columns: draft.columns.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const move = (i: number, by: number) => {
    const next = [...draft.columns];
    next.splice(i + by, 0, ...next.splice(i, 1));
    set({ columns: next });
  };
  return (
    <Stack spacing={2}>
      <PageHeading>
        {id ? t('batch.tpl.edit', { code: existing.data?.code ?? '' }) : t('batch.tpl.create')}
      </PageHeading>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('batch.tpl.code')}
              required
              value={draft.code}
              onChange={(e) => set({ code: e.target.value })}
            />
            <TextField
              label={t('batch.tpl.name')}
              required
              fullWidth
              value={draft.name}
              onChange={(e) => set({ name: e.target.value })}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('batch.tpl.fileType')}
              value={draft.file_type}
              onChange={(e) => set({ file_type: e.target.value as Draft['file_type'] })}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="xlsx">xlsx</MenuItem>
              <MenuItem value="csv">csv</MenuItem>
            </TextField>
            <TextField
              select
              label={t('batch.tpl.bank')}
              value={draft.bank_id ?? ''}
              onChange={(e) => set({ bank_id: e.target.value === '' ? null : Number(e.target.value) })}
              // "any bank" shown when none is chosen, the label above it
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="">{t('batch.tpl.anyBank')}</MenuItem>
              {(banks.data ?? []).map((b) => (
                <MenuItem key={b.id} value={b.id}>
                  {b.code} – {b.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('batch.tpl.sheetName')}
              required
              value={draft.sheet_name}
              onChange={(e) => set({ sheet_name: e.target.value })}
            />
            <FormControlLabel
              control={
                <Switch checked={draft.is_default} onChange={(e) => set({ is_default: e.target.checked })} />
              }
              label={t('batch.tpl.isDefault')}
            />
          </Stack>
          <TextField
            label={t('batch.tpl.headerRows')}
            helperText={t('batch.tpl.headerRowsHint')}
            multiline
            minRows={2}
            value={draft.header_rows}
            onChange={(e) => set({ header_rows: e.target.value })}
          />
          <Typography component="h2" variant="h6">
            {t('batch.tpl.columns')}
          </Typography>
          {draft.columns.map((c, i) => (
            <Paper key={c.key} variant="outlined" sx={{ p: 1.5 }}>
              <Stack
                direction={{ xs: 'column', md: 'row' }}
                spacing={1.5}
                sx={{ alignItems: { md: 'center' } }}
              >
                <Typography sx={{ minWidth: 24 }}>{i + 1}.</Typography>
                <TextField
                  select
                  size="small"
                  label={t('batch.tpl.field')}
                  value={c.field}
                  onChange={(e) => setColumn(i, { field: e.target.value as BankFileColumn['field'] })}
                  sx={{ minWidth: 190 }}
                >
                  {bankFileFields.map((f) => (
                    <MenuItem key={f} value={f}>
                      {t(`batch.tpl.fields.${f}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  label={t('batch.tpl.header')}
                  value={c.header}
                  onChange={(e) => setColumn(i, { header: e.target.value })}
                />
                {c.field === 'amount' && (
                  <TextField
                    select
                    size="small"
                    label={t('batch.tpl.amountAs')}
                    value={c.amount_as ?? 'number'}
                    onChange={(e) => setColumn(i, { amount_as: e.target.value as 'number' | 'text' })}
                    sx={{ minWidth: 130 }}
                  >
                    <MenuItem value="number">{t('batch.tpl.asNumber')}</MenuItem>
                    <MenuItem value="text">{t('batch.tpl.asText')}</MenuItem>
                  </TextField>
                )}
                {c.field === 'date' && (
                  <TextField
                    select
                    size="small"
                    label={t('batch.tpl.dateFormat')}
                    value={c.date_format ?? 'DD/MM/YYYY'}
                    onChange={(e) =>
                      setColumn(i, { date_format: e.target.value as BankFileColumn['date_format'] })
                    }
                    sx={{ minWidth: 150 }}
                  >
                    {bankDateFormats.map((f) => (
                      <MenuItem key={f} value={f}>
                        {f}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
                {c.field !== 'amount' && c.field !== 'date' && (
                  <>
                    <FormControlLabel
                      control={
                        <Switch
                          size="small"
                          checked={!!c.upper_ascii}
                          onChange={(e) => setColumn(i, { upper_ascii: e.target.checked || undefined })}
                        />
                      }
                      label={t('batch.tpl.upperAscii')}
                      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                    />
                    <TextField
                      size="small"
                      label={t('batch.tpl.maxLength')}
                      value={c.max_length ?? ''}
                      onChange={(e) =>
                        setColumn(i, { max_length: e.target.value ? Number(e.target.value) : undefined })
                      }
                      sx={{ width: { xs: '100%', md: 140 }, flexShrink: 0 }}
                    />
                  </>
                )}
                <Stack direction="row">
                  <IconButton
                    aria-label={t('batch.tpl.up', { n: i + 1 })}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  >
                    <ArrowUpwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('batch.tpl.down', { n: i + 1 })}
                    disabled={i === draft.columns.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    <ArrowDownwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('batch.tpl.remove', { n: i + 1 })}
                    onClick={() => set({ columns: draft.columns.filter((_, j) => j !== i) })}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Stack>
              </Stack>
            </Paper>
          ))}
          <Stack direction="row" spacing={1}>
            <Button
              startIcon={<AddIcon />}
              onClick={() =>
                set({ columns: [...draft.columns, ...keyed([{ field: 'request_code', header: '' }])] })
              }
            >
              {t('batch.tpl.addColumn')}
            </Button>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={`${ROUTE}/list`}>
              {t('common.cancel')}
            </Button>
            <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate()}>
              {t('common.save')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {preview.data && (
        <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('batch.tpl.preview')}
          </Typography>
          {preview.data.header_rows.map((h) => (
            <Typography key={h} variant="body2">
              {h}
            </Typography>
          ))}
          <SimpleTable
            label={t('batch.tpl.preview')}
            columns={preview.data.headers.map((h, i) => ({
              key: `${i}`,
              label: h,
              cell: (r: { id: number; cells: (string | number)[] }) => String(r.cells[i] ?? ''),
            }))}
            rows={preview.data.rows.map((cells, i) => ({ id: i, cells }))}
            nowrap
            empty=""
          />
        </Paper>
      )}
    </Stack>
  );
}
