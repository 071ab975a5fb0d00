/**
 * What every screen says about itself (issue 30, 11 and 20): the browser tab names the page and the
 * record ("YCTT-… · Yêu cầu thanh toán · SitePay"); MUI's own words (an Autocomplete's "Open") follow
 * the app's language; and the home page's paid-share bar at 0 % looks empty — a neutral track, no
 * fill — with the percent in words.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminApi, closeBrowser, signedIn, textOf, unique } from './support/browser.ts';

afterAll(closeBrowser);

type Ref = { id: number; code: string; name: string };
let payment: Ref;
let construction: Ref;

beforeAll(async () => {
  const api = await adminApi();
  const tag = unique('');
  construction = await api.post<Ref>('construction/create', {
    code: `CT-L${tag}`,
    name: `Công trình chưa trả ${tag}`,
  });
  const types = await api.get<{ id: number }[]>('contract-type/list/all');
  const taxes = await api.get<{ id: number; code: string }[]>('admin/setting/tax');
  const banks = await api.get<{ id: number }[]>('bank/list/all');
  const contractor = await api.post<Ref>('constructor/create', {
    code: `NT-L${tag}`,
    name: `Nhà thầu ${tag}`,
  });
  const beneficiary = await api.post<Ref>('beneficiary/create', {
    constructor_id: contractor.id,
    name: `Thụ hưởng ${tag}`,
    bank_id: banks[0]!.id,
    account_number: `${Date.now()}`.slice(-12),
  });
  const contract = await api.post<Ref>('contract/create', {
    contract_no: `HĐ-L${tag}`,
    contract_type_id: types[0]!.id,
    construction_id: construction.id,
    constructor_id: contractor.id,
    beneficiary_id: beneficiary.id,
    signed_date: '2025-03-15',
    amount_before_vat: '500000000',
    tax_id: taxes.find((t) => t.code === 'VAT10')!.id,
  });
  const transactionTypes = await api.get<{ id: number }[]>('transaction-type/list/all');
  payment = await api.post<Ref>('payment-transaction/create', {
    contract_id: contract.id,
    payment_code: 'TD',
    transaction_type_id: transactionTypes[0]!.id,
    date: '2026-12-10',
    amount: '120000000',
    note: 'Thanh toán đợt 1',
  });
});

describe('every screen names itself', () => {
  test('the tab names the page and the record, in Vietnamese and English', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/payment/list');
    await expect.poll(() => page.title()).toBe('Yêu cầu thanh toán · SitePay');
    await page.goto(`/management/payment/view/${payment.id}`);
    await expect.poll(() => page.title()).toBe(`${payment.code} · Yêu cầu thanh toán · SitePay`);
    await page.goto(`/management/construction/view/${construction.id}`);
    await expect.poll(() => page.title()).toBe(`${construction.name} · Công trình · SitePay`);
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.goto(`/management/payment/view/${payment.id}`);
    await expect.poll(() => page.title()).toBe(`${payment.code} · Payment requests · SitePay`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test("MUI's own words follow the language, and the language button's name says what it shows", async () => {
    const { page, context, consoleErrors } = await signedIn('/management/payment/create');
    const open = page.locator('main .MuiAutocomplete-popupIndicator').first();
    await expect.poll(() => open.getAttribute('aria-label', { timeout: 500 }).catch(() => null)).toBe('Mở');
    expect(await page.getByTestId('language-switch').getAttribute('aria-label')).toMatch(/^VI\b/);
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => open.getAttribute('aria-label', { timeout: 500 }).catch(() => null)).toBe('Open');
    expect(await page.getByTestId('language-switch').getAttribute('aria-label')).toMatch(/^EN\b/);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('the home page bar of a construction with nothing paid looks empty: neutral track, no fill, 0 % in words', async () => {
    const { page, context, consoleErrors } = await signedIn(`/about-me?constructionId=${construction.id}`);
    const bar = page.getByTestId('home-totals').getByRole('progressbar');
    await bar.waitFor();
    expect(await bar.getAttribute('aria-valuenow')).toBe('0');
    const track = await bar.evaluate((el) => getComputedStyle(el).backgroundColor);
    const [r, g, b] = track.match(/\d+/g)!.map(Number);
    // grey: no hue (MUI's default tints the track with the bar's light green)
    expect(Math.max(r!, g!, b!) - Math.min(r!, g!, b!)).toBeLessThanOrEqual(4);
    const fill = await bar.locator('.MuiLinearProgress-bar').first().boundingBox();
    const whole = await bar.boundingBox();
    expect(
      Math.max(0, Math.min(fill!.x + fill!.width, whole!.x + whole!.width) - whole!.x),
    ).toBeLessThanOrEqual(1);
    await expect.poll(() => textOf(page.getByTestId('home-totals'))).toContain('Đã trả 0 % giá trị hợp đồng');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test("a list's first visit asks for its code at once: its description, the list's page, the grid on a wide screen only", async () => {
    // a session first, so that the visits below are first visits of a user signed in
    await (await signedIn('/about-me')).context.close();
    const asked = async (width: number) => {
      const { page, context, consoleErrors } = await signedIn('/management/payment/list', { width });
      await page.getByRole('heading', { level: 1 }).waitFor();
      const hrefs = await page
        .locator('link[rel="modulepreload"][data-first-screen]')
        .evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
      expect(consoleErrors).toEqual([]);
      await context.close();
      return hrefs;
    };
    const wide = await asked(1280);
    for (const chunk of [/payment\.resource-/, /signed-in-/, /list-grid-/])
      expect(
        wide.some((href) => chunk.test(href)),
        String(chunk),
      ).toBe(true);
    // a phone draws the payment list as cards, without the grid
    const phone = await asked(375);
    expect(phone.some((href) => /payment\.resource-/.test(href))).toBe(true);
    expect(phone.some((href) => /list-grid-/.test(href))).toBe(false);
  });

  test('a list loads no form schemas; its create form loads them when it opens, and checks what is typed', async () => {
    await (await signedIn('/about-me')).context.close();
    const { page, context, consoleErrors } = await signedIn('/management/payment/list', { width: 1280 });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Tạo mới' }).waitFor();
    // zod's object schema names itself in its code: the mark of the schemas' scripts
    const scriptsWithZod = async () => {
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((p) => /^\/assets\/.+\.js$/.test(p)),
      );
      expect(scripts.length).toBeGreaterThan(2);
      const texts = await Promise.all(scripts.map((s) => page.request.get(s).then((r) => r.text())));
      return scripts.filter((_, i) => texts[i]!.includes('$ZodObject'));
    };
    expect(await scriptsWithZod()).toEqual([]);

    await page.getByRole('link', { name: 'Tạo mới' }).click();
    await page.waitForURL((url) => url.pathname === '/management/payment/create');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page
      .getByText(/là thông tin bắt buộc/)
      .first()
      .waitFor();
    expect((await scriptsWithZod()).length).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test("a signed-in first visit asks for the user's rules, constructions and menu beside its code, each once", async () => {
    await (await signedIn('/about-me')).context.close();
    const { page, context, consoleErrors } = await signedIn('/management/payment/list');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const timings = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e as PerformanceResourceTiming)
          .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd })),
      );
    const entries = await timings();
    const chunk = entries.find((e) => /\/assets\/signed-in-[^/]+\.js$/.test(e.name));
    expect(chunk, 'the signed-in routes chunk').toBeDefined();
    for (const path of [
      '/api/account/permissions',
      '/api/account/construction/list',
      '/api/account/menu/list',
    ]) {
      const asked = entries.filter((e) => e.name === path);
      // once: the app took the early answer instead of asking again
      expect(asked, path).toHaveLength(1);
      // asked before the code that would otherwise ask had even arrived
      expect(asked[0]!.start, path).toBeLessThan(chunk!.end);
    }
    expect(
      await page.evaluate(() =>
        Object.keys((window as { __sitepayEarly?: object }).__sitepayEarly ?? { none: 1 }),
      ),
    ).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('the scroll-to-top button', () => {
  test('appears once the page has scrolled past 300 px, takes it back to the top, and goes again', async () => {
    const { page, context, consoleErrors } = await signedIn('/system/endpoint/list?itemsPerPage=50', {
      width: 1280,
      height: 600,
    });
    await page
      .getByRole('link', { name: /GET \/api\// })
      .first()
      .waitFor();
    const button = page.getByRole('button', { name: 'Lên đầu trang' });
    // not drawn on a page that has not scrolled: nothing of it on the first screen
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForFunction(() => window.scrollY === 200);
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 900));
    await button.waitFor({ state: 'visible' });
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await button.waitFor({ state: 'hidden' });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe("a phone's first screen", () => {
  test("the payment list's first visit moves nothing in sight while it is drawn, in two parts", async () => {
    const { page, context, consoleErrors } = await signedIn('/about-me', { width: 412, height: 823 });
    // the phone Lighthouse measures: its CPU four times slower, so that each part is painted apart
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const shifts: { value: number; what: string[] }[] = [];
      (window as { __shifts?: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        })[])
          if (!entry.hadRecentInput)
            shifts.push({
              value: entry.value,
              what: (entry.sources ?? []).map((s) => `${s.node?.nodeName} ${(s.node as Element)?.className}`),
            });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // a new document: the session's first screen again
    await page.goto('/management/payment/list');
    await page.getByTestId('list-cards').waitFor();
    await page.getByRole('searchbox', { name: 'Tìm kiếm' }).waitFor();
    // two frames more: the shifts of the last one are reported
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    const shifts = await page.evaluate(
      () => (window as { __shifts?: { value: number; what: string[] }[] }).__shifts,
    );
    // MUI's progress bar, shown while the list is asked again, moves its own bar by a hair
    const moved = shifts!.filter((s) => !s.what.every((w) => w.includes('MuiLinearProgress')));
    expect(moved, JSON.stringify(moved)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('a list seen before, on its next first visit', () => {
  const LIST = '/management/payment/list';
  type Rect = { top: number; left: number; width: number; height: number };
  const rectOf = (element: Element) => {
    const r = element.getBoundingClientRect();
    return { top: r.top, left: r.left, width: r.width, height: r.height };
  };
  const ENTRY = /\/assets\/index-[\w-]+\.js$/;
  const FIRST_SCREEN = /\/assets\/first-screen-[\w-]+\.js$/;
  /** Waits until the app has remembered the list's first screen as seen in `lang`. */
  const remembered = (page: import('playwright-core').Page, lang: 'vi' | 'en') =>
    page.waitForFunction(
      ([path, seenIn]) => {
        const raw = localStorage.getItem(`sp_${btoa('sitepay.shell').replace(/=+$/, '')}`);
        try {
          return JSON.parse(decodeURIComponent(atob(raw ?? ''))).screens[path]?.lang === seenIn;
        } catch {
          return false;
        }
      },
      [LIST, lang] as const,
    );
  /** Holds back a script (the app's entry unless told) until `release` (unrouted ones go on their own). */
  const holdEntry = async (page: import('playwright-core').Page, script = ENTRY) => {
    let release = () => {};
    const released = new Promise<void>((done) => {
      release = done;
    });
    await page.route(script, async (route) => {
      await released;
      await route.continue().catch(() => {});
    });
    return release;
  };

  test("is drawn from its remembered picture before the app's scripts run; the app's heading takes its place where it stood", async () => {
    const { page, context, consoleErrors } = await signedIn(LIST, { width: 412, height: 823 });
    // the app remembers the list's first screen at an idle moment after it is drawn
    await remembered(page, 'vi');
    // the next first visit, its app's script held back: only the first-screen script runs
    const release = await holdEntry(page);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as { __seen?: string[] }).__seen = seen;
      const shifts: number[] = [];
      (window as { __shifts?: number[] }).__shifts = shifts;
      const note = () => {
        const now = `${document.getElementById('first-screen') ? 'picture' : ''}+${document.querySelector('#root h1') ? 'app' : ''}`;
        if (seen[seen.length - 1] !== now) seen.push(now);
      };
      new MutationObserver(note).observe(document, { childList: true, subtree: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(LIST, { waitUntil: 'commit' });
    const picture = page.locator('#first-screen');
    await picture.waitFor();
    expect(await picture.getAttribute('aria-hidden')).toBe('true');
    const drawn = picture.getByText('Yêu cầu thanh toán', { exact: true });
    const before: Rect = await drawn.evaluate(rectOf);
    release();
    const heading = page.locator('#root h1');
    await heading.waitFor();
    await picture.waitFor({ state: 'detached' });
    const after: Rect = await heading.evaluate(rectOf);
    for (const side of ['top', 'left', 'width', 'height'] as const)
      expect(Math.abs(after[side] - before[side]), `${side}: ${before[side]} → ${after[side]}`).toBeLessThan(
        1,
      );
    await page.getByTestId('list-cards').waitFor();
    const seen = await page.evaluate(() => (window as { __seen?: string[] }).__seen ?? []);
    // the picture until the app's heading is there, then the app alone: never neither, never both in a frame
    const fromPicture = seen.slice(seen.indexOf('picture+'));
    expect(fromPicture[0]).toBe('picture+');
    expect(fromPicture.filter((s) => s !== 'picture+' && s !== 'picture+app' && s !== '+app')).toEqual([]);
    expect(fromPicture.at(-1)).toBe('+app');
    const shifts = await page.evaluate(() => (window as { __shifts?: number[] }).__shifts ?? []);
    expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThan(0.01);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('is drawn in the language it was seen in; not at another width, nor once signed out', async () => {
    const { page, context, consoleErrors } = await signedIn(LIST, { width: 412, height: 823 });
    await remembered(page, 'vi');
    const drawnOnNextVisit = async () => {
      const release = await holdEntry(page);
      const ran = page.waitForResponse(FIRST_SCREEN);
      await page.goto(LIST, { waitUntil: 'commit' });
      await ran;
      // the first-screen script has run once the page's body is parsed and a frame drawn
      await page.waitForFunction(() => document.readyState !== 'loading');
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      const picture = page.locator('#first-screen');
      const drawn = (await picture.count()) > 0 ? await picture.textContent() : null;
      release();
      await page.unroute(ENTRY);
      return drawn;
    };
    expect(await drawnOnNextVisit()).toBe('Yêu cầu thanh toán');
    // in English once the reader has seen the list in English
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.locator('#root h1', { hasText: 'Payment requests' }).waitFor();
    await remembered(page, 'en');
    expect(await drawnOnNextVisit()).toBe('Payment requests');
    // a first-screen script that comes after the app has drawn its heading draws nothing over it
    const releaseLate = await holdEntry(page, FIRST_SCREEN);
    const late = page.waitForResponse(FIRST_SCREEN);
    await page.goto(LIST, { waitUntil: 'commit' });
    await page.locator('#root h1', { hasText: 'Payment requests' }).waitFor();
    releaseLate();
    await late;
    await page.waitForLoadState('load');
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await page.locator('#first-screen').count()).toBe(0);
    await page.unroute(FIRST_SCREEN);
    await page.setViewportSize({ width: 390, height: 823 });
    expect(await drawnOnNextVisit()).toBeNull();
    await page.setViewportSize({ width: 412, height: 823 });
    await page.evaluate(() => localStorage.removeItem(`sp_${btoa('sitepay.session').replace(/=+$/, '')}`));
    expect(await drawnOnNextVisit()).toBeNull();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
