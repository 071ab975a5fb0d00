/**
 * A record status (docs/product.md#record-states: O Active, C InActive, D Deleted, else Unknow) as a coloured
 * chip.
 */
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const colors = { O: 'success', C: 'warning', D: 'error' } as const;

export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = status === 'O' || status === 'C' || status === 'D';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={known ? colors[status] : 'default'}
      label={known ? t(`status.${status}`) : t('status.unknown')}
      data-status={status}
    />
  );
}
