/**
 * The language switch of the top bar, the sign-in page and the change-password screen: a button
 * naming the language (or, `compact`, its icon alone) opening a menu of both. The menu (MUI's Menu,
 * with its popover and modal) is a chunk loaded on the first click: the sign-in page does not load it
 * (docs/adr/0082-first-visit-loads-what-it-shows.md). Its hint, "language", shows where the app's hint
 * layer is (the signed-in frame, `components/hint.ts`).
 */
import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hint } from '../../components/hint.ts';
import { setPreferences, usePreferences } from '../../lib/preferences.ts';

const LanguageMenu = lazy(() => import('./language-menu.tsx'));

export function LanguageSwitch({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuAsked, setMenuAsked] = useState(false);
  const { langCode } = usePreferences();
  const open = (target: HTMLElement) => {
    setMenuAsked(true);
    setAnchor(target);
  };
  return (
    <>
      {compact ? (
        <IconButton
          onClick={(e) => open(e.currentTarget)}
          {...hint(t('common.language'))}
          data-testid="language-switch"
        >
          <TranslateIcon />
        </IconButton>
      ) : (
        <Button
          color="inherit"
          startIcon={<TranslateIcon />}
          onClick={(e) => open(e.currentTarget)}
          {...hint(t('common.language'), { describes: true })}
          // the name starts with the text it shows (WCAG 2.5.3, axe label-content-name-mismatch)
          aria-label={t('common.languageButton', {
            code: langCode.toUpperCase(),
            name: t(`common.${langCode}`),
          })}
          data-testid="language-switch"
          sx={{ minWidth: 0 }}
        >
          {langCode.toUpperCase()}
        </Button>
      )}
      {menuAsked && (
        <Suspense fallback={null}>
          <LanguageMenu
            anchor={anchor}
            onClose={() => setAnchor(null)}
            onChoose={(lang) => {
              setPreferences({ langCode: lang });
              setAnchor(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
