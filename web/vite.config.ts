import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { WEB_APPLICATION_ID } from '../domain/src/application-id.ts';
import { entities } from '../domain/src/entities.ts';
import { PHONE_QUERY } from './src/app/breakpoints.ts';
import { EARLY_ANSWERS_KEY, EARLY_PATHS } from './src/lib/early-answers.ts';
import { DRAWN_ATTRIBUTE, SHELL_ID, SHELL_KEY } from './src/lib/first-screen-shell.ts';
import { PREFERENCES_KEY } from './src/lib/preferences.ts';
import { encodeKey, sessionHeaders } from './src/lib/session.ts';
import {
  describedResources,
  ENTITY_RESOURCE_FILE,
  ownResourceFiles,
} from './src/resources/registry-files.ts';

// The build time is fixed once per build: the footer shows it and build-info.json carries it, so the
// server can answer /api/version with the build it serves (the update banner compares the two).
const buildTime = new Date().toISOString();
const appVersion = '1.0.0';
// Where `npm run dev` (and `vite preview`) send /api: the local server by default.
const apiTarget = process.env.SITEPAY_API ?? 'http://127.0.0.1:8080';

const buildInfo = (): Plugin => ({
  name: 'sitepay-build-info',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'build-info.json',
      source: `${JSON.stringify({ app_version: appVersion, last_build_time: buildTime })}\n`,
    });
  },
});

// Each hashed script, style and image of 1 KB and more gets its brotli (quality 11) and gzip (level 9)
// twins beside it, written once here so the server sends them as they are (preCompressed in
// server/src/app.ts; docs/adr/0079-compressed-answers.md): a phone on a site's 4G gets a third of
// the bytes and the server spends nothing per request.
const compressible = /\.(js|css|svg|json|html|txt|map)$/;
const precompress = (): Plugin => ({
  name: 'sitepay-precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const dir = options.dir ?? 'dist';
    await Promise.all(
      Object.entries(bundle)
        .filter(([name]) => name.startsWith('assets/') && compressible.test(name))
        .map(async ([name, chunk]) => {
          const source = Buffer.from(chunk.type === 'chunk' ? chunk.code : chunk.source);
          if (source.length < 1024) return;
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            promisify(gzip)(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(join(dir, `${name}.br`), br), writeFile(join(dir, `${name}.gz`), gz)]);
        }),
    );
  },
});

/**
 * What the first screen needs beyond the entry and its imports (which Vite preloads from index.html):
 * the reader's language (src/i18n/i18n.ts) and the first route's chunk — the sign-in page, or, with
 * a session, the signed-in routes (src/app/router.tsx). The app would ask for them only once its
 * script has run; a small script that index.html loads beside the entry asks for them as soon as it
 * arrives, from the stored preferences and session (docs/adr/0082-first-visit-loads-what-it-shows.md).
 * A file of its own, hashed like the chunks: the server's Content-Security-Policy allows no inline
 * script.
 */
const firstScreenPreloads = (): Plugin => ({
  name: 'sitepay-first-screen-preloads',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { bundle, chunk: entry }) {
      if (!bundle || !entry) return html;
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const withImports = (fileName: string, seen = new Set<string>()) => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const name of (bundle[fileName] as Rollup.OutputChunk).imports) withImports(name, seen);
        return seen;
      };
      const preloaded = withImports(entry.fileName);
      // each group a list of numbers into one list of file names: the script stays small
      const names: string[] = [];
      const numberOf = (fileName: string) => {
        const name = `/${fileName}`;
        if (!names.includes(name)) names.push(name);
        return names.indexOf(name);
      };
      const files = (...modules: string[]) => [
        ...new Set(
          modules.flatMap((module) => {
            const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
            if (!chunk) throw new Error(`first-screen preloads: no chunk for ${module}`);
            return [...withImports(chunk.fileName)].filter((f) => !preloaded.has(f)).map(numberOf);
          }),
        ),
      ];
      const resourceFile = (file: string) => files(`/src/resources/${file}`);
      const groups = {
        vi: files('/src/i18n/vi.json', '/src/i18n/contract.vi.json'),
        en: files('/src/i18n/en.json', '/src/i18n/contract.en.json'),
        signIn: files('/src/app/pages/login-page.tsx'),
        signedIn: files('/src/app/signed-in-routes.tsx'),
        // a generic list: its page, its first answer's and its body's code; the data grid's apart
        // (a phone's list of cards does without it: src/resources/list/list-body.ts)
        list: files(
          '/src/resources/resource-list-page.tsx',
          '/src/resources/list/first-page.ts',
          '/src/resources/list/list-body.ts',
        ),
        // and a list's filter fields, drawn at once on a wide screen (a phone's wait for their button)
        grid: files('/src/resources/list/list-grid.tsx', '/src/resources/list/list-filter-fields.tsx'),
        // each list route's own description (src/resources/registry-files.ts), and the approval queue's
        lists: Object.fromEntries([
          ...describedResources.map((r) => [`${r.routeBase}/list`, resourceFile(r.file)]),
          ...entities.flatMap((e) =>
            e.route
              ? [[`${e.route}/list`, resourceFile(ownResourceFiles[e.name] ?? ENTITY_RESOURCE_FILE)]]
              : [],
          ),
          [
            '/management/approval/list',
            files('/src/resources/approval.resource.ts', '/src/features/payment/approval-list-page.tsx'),
          ],
        ]),
      };
      const source = `(function () {
  var names = ${JSON.stringify(names)};
  var files = ${JSON.stringify(groups)};
  var stored = function (key) { try { return localStorage.getItem(key); } catch (e) { return null; } };
  var lang = 'vi';
  // the preferences as src/lib/preferences.ts keeps them: plain JSON
  try { if (JSON.parse(stored('${PREFERENCES_KEY}') || 'null').langCode === 'en') lang = 'en'; } catch (e) {}
  var path = location.pathname;
  var signedIn = stored('${encodeKey('sitepay.session')}');
  var page = path === '/auth/login' ? files.signIn
    : path.indexOf('/auth/') === 0 || ['/403', '/404', '/500'].indexOf(path) >= 0 ? []
    : signedIn ? files.signedIn : files.signIn;
  var session = page === files.signedIn && usable(signedIn);
  if (session) askEarly(session, signedIn);
  var list = signedIn && files.lists[path.charAt(path.length - 1) === '/' ? path.slice(0, -1) : path];
  if (list && session) drawShell();
  if (list) {
    var phone = window.matchMedia && window.matchMedia('${PHONE_QUERY}').matches;
    page = page.concat(files.list, list, phone ? [] : files.grid);
  }
  // inserted at once; the browser's work for each request (~1 ms here, 4× that on Lighthouse's
  // phone) is spent before the first paint, where it was spent after it, chunk by chunk
  var links = document.createDocumentFragment();
  var asked = {};
  files[lang].concat(page).forEach(function (n) {
    if (asked[n]) return;
    asked[n] = true;
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = names[n];
    link.setAttribute('data-first-screen', '');
    links.appendChild(link);
  });
  document.head.appendChild(links);

  // what the first signed-in screen waits for — the user's rules, constructions and menu — asked for
  // now, beside the chunks, not once they have arrived and run; the API client takes each answer once
  // (src/lib/early-answers.ts). Only with a session the screens may use (src/lib/session.ts
  // usableSession): the app sends one past its time, or bound to change its password, elsewhere.
  function usable(stored) {
    var session;
    try { session = JSON.parse(decodeURIComponent(atob(stored))); } catch (e) { return null; }
    return session && typeof session.idToken === 'string' && session.expiresAt > Date.now()
      && !session.mustChangePassword ? session : null;
  }
  function askEarly(session, stored) {
    if (typeof fetch !== 'function') return;
    var headers = { Accept: 'application/json' };
    var filled = ${JSON.stringify(sessionHeaders(WEB_APPLICATION_ID, { idToken: '{idToken}', token: '{token}' }))};
    // split and joined, not replaced: no pattern of the token's own text is read
    for (var name in filled)
      headers[name] = filled[name].split('{idToken}').join(session.idToken).split('{token}').join(session.token);
    var early = {};
    ${JSON.stringify(EARLY_PATHS)}.forEach(function (p) {
      // the API client's base (src/lib/api-client.ts API_BASE)
      var answer = fetch('/api/' + p, { headers: headers });
      answer.catch(function () {});
      early[p] = { at: performance.now(), session: stored, answer: answer };
    });
    window.${EARLY_ANSWERS_KEY} = early;
  }

  // the list as the reader last saw it here — its top bar, its paper and its heading — drawn over the
  // spinner until the app draws its own heading, which takes it away (src/lib/first-screen-shell.ts);
  // only the picture this build measured, at this width and in this language
  function drawShell() {
    var shells;
    try { shells = JSON.parse(decodeURIComponent(atob(stored('${SHELL_KEY}') || ''))); } catch (e) { return; }
    var p = shells && shells.build === ${JSON.stringify(buildTime)} && shells.screens && shells.screens[path];
    if (!p || p.lang !== lang || !p.heading) return;
    var draw = function () {
      // not over an app that has drawn its own heading already (this script came late)
      var html = document.documentElement;
      if (!document.body || html.clientWidth !== p.width || html.hasAttribute('${DRAWN_ATTRIBUTE}')) return;
      var box = function (tag, at, parent) {
        var e = document.createElement(tag);
        var s = e.style;
        s.position = 'absolute';
        s.boxSizing = 'border-box';
        s.margin = '0';
        s.top = at.top + 'px';
        s.left = at.left + 'px';
        s.width = at.width + 'px';
        s.height = at.height + 'px';
        if (at.background) s.backgroundColor = at.background;
        if (at.borders) {
          s.borderTop = at.borders[0];
          s.borderRight = at.borders[1];
          s.borderBottom = at.borders[2];
          s.borderLeft = at.borders[3];
        }
        if (at.radius) s.borderRadius = at.radius;
        if (at.shadow) s.boxShadow = at.shadow;
        parent.appendChild(e);
        return e;
      };
      var shell = document.createElement('div');
      shell.id = '${SHELL_ID}';
      shell.setAttribute('aria-hidden', 'true');
      var s = shell.style;
      s.position = 'fixed';
      s.top = s.left = s.right = s.bottom = '0';
      s.zIndex = '2000';
      s.overflow = 'hidden';
      s.backgroundColor = p.background;
      if (p.surface) box('div', p.surface, shell);
      if (p.header) box('div', p.header, shell);
      var h = box('div', p.heading, shell);
      h.style.font = p.heading.font;
      h.style.color = p.heading.color;
      h.style.letterSpacing = p.heading.letterSpacing;
      h.textContent = p.heading.text;
      document.body.appendChild(shell);
      // a safety: a first screen that never comes (its script lost) is not hidden for ever
      setTimeout(function () { if (shell.parentNode) shell.parentNode.removeChild(shell); }, 20000);
    };
    // as soon as the page's body is parsed ('interactive' comes before the app's deferred scripts run;
    // DOMContentLoaded only after them)
    if (document.body) draw();
    else document.addEventListener('readystatechange', function once() {
      if (!document.body) return;
      document.removeEventListener('readystatechange', once);
      draw();
    });
  }
})();
`;
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      const fileName = `assets/first-screen-${hash}.js`;
      // `this` is the build's plugin context here (Vite runs the index.html hooks in generateBundle)
      (this as unknown as Rollup.PluginContext).emitFile({ type: 'asset', fileName, source });
      return [{ tag: 'script', attrs: { async: true, src: `/${fileName}` }, injectTo: 'head-prepend' }];
    },
  },
});

/**
 * MUI's locales build their number formatter as they load (`new Intl.NumberFormat('vi-VN')` in
 * @mui/material/locale/utils/buildFormatNumber.mjs, through the theme's `viVN`): the browser's first
 * number formatter readies its locale data, about 30 ms of a phone's first script (measured: 28 ms
 * on this machine, 4× that on Lighthouse's phone), spent on a sign-in page that formats no number.
 * The same function, building its formatter on first use (docs/adr/0082-first-visit-loads-what-it-shows.md);
 * the build stops if MUI's file is no longer the one this replaces.
 */
const lazyNumberFormat = (): Plugin => ({
  name: 'sitepay-lazy-number-format',
  transform(code, id) {
    if (!/@mui[\\/]material[\\/]locale[\\/]utils[\\/]buildFormatNumber\.m?js$/.test(id)) return null;
    if (
      !code.includes('formatter = new Intl.NumberFormat(locale)') ||
      !/export default buildFormatNumber/.test(code)
    )
      throw new Error(`sitepay-lazy-number-format: ${id} changed; check what it does before replacing it`);
    return `const buildFormatNumber = (locale) => {
  let formatter;
  return (value) => {
    if (!Number.isFinite(value)) return String(value);
    if (formatter === undefined) {
      formatter = null;
      if (typeof Intl !== 'undefined' && Intl.NumberFormat) {
        try {
          formatter = new Intl.NumberFormat(locale);
        } catch {
          // fallback to String()
        }
      }
    }
    return formatter ? formatter.format(value) : String(value);
  };
};
export default buildFormatNumber;
`;
  },
});

/**
 * What every signed-in screen loads, in one file: the layout, the registry and the generic list with
 * the resources' common code. Left to the bundler, they came as ~45 chunks of 1–28 KB (a chunk per
 * set of routes sharing a module), which a phone on HTTP/1.1 fetches six at a time, a round trip
 * each. A module the sign-in page also imports is left out, so that page loads nothing of it
 * (docs/adr/0104-signed-in-screens-in-one-chunk.md).
 */
const SIGNED_IN_ROOTS = [
  'app/signed-in-routes.tsx',
  'resources/resource-list-page.tsx',
  'resources/list/first-page.ts',
  'resources/list/list-body.ts',
  'resources/entity-resource.ts',
];
const PUBLIC_ROOTS = ['app/pages/login-page.tsx'];
type Closures = { 'signed-in': Set<string>; public: Set<string>; roots: Set<string> };
const closures = new WeakMap<object, Closures>();
/**
 * The chunk of a module the bundler did not put in the entry: `public` for what the sign-in page
 * imports (the page's own module apart), `signed-in` for what the signed-in roots import and the
 * sign-in page does not. The public chunk is named first (its group has the higher priority), so a
 * module the signed-in code shares with the sign-in page stays out of the signed-in chunk, which the
 * sign-in page then never loads.
 */
const sharedChunk =
  (name: 'public' | 'signed-in') =>
  (id: string, ctx: Rollup.ChunkingContext): string | null => {
    let sets = closures.get(ctx);
    if (!sets) {
      const file = (root: string) => join(import.meta.dirname, 'src', root);
      const reach = (roots: string[]) => {
        const seen = new Set<string>();
        const visit = (moduleId: string) => {
          if (seen.has(moduleId)) return;
          seen.add(moduleId);
          for (const next of ctx.getModuleInfo(moduleId)?.importedIds ?? []) visit(next);
        };
        for (const root of roots) visit(file(root));
        return seen;
      };
      sets = {
        'signed-in': reach(SIGNED_IN_ROOTS),
        public: reach(PUBLIC_ROOTS),
        roots: new Set(PUBLIC_ROOTS.map(file)),
      };
      closures.set(ctx, sets);
    }
    if (sets.roots.has(id)) return null;
    if (name === 'public') return sets.public.has(id) ? name : null;
    return sets['signed-in'].has(id) && !sets.public.has(id) ? name : null;
  };

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), buildInfo(), precompress(), firstScreenPreloads(), lazyNumberFormat()],
  define: {
    __BUILD_TIME__: JSON.stringify(buildTime),
    __APP_VERSION__: JSON.stringify(appVersion),
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports, in one file: a phone's first visit over HTTP/1.1 (six
          // connections, each request a round trip) fetches it at once rather than a dozen pieces
          // one after the other (docs/adr/0082-first-visit-loads-what-it-shows.md).
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            { name: sharedChunk('public'), priority: 2 },
            { name: sharedChunk('signed-in'), priority: 1 },
          ],
        },
      },
    },
  },
});
