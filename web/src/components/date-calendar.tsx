/**
 * The month calendar a date field opens (MUI X's DateCalendar, in the app's language), loaded only
 * when a calendar is first opened: no form pays for it before.
 */
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, viVN } from '@mui/x-date-pickers/locales';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';

export default function DateCalendarPanel({
  value,
  lang,
  onPick,
}: {
  /** The date shown picked, ISO, or null (the calendar opens on this month). */
  value: string | null;
  lang: 'vi' | 'en';
  onPick: (iso: string) => void;
}) {
  const texts = (lang === 'vi' ? viVN : enUS).components.MuiLocalizationProvider.defaultProps.localeText;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={lang} localeText={texts}>
      <DateCalendar
        value={value ? dayjs(value) : null}
        autoFocus
        // the weekday's short name ("T2", "CN"; "Mo"): one letter says nothing in Vietnamese, where
        // six days start with T
        dayOfWeekFormatter={(day) => day.format('dd')}
        onChange={(day, state) => {
          // a year picked first only moves the calendar; a day picks
          if (day && state !== 'partial') onPick(day.format('YYYY-MM-DD'));
        }}
      />
    </LocalizationProvider>
  );
}
