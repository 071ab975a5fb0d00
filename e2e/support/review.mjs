// What the review screenshot scripts (e2e/*screenshots.mjs) share: their arguments, an API session,
// Chromium, a page per language × sidebar theme × width with its console errors collected, and the
// loop over those combinations. Not a test: the scripts write PNGs for people to look at.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { apiAs } from './api.mjs';

/** `node e2e/<script>.mjs [baseUrl] [adminPassword] [only=vi-light-1280,…]` */
export function reviewArgs() {
  const out = new URL('../../screenshots/', import.meta.url).pathname;
  mkdirSync(out, { recursive: true });
  return {
    base: process.argv[2] ?? 'http://127.0.0.1:8090',
    password: process.argv[3] ?? 'admin123',
    only: process.argv[4]?.split(','),
    out,
  };
}

const storageKey = (key) => `sp_${Buffer.from(key).toString('base64').replace(/=+$/, '')}`;

/** The admin's API session (api.mjs): signed in once, since the server throttles sign-ins. */
export const apiSession = (base, password) => apiAs(base, 'admin', password);

export const launchChromium = () =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

/**
 * A page in the given language, sidebar theme and width. With `session`, already signed in as the
 * app stores it; without, at the sign-in screen's mercy. Console errors go to `errors`.
 */
export async function reviewPage(browser, { base, lang, sidebar, width, errors, session }) {
  const key = `${lang}-${sidebar}-${width}`;
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width, height: width > 500 ? 800 : 760 },
  });
  const items = [
    [
      storageKey('sitepay.preferences'),
      JSON.stringify({ langCode: lang, themeColor: 'orange', sidebar, drawerCollapsed: false }),
    ],
  ];
  if (session) {
    const stored = {
      token: session.token,
      idToken: session.id_token,
      username: session.username,
      avatar: session.avatar,
      departmentId: session.department_id,
      expiresAt: Date.now() + 3600_000,
    };
    items.push([
      storageKey('sitepay.session'),
      Buffer.from(encodeURIComponent(JSON.stringify(stored))).toString('base64'),
    ]);
  }
  await context.addInitScript((pairs) => {
    for (const [k, v] of pairs) if (!localStorage.getItem(k)) localStorage.setItem(k, v);
  }, items);
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && errors.push(`${key}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${key}: ${e.message}`));
  return { context, page, key };
}

/** Runs `shoot` for vi/en × light/dark sidebar × 1280/375 px (or those in `only`), then reports errors. */
export async function forEachCombination(browser, only, errors, shoot) {
  for (const lang of ['vi', 'en'])
    for (const sidebar of ['light', 'dark'])
      for (const width of [1280, 375]) {
        if (only && !only.includes(`${lang}-${sidebar}-${width}`)) continue;
        await shoot({ lang, sidebar, width });
      }
  await browser.close();
  console.log(errors.length ? `console errors:\n${errors.join('\n')}` : 'no console errors');
}
