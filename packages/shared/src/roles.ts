/** Roles carried in the token (docs/product.md#roles). Admin implies every permission. */
export const Role = { User: 'user', Merchant: 'merchant', Support: 'support', Admin: 'admin' } as const;
export type Role = (typeof Role)[keyof typeof Role];
export const roles = [Role.User, Role.Merchant, Role.Support, Role.Admin] as const;

/** Permission keys (`module:service:method`) granted to each non-admin role. */
export const rolePermissions: Record<Exclude<Role, 'admin'>, readonly string[]> = {
  user: [],
  merchant: [],
  support: [
    'admin:user:info',
    'admin:user:page',
    'admin:user:resetFactor',
    'admin:user:unlockPin',
    'app:complain:page',
    'app:complain:reply',
    'app:feedback:page',
    'app:feedback:reply',
    'base:dashboard:info',
    'base:menu:list',
    'c2c:appeal:info',
    'c2c:appeal:message',
    'c2c:appeal:page',
    'c2c:appeal:resolve',
    'c2c:merchant:page',
    'c2c:merchant:review',
    'c2c:merchant:revoke',
    'c2c:trader:lift',
    'c2c:trader:page',
    'chat:service:page',
    'chat:service:reply',
    'usdt:reserves:page',
    'usdt:withdrawal:review',
  ],
};

export const permissionsFor = (userRoles: readonly string[]): string[] => {
  const set = new Set<string>();
  for (const role of userRoles) {
    if (role === Role.Admin) continue;
    for (const p of rolePermissions[role as Exclude<Role, 'admin'>] ?? []) set.add(p);
  }
  return [...set].sort();
};

/** A permission holds for admin or if it is in the token's permission list (docs/product.md#roles). */
export const hasPermission = (
  token: { role: readonly string[]; permission: readonly string[] },
  key: string,
) => token.role.includes(Role.Admin) || token.permission.includes(key);
