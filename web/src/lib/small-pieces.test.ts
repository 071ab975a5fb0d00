import { describe, expect, test } from 'vitest';
import { isNewBuild } from '../app/layout/update-banner.tsx';
import { ChunkLoadError, loadChunk } from '../app/lazy.ts';
import { safeRedirect } from './field-errors.ts';
import { DEFAULT_PREFERENCES, normalizePreferences, THEME_COLORS } from './preferences.ts';
import { encodeKey, sessionFromLogin } from './session.ts';

describe('preferences', () => {
  test('twelve colours, orange #ff9800 by default, Vietnamese by default', () => {
    expect(Object.keys(THEME_COLORS)).toHaveLength(12);
    expect(THEME_COLORS[DEFAULT_PREFERENCES.themeColor]).toBe('#ff9800');
    expect(DEFAULT_PREFERENCES.langCode).toBe('vi');
  });

  test('stored values are repaired; the legacy language code "vn" means Vietnamese', () => {
    expect(normalizePreferences({ langCode: 'vn', themeColor: 'pink', sidebar: 'dark' })).toEqual({
      langCode: 'vi',
      themeColor: 'orange',
      sidebar: 'dark',
      drawerCollapsed: false,
    });
    expect(normalizePreferences('garbage')).toEqual(DEFAULT_PREFERENCES);
  });
});

describe('session', () => {
  test('kept under an encoded key; expiry from expires_in', () => {
    expect(encodeKey('sitepay.session')).not.toContain('sitepay');
    const session = sessionFromLogin(
      {
        token: 't',
        id_token: 'i',
        expires_in: 3600,
        token_type: 'Bearer',
        username: 'admin',
        avatar: null,
        department_id: null,
        menus: [],
        must_change_password: true,
      },
      1_000,
    );
    expect(session).toMatchObject({
      token: 't',
      idToken: 'i',
      expiresAt: 3_601_000,
      mustChangePassword: true,
    });
  });

  test('after login only a local path is a target', () => {
    expect(safeRedirect('/management/company/list?page=2')).toBe('/management/company/list?page=2');
    expect(safeRedirect('//evil.example')).toBe('/about-me');
    expect(safeRedirect('https://evil.example')).toBe('/about-me');
    expect(safeRedirect('/auth/login')).toBe('/about-me');
    expect(safeRedirect(null)).toBe('/about-me');
  });
});

describe('update banner and chunks', () => {
  test('a new build is one whose time differs from the loaded one', () => {
    expect(isNewBuild('2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')).toBe(false);
    expect(isNewBuild('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z')).toBe(true);
    expect(isNewBuild(null, '2026-01-02T00:00:00Z')).toBe(false);
  });

  test('a chunk that fails or hangs raises a ChunkLoadError', async () => {
    await expect(loadChunk(() => Promise.reject(new Error('404')))).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(loadChunk(() => new Promise(() => {}), 10)).rejects.toThrow('timed out');
    await expect(loadChunk(() => Promise.resolve(1))).resolves.toBe(1);
  });
});
