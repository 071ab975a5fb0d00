/**
 * The browser tab's title names the page and the record (issue 30, 11): "YCTT-2026-000123 · Yêu cầu
 * thanh toán · SitePay", "Nhà thầu · SitePay". Every screen's heading is a `PageHeading`
 * (components/page-heading.tsx), which hands its words here; the layout adds the menu entry the
 * screen belongs to (its breadcrumbs' last entry) and writes `document.title`. Screens outside the
 * layout (sign-in, change of password, error pages) name themselves with `useDocumentTitle`.
 */
import { useEffect, useSyncExternalStore } from 'react';

export const APP_NAME = 'SitePay';

// Vietnamese has no casing rule of its own: the plain lower case (not the locale's, whose first use
// loads its data on the first screen)
const fold = (text: string) => text.normalize('NFC').toLowerCase().trim();

/**
 * The title from the most specific part to the least, then the app: empty parts and a part said
 * already (a list's heading is its menu entry's title) are left out.
 */
export function documentTitle(parts: readonly (string | null | undefined)[]): string {
  const kept: string[] = [];
  for (const part of parts) {
    const text = part?.replace(/\s+/g, ' ').trim();
    if (!text || kept.some((k) => fold(k) === fold(text))) continue;
    kept.push(text);
  }
  return [...kept, APP_NAME].join(' · ');
}

/** Sets the tab's title while the calling screen is shown (null: leaves it to another). */
export function useDocumentTitle(parts: readonly (string | null | undefined)[] | null): void {
  const title = parts && documentTitle(parts);
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

// The words of the heading on screen now, for the layout to compose (one heading per screen).
let heading: string | null = null;
const listeners = new Set<() => void>();
const setHeading = (text: string | null) => {
  heading = text;
  for (const listener of listeners) listener();
};

/** A screen's heading registers its words while it is shown. */
export function useHeadingTitle(text: string | null | undefined): void {
  useEffect(() => {
    setHeading(text ?? null);
    return () => setHeading(null);
  }, [text]);
}

/** The words of the heading on screen now (null between screens). */
export function useCurrentHeading(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => heading,
  );
}
