/**
 * The rows a list's footer shows ("1–20 of about 100,000"), and beside an estimated total the
 * "Count exactly" action, which asks the server for the real count (see `list-total.ts`). It goes
 * under the total on a phone, where the two do not fit on one line with the pager's arrows.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { hint } from '../components/hint.ts';

export type CountExactly = { busy: boolean; onClick: () => void } | null;

export function DisplayedRows({ text, countExactly }: { text: string; countExactly: CountExactly }) {
  const { t } = useTranslation();
  if (!countExactly) return text;
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'flex-end', sm: 'baseline' },
        columnGap: 1.5,
      }}
    >
      <span>{text}</span>
      <Link
        component="button"
        type="button"
        variant="inherit"
        aria-disabled={countExactly.busy}
        onClick={() => !countExactly.busy && countExactly.onClick()}
        sx={{ whiteSpace: 'nowrap', verticalAlign: 'baseline' }}
        {...hint(t('common.countExactlyHint'), { describes: true })}
      >
        {countExactly.busy ? t('common.counting') : t('common.countExactly')}
      </Link>
    </Box>
  );
}
