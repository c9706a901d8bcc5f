/** The routes of docs/product.md#routes this client serves, as hash paths. */
export const Paths = {
  root: '/',
  home: '/pages/index/home',
  chat: '/pages/index/chat',
  contact: '/pages/index/contact',
  discovery: '/pages/index/discovery',
  my: '/pages/index/my',
  login: '/pages/login/index',
  sign: '/pages/login/sign',
  userQr: '/pages/user/qr',
  userDoc: '/pages/user/doc',
  userSet: '/pages/user/set',
  userEdit: '/pages/user/edit',
  userAbout: '/pages/user/about',
  userPassword: '/pages/user/password',
  userPassword2: '/pages/user/password2',
  /** My auto-reply (docs/product.md#routes): on/off with text, image or video. */
  userReply: '/pages/user/reply',
  /** My block list: members I blocked, with unblock. */
  userBlocked: '/pages/user/blocked',
  userDevices: '/pages/user/devices',
  /** Second factors: authenticator app, passkeys, recovery codes (docs/security.md). */
  userSecurity: '/pages/user/security',
  /** Identity verification: my level, its limits, my submission and its review (docs/design/identity.md). */
  userIdentity: '/pages/user/identity',
  language: '/pages/base/language',
  h5: '/pages/base/h5',
  chatUserDetail: '/pages/chat/user-detail',
  chatIndex: '/pages/chat/index',
  friendRequests: '/pages/chat/friend-requests',
  scanQr: '/pages/base/scan-qr',
  groupCreate: '/pages/chat/group-create',
  groupList: '/pages/chat/group-list',
  groupDetail: '/pages/chat/detail',
  groupEdit: '/pages/chat/edit',
  groupQr: '/pages/chat/qrcode',
  groupJoin: '/pages/chat/group-join',
  /** Search: contacts, chats and messages; `?id=<sessionId>` searches that chat's history. */
  chatSearch: '/pages/chat/search',
  moments: '/pages/moments/index',
  momentsPublish: '/pages/moments/publish',
  momentsDetail: '/pages/moments/detail',
  complainList: '/uni_modules/cool-app/pages/complain/list',
  complainSubmit: '/uni_modules/cool-app/pages/complain/submit',
  complainDetail: '/uni_modules/cool-app/pages/complain/detail',
  feedbackList: '/uni_modules/cool-app/pages/feedback/list',
  feedbackSubmit: '/uni_modules/cool-app/pages/feedback/submit',
  feedbackDetail: '/uni_modules/cool-app/pages/feedback/detail',
  usdtWallet: '/pages/usdt/wallet',
  usdtTransfer: '/pages/usdt/transfer',
  usdtIn: '/pages/usdt/usdt-in',
  usdtOut: '/pages/usdt/usdt-out',
  /** Saved withdrawal addresses and the allowlist switch. */
  usdtAddressBook: '/pages/usdt/address-book',
  /** One record of the wallet history: ?id=<entry id>. */
  usdtRecord: '/pages/usdt/record',
  /** Proof of reserves: the latest signed snapshot and my proof, checked in the browser. */
  usdtReserves: '/pages/usdt/reserves',
  /** A red packet's claim list (the page WeChat opens after "Open"). */
  redPacket: '/pages/chat/red-packet',
  /** The composers of a chat's transfer and red packet (?id=<sessionId>). */
  chatTransfer: '/pages/chat/transfer',
  redPacketSend: '/pages/chat/red-packet-send',
  payDesk: '/uni_modules/uni-pay/pages/pay-desk/pay-desk',
  paySuccess: '/uni_modules/uni-pay/pages/success/success',
  /** What I paid for at the pay desk. */
  payOrders: '/uni_modules/uni-pay/pages/orders/orders',
  /** The operator's promotional page (AD_INTERACTIVE_URL) in the h5 view's frame. */
  adWebview: '/uni_modules/uni-pay/pages/ad-interactive-webview/ad-interactive-webview',
  c2cMarket: '/pages/c2c/index',
  c2cOrders: '/pages/c2c/order',
  c2cAds: '/pages/c2c/ad',
  c2cMy: '/pages/c2c/my',
  c2cPublish: '/pages/c2c/publish',
  c2cTrans: '/pages/c2c/trans',
  c2cDetail: '/pages/c2c/detail',
  c2cBankList: '/pages/c2c/bank-list',
  c2cBankAdd: '/pages/c2c/bank-add',
  c2cApi: '/pages/c2c/api',
  /** A trader's public profile: stats, badges, live ads, feedback. */
  c2cProfile: '/pages/c2c/merchant',
  /** All feedback a trader received (?userId=). */
  c2cFeedback: '/pages/c2c/feedback',
  /** The traders I marked as trusted. */
  c2cTrusted: '/pages/c2c/trusted',
  /** The operator console: staff only, a desktop layout that also works on a phone. */
  supportAppeals: '/admin/appeals',
  consoleDashboard: '/admin/dashboard',
  consoleMembers: '/admin/members',
  consoleMerchants: '/admin/merchants',
  consoleWithdrawals: '/admin/withdrawals',
  consoleComplaints: '/admin/tickets/complain',
  consoleFeedback: '/admin/tickets/feedback',
  consoleService: '/admin/service',
  consoleTraders: '/admin/traders',
  consoleRate: '/admin/rate',
  consoleAdjustments: '/admin/adjustments',
  consoleBooks: '/admin/books',
  consoleAudit: '/admin/audit',
  consoleStaff: '/admin/staff',
  consoleVersions: '/admin/versions',
  consoleGoods: '/admin/goods',
  consoleDictionary: '/admin/dictionary',
  consoleDocuments: '/admin/documents',
  consoleReserves: '/admin/reserves',
  /** Identity submissions to review (docs/design/identity.md). */
  consoleIdentity: '/admin/identity',
} as const;

/** The C2C area's own tab bar (docs/product.md#routes): Market, Orders, Ads, My. */
export const C2C_TAB_PATHS = [Paths.c2cMarket, Paths.c2cOrders, Paths.c2cAds, Paths.c2cMy] as const;

/** The bottom tab bar, in order (docs/product.md#routes). */
export const TAB_PATHS = [Paths.chat, Paths.contact, Paths.discovery, Paths.my] as const;

/**
 * Without a login token only these routes are reachable (docs/product.md#route-guard). Home is the chat tab,
 * which needs a session, and the product has no captcha page (sign-in abuse is met by rate limits and
 * lockouts): both go to login like any guarded route.
 */
export const WHITE_LIST: readonly string[] = [Paths.login, Paths.userDoc];

const pathOnly = (path: string) => {
  const clean = path.split(/[?#]/)[0] ?? '';
  const withSlash = clean.startsWith('/') ? clean : `/${clean}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
};

/** The route the sign-up page also belongs to: a visitor must be able to create an account. */
const PUBLIC_EXTRA: readonly string[] = [Paths.sign];

/**
 * Whether a path may be opened. With a token everything is reachable; without one only the white-list,
 * paths under /pages/demo, and the sign-up page (a visitor needs it to get a token at all).
 */
export const isReachable = (path: string, hasToken: boolean): boolean => {
  if (hasToken) return true;
  const p = pathOnly(path);
  return (
    WHITE_LIST.includes(p) || PUBLIC_EXTRA.includes(p) || p === '/pages/demo' || p.startsWith('/pages/demo/')
  );
};

/** `/` is an alias of the chat tab, and home is the first tab. */
export const canonicalPath = (path: string): string => {
  const p = pathOnly(path);
  return p === Paths.root || p === Paths.home ? Paths.chat : p;
};

export const isTabPath = (path: string): boolean =>
  (TAB_PATHS as readonly string[]).includes(canonicalPath(path));
