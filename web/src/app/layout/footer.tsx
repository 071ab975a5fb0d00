/** App version 1.0.0 and the build time, YYYY.MM.DD-HH:mm (docs/product.md#users-and-areas). */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatBuildTime } from '@sitepay/domain/date-format';
import { useTranslation } from 'react-i18next';

export const APP_VERSION = __APP_VERSION__;
export const BUILD_TIME = __BUILD_TIME__;

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{ py: 2, px: { xs: 2, sm: 3 }, borderTop: 1, borderColor: 'divider', color: 'text.secondary' }}
    >
      <Typography variant="caption" data-testid="app-footer">
        SitePay · {t('app.version', { version: APP_VERSION })} ·{' '}
        {t('app.build', { time: formatBuildTime(BUILD_TIME) })}
      </Typography>
    </Box>
  );
}
