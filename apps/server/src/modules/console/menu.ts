import { type ConsoleBadgeKind, type ConsoleMenuItem, hasPermission } from '@chatpay/shared';

interface Entry {
  id: number;
  name: string;
  router?: string;
  icon: string;
  permission?: string;
  badge?: ConsoleBadgeKind;
  children?: Entry[];
}

/**
 * The console's menu tree (docs/product.md#console): directories hold pages, each page names the permission
 * (`module:service:method`, docs/product.md#roles) that opens it. `name` is the web client's locale key.
 */
const MENU: Entry[] = [
  {
    id: 1,
    name: 'console.menu.dashboard',
    router: '/admin/dashboard',
    icon: 'dashboard',
    permission: 'base:dashboard:info',
    badge: 'moneyAction',
  },
  {
    id: 2,
    name: 'console.menu.operations',
    icon: 'team',
    children: [
      {
        id: 21,
        name: 'console.menu.members',
        router: '/admin/members',
        icon: 'user',
        permission: 'admin:user:page',
        badge: 'factorReset',
      },
      {
        id: 22,
        name: 'console.menu.merchants',
        router: '/admin/merchants',
        icon: 'shop',
        permission: 'c2c:merchant:page',
        badge: 'merchant',
      },
      {
        id: 23,
        name: 'console.menu.withdrawals',
        router: '/admin/withdrawals',
        icon: 'export',
        permission: 'usdt:withdrawal:review',
        badge: 'withdrawal',
      },
      {
        id: 24,
        name: 'console.menu.appeals',
        router: '/admin/appeals',
        icon: 'alert',
        permission: 'c2c:appeal:page',
        badge: 'appeal',
      },
      {
        id: 25,
        name: 'console.menu.complaints',
        router: '/admin/tickets/complain',
        icon: 'message',
        permission: 'app:complain:page',
        badge: 'complain',
      },
      {
        id: 26,
        name: 'console.menu.feedback',
        router: '/admin/tickets/feedback',
        icon: 'comment',
        permission: 'app:feedback:page',
        badge: 'feedback',
      },
      {
        id: 27,
        name: 'console.menu.service',
        router: '/admin/service',
        icon: 'customer-service',
        permission: 'chat:service:page',
        badge: 'service',
      },
      {
        id: 28,
        name: 'console.menu.traders',
        router: '/admin/traders',
        icon: 'stop',
        permission: 'c2c:trader:page',
      },
      {
        id: 29,
        name: 'console.menu.rate',
        router: '/admin/rate',
        icon: 'line-chart',
        permission: 'c2c:rate:update',
      },
      {
        id: 201,
        name: 'console.menu.identity',
        router: '/admin/identity',
        icon: 'idcard',
        permission: 'kyc:submission:page',
        badge: 'kyc',
      },
    ],
  },
  {
    id: 3,
    name: 'console.menu.money',
    icon: 'wallet',
    children: [
      {
        id: 31,
        name: 'console.menu.adjustments',
        router: '/admin/adjustments',
        icon: 'transaction',
        permission: 'usdt:wallet:adjust',
        badge: 'adjustment',
      },
      {
        id: 32,
        name: 'console.menu.books',
        router: '/admin/books',
        icon: 'book',
        permission: 'usdt:wallet:system',
      },
      {
        id: 34,
        name: 'console.menu.reserves',
        router: '/admin/reserves',
        icon: 'safety-certificate',
        permission: 'usdt:reserves:page',
      },
      {
        id: 33,
        name: 'console.menu.audit',
        router: '/admin/audit',
        icon: 'audit',
        permission: 'base:audit:page',
      },
    ],
  },
  {
    id: 4,
    name: 'console.menu.system',
    icon: 'setting',
    children: [
      {
        id: 41,
        name: 'console.menu.staff',
        router: '/admin/staff',
        icon: 'safety',
        permission: 'base:staff:page',
        badge: 'staffRequest',
      },
      {
        id: 42,
        name: 'console.menu.versions',
        router: '/admin/versions',
        icon: 'cloud-upload',
        permission: 'app:version:publish',
      },
      {
        id: 43,
        name: 'console.menu.dictionary',
        router: '/admin/dictionary',
        icon: 'unordered-list',
        permission: 'dict:info:page',
      },
      {
        id: 44,
        name: 'console.menu.documents',
        router: '/admin/documents',
        icon: 'file-text',
        permission: 'base:document:update',
      },
      {
        id: 45,
        name: 'console.menu.goods',
        router: '/admin/goods',
        icon: 'gift',
        permission: 'app:goods:page',
      },
    ],
  },
];

const build = (
  entries: Entry[],
  parentId: number | null,
  allowed: (key: string) => boolean,
): ConsoleMenuItem[] => {
  const out: ConsoleMenuItem[] = [];
  entries.forEach((e, index) => {
    if (e.permission && !allowed(e.permission)) return;
    const children = e.children ? build(e.children, e.id, allowed) : [];
    if (e.children && children.length === 0) return;
    out.push({
      id: e.id,
      parentId,
      name: e.name,
      router: e.router ?? null,
      icon: e.icon,
      orderNum: index + 1,
      permission: e.permission ?? null,
      badge: e.badge ?? null,
      children,
    });
  });
  return out;
};

/** The tree the caller may see: pages their permissions open, directories that keep at least one page. */
export const menuFor = (caller: { role: readonly string[]; permission: readonly string[] }) =>
  build(MENU, null, (key) => hasPermission(caller, key));

/** The permission of the menu entry that counts each badge kind (the caller sees the count only with it). */
export const badgePermissions = (() => {
  const out = new Map<ConsoleBadgeKind, string>();
  const walk = (entries: Entry[]) => {
    for (const e of entries) {
      if (e.badge && e.permission) out.set(e.badge, e.permission);
      if (e.children) walk(e.children);
    }
  };
  walk(MENU);
  return out;
})();
