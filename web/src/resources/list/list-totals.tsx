/**
 * Under a list with money: its figures over every row the filter matches, not the page
 * (`totals` of the list's answer: the count and the sums). Each sum is named by its field's label,
 * or the list's own word for it (`resources.<name>.totals.<key>`: what remains to pay).
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatAmount } from '@sitepay/domain/number-format';
import type { ListTotals as Totals } from '@sitepay/domain/paging';
import { useTranslation } from 'react-i18next';
import type { CountExactly } from '../list-pager.tsx';

/**
 * `pending`: the list has totals but its count is an estimate (a long list): the sums, which cost
 * what an exact count does, come with "Count exactly", offered here too.
 */
export function ListTotals({
  name,
  totals,
  pending,
}: {
  name: string;
  totals: Totals | undefined;
  pending?: CountExactly;
}) {
  const { t } = useTranslation();
  if (!totals && pending)
    return (
      <Typography
        variant="body2"
        color="text.secondary"
        data-testid="list-totals-pending"
        sx={{ px: 1, py: 1, borderTop: 1, borderColor: 'divider' }}
      >
        {t('common.totalsPending')} ·{' '}
        <Link
          component="button"
          type="button"
          variant="inherit"
          aria-disabled={pending.busy}
          onClick={() => !pending.busy && pending.onClick()}
          sx={{ verticalAlign: 'baseline' }}
        >
          {pending.busy ? t('common.counting') : t('common.totalsWorkOut')}
        </Link>
      </Typography>
    );
  if (!totals) return null;
  const sums = Object.entries(totals).filter(([key]) => key !== 'count');
  const label = (key: string) =>
    t(`resources.${name}.totals.${key}`, { defaultValue: t(`resources.${name}.fields.${key}`) });
  return (
    <Box
      component="dl"
      aria-label={t('common.totals')}
      data-testid="list-totals"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 3,
        rowGap: 0.5,
        m: 0,
        px: 1,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' },
      }}
    >
      <Typography variant="body2" component="div" sx={{ display: 'flex', gap: 0.75 }}>
        <dt>{t('common.totalsCount')}</dt>
        <dd data-total="count">{formatAmount(totals.count)}</dd>
      </Typography>
      {sums.map(([key, value]) => (
        <Typography key={key} variant="body2" component="div" sx={{ display: 'flex', gap: 0.75 }}>
          <dt>{label(key)}</dt>
          <dd data-total={key}>{formatAmount(String(value))}</dd>
        </Typography>
      ))}
    </Box>
  );
}
