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
  optionalRef,
  optionalText,
  recordMetaSchema,
  requiredText,
  specName,
  versionSchema,
} from './common.schema.ts';
import { emailSecurities } from './email-security.ts';

import { applicationEnvironments } from './entities/application.entity.ts';
import { endpoint } from './entities/endpoint.entity.ts';
import { group } from './entities/group.entity.ts';
import { menu } from './entities/menu.entity.ts';
import { privilege } from './entities/privilege.entity.ts';
import { role } from './entities/role.entity.ts';
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

export { ROLE_CODE_PATTERN } from './entities/role.entity.ts';

export const { input: roleInputSchema, update: roleUpdateSchema, record: roleSchema } = entitySchemas(role);
export const {
  input: groupInputSchema,
  update: groupUpdateSchema,
  record: groupSchema,
} = entitySchemas(group);

/** Links added to or removed from a role or a group: `{ids}`. */
export const linkIdsSchema = z.object({ ids: z.array(idParam).min(1).max(1000) });

export const {
  input: privilegeInputSchema,
  update: privilegeUpdateSchema,
  record: privilegeSchema,
} = entitySchemas(privilege);

// ---------------------------------------------------------------- menus and endpoints

export const { input: menuInputSchema, update: menuUpdateSchema, record: menuSchema } = entitySchemas(menu);
/** PATCH /admin/menu/move/{id}: one place up or down among its siblings. */
export const menuMoveSchema = z.object({ direction: z.enum(['up', 'down']), version: versionSchema });

export { endpointMethods, endpointTypes } from './entities/endpoint.entity.ts';

export const {
  input: endpointInputSchema,
  update: endpointUpdateSchema,
  record: endpointSchema,
} = entitySchemas(endpoint);

// ---------------------------------------------------------------- applications

export { applicationEnvironments };

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

// without zod for the screens' list (docs/adr/0114-schemas-loaded-with-the-form.md)
export { emailSecurities } from './email-security.ts';

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

/**
 * A record whose stored tax code fails the rule (tax-code.ts), in the one-off report of older data
 * (GET /api/admin/tax-code/invalid, docs/adr/0093-tax-codes-checked-by-their-check-digit.md):
 * its kind (the entity's name), id, code and name — an invoice's "form symbol number" and its
 * request — and the code as stored.
 */
export const invalidTaxCodeSchema = z.object({
  kind: z.enum(['company', 'constructor', 'customer', 'payment-invoice']),
  id: z.number(),
  code: z.string(),
  name: z.string().nullable(),
  field: z.string(),
  tax_code: z.string(),
  /** The request an invoice is on; null for the others. */
  payment_id: z.number().nullable(),
});
export const invalidTaxCodeReportSchema = z.object({
  /** How many live records with a tax code were checked. */
  checked: z.number(),
  items: z.array(invalidTaxCodeSchema),
});
export type InvalidTaxCode = z.infer<typeof invalidTaxCodeSchema>;
