/**
 * The demo data set (SEED_DEMO=1 or --demo): a small but realistic company group, added once to a
 * database that has no companies yet. Users and passwords are listed in the README.
 */
import { hash } from '@node-rs/argon2';
import { foldSearchText } from '@sitepay/domain/search-text';
import { eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { appUser, company, construction, department, project, role, userRole } from '../schema.ts';

const fold = (...parts: (string | null | undefined)[]) => foldSearchText(parts.filter(Boolean).join(' '));
const by = { created_by: 'demo', updated_by: 'demo' };

export const demoUsers = [
  {
    user_name: 'ketoan',
    password: 'ketoan123',
    full_name: 'Nguyễn Thị Lan',
    roles: ['ROLE_ACCOUNTANT', 'SCOPE_HP'],
    dept: 'KT',
  },
  {
    user_name: 'giamdoc',
    password: 'giamdoc123',
    full_name: 'Trần Văn Minh',
    roles: ['ROLE_DIRECTOR', 'SCOPE_HP'],
    dept: 'BGD',
  },
  {
    user_name: 'ketoan2',
    password: 'ketoan123',
    full_name: 'Lê Thu Hà',
    roles: ['ROLE_ACCOUNTANT', 'SCOPE_DN'],
    dept: 'KT',
  },
];

export async function seedDemo(tx: Tx): Promise<boolean> {
  const [anyCompany] = await tx.select({ id: company.id }).from(company).limit(1);
  if (anyCompany) return false;

  const depts = await tx
    .insert(department)
    .values([
      { code: 'BGD', name: 'Ban Giám đốc', search_text: fold('BGD', 'Ban Giám đốc'), ...by },
      { code: 'KT', name: 'Phòng Kế toán', search_text: fold('KT', 'Phòng Kế toán'), ...by },
      {
        code: 'KTKT',
        name: 'Phòng Kinh tế - Kỹ thuật',
        search_text: fold('KTKT', 'Phòng Kinh tế - Kỹ thuật'),
        ...by,
      },
    ])
    .returning();
  const deptId = (code: string) => depts.find((d) => d.code === code)!.id;

  const companies = await tx
    .insert(company)
    .values([
      {
        code: 'HP',
        name: 'Công ty Cổ phần Xây dựng Hòa Phát',
        tax_code: '0101234565',
        address: '39 Nguyễn Đình Chiểu, Hai Bà Trưng, Hà Nội',
        phone: '024 3974 2345',
        email: 'ketoan@hoaphat-xd.vn',
        representative: 'Trần Văn Minh',
        search_text: fold('HP', 'Công ty Cổ phần Xây dựng Hòa Phát', '0101234565'),
        ...by,
      },
      {
        code: 'DN',
        name: 'Công ty TNHH Đầu tư Đông Nam',
        tax_code: '0309876547',
        address: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
        phone: '028 3822 1188',
        email: 'info@dongnam-invest.vn',
        representative: 'Phạm Quốc Bảo',
        search_text: fold('DN', 'Công ty TNHH Đầu tư Đông Nam', '0309876547'),
        ...by,
      },
    ])
    .returning();
  const [hp, dn] = companies as [(typeof companies)[0], (typeof companies)[0]];

  const projects = await tx
    .insert(project)
    .values([
      {
        code: 'DA-HP01',
        name: 'Khu đô thị Hòa Phát Riverside',
        company_id: hp.id,
        search_text: fold('DA-HP01', 'Khu đô thị Hòa Phát Riverside'),
        ...by,
      },
      {
        code: 'DA-HP02',
        name: 'Nhà máy thép Dung Quất mở rộng',
        company_id: hp.id,
        search_text: fold('DA-HP02', 'Nhà máy thép Dung Quất mở rộng'),
        ...by,
      },
      {
        code: 'DA-DN01',
        name: 'Trung tâm thương mại Đông Nam',
        company_id: dn.id,
        search_text: fold('DA-DN01', 'Trung tâm thương mại Đông Nam'),
        ...by,
      },
    ])
    .returning();
  const p = (code: string) => projects.find((x) => x.code === code)!.id;

  const ct = (code: string, name: string, projectCode: string, address: string) => ({
    code,
    name,
    project_id: p(projectCode),
    address,
    search_text: fold(code, name),
    ...by,
  });
  await tx
    .insert(construction)
    .values([
      ct('CT-001', 'Tòa nhà A1 - Khu đô thị Riverside', 'DA-HP01', 'Long Biên, Hà Nội'),
      ct('CT-002', 'Hạ tầng kỹ thuật giai đoạn 1', 'DA-HP01', 'Long Biên, Hà Nội'),
      ct('CT-003', 'Xưởng cán thép số 2', 'DA-HP02', 'Bình Sơn, Quảng Ngãi'),
      ct('CT-004', 'Khối đế thương mại', 'DA-DN01', 'Quận 7, TP. Hồ Chí Minh'),
      ct('CT-005', 'Bãi đỗ xe ngầm', 'DA-DN01', 'Quận 7, TP. Hồ Chí Minh'),
    ]);

  const scopeRoles = await tx
    .insert(role)
    .values([
      {
        code: 'SCOPE_HP',
        name: 'Phạm vi: Công ty Hòa Phát',
        company_id: hp.id,
        priority: 50,
        search_text: 'scope_hp',
        ...by,
      },
      {
        code: 'SCOPE_DN',
        name: 'Phạm vi: Công ty Đông Nam',
        company_id: dn.id,
        priority: 50,
        search_text: 'scope_dn',
        ...by,
      },
    ])
    .returning();
  const roles = [...scopeRoles, ...(await tx.select().from(role))];

  for (const u of demoUsers) {
    const [row] = await tx
      .insert(appUser)
      .values({
        user_name: u.user_name,
        password_hash: await hash(u.password),
        full_name: u.full_name,
        department_id: deptId(u.dept),
        join_date: '2024-03-01',
        search_text: fold(u.user_name, u.full_name),
        ...by,
      })
      .returning({ id: appUser.id });
    for (const code of u.roles) {
      const r = roles.find((x) => x.code === code);
      if (r) await tx.insert(userRole).values({ user_id: row!.id, role_id: r.id }).onConflictDoNothing();
    }
  }
  const [director] = await tx
    .select({ id: appUser.id })
    .from(appUser)
    .where(eq(appUser.user_name, 'giamdoc'));
  await tx.update(department).set({ director_id: director!.id }).where(eq(department.code, 'BGD'));
  return true;
}
