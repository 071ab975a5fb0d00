/**
 * Where a first screen's main-thread time goes (issue 31; used by bench/lighthouse.ts --profile): the
 * page opened as a first visit (cache cleared) in the profile Lighthouse uses, on Lighthouse's phone
 * screen with the CPU slowed 4× as its mobile preset does, under V8's sampling profiler until what the
 * page shows is there and a second more has passed. Self time by origin — each package of the web's
 * node_modules, each source file of web/src, found through the build's source maps when the build
 * has them (`vite build --sourcemap`), else the hashed script — and by function.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { type CpuProfile, type FrameOrigin, type ProfileSummary, summarizeSamples } from './profile.ts';

export type PageProfile = ProfileSummary & {
  /** From the navigation to what the page shows, at 4× (wall clock, not Lighthouse's simulation). */
  showsMs: number;
  /** Whether the scripts' source maps were found, so origins are packages and files. */
  mapped: boolean;
  /** What the first screen is made of once settled: elements in the page, CSS rules written. */
  elements: number;
  cssRules: number;
  /** MUI's components in the page by their root class (`MuiChip-root`), most first. */
  components: { name: string; count: number }[];
  /**
   * The largest contentful paints as the browser reported them, in order (the last is the page's):
   * when (ms from the navigation, at 4×), how large (px²) and what (a tag, its classes, its text's
   * start). Lighthouse 12's own "LCP element" audit fails on Debian's Chromium 156 (`frame_sequence`).
   */
  paints: { at: number; size: number; element: string }[];
};

/** Lighthouse 12's mobile preset: the screen (moto g power) and its CPU slowdown. */
export const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true };
const CPU_SLOWDOWN = 4;

/** Maps a script's positions back to its sources through `<script>.map` in the built web folder. */
function sourceMaps(dist: string): { originOf: FrameOrigin; mapped: () => boolean } {
  const consumers = new Map<string, SourceMapConsumer | null>();
  let found = false;
  const consumerFor = (url: string) => {
    if (!consumers.has(url)) {
      const file = path.join(dist, new URL(url).pathname);
      const map = `${file}.map`;
      consumers.set(
        url,
        fs.existsSync(map) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(map, 'utf8'))) : null,
      );
      if (consumers.get(url)) found = true;
    }
    return consumers.get(url) ?? null;
  };
  const originOf: FrameOrigin = ({ url, lineNumber, columnNumber, functionName }) => {
    if (!url) return { origin: functionName || '(native)', where: '' }; // (program), (garbage collector)
    if (!/^https?:/.test(url)) return { origin: url, where: url };
    const consumer = consumerFor(url);
    const script = new URL(url).pathname;
    if (!consumer || lineNumber < 0) return { origin: script, where: `${script}:${lineNumber + 1}` };
    const at = consumer.originalPositionFor({ line: lineNumber + 1, column: columnNumber ?? 0 });
    if (!at.source) return { origin: script, where: `${script}:${lineNumber + 1}` };
    const modules = at.source.lastIndexOf('node_modules/');
    let origin: string;
    if (modules >= 0) {
      const parts = at.source.slice(modules + 'node_modules/'.length).split('/');
      origin = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
    } else origin = at.source.replace(/^(\.\.\/)+/, '').replace(/^src\//, 'web/src/');
    const file = modules >= 0 ? at.source.slice(modules + 'node_modules/'.length) : origin;
    return { origin, where: `${file}:${at.line}` };
  };
  return { originOf, mapped: () => found };
}

/**
 * One profiled first visit of `url` in the browser behind the DevTools `port` (its default context:
 * the session Lighthouse's runs use). `dist`: the built web folder the server serves, for source maps.
 */
export async function profileFirstVisit(
  port: number,
  url: string,
  shows: string,
  dist: string,
): Promise<PageProfile> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('no default browser context');
    const page = await context.newPage();
    // on the page's origin first: the navigation profiled then stays in this renderer
    await page.goto(new URL('/favicon.ico', url).href);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setDeviceMetricsOverride', PHONE);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const started = performance.now();
    await page.goto(url);
    await page.locator(shows).first().waitFor({ timeout: 60_000 });
    const showsMs = Math.round(performance.now() - started);
    // what follows the first screen (effects, queued work) within a second
    await page.waitForTimeout(1_000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const made = await page.evaluate(async () => {
      const components = new Map<string, number>();
      for (const element of document.querySelectorAll('[class*="-root"]'))
        for (const name of element.classList)
          if (/^Mui\w+-root$/.test(name)) components.set(name, (components.get(name) ?? 0) + 1);
      let cssRules = 0;
      for (const sheet of document.styleSheets) cssRules += sheet.cssRules.length;
      // the buffered entries come in the observer's first call (getEntriesByType does not list them)
      const entries = await new Promise<LargestContentfulPaint[]>((resolve) => {
        const observer = new PerformanceObserver((list) => {
          observer.disconnect();
          resolve(list.getEntries() as LargestContentfulPaint[]);
        });
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve([]), 1_000);
      });
      const paints = entries.map((entry) => {
        const e = entry.element;
        const what = e
          ? `${e.tagName.toLowerCase()}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).join('.')}` : ''} "${(e.textContent ?? '').trim().slice(0, 40)}"`
          : '(removed)';
        return { at: Math.round(entry.startTime), size: entry.size, element: what };
      });
      return {
        paints,
        elements: document.querySelectorAll('*').length,
        cssRules,
        components: [...components]
          .sort((a, b) => b[1] - a[1])
          .map(([name, count]) => ({ name: name.slice(3, -5), count })),
      };
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.close();
    const maps = sourceMaps(dist);
    const summary = summarizeSamples(profile, maps.originOf, 0, 20);
    return { ...summary, showsMs, mapped: maps.mapped(), ...made };
  } finally {
    await browser.close();
  }
}
