/**
 * Strict bodies (issue 26): a JSON body's field the route does not know answers 400 naming it
 * (`{field: "adress", message: "unknown_field"}`, nested as `items.0.foo`) instead of being
 * dropped in silence, as a zod object does by default — the client believed it saved.
 *
 * Applied once, to every route's body schema as the route is registered (`registerStrictBodies`,
 * an onRoute hook): each plain object in it, at any depth, becomes strict; an object that declares
 * what its other keys may be (a catchall) keeps it. A route added tomorrow is covered without a
 * word. Multipart uploads have no JSON body schema and are not touched.
 *
 * The same pass accepts SPEC's spelling of a field where the API names it otherwise (declared on
 * the field with `specName()`, domain/src/common.schema.ts): the alias is read as the API's field,
 * both spellings with one value are one field, with two values a 400 (`alias_conflict` on the
 * alias). The OpenAPI document shows the alias as its own optional property, described as SPEC's
 * spelling of the other.
 */

import { isDeepStrictEqual } from 'node:util';
import { specNames } from '@sitepay/domain/common.schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** Wrappers whose one inner schema is what the data meets. */
const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

const done = new WeakMap<z.ZodType, z.ZodType>();

/** The body schema with every plain object strict and SPEC's aliases accepted. */
export function strictBody<T extends z.ZodType>(schema: T): T {
  let strict = done.get(schema);
  if (!strict) {
    strict = walk(schema);
    done.set(schema, strict);
  }
  return strict as T;
}

/** A copy of `schema` with a new definition, keeping its description and other metadata. */
function rebuilt(schema: z.ZodType, def: Def): z.ZodType {
  const copy = schema.clone(def as never);
  const meta = z.globalRegistry.get(schema);
  if (meta) z.globalRegistry.add(copy, meta);
  return copy;
}

function walk(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (def.type === 'object') return strictObject(schema, def);
  const inner = (key: string) => {
    const before = def[key] as z.ZodType;
    const after = strictBody(before);
    return after === before ? null : { [key]: after };
  };
  let changes: Record<string, unknown> | null = null;
  if (wrappers.has(def.type)) changes = inner('innerType');
  else if (def.type === 'array') changes = inner('element');
  else if (def.type === 'record') changes = inner('valueType');
  else if (def.type === 'pipe') {
    const parts = { ...inner('in'), ...inner('out') };
    changes = Object.keys(parts).length ? parts : null;
  } else if (def.type === 'union') {
    const options = (def.options as z.ZodType[]).map((o) => strictBody(o));
    if (options.some((o, i) => o !== (def.options as z.ZodType[])[i])) changes = { options };
  } else if (def.type === 'tuple') {
    const items = (def.items as z.ZodType[]).map((o) => strictBody(o));
    if (items.some((o, i) => o !== (def.items as z.ZodType[])[i])) changes = { items };
  } else if (def.type === 'lazy') {
    const getter = def.getter as () => z.ZodType;
    return z.lazy(() => strictBody(getter()));
  }
  // an intersection's parts each hold only some of its keys: left as it is
  return changes ? rebuilt(schema, { ...def, ...changes }) : schema;
}

/** SPEC's name of a field, looked for on the field and through its optional/nullable wrappers. */
function specNameOf(field: z.ZodType): { specName: string; former?: boolean } | undefined {
  for (let s: z.ZodType | undefined = field; s; ) {
    const name = specNames.get(s);
    if (name) return name;
    const def = defOf(s);
    s = wrappers.has(def.type) ? (def.innerType as z.ZodType) : undefined;
  }
  return undefined;
}

function strictObject(schema: z.ZodType, def: Def): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  const aliases: [alias: string, field: string][] = [];
  const former = new Set<string>();
  const given = def.shape as Record<string, z.ZodType>;
  for (const [key, field] of Object.entries(given)) {
    shape[key] = strictBody(field);
    const alias = specNameOf(field);
    if (alias && alias.specName !== key) aliases.push([alias.specName, key]);
    if (alias?.former) former.add(alias.specName);
  }
  for (const [alias, key] of aliases) {
    if (alias in given) throw new Error(`SPEC name ${alias} of ${key} is already a field of its own`);
    const whose = former.has(alias) ? 'The former name' : "SPEC's spelling";
    // reached only when both spellings came with different values (resolveAliases keeps both then)
    shape[alias] = shape[key]!.optional()
      .refine((v) => v === undefined, { error: 'alias_conflict' })
      .describe(`${whose} of \`${key}\`: either may be sent, not both with different values.`);
  }
  // a catchall says what the other keys may be: kept; a plain object refuses them
  const strict = rebuilt(schema, { ...def, shape, catchall: def.catchall ?? z.never() });
  return aliases.length ? z.preprocess(resolveAliases(aliases), strict) : strict;
}

/** The alias's value moved to the API's field; with both given and different, both stay (a 400). */
const resolveAliases = (aliases: [string, string][]) => (value: unknown) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out = { ...(value as Record<string, unknown>) };
  for (const [alias, key] of aliases) {
    if (!(alias in out)) continue;
    if (out[key] === undefined) out[key] = out[alias];
    else if (!isDeepStrictEqual(out[key], out[alias])) continue;
    delete out[alias];
  }
  return out;
};

/**
 * Every route's JSON body and query string become strict as they are registered: a list's unknown
 * filter (`?contructionId=3`) is a 400 `unknown_field` naming it, as a body's is (issue 27).
 */
export function registerStrictBodies(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const { body, querystring } = route.schema ?? {};
    if (body instanceof z.ZodType) route.schema = { ...route.schema, body: strictBody(body) };
    if (querystring instanceof z.ZodType)
      route.schema = { ...route.schema, querystring: strictBody(querystring) };
  });
}
