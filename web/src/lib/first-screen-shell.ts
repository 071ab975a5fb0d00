/**
 * A list's first screen as the reader last saw it — its top bar, the surface its heading sits on and
 * the heading — remembered per address, so that the first-screen script (web/vite.config.ts) draws it
 * from the page's HTML before the app's scripts have arrived and run, and the app's own heading takes
 * its place where it stood (docs/adr/0119-first-screen-remembered-before-the-scripts.md).
 *
 * What is kept is measured off the app's own drawing (sizes, places, colours, the font), never
 * written here a second time: a change of the layout or the theme is remembered at the next visit,
 * and a picture is used only by the build that measured it, at the same width and in the same
 * language. Only a list's heading is remembered: its words depend on the address and the language
 * alone, where a record's screen names the record, which may have changed since.
 */
/// <reference path="../env.d.ts" />
import { type RefObject, useEffect, useLayoutEffect } from 'react';
import { encodeKey } from './session.ts';

/** Local storage's key for the pictures (encoded as every key of the app). */
export const SHELL_KEY = encodeKey('sitepay.shell');
/** The overlay the first-screen script draws the picture in, over the app's root. */
export const SHELL_ID = 'first-screen';
/** Set on the page's root element once the app has drawn a heading. */
export const DRAWN_ATTRIBUTE = 'data-drawn';
/** How many addresses are remembered; the one seen longest ago goes first. */
export const SHELLS_KEPT = 20;
/** How long after the heading is drawn it is measured: the first screen's work is done by then. */
const MEASURED_AFTER_MS = 1_500;

type Box = { top: number; left: number; width: number; height: number };
/** A box drawn as the app drew it: its background, its four borders (top, right, bottom, left). */
type Lined = Box & { background: string; borders: string[]; radius: string; shadow: string };

/** What the first-screen script draws (the names are its own: keep them in step). */
export type ShellPicture = {
  lang: string;
  /** The page's width (without a scroll bar) when it was measured: drawn at that width only. */
  width: number;
  background: string;
  header: Lined | null;
  surface: Lined | null;
  heading: Box & { text: string; font: string; color: string; letterSpacing: string };
};
export type Shells = { build: string; screens: Record<string, ShellPicture> };

const build = (): string => (typeof __BUILD_TIME__ === 'string' ? __BUILD_TIME__ : 'dev');

/** A page's box in the document's own places (the first screen is drawn unscrolled). */
function boxOf(element: Element): Box {
  const r = element.getBoundingClientRect();
  return {
    top: Math.round((r.top + window.scrollY) * 100) / 100,
    left: Math.round((r.left + window.scrollX) * 100) / 100,
    width: Math.round(r.width * 100) / 100,
    height: Math.round(r.height * 100) / 100,
  };
}

function linedOf(element: Element): Lined {
  const s = getComputedStyle(element);
  return {
    ...boxOf(element),
    background: s.backgroundColor,
    borders: (['Top', 'Right', 'Bottom', 'Left'] as const).map(
      (side) => `${s[`border${side}Width`]} ${s[`border${side}Style`]} ${s[`border${side}Color`]}`,
    ),
    radius: s.borderTopLeftRadius,
    shadow: s.boxShadow,
  };
}

const transparent = (colour: string) => colour === 'transparent' || /rgba\(.*,\s*0\)$/.test(colour);

/** The nearest box around `element` with a background of its own (a list's paper), if any. */
function surfaceOf(element: Element): Element | null {
  for (let at = element.parentElement; at && at !== document.body; at = at.parentElement)
    if (!transparent(getComputedStyle(at).backgroundColor)) return at;
  return null;
}

export function readShells(storage: Storage = localStorage): Shells | null {
  try {
    const raw = storage.getItem(SHELL_KEY);
    const shells = raw ? (JSON.parse(decodeURIComponent(atob(raw))) as Shells) : null;
    return shells && typeof shells.screens === 'object' ? shells : null;
  } catch {
    return null;
  }
}

/** Keeps `picture` for `path` (the most recent last), at most SHELLS_KEPT, for this build only. */
export function keepShell(path: string, picture: ShellPicture, storage: Storage = localStorage): void {
  const known = readShells(storage);
  const screens = known?.build === build() ? { ...known.screens } : {};
  delete screens[path];
  screens[path] = picture;
  const paths = Object.keys(screens);
  for (const old of paths.slice(0, Math.max(0, paths.length - SHELLS_KEPT))) delete screens[old];
  const shells: Shells = { build: build(), screens };
  try {
    storage.setItem(SHELL_KEY, btoa(encodeURIComponent(JSON.stringify(shells))));
  } catch {
    // storage full or refused: the next first visit shows the spinner, as without a picture
  }
}

/** The picture of the screen showing `heading` now, or null when it is not the page's first screen. */
export function pictureOf(heading: HTMLElement, lang: string): ShellPicture | null {
  if (!heading.isConnected || window.scrollY !== 0) return null;
  const header = document.querySelector('header');
  const surface = surfaceOf(heading);
  const s = getComputedStyle(heading);
  return {
    lang,
    width: document.documentElement.clientWidth,
    background: getComputedStyle(document.body).backgroundColor,
    header: header ? linedOf(header) : null,
    surface: surface ? linedOf(surface) : null,
    heading: {
      ...boxOf(heading),
      text: heading.textContent ?? '',
      font: s.font,
      color: s.color,
      letterSpacing: s.letterSpacing,
    },
  };
}

/**
 * Remembers the list's first screen once it has settled (an idle moment after MEASURED_AFTER_MS, so
 * that measuring adds no layout to the first screen's work), while the address is still the list's.
 */
export function useShellRemembered(
  heading: RefObject<HTMLElement | null> | null,
  text: string | undefined,
  lang: string,
): void {
  useEffect(() => {
    if (!heading || !text) return;
    const path = window.location.pathname;
    let idle: number | undefined;
    const measure = () => {
      const element = heading.current;
      if (!element || window.location.pathname !== path || element.textContent !== text) return;
      const picture = pictureOf(element, lang);
      if (picture) keepShell(path, picture);
    };
    const timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function')
        idle = window.requestIdleCallback(measure, { timeout: 5_000 });
      else measure();
    }, MEASURED_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [heading, text, lang]);
}

/**
 * Takes the first-screen script's picture away as a screen's heading is drawn — before the browser
 * paints that frame, so the picture's heading and the app's are never both missing and never both
 * shown. Every screen's heading calls it (components/page-heading.tsx), whichever screen the app
 * draws first (another one when the session was refused).
 */
export function useShellGone(): void {
  useLayoutEffect(() => {
    // the first-screen script draws no picture once the app has drawn a heading of its own
    document.documentElement.setAttribute(DRAWN_ATTRIBUTE, '');
    document.getElementById(SHELL_ID)?.remove();
  }, []);
}
