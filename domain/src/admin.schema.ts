/**
 * Administration (docs/product.md#entities-and-fields, docs/product.md#api-paths): users, roles, groups,
 * privileges, menus, endpoints, applications and the e-mail configuration — their inputs and the records the
 * API answers. The server validates with these; the screens' forms too.
 */
import { z } from 'zod';
import {
  idParam,
  intField,
  optionalEmail,
  optionalInt,
  optionalRef,
  optionalText,
  recordMetaSchema,
  requiredText,
  specName,
  versionSchema,
} from './common.schema.ts';

import { user } from './entities/user.entity.ts';
import { entitySchemas } from './entity-schemas.ts';
import { newPasswordSchema } from './password-rules.ts';

const password = newPasswordSchema;
/** Absent or blank: the server generates one and answers it once. */
const optionalPassword = () =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), password().optional());

// ---------------------------------------------------------------- users

export { USER_NAME_PATTERN } from './entities/user.entity.ts';

export const { input: userInputSchema, update: userUpdateSchema, record: userSchema } = entitySchemas(user);
export const userCreateSchema = userInputSchema.extend({ password: optionalPassword() });
export type User = z.infer<typeof userSchema>;
/** Create answers the record and, when the server chose the password, that password — once. */
export const userCreatedSchema = userSchema.extend({ generated_password: z.string().nullable() });

/** PATCH /admin/user/reset/{id}: a password given, or generated and answered (and mailed) once. */
export const resetPasswordSchema = z.object({
  id: idParam.optional(),
  password: optionalPassword(),
  version: versionSchema,
});
export const resetPasswordAnswerSchema = userSchema.extend({ generated_password: z.string().nullable() });

export const userRoleBodySchema = z.object({ roleId: idParam });
export const userGroupBodySchema = z.object({ groupId: idParam });

/** A line of the access history (sign-ins and sign-outs), newest first. */
export const accessHistorySchema = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  user_name: z.string(),
  at: z.string(),
  address: z.string().nullable(),
  user_agent: z.string().nullable(),
  type: z.string(),
  result: z.string(),
});

// ---------------------------------------------------------------- roles, groups, privileges

export const ROLE_CODE_PATTERN = /^ROLE_[A-Z0-9_]+$/;

export const roleInputSchema = z.object({
  name: requiredText(255),
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z
      .string({ error: 'required' })
      .min(1, { error: 'required' })
      .max(50)
      .regex(ROLE_CODE_PATTERN, { error: 'invalid_role_code' }),
  ),
  company_id: specName('company', optionalRef()),
  project_id: specName('project', optionalRef()),
  construction_id: specName('construction', optionalRef()),
  priority: optionalInt(0, 1000),
});
export const roleUpdateSchema = roleInputSchema.extend({ version: versionSchema });
export const roleSchema = recordMetaSchema.extend({
  name: z.string(),
  code: z.string(),
  company_id: z.number().nullable(),
  company_name: z.string().nullable().optional(),
  project_id: z.number().nullable(),
  project_name: z.string().nullable().optional(),
  construction_id: z.number().nullable(),
  construction_name: z.string().nullable().optional(),
  priority: z.number(),
});

export const groupInputSchema = z.object({
  name: requiredText(255),
  code: requiredText(50),
  priority: optionalInt(0, 1000),
});
export const groupUpdateSchema = groupInputSchema.extend({ version: versionSchema });
export const groupSchema = recordMetaSchema.extend({
  name: z.string(),
  code: z.string(),
  priority: z.number(),
});

/** Links added to or removed from a role or a group: `{ids}`. */
export const linkIdsSchema = z.object({ ids: z.array(idParam).min(1).max(1000) });

const endpointIds = () => z.array(idParam).max(2000).optional();

export const privilegeInputSchema = z.object({
  name: requiredText(255),
  code: requiredText(100),
  description: optionalText(2000),
  /** The endpoints it opens; absent on update leaves them as they are. */
  endpoint_ids: endpointIds(),
});
export const privilegeUpdateSchema = privilegeInputSchema.extend({ version: versionSchema });
export const privilegeSchema = recordMetaSchema.extend({
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  endpoint_ids: z.array(z.number()).optional(),
});

// ---------------------------------------------------------------- menus and endpoints

export const menuInputSchema = z.object({
  parent_id: specName('parentId', optionalRef()),
  name: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'required' })
      .min(1, { error: 'required' })
      .max(100)
      .regex(/^[a-z0-9-]+$/, { error: 'invalid_menu_name' }),
  ),
  path: requiredText(255),
  component: optionalText(255),
  title: requiredText(255),
  title_en: requiredText(255),
  icon: optionalText(100),
  is_new: z.boolean().optional(),
  hidden: z.boolean().optional(),
  redirect_url: specName('redirect', optionalText(255)),
  sort_order: optionalInt(0, 100_000),
  endpoint_ids: specName('endpoints', endpointIds()),
});
export const menuUpdateSchema = menuInputSchema.extend({ version: versionSchema });
export const menuSchema = recordMetaSchema.extend({
  parent_id: z.number().nullable(),
  parent_title: z.string().nullable().optional(),
  name: z.string(),
  path: z.string(),
  component: z.string().nullable(),
  title: z.string(),
  title_en: z.string(),
  icon: z.string().nullable(),
  is_new: z.boolean(),
  hidden: z.boolean(),
  redirect_url: z.string().nullable(),
  sort_order: z.number(),
  endpoint_ids: z.array(z.number()).optional(),
});
/** PATCH /admin/menu/move/{id}: one place up or down among its siblings. */
export const menuMoveSchema = z.object({ direction: z.enum(['up', 'down']), version: versionSchema });

export const endpointTypes = [
  { id: 1, code: 'api', name: 'API' },
  { id: 2, code: 'file', name: 'File' },
  { id: 3, code: 'report', name: 'Report' },
] as const;
export const endpointMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const endpointInputSchema = z.object({
  method: z.enum(endpointMethods, { error: 'required' }),
  path: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'required' })
      .min(1, { error: 'required' })
      .max(255)
      .regex(/^\/api\/[A-Za-z0-9_\-/{}.]*$/, { error: 'invalid_endpoint_path' }),
  ),
  endpoint_type: z.enum(endpointTypes.map((t) => t.code) as [string, ...string[]], { error: 'required' }),
  description: optionalText(2000),
});
export const endpointUpdateSchema = endpointInputSchema.extend({ version: versionSchema });
export const endpointSchema = recordMetaSchema.extend({
  method: z.string(),
  path: z.string(),
  endpoint_type: z.string(),
  description: z.string().nullable(),
});

// ---------------------------------------------------------------- applications

export const applicationEnvironments = ['development', 'staging', 'production'] as const;

export const applicationInputSchema = z.object({
  code: requiredText(50),
  name: requiredText(255),
  /** SPEC's roleDefault: the role a self-registered user gets. */
  role_default_id: specName('roleDefault', optionalRef()),
  restrict: z.boolean().optional(),
  /** SPEC's clientId: given, or generated when blank. */
  client_id: specName('clientId', optionalText(100)),
  url: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    z
      .url({ protocol: /^https?$/, error: 'invalid_url' })
      .max(500)
      .nullable()
      .optional(),
  ),
  project_id: specName('projectId', optionalRef()),
  environment: z.enum(applicationEnvironments, { error: 'required' }),
});
export const applicationUpdateSchema = applicationInputSchema.extend({ version: versionSchema });
export const applicationSchema = recordMetaSchema.extend({
  code: z.string(),
  name: z.string(),
  role_default_id: z.number().nullable(),
  role_default_name: z.string().nullable().optional(),
  restrict: z.boolean(),
  client_id: z.string(),
  url: z.string().nullable(),
  project_id: z.number().nullable(),
  project_name: z.string().nullable().optional(),
  environment: z.string(),
});
/** Create and rotate answer the keys once, under both names; no later answer has them. */
export const applicationWithKeysSchema = applicationSchema.extend({
  secret_key: z.string(),
  api_key: z.string(),
  secretKey: z.string().describe("SPEC's spelling of `secret_key` (the same key)."),
  apiKey: z.string().describe("SPEC's spelling of `api_key` (the same key)."),
});

// ---------------------------------------------------------------- e-mail

export const emailSecurities = ['none', 'starttls', 'tls'] as const;

export const emailConfigInputSchema = z.object({
  host: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'required' })
      .min(1, { error: 'required' })
      .max(255)
      .regex(/^[A-Za-z0-9.-]+$/, { error: 'invalid_host' }),
  ),
  port: intField(1, 65535),
  security: z.enum(emailSecurities, { error: 'required' }),
  user: optionalText(255),
  /** Write-only: absent or blank on update keeps the stored one. */
  password: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(500).optional()),
  from: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.email({ error: 'invalid_email' }).max(255),
  ),
});
export const emailConfigUpdateSchema = emailConfigInputSchema.extend({ version: versionSchema });
export const emailConfigSchema = recordMetaSchema.extend({
  host: z.string(),
  port: z.number(),
  security: z.string(),
  user: z.string().nullable(),
  /** Whether a password is stored; the password itself is never answered. */
  has_password: z.boolean(),
  from: z.string(),
});
export const testMailSchema = z.object({ to: optionalEmail() });
