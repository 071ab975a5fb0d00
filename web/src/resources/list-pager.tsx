/**
 * The generic list's pager slot: the grid's pager, and "Count exactly" while the total is the
 * database's estimate (see `list-total.ts`), which asks the server for the real count.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { GridPagination } from '@mui/x-data-grid';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';

type CountExactly = { busy: boolean; onClick: () => void } | null;

const CountExactlyContext = createContext<CountExactly>(null);

/** Offers "Count exactly" to the grid's pagination slot below it; null hides the action. */
export const CountExactlyProvider = CountExactlyContext.Provider;

/** The grid's pagination slot: the pager, preceded by "Count exactly" while the total is an estimate. */
export function ListPagination() {
  const countExactly = useContext(CountExactlyContext);
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        flex: '1 1 auto',
        minWidth: 0,
      }}
    >
      {countExactly && (
        <Tooltip title={t('common.countExactlyHint')}>
          <Button
            size="small"
            onClick={countExactly.onClick}
            loading={countExactly.busy}
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            {t('common.countExactly')}
          </Button>
        </Tooltip>
      )}
      <GridPagination />
    </Box>
  );
}
