/**
 * A customer's page (/manage/customer/view/:id): the generic view (its fields, what it is owed, its
 * constructions, activation and deletion, its change history), with the receivables blocks before the
 * bills section of its description: its credits (notes and limits, written in place) and its billing
 * events (bills, receipts and credits, newest first, from its history's `billing`), and a "new bill"
 * button for users who may bill.
 */
import '../../i18n/receivables-strings.ts';
import AddIcon from '@mui/icons-material/Add';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatAmount } from '@sitepay/domain/number-format';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAbility } from '../../app/use-ability.ts';
import { formatMoment } from '../../components/history-values.ts';
import { currentLang } from '../../i18n/i18n.ts';
import type { ResourceDescription, ResourceRecord } from '../../resources/resource.types.ts';
import { ResourceViewPage } from '../../resources/resource-view-page.tsx';
import { CustomerCredits } from './customer-credits.tsx';
import { type BillingEvent, customerHistoryQuery } from './receivables.queries.ts';
import { billingEvents } from './receivables-figures.ts';

const kindColors = { bill: 'primary', receipt: 'success', credit: 'info' } as const;

export function CustomerViewPage({ resource }: { resource: ResourceDescription }) {
  const { t } = useTranslation();
  const ability = useAbility();
  return (
    <ResourceViewPage
      resource={resource}
      actions={(customer) => (
        <>
          {ability.can('read', 'billing') && (
            <Button
              component={RouterLink}
              to={`/manage/billing/list?customerId=${customer.id}&constructionId=-1`}
              variant="outlined"
              startIcon={<ReceiptLongIcon />}
            >
              {t('receivables.bills.all')}
            </Button>
          )}
          {ability.can('create', 'billing') && customer.status === 'O' && (
            <Button
              component={RouterLink}
              to={`/manage/billing/create?customerId=${customer.id}`}
              variant="outlined"
              startIcon={<AddIcon />}
            >
              {t('receivables.bills.new')}
            </Button>
          )}
        </>
      )}
      sections={(customer) => (
        <>
          <CustomerCredits customer={customer} />
          <BillingEvents customer={customer} />
        </>
      )}
    />
  );
}

function BillingEvents({ customer }: { customer: ResourceRecord }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const history = useQuery(customerHistoryQuery(customer.id));
  const events = billingEvents<BillingEvent>(history.data);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" data-section="billing-events">
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('receivables.events.title')}
      </Typography>
      {history.isPending ? (
        <Skeleton variant="rounded" height={72} />
      ) : events.length === 0 ? (
        <Typography color="text.secondary">{t('receivables.events.empty')}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {events.slice(0, 20).map((event) => (
            <Box
              component="li"
              key={`${event.kind}-${event.at}-${event.billing_id}-${event.amount}`}
              data-testid="billing-event"
              data-kind={event.kind}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr auto', sm: '150px 110px 1fr auto' },
                alignItems: 'center',
                columnGap: 2,
                py: 0.75,
                borderTop: 1,
                borderColor: 'divider',
                '&:first-of-type': { borderTop: 0 },
              }}
            >
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ display: { xs: 'none', sm: 'block' } }}
              >
                {formatMoment(event.at, lang)}
              </Typography>
              <Box>
                <Chip
                  size="small"
                  variant="outlined"
                  color={kindColors[event.kind] ?? 'default'}
                  label={t(`receivables.events.kinds.${event.kind}`)}
                />
              </Box>
              <Box
                sx={{ minWidth: 0, gridColumn: { xs: '1 / -1', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
              >
                {event.billing_id ? (
                  <Link
                    component={RouterLink}
                    to={`/manage/billing/view/${event.billing_id}`}
                    underline="hover"
                  >
                    {event.number ?? `#${event.billing_id}`}
                  </Link>
                ) : null}
                {event.note && (
                  <Typography
                    component="span"
                    variant="body2"
                    color="text.secondary"
                    sx={{ ml: 1, wordBreak: 'break-word' }}
                  >
                    {event.note}
                  </Typography>
                )}
                {event.user_name && (
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                    · {event.user_name}
                  </Typography>
                )}
              </Box>
              <Typography
                sx={{ fontVariantNumeric: 'tabular-nums', textAlign: 'right', whiteSpace: 'nowrap' }}
              >
                {formatAmount(event.amount)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
