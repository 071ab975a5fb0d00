/**
 * App preferences (docs/product.md#entities-and-fields: mode, theme, themeColor, langCode, selected
 * construction…) kept in local storage and read through a tiny external store so every component sees the
 * same values.
 */
import { useSyncExternalStore } from 'react';
import { encodeKey } from './session.ts';

export const THEME_COLORS = {
  orange: '#ff9800',
  blue: '#2196f3',
  teal: '#009688',
  red: '#f44336',
  purple: '#9c27b0',
  indigo: '#3f51b5',
  cyan: '#00bcd4',
  amber: '#ffc107',
  lime: '#cddc39',
  green: '#4caf50',
  brown: '#795548',
  grey: '#9e9e9e',
} as const;
export type ThemeColor = keyof typeof THEME_COLORS;
export type Language = 'vi' | 'en';
export type SidebarMode = 'light' | 'dark';

export type Preferences = {
  langCode: Language;
  themeColor: ThemeColor;
  sidebar: SidebarMode;
  drawerCollapsed: boolean;
  /** The construction the user last chose in the top bar (-1: all); none until the first choice. */
  constructionId?: number;
};

export const DEFAULT_PREFERENCES: Preferences = {
  langCode: 'vi',
  themeColor: 'orange',
  sidebar: 'light',
  drawerCollapsed: false,
};

export const PREFERENCES_KEY = encodeKey('sitepay.preferences');

/** Reads stored preferences, repairing anything unknown; the legacy language code 'vn' means 'vi'. */
export function normalizePreferences(value: unknown): Preferences {
  const raw = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const lang = raw.langCode === 'en' ? 'en' : 'vi';
  const color =
    typeof raw.themeColor === 'string' && raw.themeColor in THEME_COLORS
      ? (raw.themeColor as ThemeColor)
      : DEFAULT_PREFERENCES.themeColor;
  return {
    langCode: lang,
    themeColor: color,
    sidebar: raw.sidebar === 'dark' ? 'dark' : 'light',
    drawerCollapsed: raw.drawerCollapsed === true,
    ...(Number.isInteger(raw.constructionId) && (raw.constructionId as number) >= -1
      ? { constructionId: raw.constructionId as number }
      : {}),
  };
}

function load(): Preferences {
  try {
    const raw = localStorage.getItem(PREFERENCES_KEY);
    return normalizePreferences(raw ? JSON.parse(raw) : null);
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

let current: Preferences | null = null;
const listeners = new Set<() => void>();

export function getPreferences(): Preferences {
  current ??= load();
  return current;
}

export function setPreferences(patch: Partial<Preferences>): void {
  current = { ...getPreferences(), ...patch };
  try {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify(current));
  } catch {
    // storage full or disabled: the choice still holds for this visit
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribe, getPreferences, getPreferences);
}
