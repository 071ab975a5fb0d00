/**
 * Browser test support: Debian's Chromium through playwright-core (never a downloaded browser),
 * a fresh context per test, the admin's login, and a watch on console errors (which fail the test).
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8090';
export const ADMIN_USER = 'admin';
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'admin123';
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

// The server throttles logins per address (50 in 15 minutes): one UI login per test file, whose
// stored session later tests start from.
let savedSession: { name: string; value: string }[] | null = null;
const PREFERENCES_KEY = `sp_${Buffer.from('sitepay.preferences').toString('base64').replace(/=+$/, '')}`;

/** Opens the app signed in as the admin, at `path` (`fresh`: through the login form). */
export async function signedIn(
  path = '/about-me',
  options: { width?: number; height?: number; fresh?: boolean } = {},
): Promise<Session> {
  const session = await openPage(options);
  if (savedSession && !options.fresh) {
    await session.context.addInitScript((items) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      for (const item of items) localStorage.setItem(item.name, item.value);
    }, savedSession);
    await session.page.goto(path);
  } else {
    await session.page.goto(`/auth/login?redirect=${encodeURIComponent(path)}`);
    await login(session.page);
  }
  await session.page.waitForURL((url) => url.pathname === path.split('?')[0]);
  if (!savedSession && !options.fresh) {
    const state = await session.context.storageState();
    const local = state.origins.find((o) => o.origin === new URL(BASE_URL).origin)?.localStorage ?? [];
    // only the session: a test's preferences must not leak into the next
    savedSession = local.filter((item) => item.name !== PREFERENCES_KEY);
  }
  return session;
}

let api: Awaited<ReturnType<typeof loginApi>> | null = null;

/** The API as the admin, for arranging data behind the UI's back (one login per test file). */
export async function adminApi() {
  api ??= await loginApi();
  return api;
}

async function loginApi() {
  const response = await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { ApplicationId: 'sitepay-web', 'Content-Type': 'application/json' },
    body: JSON.stringify({ user_name: ADMIN_USER, password: ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`admin login failed: ${response.status}`);
  const [result] = (await response.json()) as { token: string; id_token: string }[];
  if (!result) throw new Error('admin login answered no session');
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${BASE_URL}/api/${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${result.id_token}`,
        AccessToken: result.token,
        ApplicationId: 'sitepay-web',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
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
