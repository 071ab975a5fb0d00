/**
 * The button at the end of every typed date field (form fields, list and report filters) that opens
 * a month calendar to pick the day from instead of typing it; named "Chọn ngày: <field>" /
 * "Choose a date: <field>". The calendar itself loads the first time one is opened.
 */
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';

import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../i18n/i18n.ts';
import { visuallyHidden } from './visually-hidden.ts';

const DateCalendarPanel = lazy(() => import('./date-calendar.tsx'));

export function CalendarButton({
  label,
  value,
  onPick,
  disabled,
}: {
  /** The field's label, for the button's and the calendar's names. */
  label: string;
  /** The field's date (ISO), where the calendar opens; null opens this month. */
  value: string | null;
  onPick: (iso: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const name = `${t('common.pickDate')}: ${label}`;
  return (
    <InputAdornment position="end">
      <IconButton
        ref={anchor}
        edge="end"
        size="small"
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        <CalendarMonthOutlinedIcon fontSize="small" />
        {/* named by its content, not aria-label: the field keeps its label to itself (a search by
            label finds the field, not its button) */}
        <Box component="span" sx={visuallyHidden}>
          {name}
        </Box>
      </IconButton>
      <Popover
        open={open}
        anchorEl={anchor.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': name } as object }}
      >
        <Suspense
          fallback={
            <Box sx={{ width: 320, height: 334, display: 'grid', placeItems: 'center' }}>
              <CircularProgress size={24} aria-label={t('common.loading')} />
            </Box>
          }
        >
          {open && (
            <DateCalendarPanel
              value={value}
              lang={currentLang()}
              onPick={(iso) => {
                setOpen(false);
                onPick(iso);
              }}
            />
          )}
        </Suspense>
      </Popover>
    </InputAdornment>
  );
}
