import { z } from 'zod';
import { requiredText, versionSchema } from './common.schema.ts';
import { MAX_PASSWORD_LENGTH, newPasswordSchema } from './password-rules.ts';

export { MIN_PASSWORD_LENGTH } from './password-rules.ts';
export const TOKEN_EXPIRY_SECONDS = 3600;
export { WEB_APPLICATION_ID } from './application-id.ts';

export const loginSchema = z.object({
  user_name: requiredText(100),
  // a longer one cannot be anybody's password: refused without a hash
  password: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .max(MAX_PASSWORD_LENGTH, { error: 'too_long' }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const changePasswordSchema = z.object({
  oldPassword: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .max(MAX_PASSWORD_LENGTH, { error: 'too_long' }),
  newPassword: newPasswordSchema(),
  version: versionSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** A menu entry as the drawer builds its tree (flat; `parent_id` links, `sort_order` orders). */
export const menuEntrySchema = z.object({
  id: z.number(),
  parent_id: z.number().nullable(),
  path: z.string(),
  component: z.string().nullable(),
  name: z.string(),
  title: z.string(),
  title_en: z.string(),
  icon: z.string().nullable(),
  is_new: z.boolean(),
  hidden: z.boolean(),
  redirect_url: z.string().nullable(),
  sort_order: z.number(),
});
export type MenuEntry = z.infer<typeof menuEntrySchema>;

/** The first (only) item of the login answer (docs/api-contract.md). */
export const loginResultSchema = z.object({
  token: z.string(),
  id_token: z.string(),
  expires_in: z.number(),
  token_type: z.literal('Bearer'),
  username: z.string(),
  avatar: z.string().nullable(),
  department_id: z.number().nullable(),
  menus: z.array(menuEntrySchema),
  /** The password was set by someone else (a new user's, a reset): change it before anything else. */
  must_change_password: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** A CASL rule: read rules carry no condition. */
export const permissionRuleSchema = z.object({
  action: z.string(),
  subject: z.string(),
  conditions: z.record(z.string(), z.unknown()).optional(),
});
export type PermissionRule = z.infer<typeof permissionRuleSchema>;

/** `GET /api/account/construction/list`: the top bar's selector. */
export const accountConstructionSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  status: z.string(),
  closed: z.boolean(),
});

/** `GET /api/account/profile`. */
export const accountProfileSchema = z.object({
  id: z.number(),
  user_name: z.string(),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  department_id: z.number().nullable(),
  department_name: z.string().nullable(),
  join_date: z.string().nullable(),
  version: z.number(),
  /** As in the sign-in answer: until changed, only the profile, the change and sign-out answer. */
  must_change_password: z.boolean(),
  roles: z.array(z.string()),
  /** The roles' names, in the order of `roles`. */
  role_names: z.array(z.string()),
  constructions: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
});

/** `GET /api/account/company/list`: the companies in the user's scope. */
export const accountCompanySchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  status: z.string(),
});

/** `GET /api/account/department/list` and `get/{id}`. */
export const accountDepartmentSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  director_id: z.number().nullable(),
  status: z.string(),
  version: z.number(),
});
