// Screenshots of the approval flows' screens for review (not a test): the list of the companies'
// flows, a flow's form with its steps and the preview (as saved, then with a step being edited),
// the create form and a flow's page. Vietnamese and English at 1280 and 375 px, into
// screenshots/approval-flow-*.png; any page that scrolls sideways is reported. It arranges a
// company with a two-step flow through the API first.
// Usage: node e2e/approval-flow-screenshots.mjs [baseUrl] [adminPassword] [only=vi-light-1280,…]
import { apiSession, forEachCombination, launchChromium, reviewArgs, reviewPage } from './support/review.mjs';

const { base, password, only, out } = reviewArgs();
const { session, call } = await apiSession(base, password);

const tag = Date.now().toString(36).slice(-5).toUpperCase();
const roles = await call('GET', 'admin/role/list/all');
const accountantRole = roles.find((r) => r.code === 'ROLE_ACCOUNTANT') ?? roles[0];
const users = await call('GET', 'admin/user/list/all');
const director = users.find((u) => u.user_name === 'giamdoc') ?? users[0];
const company = await call('POST', 'admin/company/create', {
  code: `XD${tag}`,
  name: 'Công ty Cổ phần Xây dựng Sông Hồng',
});
const flow = await call('POST', 'admin/approval-flow/create', {
  company_id: company.id,
  name: 'Duyệt đề nghị thanh toán',
  steps: [
    { name: 'Kế toán trưởng', decider_type: 'role', role_id: accountantRole.id },
    { name: 'Trưởng phòng', decider_type: 'department_head', min_amount: '100000000' },
    { name: 'Giám đốc', decider_type: 'user', user_id: director.id, min_amount: '500000000' },
  ],
});

const browser = await launchChromium();
const errors = [];
async function shoot({ lang, sidebar, width }) {
  const { context, page, key } = await reviewPage(browser, { base, lang, sidebar, width, errors, session });
  const name = (what) => `${out}approval-flow-${what}-${key}.png`;
  const sideways = async (what) => {
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    if (wide) errors.push(`${key}: ${what} scrolls sideways`);
  };
  const open = async (path, ready) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.locator('main h1').first().waitFor();
    if (ready) await ready();
    await page.waitForTimeout(400);
  };
  const shot = async (what) => {
    await sideways(what);
    // a full page from its top: the sticky top bar is drawn where the page was scrolled to otherwise
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    await page.screenshot({ path: name(what), fullPage: true });
  };

  await open('/admin/approval-flow/list', () =>
    page.getByRole('link', { name: company.name }).first().waitFor(),
  );
  await shot('list');
  await open(`/admin/approval-flow/update/${flow.id}`, () =>
    page
      .getByTestId('flow-preview-sentence')
      .filter({ hasText: /Giám đốc/ })
      .waitFor(),
  );
  await shot('form');
  // a step being edited: the preview reads the steps as typed
  await page
    .getByTestId('flow-step-3')
    .getByLabel(/Số tiền tối thiểu|Minimum amount/)
    .fill('700000000');
  await page.waitForTimeout(400);
  await shot('form-edited');
  await open('/admin/approval-flow/create');
  await page.locator('main form button[type="submit"]').click();
  await page.waitForTimeout(300);
  await shot('create-empty');
  await open(`/admin/approval-flow/view/${flow.id}`, () =>
    page
      .getByTestId('flow-preview-sentence')
      .filter({ hasText: /Giám đốc/ })
      .waitFor(),
  );
  await shot('view');
  await context.close();
}
await forEachCombination(
  browser,
  only ?? ['vi-light-1280', 'vi-light-375', 'en-light-1280', 'en-light-375'],
  errors,
  shoot,
);
