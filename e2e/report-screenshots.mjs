// Screenshots of the reports and the home page for review (not a test): payments by construction,
// the contractor, construction and contract reports (list and view of each) and /about-me, in
// Vietnamese and English at 1280 and 375 px, into screenshots/ (`report-*.png`; on phones also the
// page in screen-high parts). It adds money to look at first (e2e/support/report-data.mjs: ten
// contracts over CT-001…CT-003, twenty requests in every state over the last ten months) and
// reports any page that scrolls sideways, any chart left empty and any table whose totals row does
// not show.
// Usage: node e2e/report-screenshots.mjs [baseUrl] [adminPassword] [only=vi-light-1280,…]
import { seedReportData } from './support/report-data.mjs';
import { apiSession, forEachCombination, launchChromium, reviewArgs, reviewPage } from './support/review.mjs';

const { base, password, only, out } = reviewArgs();
const { session } = await apiSession(base, password);
const data = await seedReportData(base, password);
const construction = data.contracts[0].construction;
const contractor = data.contractors[0];
const contract = data.contracts[0];

const pages = [
  ['payment', '/report/payment/construction?constructionId=-1'],
  ['constructor-list', '/report/constructor/list?constructionId=-1'],
  ['constructor-view', `/report/constructor/view/${contractor.id}?constructionId=-1`],
  ['construction-list', '/report/construction/list?constructionId=-1'],
  ['construction-view', `/report/construction/view/${construction.id}?constructionId=${construction.id}`],
  ['contract-list', '/report/contract/list?constructionId=-1'],
  ['contract-view', `/report/contract/view/${contract.id}?constructionId=${construction.id}`],
  ['home', '/about-me'],
];

const browser = await launchChromium();
const errors = [];
async function shoot({ lang, sidebar, width }) {
  const { context, page, key } = await reviewPage(browser, { base, lang, sidebar, width, errors, session });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const name = (what) => `${out}report-${what}-${key}.png`;
  for (const [what, path] of pages) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // the figures, tables and charts once their answers are in
    await page.waitForFunction(() => !document.querySelector('.MuiSkeleton-root'), null, { timeout: 15_000 });
    await page.waitForTimeout(600);
    const review = await page.evaluate(() => ({
      sideways: document.documentElement.scrollWidth > window.innerWidth,
      charts: [...document.querySelectorAll('[data-testid^="chart-"]')].map((c) => ({
        id: c.getAttribute('data-testid'),
        drawn: Boolean(c.querySelector('svg')),
      })),
      tables: [...document.querySelectorAll('table[data-testid]')].map((t) => {
        const totals = t.querySelector('[data-testid="report-totals"]');
        const rows = t.querySelectorAll('[data-testid="report-row"]').length;
        const box = totals?.getBoundingClientRect();
        return { id: t.getAttribute('data-testid'), rows, totals: Boolean(box && box.height > 0) };
      }),
    }));
    if (review.sideways) errors.push(`${key}: ${what} scrolls sideways`);
    for (const chart of review.charts)
      if (!chart.drawn) errors.push(`${key}: ${what} ${chart.id} is not drawn`);
    for (const table of review.tables)
      if (table.rows && !table.totals && !/highest|smallest/.test(table.id))
        errors.push(`${key}: ${what} ${table.id} shows no totals row`);
    await page.screenshot({ path: name(what), fullPage: true });
    if (width > 500) continue;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const screen = await page.evaluate(() => window.innerHeight);
    for (let y = 0, part = 1; y < height; y += screen - 120, part += 1) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(150);
      await page.screenshot({ path: name(`${what}-part${part}`) });
    }
  }
  await context.close();
}
await forEachCombination(
  browser,
  only ?? ['vi-light-1280', 'vi-light-375', 'en-light-1280', 'en-light-375'],
  errors,
  shoot,
);
