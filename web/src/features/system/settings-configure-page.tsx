/**
 * The settings list (/admin/application/configure): one card per settings screen — the catalogues
 * (banks, taxes, contract types…), the applications and the e-mail configuration — each with what it
 * holds and a link to its list. Only the screens the user may read are offered.
 */

import '../../i18n/system-strings.ts';
import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AppsIcon from '@mui/icons-material/Apps';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import BadgeIcon from '@mui/icons-material/Badge';
import CategoryIcon from '@mui/icons-material/Category';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ConstructionIcon from '@mui/icons-material/Construction';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import EventIcon from '@mui/icons-material/Event';
import MailIcon from '@mui/icons-material/Mail';
import PercentIcon from '@mui/icons-material/Percent';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAbility } from '../../app/use-ability.ts';
import { PageHeading } from '../../components/page-heading.tsx';

/** Each screen: the menu name (its permission subject and i18n resource), where its list is, an icon. */
export const settingScreens: {
  name: string;
  path: string;
  icon: SvgIconComponent;
  group: 'catalogue' | 'system';
}[] = [
  { name: 'bank', path: '/admin/setting/bank/list', icon: AccountBalanceIcon, group: 'catalogue' },
  { name: 'tax', path: '/admin/setting/tax/list', icon: PercentIcon, group: 'catalogue' },
  {
    name: 'contract-type',
    path: '/admin/setting/contract-type/list',
    icon: CategoryIcon,
    group: 'catalogue',
  },
  {
    name: 'construction-item',
    path: '/admin/setting/construction-item/list',
    icon: ConstructionIcon,
    group: 'catalogue',
  },
  {
    name: 'document-attachment',
    path: '/admin/setting/document-attachment/list',
    icon: AttachFileIcon,
    group: 'catalogue',
  },
  {
    name: 'transaction-type',
    path: '/admin/setting/transaction-type/list',
    icon: SwapHorizIcon,
    group: 'catalogue',
  },
  {
    name: 'constructor-type',
    path: '/admin/setting/constructor-type/list',
    icon: BadgeIcon,
    group: 'catalogue',
  },
  {
    name: 'payment-type',
    path: '/admin/setting/payment-type/list',
    icon: RequestQuoteIcon,
    group: 'catalogue',
  },
  {
    name: 'payment-method',
    path: '/admin/setting/payment-method/list',
    icon: CreditCardIcon,
    group: 'catalogue',
  },
  { name: 'payment-date', path: '/admin/setting/payment-date/list', icon: EventIcon, group: 'catalogue' },
  { name: 'application', path: '/admin/setting/application/list', icon: AppsIcon, group: 'system' },
  { name: 'email', path: '/admin/email/list', icon: MailIcon, group: 'system' },
];

export function SettingsConfigurePage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const offered = settingScreens.filter((s) => ability.can('read', s.name));
  const group = (key: 'catalogue' | 'system') => {
    const screens = offered.filter((s) => s.group === key);
    if (!screens.length) return null;
    return (
      <Box component="section" aria-labelledby={`configure-${key}`}>
        <Typography id={`configure-${key}`} variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t(`system.configure.${key}`)}
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          {screens.map(({ name, path, icon: Icon }) => (
            <li key={name}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea
                  component={RouterLink}
                  to={path}
                  data-setting={name}
                  sx={{ height: '100%', p: 2, display: 'flex', alignItems: 'flex-start', gap: 1.5 }}
                >
                  <Box
                    sx={{
                      width: 40,
                      height: 40,
                      borderRadius: 1,
                      flexShrink: 0,
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor: 'action.selected',
                      color: 'primary.main',
                    }}
                  >
                    <Icon />
                  </Box>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>{t(`resources.${name}.plural`)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(`system.configure.about.${name}`)}
                    </Typography>
                  </Box>
                  <ChevronRightIcon color="action" sx={{ alignSelf: 'center' }} />
                </CardActionArea>
              </Card>
            </li>
          ))}
        </Box>
      </Box>
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 3 }}>
      <Box>
        <PageHeading variant="h5">{t('system.configure.title')}</PageHeading>
        <Typography color="text.secondary">{t('system.configure.intro')}</Typography>
      </Box>
      {group('catalogue')}
      {group('system')}
      {offered.length === 0 && <Typography color="text.secondary">{t('common.noData')}</Typography>}
    </Paper>
  );
}
