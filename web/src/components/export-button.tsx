/**
 * "Export to Excel" for any screen the server can export: the file at `path` (relative to /api)
 * with the screen's own query, read as it streams — how much has arrived shows beside a Cancel —
 * and saved under the server's file name. Refusals (403 without the right to read the list, 503
 * `export_busy` when two exports already run) are told by the API client in the user's language;
 * a cancel says nothing. A list passes its query (`resource-list-page.tsx`, `toExportQuery`), a
 * report its filters with `format=xlsx`.
 */
import CloseIcon from '@mui/icons-material/Close';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type DownloadProgress, type RequestOptions } from '../lib/api-client.ts';
import { downloadShare, formatFileSize, saveBlob } from '../lib/download-file.ts';
import { hint } from './hint.ts';

/** A download with its progress and a way to cancel it; leaving the screen cancels it too. */
export function useDownload() {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  /** Downloads and saves the file; true when it was saved (a refusal has been told already). */
  const start = async (
    path: string,
    options: { query?: RequestOptions['query']; action?: string; fallbackName: string },
  ): Promise<boolean> => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setProgress({ received: 0, total: null });
    try {
      const file = await api.download(path, {
        query: options.query,
        action: options.action,
        signal: controller.signal,
        onProgress: (p) => {
          if (running.current === controller) setProgress(p);
        },
      });
      saveBlob(file.blob, file.fileName ?? options.fallbackName);
      return true;
    } catch {
      return false; // the API client told the user; a cancel needs no words
    } finally {
      if (running.current === controller) {
        running.current = null;
        setProgress(null);
      }
    }
  };
  const cancel = () => running.current?.abort();
  return { progress, start, cancel };
}

export function ExportButton({
  path,
  query,
  fallbackName,
  action,
  label,
  testId = 'export',
}: {
  path: string;
  query: RequestOptions['query'];
  /** The name to save under when the server gives none. */
  fallbackName: string;
  /** What the user is doing, for a failure's notice ("Xuất danh sách hợp đồng"). */
  action?: string;
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  // on a phone the button is an icon, so that the title and "Create" keep their row
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { progress, start, cancel } = useDownload();
  const text = label ?? t('export.excel');
  const begin = () => start(path, { query, action, fallbackName });
  if (!progress)
    return phone ? (
      <IconButton
        {...hint(text)}
        onClick={begin}
        data-testid={testId}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <FileDownloadOutlinedIcon />
      </IconButton>
    ) : (
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<FileDownloadOutlinedIcon />}
        onClick={begin}
        data-testid={testId}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {text}
      </Button>
    );
  const share = downloadShare(progress.received, progress.total);
  const size = progress.received ? formatFileSize(progress.received) : null;
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid={`${testId}-progress`}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 36.5 }}
    >
      <CircularProgress
        size={20}
        variant={share === null ? 'indeterminate' : 'determinate'}
        value={share ?? undefined}
        aria-hidden
      />
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {phone && size ? (
          <>
            <Box component="span" sx={VISUALLY_HIDDEN}>
              {t('export.received', { size: '' })}
            </Box>
            {size}
          </>
        ) : size ? (
          t('export.received', { size })
        ) : (
          t('export.preparing')
        )}
      </Typography>
      {phone ? (
        <IconButton
          size="small"
          aria-label={t('common.cancel')}
          onClick={cancel}
          data-testid={`${testId}-cancel`}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      ) : (
        <Button size="small" color="inherit" onClick={cancel} data-testid={`${testId}-cancel`}>
          {t('common.cancel')}
        </Button>
      )}
    </Box>
  );
}

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
