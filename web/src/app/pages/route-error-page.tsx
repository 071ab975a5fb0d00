/** What a route shows when its loader, chunk or render fails. */
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from '../lazy.ts';
import { NotFoundPage, StatusPage } from './status-pages.tsx';

export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (
    error instanceof ChunkLoadError ||
    (error instanceof Error && /dynamically imported module|chunk/i.test(error.message))
  ) {
    return (
      <StatusPage
        code="!"
        title={t('pages.serverError')}
        text={t('errors.chunkLoad')}
        action={
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        }
      />
    );
  }
  if (import.meta.env.DEV) console.error(error);
  return <StatusPage code="500" title={t('pages.serverError')} text={t('pages.serverErrorText')} />;
}
