/**
 * The toasts' rules in one place (docs/product.md#constants, docs/web.md): how many stand at once,
 * that they keep their durations whatever the window does, and that signing in starts clean — a
 * failed attempt's notice or an old session's "Session timeout" is not carried onto the home page.
 */
import { closeSnackbar } from 'notistack';

/** At most two notices at once, the newest below; more wait for a place (docs/web.md). */
export const MAX_NOTICES = 2;

/** Closes every notice shown (on signing in). */
export function clearNotices(): void {
  closeSnackbar();
}
