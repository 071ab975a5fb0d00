/**
 * Icons for menu entries, chosen by the entry's `icon` or, failing that, its `name`. Icons are
 * imported one by one so only these few reach the bundle.
 */

import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import ApartmentIcon from '@mui/icons-material/Apartment';
import ApiIcon from '@mui/icons-material/Api';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BusinessIcon from '@mui/icons-material/Business';
import CategoryIcon from '@mui/icons-material/Category';
import CircleOutlinedIcon from '@mui/icons-material/CircleOutlined';
import ConstructionIcon from '@mui/icons-material/Construction';
import DescriptionIcon from '@mui/icons-material/Description';
import EngineeringIcon from '@mui/icons-material/Engineering';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import KeyIcon from '@mui/icons-material/Key';
import MailIcon from '@mui/icons-material/Mail';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PaymentsIcon from '@mui/icons-material/Payments';
import PersonIcon from '@mui/icons-material/Person';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import WorkIcon from '@mui/icons-material/Work';

const byKey: Record<string, SvgIconComponent> = {
  home: HomeIcon,
  'about-me': HomeIcon,
  dashboard: HomeIcon,
  management: WorkIcon,
  company: BusinessIcon,
  business: BusinessIcon,
  project: AccountTreeIcon,
  'account-tree': AccountTreeIcon,
  construction: ConstructionIcon,
  constructor: EngineeringIcon,
  engineering: EngineeringIcon,
  contract: DescriptionIcon,
  description: DescriptionIcon,
  payment: PaymentsIcon,
  payments: PaymentsIcon,
  approval: FactCheckIcon,
  report: AssessmentIcon,
  assessment: AssessmentIcon,
  admin: SecurityIcon,
  security: SecurityIcon,
  user: PersonIcon,
  person: PersonIcon,
  department: ApartmentIcon,
  apartment: ApartmentIcon,
  group: GroupsIcon,
  groups: GroupsIcon,
  system: SettingsIcon,
  settings: SettingsIcon,
  setting: SettingsIcon,
  application: SettingsIcon,
  menu: MenuBookIcon,
  history: HistoryIcon,
  email: MailIcon,
  folder: WorkIcon,
  'fact-check': FactCheckIcon,
  'bar-chart': AssessmentIcon,
  insights: AssessmentIcon,
  domain: ConstructionIcon,
  'admin-panel-settings': SecurityIcon,
  'verified-user': SecurityIcon,
  people: GroupsIcon,
  'group-work': GroupsIcon,
  'corporate-fare': ApartmentIcon,
  tune: SettingsIcon,
  apps: SettingsIcon,
  'account-balance': AccountBalanceIcon,
  'credit-card': AccountBalanceIcon,
  percent: CategoryIcon,
  category: CategoryIcon,
  badge: CategoryIcon,
  'request-quote': CategoryIcon,
  'swap-horiz': CategoryIcon,
  'attach-file': DescriptionIcon,
  event: HistoryIcon,
  'receipt-long': HistoryIcon,
  key: KeyIcon,
  privilege: KeyIcon,
  api: ApiIcon,
  endpoint: ApiIcon,
  mail: MailIcon,
};

const normalize = (key: string | null | undefined) =>
  (key ?? '')
    .toLowerCase()
    .replace(/^(mdi-|mdi:|icon-)/, '')
    .replace(/[_\s]+/g, '-');

export function menuIcon(icon: string | null, name: string): SvgIconComponent {
  const fromIcon = normalize(icon);
  return (
    byKey[fromIcon] ?? byKey[fromIcon.split('-')[0] ?? ''] ?? byKey[normalize(name)] ?? CircleOutlinedIcon
  );
}
