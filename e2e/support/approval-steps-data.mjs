// The approval flow of issue 32 on a running server, for the browser test (e2e/approval-steps.e2e.ts)
// and the review script (e2e/approval-steps-screenshots.mjs): a "Kế toán trưởng" role and a "Phó
// giám đốc" role (each opening the payment screens and the approval queue), a chief accountant and
// a deputy holding them within Hòa Phát (SCOPE_HP), both past their first password, and Hòa Phát's
// flow — Kế toán trưởng always, then the director (giamdoc) from 500,000,000 — as
// server/test/approval-flow.test.ts sets them up (docs/adr/0084-approval-steps.md). `remove()` takes
// the flow away again: the other browser tests expect Hòa Phát's single decision by the director.
import { apiAs } from './api.mjs';

export const DIRECTOR_LIMIT = '500000000';
const MENUS = ['about-me', 'profile', 'management', 'payment', 'payment-view', 'approval'];

/** Signs a new user in once through the API and replaces the password an administrator gave. */
async function firstPassword(base, user, given, chosen) {
  const { call } = await apiAs(base, user, given);
  const { version } = await call('GET', 'account/profile');
  await call('PUT', 'account/change-password', { oldPassword: given, newPassword: chosen, version });
}

/**
 * Makes the roles, the two users and the flow; answers their logins and passwords, ids and names,
 * and `remove()`. `tag` makes the codes and logins unique on a server that keeps its data.
 */
export async function seedApprovalSteps(base, adminPassword, tag = Date.now().toString(36).slice(-5)) {
  const { call: admin } = await apiAs(base, 'admin', adminPassword);
  const menus = await admin('GET', 'admin/menu/list/all');
  const roles = await admin('GET', 'admin/role/list/all');
  const menuIds = menus.filter((m) => MENUS.includes(m.name)).map((m) => m.id);
  const role = async (code, name) => {
    const r = await admin('POST', 'admin/role/create', {
      code: `${code}_${tag}`.toUpperCase(),
      name,
      priority: 7,
    });
    await admin('PATCH', `admin/role/menus/${r.id}`, { ids: menuIds });
    return r;
  };
  const chiefRole = await role('ROLE_KTT', 'Kế toán trưởng');
  const deputyRole = await role('ROLE_PGD', 'Phó giám đốc');
  const scope = roles.find((r) => r.code === 'SCOPE_HP');
  const user = async (login, full_name, r) => {
    const given = `${login}-Given-123`;
    const password = `${login}-Pass-123`;
    const u = await admin('POST', 'admin/user/create', {
      user_name: login,
      full_name,
      email: `${login}@example.vn`,
      password: given,
    });
    for (const x of [r, scope]) await admin('PATCH', `admin/user/roles/${u.id}`, { roleId: x.id });
    await firstPassword(base, login, given, password);
    return { id: u.id, user: login, password, name: full_name };
  };
  const chief = await user(`ktt${tag}`.toLowerCase(), 'Trần Thị Kế Toán', chiefRole);
  const deputy = await user(`pgd${tag}`.toLowerCase(), 'Lê Văn Phó', deputyRole);
  const users = await admin('GET', 'admin/user/list/all');
  const director = users.find((u) => u.user_name === 'giamdoc');
  const hp = (await admin('GET', 'admin/company/list/all')).find((c) => c.code === 'HP');
  // one live flow per company: a flow a stopped run left behind goes first
  for (const old of await admin('GET', 'admin/approval-flow/list/all'))
    if (old.company_id === hp.id)
      await admin('DELETE', `admin/approval-flow/delete/${old.id}`, { version: old.version });
  const flow = await admin('POST', 'admin/approval-flow/create', {
    company_id: hp.id,
    name: `Duyệt chi HP ${tag}`,
    steps: [
      { name: 'Kế toán trưởng', decider_type: 'role', role_id: chiefRole.id },
      { name: 'Giám đốc', decider_type: 'user', user_id: director.id, min_amount: DIRECTOR_LIMIT },
    ],
  });
  return {
    chief,
    deputy,
    director: { id: director.id, name: director.full_name },
    flow,
    async remove() {
      const now = await admin('GET', `admin/approval-flow/get/${flow.id}`);
      await admin('DELETE', `admin/approval-flow/delete/${flow.id}`, { version: now.version });
      for (const d of await admin('GET', 'account/delegation'))
        if (d.delegate_id === deputy.id) await admin('DELETE', `account/delegation/delete/${d.id}`, {});
    },
  };
}
