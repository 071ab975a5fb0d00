/**
 * Browser test support: Debian's Chromium through playwright-core (never a downloaded browser),
 * a fresh context per test, the demo users signed in (through the form once per user and file,
 * from the stored session after), the API as each of them, and a watch on console errors (which
 * fail the test).
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { apiAs } from './api.mjs';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8090';
export const ADMIN_USER = 'admin';
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'admin123';

export type User = { user: string; password: string };
export const ADMIN: User = { user: ADMIN_USER, password: ADMIN_PASSWORD };
/** The demo accountant and director of Hòa Phát (CT-001…CT-003). */
export const ACCOUNTANT: User = { user: 'ketoan', password: 'ketoan123' };
export const DIRECTOR: User = { user: 'giamdoc', password: 'giamdoc123' };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let browser: Browser | null = null;

export async function launch(): Promise<Browser> {
  browser ??= await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = null;
}

export type Session = { context: BrowserContext; page: Page; consoleErrors: string[] };

/** A fresh context (empty storage) and page, collecting console errors and page errors. */
export async function openPage(options: { width?: number; height?: number } = {}): Promise<Session> {
  const b = await launch();
  const context = await b.newContext({
    baseURL: BASE_URL,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: 'vi-VN',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    // A refused request (4xx the test provokes on purpose) is reported by Chromium as a resource error.
    if (/Failed to load resource: the server responded with a status of (400|401|403|404|409|422)/.test(text))
      return;
    consoleErrors.push(text);
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  return { context, page, consoleErrors };
}

export async function login(page: Page, user = ADMIN_USER, password = ADMIN_PASSWORD): Promise<void> {
  await page.locator('input[name="user_name"]').fill(user);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

// The server throttles sign-ins: each user signs in through the form once per test file, and later
// tests start from the session stored then (whichever test comes first, so that any runs alone).
const savedSessions = new Map<string, { name: string; value: string }[]>();
const PREFERENCES_KEY = `sp_${Buffer.from('sitepay.preferences').toString('base64').replace(/=+$/, '')}`;

/** Opens the app signed in as `as` (the admin unless told), at `path` (`fresh`: through the form). */
export async function signedIn(
  path = '/about-me',
  options: { width?: number; height?: number; fresh?: boolean; as?: User } = {},
): Promise<Session> {
  const who = options.as ?? ADMIN;
  const session = await openPage(options);
  const saved = options.fresh ? undefined : savedSessions.get(who.user);
  if (saved) {
    await session.context.addInitScript((items) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      for (const item of items) localStorage.setItem(item.name, item.value);
    }, saved);
    await session.page.goto(path);
  } else {
    await session.page.goto(`/auth/login?redirect=${encodeURIComponent(path)}`);
    await login(session.page, who.user, who.password);
  }
  await session.page.waitForURL((url) => url.pathname === path.split('?')[0]);
  if (!saved && !options.fresh) {
    const state = await session.context.storageState();
    const local = state.origins.find((o) => o.origin === new URL(BASE_URL).origin)?.localStorage ?? [];
    // only the session: a test's preferences must not leak into the next
    savedSessions.set(
      who.user,
      local.filter((item) => item.name !== PREFERENCES_KEY),
    );
  }
  return session;
}

const apis = new Map<string, ReturnType<typeof apiAs>>();

/** The API as `who` (e2e/support/api.mjs), signed in once per test file. */
export function apiFor(who: User) {
  let api = apis.get(who.user);
  if (!api) {
    api = apiAs(BASE_URL, who.user, who.password);
    apis.set(who.user, api);
  }
  return api;
}

/** The API as the admin, for arranging data behind the UI's back. */
export async function adminApi() {
  const { call } = await apiFor(ADMIN);
  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body: unknown) => call<T>('POST', path, body),
    put: <T>(path: string, body: unknown) => call<T>('PUT', path, body),
    patch: <T>(path: string, body: unknown) => call<T>('PATCH', path, body),
    delete: <T>(path: string, body: unknown) => call<T>('DELETE', path, body),
  };
}

export const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;

/** A locator's text for expect.poll: answers at once (null when absent) so the poll can retry. */
export const textOf = (locator: import('playwright-core').Locator) =>
  locator.textContent({ timeout: 500 }).catch(() => null);

/**
 * Waits for the page's running transitions to end: a menu or dialog growing in is partly
 * transparent, and an accessibility check taken then finds its text's contrast too low (it did on
 * a fast machine, where the check ran within the menu's 200 ms). Endless animations (a progress
 * bar) are not waited for.
 */
export async function settleAnimations(page: import('playwright-core').Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
