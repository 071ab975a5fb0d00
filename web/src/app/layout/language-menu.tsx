/** The language switch's menu (language-switch.tsx loads it on the first click). */
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../lib/preferences.ts';

export default function LanguageMenu({
  anchor,
  onClose,
  onChoose,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  onChoose: (lang: Language) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {(['vi', 'en'] as const).map((lang) => (
        <MenuItem key={lang} selected={i18n.language === lang} onClick={() => onChoose(lang)} lang={lang}>
          {t(`common.${lang}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
