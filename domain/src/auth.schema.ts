import { z } from 'zod';
import { requiredText, versionSchema } from './common.schema.ts';

export const MIN_PASSWORD_LENGTH = 6;
export const TOKEN_EXPIRY_SECONDS = 3600;

export const loginSchema = z.object({
  user_name: requiredText(100),
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const changePasswordSchema = z.object({
  oldPassword: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200),
  newPassword: z
    .string({ error: 'required' })
    .min(MIN_PASSWORD_LENGTH, { error: 'password_min_length' })
    .max(200),
  version: versionSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export type MenuEntry = {
  id: number;
  parent_id: number | null;
  path: string;
  component: string | null;
  name: string;
  title: string;
  title_en: string;
  icon: string | null;
  is_new: boolean;
  hidden: boolean;
  redirect_url: string | null;
  sort_order: number;
};

export type LoginResult = {
  token: string;
  id_token: string;
  expires_in: number;
  token_type: 'Bearer';
  username: string;
  avatar: string | null;
  department_id: number | null;
  menus: MenuEntry[];
};

export type PermissionRule = { action: string; subject: string; conditions?: Record<string, unknown> };
