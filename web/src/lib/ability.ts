/**
 * CASL permissions. Before loading the rules the user may only read Login (docs/product.md#constants); after
 * each navigation the rules from /api/account/permissions replace them. Subjects are menu names ("company");
 * admins get `manage all`. The browser only hides — the server enforces.
 */
import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import type { PermissionRule } from '@sitepay/domain/auth.schema';

export type AppAbility = MongoAbility<[string, string]>;

export const DEFAULT_RULES: RawRuleOf<AppAbility>[] = [{ action: 'read', subject: 'Login' }];

export const ability: AppAbility = createMongoAbility<[string, string]>(DEFAULT_RULES);

export function applyRules(rules: readonly PermissionRule[]): void {
  ability.update(
    rules.map((rule) => ({ action: rule.action, subject: rule.subject, conditions: rule.conditions })),
  );
}

export function resetAbility(): void {
  ability.update(DEFAULT_RULES);
}
