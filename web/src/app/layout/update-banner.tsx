/**
 * The update banner: /api/version is read at load and then every minute (and when the tab comes
 * back); when its last_build_time differs from the one first seen, a banner offers a reload and stays
 * until the user reloads.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';

export const VERSION_POLL_MS = 60_000;
type VersionInfo = { app_version: string; last_build_time: string };

/** A new build is there when the server's build time differs from the loaded one. */
export function isNewBuild(loaded: string | null, current: string | undefined): boolean {
  return Boolean(loaded && current && loaded !== current);
}

export function UpdateBanner() {
  const { t } = useTranslation();
  const loaded = useRef<string | null>(null);
  const [available, setAvailable] = useState(false);

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      try {
        const info = await api.get<VersionInfo>('version', { silent: true });
        if (stopped) return;
        loaded.current ??= info.last_build_time;
        if (isNewBuild(loaded.current, info.last_build_time)) setAvailable(true);
      } catch {
        // offline or restarting: try again at the next tick
      }
    };
    void check();
    const timer = setInterval(check, VERSION_POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && void check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  if (!available) return null;
  return (
    <Alert
      severity="info"
      variant="filled"
      role="status"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          {t('update.reload')}
        </Button>
      }
    >
      {t('update.available')}
    </Alert>
  );
}
