/**
 * A screen's heading (its one h1). It also names the browser tab: its words, or `documentTitle`
 * when the heading is more than text or a shorter name fits the tab better (a payment request's
 * code), followed by the screen's menu entry and the app (lib/document-title.ts). A unit test
 * holds every h1 of the app to this component.
 */
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useDocumentTitle, useHeadingTitle } from '../lib/document-title.ts';

export function PageHeading({
  documentTitle,
  standalone,
  children,
  ...props
}: Omit<TypographyProps<'h1'>, 'component' | 'ref'> & {
  documentTitle?: string;
  /** A screen outside the layout (sign-in, error pages): it titles the tab by itself. */
  standalone?: boolean;
}) {
  const words = documentTitle ?? (typeof children === 'string' ? children : undefined);
  useHeadingTitle(standalone ? null : words);
  useDocumentTitle(standalone ? [words] : null);
  return (
    <Typography variant="h5" {...props} component="h1">
      {children}
    </Typography>
  );
}
