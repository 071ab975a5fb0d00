/** /403, /404, /500 and the catch-all: public pages with a way home. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';

export function StatusPage({
  code,
  title,
  text,
  action,
}: {
  code: string;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <Box sx={{ maxWidth: 480 }}>
        <Typography variant="h1" color="primary" sx={{ fontWeight: 700, fontSize: { xs: 64, sm: 96 } }}>
          {code}
        </Typography>
        <PageHeading standalone gutterBottom>
          {title}
        </PageHeading>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {text}
        </Typography>
        {action ?? (
          <Button component={RouterLink} to="/about-me" variant="contained">
            {t('pages.goHome')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return <StatusPage code="404" title={t('pages.notFound')} text={t('pages.notFoundText')} />;
}

export function ForbiddenPage() {
  const { t } = useTranslation();
  return <StatusPage code="403" title={t('pages.forbidden')} text={t('pages.forbiddenText')} />;
}

export function ServerErrorPage() {
  const { t } = useTranslation();
  return <StatusPage code="500" title={t('pages.serverError')} text={t('pages.serverErrorText')} />;
}
