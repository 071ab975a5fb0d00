/**
 * The toasts' rules in one place (docs/product.md#constants, docs/web.md): how many stand at once,
 * that they keep their durations whatever the window does, and that signing in starts clean — a
 * failed attempt's notice or an old session's "Session timeout" is not carried onto the home page.
 *
 * notistack draws them, loaded with the first notice rather than with the first screen
 * (docs/adr/0112-notices-drawn-when-first-needed.md): until its host is there (app/notice-host.tsx),
 * the notices wait here, in order.
 */
import type { Notice } from './error-catalogue.ts';

/** At most two notices at once, the newest below; more wait for a place (docs/web.md). */
export const MAX_NOTICES = 2;

/** What the host gives once it is drawn: notistack's own functions. */
export type NoticeHost = { show: (notice: Notice) => void; closeAll: () => void };

let host: NoticeHost | null = null;
const waiting: Notice[] = [];
let wanted: (() => void) | null = null;

/** Shows a notice; the first one asks for the host to be drawn (`whenNoticeWanted`). */
export function showNotice(notice: Notice): void {
  if (host) host.show(notice);
  else {
    waiting.push(notice);
    wanted?.();
  }
}

/** Closes every notice shown, and forgets those still waiting for the host (on signing in). */
export function clearNotices(): void {
  waiting.length = 0;
  host?.closeAll();
}

/** The app's frame: how to have the host drawn when a notice first waits for it. */
export function whenNoticeWanted(draw: () => void): void {
  wanted = draw;
  if (waiting.length > 0) draw();
}

/** The host, once drawn: the notices that waited are shown, in order. */
export function noticeHostReady(ready: NoticeHost | null): void {
  host = ready;
  if (host) for (const notice of waiting.splice(0)) host.show(notice);
}
