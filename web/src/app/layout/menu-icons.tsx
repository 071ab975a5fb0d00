/**
 * Icons for menu entries: one icon per screen, so no two entries of the drawer look alike. A
 * shipped screen is known by its menu `name` (the seed gives the role and contractor-type screens
 * the same `icon`, "badge"); an entry an administrator adds is drawn by its `icon` (Material icon
 * names, with or without "mdi-"), else a plain circle. Icons are imported one by one so only these
 * reach the bundle.
 */

import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApartmentIcon from '@mui/icons-material/Apartment';
import ApiIcon from '@mui/icons-material/Api';
import ApprovalIcon from '@mui/icons-material/Approval';
import AppsIcon from '@mui/icons-material/Apps';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import BadgeIcon from '@mui/icons-material/Badge';
import BarChartIcon from '@mui/icons-material/BarChart';
import BusinessIcon from '@mui/icons-material/Business';
import CategoryIcon from '@mui/icons-material/Category';
import CircleOutlinedIcon from '@mui/icons-material/CircleOutlined';
import ConstructionIcon from '@mui/icons-material/Construction';
import CorporateFareIcon from '@mui/icons-material/CorporateFare';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DescriptionIcon from '@mui/icons-material/Description';
import DomainIcon from '@mui/icons-material/Domain';
import EngineeringIcon from '@mui/icons-material/Engineering';
import EventIcon from '@mui/icons-material/Event';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GroupsIcon from '@mui/icons-material/Groups';
import GroupWorkIcon from '@mui/icons-material/GroupWork';
import HandymanIcon from '@mui/icons-material/Handyman';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import InsightsIcon from '@mui/icons-material/Insights';
import KeyIcon from '@mui/icons-material/Key';
import MailIcon from '@mui/icons-material/Mail';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import PercentIcon from '@mui/icons-material/Percent';
import PersonIcon from '@mui/icons-material/Person';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import ReceiptIcon from '@mui/icons-material/Receipt';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import SavingsIcon from '@mui/icons-material/Savings';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import StorefrontIcon from '@mui/icons-material/Storefront';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TableChartIcon from '@mui/icons-material/TableChart';
import TuneIcon from '@mui/icons-material/Tune';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import WalletIcon from '@mui/icons-material/Wallet';
import WorkIcon from '@mui/icons-material/Work';

/** The shipped screens (the seed's menu names), each with an icon of its own. */
const byName: Record<string, SvgIconComponent> = {
  'about-me': HomeIcon,
  profile: PersonIcon,
  management: WorkIcon,
  company: BusinessIcon,
  project: AccountTreeIcon,
  construction: ApartmentIcon,
  constructor: EngineeringIcon,
  contract: DescriptionIcon,
  payment: PaymentsIcon,
  approval: FactCheckIcon,
  'payment-batch': PlaylistAddCheckIcon,
  'bank-statement': UploadFileIcon,
  'approval-flow': ApprovalIcon,
  report: AssessmentIcon,
  'report-payment': BarChartIcon,
  'report-constructor': HandymanIcon,
  'report-construction': DomainIcon,
  'report-contract': InsightsIcon,
  admin: AdminPanelSettingsIcon,
  user: PeopleIcon,
  department: CorporateFareIcon,
  'application-configure': TuneIcon,
  email: MailIcon,
  setting: SettingsIcon,
  bank: AccountBalanceIcon,
  tax: PercentIcon,
  'contract-type': CategoryIcon,
  'construction-item': ConstructionIcon,
  'document-attachment': AttachFileIcon,
  'transaction-type': SwapHorizIcon,
  'constructor-type': BadgeIcon,
  'payment-type': RequestQuoteIcon,
  'payment-date': EventIcon,
  'payment-method': CreditCardIcon,
  'company-bank-account': WalletIcon,
  'bank-file-template': TableChartIcon,
  application: AppsIcon,
  system: SecurityIcon,
  group: GroupWorkIcon,
  role: ManageAccountsIcon,
  privilege: KeyIcon,
  menu: MenuBookIcon,
  endpoint: ApiIcon,
  ability: VerifiedUserIcon,
  'history-login': HistoryIcon,
  'history-payment': ReceiptLongIcon,
  manage: AccountBalanceWalletIcon,
  statistics: QueryStatsIcon,
  customer: StorefrontIcon,
  billing: ReceiptIcon,
  ticket: SupportAgentIcon,
  'mail-list': MailOutlineIcon,
};

/** Material icon names an administrator may give an entry of their own. */
const byIcon: Record<string, SvgIconComponent> = {
  home: HomeIcon,
  person: PersonIcon,
  folder: WorkIcon,
  work: WorkIcon,
  business: BusinessIcon,
  'account-tree': AccountTreeIcon,
  apartment: ApartmentIcon,
  engineering: EngineeringIcon,
  description: DescriptionIcon,
  payments: PaymentsIcon,
  'fact-check': FactCheckIcon,
  assessment: AssessmentIcon,
  'bar-chart': BarChartIcon,
  handyman: HandymanIcon,
  domain: DomainIcon,
  insights: InsightsIcon,
  'admin-panel-settings': AdminPanelSettingsIcon,
  people: PeopleIcon,
  groups: GroupsIcon,
  'corporate-fare': CorporateFareIcon,
  tune: TuneIcon,
  mail: MailIcon,
  email: MailIcon,
  settings: SettingsIcon,
  'account-balance': AccountBalanceIcon,
  percent: PercentIcon,
  category: CategoryIcon,
  construction: ConstructionIcon,
  'attach-file': AttachFileIcon,
  'swap-horiz': SwapHorizIcon,
  badge: BadgeIcon,
  'request-quote': RequestQuoteIcon,
  event: EventIcon,
  'credit-card': CreditCardIcon,
  apps: AppsIcon,
  security: SecurityIcon,
  'group-work': GroupWorkIcon,
  'manage-accounts': ManageAccountsIcon,
  key: KeyIcon,
  'menu-book': MenuBookIcon,
  menu: MenuBookIcon,
  api: ApiIcon,
  'verified-user': VerifiedUserIcon,
  history: HistoryIcon,
  'receipt-long': ReceiptLongIcon,
  'account-balance-wallet': AccountBalanceWalletIcon,
  'query-stats': QueryStatsIcon,
  storefront: StorefrontIcon,
  receipt: ReceiptIcon,
  'support-agent': SupportAgentIcon,
  'mail-outline': MailOutlineIcon,
  savings: SavingsIcon,
  wallet: WalletIcon,
  'playlist-add-check': PlaylistAddCheckIcon,
  'upload-file': UploadFileIcon,
  'table-chart': TableChartIcon,
};

const normalize = (key: string | null | undefined) =>
  (key ?? '')
    .toLowerCase()
    .replace(/^(mdi-|mdi:|icon-)/, '')
    .replace(/[_\s]+/g, '-');

export function menuIcon(icon: string | null, name: string): SvgIconComponent {
  const fromIcon = normalize(icon);
  return byName[name] ?? byIcon[fromIcon] ?? byIcon[fromIcon.split('-')[0] ?? ''] ?? CircleOutlinedIcon;
}
