/**
 * The language switch of the top bar, the sign-in page and the change-password screen: a button
 * naming the language (or, `compact`, its icon alone) opening a menu of both. The menu (MUI's Menu,
 * with its popover and modal) is a chunk loaded on the first click, and the tooltip is the caller's
 * (the top bar's): the sign-in page loads neither (docs/adr/0082-first-visit-loads-what-it-shows.md).
 */
import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { lazy, type ReactElement, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setPreferences, usePreferences } from '../../lib/preferences.ts';

const LanguageMenu = lazy(() => import('./language-menu.tsx'));

export function LanguageSwitch({
  compact,
  tooltip = (button) => button,
}: {
  compact?: boolean;
  /** Wraps the button (the top bar's tooltip naming it). */
  tooltip?: (button: ReactElement) => ReactElement;
}) {
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
      {tooltip(
        compact ? (
          <IconButton
            onClick={(e) => open(e.currentTarget)}
            aria-label={t('common.language')}
            data-testid="language-switch"
          >
            <TranslateIcon />
          </IconButton>
        ) : (
          <Button
            color="inherit"
            startIcon={<TranslateIcon />}
            onClick={(e) => open(e.currentTarget)}
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
        ),
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
