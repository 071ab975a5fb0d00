/**
 * The files attached to a record, for any view page: list, upload several at once (button or drop),
 * download under the original name, delete with a confirmation. The owner plugs in its API paths
 * (relative to /api): contracts use `upload/contracts/{id}` to list and upload and
 * `download/contracts/{id}/{fileId}`; companies and projects use their `…/file/*` paths and send
 * their id as a form field (`uploadFields: { id }`). The server checks size, type and scope; its
 * refusals arrive as the API client's toasts. Texts: `contract.files.*` (shared once another area
 * uses the panel).
 */
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { acceptedExtensions, fileTypesInWords, isAcceptedFile } from '@sitepay/domain/file-types';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../i18n/i18n.ts';
import { api } from '../lib/api-client.ts';
import { formatFileSize, saveBlob } from '../lib/download-file.ts';
import { formatValue } from '../resources/format-value.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { hint } from './hint.ts';

export type StoredFile = {
  id: number;
  file_name: string;
  content_type: string;
  size: number;
  created_at: string;
  created_by: string | null;
};

export type FilePanelProps = {
  /** GET answering the files, an array. */
  listUrl: string;
  /** POST multipart, one `file` part per file. */
  uploadUrl: string;
  downloadUrl: (file: StoredFile) => string;
  deleteUrl: (file: StoredFile) => string;
  /** Form fields sent before the files (an owner id, a document type). */
  uploadFields?: Record<string, string>;
  title: string;
  canUpload?: boolean;
  canDelete?: boolean;
  /**
   * The extensions taken here (every accepted type of @sitepay/domain/file-types unless told): the
   * file input offers them, and another file is refused before it is sent, saying which are taken.
   */
  extensions?: readonly string[];
  /** After an upload or a delete (e.g. to refresh the owner's history). */
  onChanged?: () => void;
};

const K = 'contract.files';

export const filesQuery = (listUrl: string) =>
  queryOptions({
    queryKey: ['files', listUrl],
    queryFn: ({ signal }) => api.get<StoredFile[]>(listUrl, { signal }),
    staleTime: 0,
  });

// the file helpers live in lib/ (the list's export and the print use them too)
export { formatFileSize, saveBlob };

export function FilePanel(props: FilePanelProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const client = useQueryClient();
  const files = useQuery(filesQuery(props.listUrl));
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const [dragging, setDragging] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<StoredFile | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  const changed = () => {
    void client.invalidateQueries({ queryKey: ['files', props.listUrl] });
    props.onChanged?.();
  };

  const upload = useMutation({
    mutationFn: (chosen: File[]) => {
      const body = new FormData();
      for (const [key, value] of Object.entries(props.uploadFields ?? {})) body.append(key, value);
      for (const file of chosen) body.append('file', file, file.name);
      return api.post<StoredFile[]>(props.uploadUrl, body, {
        action: t(`${K}.uploadAction`),
        fieldLabel: () => t(`${K}.file`),
      });
    },
    onSettled: changed,
  });
  const remove = useMutation({
    mutationFn: (file: StoredFile) =>
      api.delete<StoredFile>(props.deleteUrl(file), undefined, { action: t(`${K}.deleteAction`) }),
    onSettled: changed,
  });
  const download = async (file: StoredFile) => {
    setDownloading(file.id);
    try {
      const blob = await api.get<Blob>(props.downloadUrl(file), {
        responseType: 'blob',
        action: t(`${K}.downloadAction`),
      });
      saveBlob(blob, file.file_name);
    } catch {
      // the API client has told the user
    } finally {
      setDownloading(null);
    }
  };
  const extensions = props.extensions ?? acceptedExtensions;
  const types = fileTypesInWords(extensions, lang);
  // files of another type are refused here, saying which types are taken; the rest go up
  const [refused, setRefused] = useState<string[]>([]);
  const send = (list: FileList | null) => {
    const chosen = list ? [...list] : [];
    if (!chosen.length || upload.isPending) return;
    const taken = chosen.filter((f) => isAcceptedFile(f.name, extensions));
    setRefused(chosen.filter((f) => !taken.includes(f)).map((f) => f.name));
    if (taken.length) upload.mutate(taken);
  };

  const list = files.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby={titleId}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mr: 'auto' }}>
          {props.title}
        </Typography>
        {props.canUpload && (
          <>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              accept={extensions.map((e) => `.${e}`).join(',')}
              data-testid="file-input"
              onChange={(e) => {
                send(e.target.files);
                e.target.value = '';
              }}
            />
            <Button
              variant="outlined"
              onClick={() => input.current?.click()}
              disabled={upload.isPending}
              startIcon={
                upload.isPending ? (
                  <CircularProgress size={18} color="inherit" />
                ) : (
                  <CloudUploadOutlinedIcon />
                )
              }
            >
              {upload.isPending ? t(`${K}.uploading`) : t(`${K}.upload`)}
            </Button>
          </>
        )}
      </Box>
      {refused.length > 0 && (
        <Alert severity="error" role="alert" onClose={() => setRefused([])} sx={{ mb: 1.5 }}>
          {t(`${K}.refused`, {
            names: refused.map((n) => `"${n}"`).join(', '),
            count: refused.length,
            types,
          })}
        </Alert>
      )}
      <Box
        onDragOver={(e) => {
          if (!props.canUpload) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          if (!props.canUpload) return;
          e.preventDefault();
          setDragging(false);
          send(e.dataTransfer.files);
        }}
        sx={{
          borderRadius: 1,
          outline: dragging ? 2 : 0,
          outlineStyle: 'dashed',
          outlineColor: 'primary.main',
          outlineOffset: 4,
        }}
      >
        {files.isPending && <Skeleton variant="rounded" height={56} />}
        {files.isError && <Alert severity="error">{t('errors.causes.notFound')}</Alert>}
        {files.isSuccess && list.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 1 }}>
            {t(`${K}.empty`)}
            {props.canUpload && (
              <Typography component="span" variant="body2" sx={{ display: 'block', mt: 0.5 }}>
                {t(`${K}.dropHint`, { types })}
              </Typography>
            )}
          </Typography>
        )}
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="file-list">
          {list.map((file) => (
            <Box
              component="li"
              key={file.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                py: 1,
                borderTop: 1,
                borderColor: 'divider',
                '&:first-of-type': { borderTop: 0 },
              }}
            >
              <InsertDriveFileOutlinedIcon color="action" sx={{ flexShrink: 0 }} />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Link
                  component="button"
                  type="button"
                  underline="hover"
                  onClick={() => void download(file)}
                  sx={{ textAlign: 'left', wordBreak: 'break-word', font: 'inherit' }}
                >
                  {file.file_name}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {formatFileSize(file.size)} ·{' '}
                  {t(`${K}.uploadedBy`, {
                    date: formatValue(file.created_at, 'date', lang),
                    user: file.created_by ?? '—',
                  })}
                </Typography>
              </Box>
              <IconButton
                {...hint(t(`${K}.download`))}
                aria-label={`${t(`${K}.download`)}: ${file.file_name}`}
                onClick={() => void download(file)}
                disabled={downloading === file.id}
              >
                {downloading === file.id ? <CircularProgress size={20} /> : <DownloadIcon />}
              </IconButton>
              {props.canDelete && (
                <IconButton
                  {...hint(t(`${K}.delete`))}
                  aria-label={`${t(`${K}.delete`)}: ${file.file_name}`}
                  onClick={() => setPendingDelete(file)}
                >
                  <DeleteOutlineIcon color="error" />
                </IconButton>
              )}
            </Box>
          ))}
        </Box>
      </Box>
      <ConfirmDialog
        open={pendingDelete !== null}
        title={t(`${K}.delete`)}
        message={pendingDelete ? t(`${K}.confirmDelete`, { name: pendingDelete.file_name }) : ''}
        color="error"
        busy={remove.isPending}
        onClose={() => setPendingDelete(null)}
        onConfirm={() =>
          pendingDelete && remove.mutate(pendingDelete, { onSettled: () => setPendingDelete(null) })
        }
      />
    </Paper>
  );
}
