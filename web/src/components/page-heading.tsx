/**
 * A screen's heading (its one h1). It also names the browser tab: its words, or `documentTitle`
 * when the heading is more than text or a shorter name fits the tab better (a payment request's
 * code), followed by the screen's menu entry and the app (lib/document-title.ts). A unit test
 * holds every h1 of the app to this component.
 */
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useRef } from 'react';
import { currentLang } from '../i18n/i18n.ts';
import { useDocumentTitle, useHeadingTitle } from '../lib/document-title.ts';
import { useShellGone, useShellRemembered } from '../lib/first-screen-shell.ts';

export function PageHeading({
  documentTitle,
  standalone,
  remembered,
  children,
  ...props
}: Omit<TypographyProps<'h1'>, 'component' | 'ref'> & {
  documentTitle?: string;
  /** A screen outside the layout (sign-in, error pages): it titles the tab by itself. */
  standalone?: boolean;
  /**
   * The screen's first picture is remembered for the next first visit of its address, drawn before
   * the app's scripts run (lib/first-screen-shell.ts): a screen whose heading is its address's alone.
   */
  remembered?: boolean;
}) {
  const words = documentTitle ?? (typeof children === 'string' ? children : undefined);
  useHeadingTitle(standalone ? null : words);
  useDocumentTitle(standalone ? [words] : null);
  const ref = useRef<HTMLHeadingElement>(null);
  // the first-screen script's picture goes as the app's first heading is drawn
  useShellGone();
  useShellRemembered(remembered ? ref : null, words, currentLang());
  return (
    <Typography variant="h5" {...props} ref={ref} component="h1">
      {children}
    </Typography>
  );
}
