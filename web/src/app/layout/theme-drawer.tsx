/**
 * The theme settings drawer: language, primary colour (the twelve of docs/product.md#constants), light or
 * dark sidebar.
 */
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { hint } from '../../components/hint.ts';
import { setPreferences, THEME_COLORS, type ThemeColor, usePreferences } from '../../lib/preferences.ts';

export function ThemeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const prefs = usePreferences();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 300, maxWidth: '100%' } } }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          px: 2,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="h6" sx={{ flex: 1 }} component="h2">
          {t('theme.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('common.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ p: 2, display: 'grid', gap: 3 }}>
        <section>
          <Typography variant="subtitle2" gutterBottom id="theme-language">
            {t('common.language')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            color="primary"
            value={prefs.langCode}
            onChange={(_, value) => value && setPreferences({ langCode: value })}
            aria-labelledby="theme-language"
          >
            <ToggleButton value="vi">{t('common.vi')}</ToggleButton>
            <ToggleButton value="en">{t('common.en')}</ToggleButton>
          </ToggleButtonGroup>
        </section>
        <section>
          <Typography variant="subtitle2" gutterBottom id="theme-color">
            {t('theme.color')}
          </Typography>
          <Box
            role="radiogroup"
            aria-labelledby="theme-color"
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', gap: 1 }}
          >
            {(Object.keys(THEME_COLORS) as ThemeColor[]).map((color) => {
              const selected = prefs.themeColor === color;
              return (
                <IconButton
                  key={color}
                  role="radio"
                  aria-checked={selected}
                  {...hint(t(`theme.colors.${color}`))}
                  data-color={color}
                  onClick={() => setPreferences({ themeColor: color })}
                  sx={{
                    bgcolor: THEME_COLORS[color],
                    color: '#fff',
                    width: 36,
                    height: 36,
                    outline: selected ? '2px solid' : 'none',
                    outlineColor: 'text.primary',
                    outlineOffset: 2,
                    '&:hover': { bgcolor: THEME_COLORS[color], filter: 'brightness(0.9)' },
                  }}
                >
                  {selected && <CheckIcon fontSize="small" />}
                </IconButton>
              );
            })}
          </Box>
        </section>
        <section>
          <Typography variant="subtitle2" gutterBottom id="theme-sidebar">
            {t('theme.sidebar')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            color="primary"
            value={prefs.sidebar}
            onChange={(_, value) => value && setPreferences({ sidebar: value })}
            aria-labelledby="theme-sidebar"
          >
            <ToggleButton value="light">{t('theme.light')}</ToggleButton>
            <ToggleButton value="dark">{t('theme.dark')}</ToggleButton>
          </ToggleButtonGroup>
        </section>
      </Box>
    </Drawer>
  );
}
