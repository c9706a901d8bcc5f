import { type ComponentType, lazy, Suspense, useState } from 'react';
import {
  UNSAFE_createHashHistory as createHashHistory,
  unstable_HistoryRouter as HistoryRouter,
  type RouteObject,
  useRoutes,
} from 'react-router-dom';
import { loadMessageKinds } from '../features/chat/index.ts';
import { useAuth } from '../lib/auth.ts';
import { routeChanged } from '../lib/route-change.ts';
import { configureNavigator, resetStack, syncStack } from '../lib/router/navigate.ts';
import { Paths } from '../lib/router/paths.ts';
import { RootLayout, TabLayout } from './layouts.tsx';

// Neither the console's layout nor the not-found page is part of a member's first screen: own chunks.
const NotFound = lazy(() => import('../pages/not-found.tsx'));
const ConsoleLayoutPage = lazy(() =>
  import('./console-layout.tsx').then((m) => ({ default: m.ConsoleLayout })),
);
const ConsoleLayout = () => (
  <Suspense fallback={null}>
    <ConsoleLayoutPage />
  </Suspense>
);

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * A page that shows messages: its code and the code of the bubbles other features register
 * (`app/plugins.ts`) arrive together, so a transfer never renders as an empty bubble while its code loads.
 * At launch this can run before `main.tsx` has registered them: registering here first is harmless (the
 * same kinds again change nothing). Their code failing to load does not keep the page from opening: a
 * bubble then loads when it is drawn.
 */
const messageKinds = () =>
  import('./plugins.ts').then(
    (m) => {
      m.registerPlugins();
      return loadMessageKinds();
    },
    () => undefined,
  );
const withMessageKinds =
  (loader: Loader): Loader =>
  () =>
    Promise.all([loader(), messageKinds()]).then(([m]) => m);

/** Each page is its own chunk, so the first screen loads only what it shows. */
const loaders: Record<string, Loader> = {
  [Paths.chat]: () => import('../pages/index/chat.tsx'),
  [Paths.contact]: () => import('../pages/index/contact.tsx'),
  [Paths.discovery]: () => import('../pages/index/discovery.tsx'),
  [Paths.my]: () => import('../pages/index/my.tsx'),
  [Paths.login]: () => import('../pages/login/index.tsx'),
  [Paths.sign]: () => import('../pages/login/sign.tsx'),
  [Paths.userEdit]: () => import('../pages/user/edit.tsx'),
  [Paths.userSet]: () => import('../pages/user/set.tsx'),
  [Paths.userBlocked]: () => import('../pages/user/blocked.tsx'),
  [Paths.userDevices]: () => import('../pages/user/devices.tsx'),
  [Paths.userSecurity]: () => import('../pages/user/security.tsx'),
  [Paths.userIdentity]: () => import('../pages/user/identity.tsx'),
  [Paths.userAbout]: () => import('../pages/user/about.tsx'),
  [Paths.userPassword]: () => import('../pages/user/password.tsx'),
  [Paths.userPassword2]: () => import('../pages/user/password2.tsx'),
  [Paths.userReply]: () => import('../pages/user/reply.tsx'),
  [Paths.userQr]: () => import('../pages/user/qr.tsx'),
  [Paths.userDoc]: () => import('../pages/user/doc.tsx'),
  [Paths.language]: () => import('../pages/base/language.tsx'),
  [Paths.h5]: () => import('../pages/base/h5.tsx'),
  [Paths.scanQr]: () => import('../pages/base/scan-qr.tsx'),
  [Paths.chatIndex]: withMessageKinds(() => import('../pages/chat/index.tsx')),
  [Paths.friendRequests]: () => import('../pages/chat/friend-requests.tsx'),
  [Paths.chatUserDetail]: () => import('../pages/chat/user-detail.tsx'),
  [Paths.groupCreate]: () => import('../pages/group/create.tsx'),
  [Paths.groupList]: () => import('../pages/group/list.tsx'),
  [Paths.groupDetail]: () => import('../pages/group/detail.tsx'),
  [Paths.groupEdit]: () => import('../pages/group/edit.tsx'),
  [Paths.groupQr]: () => import('../pages/group/qrcode.tsx'),
  [Paths.groupJoin]: () => import('../pages/group/join.tsx'),
  [Paths.chatSearch]: withMessageKinds(() => import('../pages/chat/search.tsx')),
  [Paths.moments]: () => import('../pages/moments/index.tsx'),
  [Paths.momentsPublish]: () => import('../pages/moments/publish.tsx'),
  [Paths.momentsDetail]: () => import('../pages/moments/detail.tsx'),
  [Paths.complainList]: () => import('../pages/tickets/complain/list.tsx'),
  [Paths.complainSubmit]: () => import('../pages/tickets/complain/submit.tsx'),
  [Paths.complainDetail]: () => import('../pages/tickets/complain/detail.tsx'),
  [Paths.feedbackList]: () => import('../pages/tickets/feedback/list.tsx'),
  [Paths.feedbackSubmit]: () => import('../pages/tickets/feedback/submit.tsx'),
  [Paths.feedbackDetail]: () => import('../pages/tickets/feedback/detail.tsx'),
  [Paths.usdtWallet]: () => import('../pages/wallet/index.tsx'),
  [Paths.usdtTransfer]: () => import('../pages/wallet/transfer.tsx'),
  [Paths.usdtIn]: () => import('../pages/wallet/deposit.tsx'),
  [Paths.usdtOut]: () => import('../pages/wallet/withdraw.tsx'),
  [Paths.usdtAddressBook]: () => import('../pages/wallet/address-book.tsx'),
  [Paths.usdtRecord]: () => import('../pages/wallet/record.tsx'),
  [Paths.usdtReserves]: () => import('../pages/wallet/reserves.tsx'),
  [Paths.redPacket]: () => import('../pages/redpacket/detail.tsx'),
  [Paths.chatTransfer]: () => import('../pages/wallet/chat-transfer.tsx'),
  [Paths.redPacketSend]: () => import('../pages/redpacket/send.tsx'),
  [Paths.payDesk]: () => import('../pages/paydesk/index.tsx'),
  [Paths.paySuccess]: () => import('../pages/paydesk/success.tsx'),
  [Paths.payOrders]: () => import('../pages/paydesk/orders.tsx'),
  [Paths.adWebview]: () => import('../pages/paydesk/ad-webview.tsx'),
  [Paths.c2cMarket]: () => import('../pages/c2c/index.tsx'),
  [Paths.c2cOrders]: () => import('../pages/c2c/order.tsx'),
  [Paths.c2cAds]: () => import('../pages/c2c/ad.tsx'),
  [Paths.c2cMy]: () => import('../pages/c2c/my.tsx'),
  [Paths.c2cPublish]: () => import('../pages/c2c/publish.tsx'),
  [Paths.c2cTrans]: () => import('../pages/c2c/trans.tsx'),
  [Paths.c2cDetail]: () => import('../pages/c2c/detail.tsx'),
  [Paths.c2cBankList]: () => import('../pages/c2c/bank-list.tsx'),
  [Paths.c2cBankAdd]: () => import('../pages/c2c/bank-add.tsx'),
  [Paths.c2cApi]: () => import('../pages/c2c/api.tsx'),
  [Paths.c2cProfile]: () => import('../pages/c2c/merchant.tsx'),
  [Paths.c2cFeedback]: () => import('../pages/c2c/feedback.tsx'),
  [Paths.c2cTrusted]: () => import('../pages/c2c/trusted.tsx'),
};

/** The operator console's pages, under `#/admin/...` in their own desktop layout. */
const consoleLoaders: Record<string, Loader> = {
  [Paths.consoleDashboard]: () => import('../pages/console/dashboard.tsx'),
  [Paths.consoleMembers]: () => import('../pages/console/members.tsx'),
  [Paths.consoleMerchants]: () => import('../pages/console/merchants.tsx'),
  [Paths.consoleWithdrawals]: () => import('../pages/console/withdrawals.tsx'),
  [Paths.supportAppeals]: () => import('../pages/console/appeals.tsx'),
  [Paths.consoleComplaints]: () => import('../pages/console/tickets.tsx'),
  [Paths.consoleFeedback]: () => import('../pages/console/tickets.tsx'),
  [Paths.consoleService]: () => import('../pages/console/service.tsx'),
  [Paths.consoleTraders]: () => import('../pages/console/traders.tsx'),
  [Paths.consoleRate]: () => import('../pages/console/rate.tsx'),
  [Paths.consoleAdjustments]: () => import('../pages/console/adjustments.tsx'),
  [Paths.consoleBooks]: () => import('../pages/console/books.tsx'),
  [Paths.consoleAudit]: () => import('../pages/console/audit.tsx'),
  [Paths.consoleStaff]: () => import('../pages/console/staff.tsx'),
  [Paths.consoleVersions]: () => import('../pages/console/versions.tsx'),
  [Paths.consoleGoods]: () => import('../pages/console/goods.tsx'),
  [Paths.consoleDictionary]: () => import('../pages/console/dictionary.tsx'),
  [Paths.consoleDocuments]: () => import('../pages/console/documents.tsx'),
  [Paths.consoleReserves]: () => import('../pages/console/reserves.tsx'),
  [Paths.consoleIdentity]: () => import('../pages/console/identity.tsx'),
};

/** Pages whose code has arrived: rendered at once, without a Suspense round (see preloadPage). */
const loadedPages = new Map<string, ComponentType>();
const loadPage = (path: string, loader: Loader) =>
  loader().then((m) => {
    loadedPages.set(path, m.default);
    return m;
  });

const components = new Map<string, ComponentType>();
const page = (path: string) => {
  let Component = components.get(path);
  if (!Component) {
    const loader = loaders[path] ?? consoleLoaders[path];
    if (!loader) throw new Error(`no page for ${path}`);
    const Lazy = lazy(() => loadPage(path, loader));
    Component = () => {
      // Fixed for the life of this element: switching from <Lazy> to the loaded page would remount it.
      const [Loaded] = useState(() => loadedPages.get(path));
      return Loaded ? <Loaded /> : <Lazy />;
    };
    components.set(path, Component);
  }
  return { path, Component };
};

/**
 * Starts loading a page's code (the same module the route renders; a second import shares the first). Start-up
 * calls it for the address it was launched at, beside the realtime engine, so the first render does not wait
 * for the page's code after everything else (app/boot-route.ts).
 */
export const preloadPage = (path: string): Promise<unknown> => {
  const loader = loaders[path] ?? consoleLoaders[path];
  return loader ? loadPage(path, loader) : Promise.resolve();
};

const TAB_PAGES = [Paths.chat, Paths.contact, Paths.discovery, Paths.my];

const routes: RouteObject[] = [
  {
    path: '/admin',
    Component: ConsoleLayout,
    children: [{ index: true, Component: NotFound }, ...Object.keys(consoleLoaders).map(page)],
  },
  {
    Component: RootLayout,
    children: [
      {
        Component: TabLayout,
        // `/` is an alias of the chat tab (docs/product.md#routes).
        children: [{ index: true, Component: page(Paths.chat).Component }, ...TAB_PAGES.map(page)],
      },
      ...Object.keys(loaders)
        .filter((p) => !TAB_PAGES.includes(p as (typeof TAB_PAGES)[number]))
        .map(page),
      { path: '*', Component: NotFound },
    ],
  },
];

/**
 * A hash history and the component router over it, not a data router: the app loads no route data through
 * the router, and the data router's code would be a large part of the first screen.
 */
const hashHistory = createHashHistory({ v5Compat: true });

/** The address the app was launched at (path and query), before the router runs. */
export const launchLocation = () => ({
  pathname: hashHistory.location.pathname,
  search: hashHistory.location.search,
});

const fullPath = (location: { pathname: string; search: string }) => `${location.pathname}${location.search}`;

resetStack([fullPath(hashHistory.location)]);
// The router's one listener of the history also keeps the page stack in step, before the new page renders.
const history = Object.create(hashHistory) as typeof hashHistory;
history.listen = (listener) =>
  hashHistory.listen((update) => {
    syncStack(update.action, fullPath(update.location));
    // The console and the member app differ in page scale and theme: set them before the page renders.
    routeChanged();
    listener(update);
  });

const Pages = () => useRoutes(routes);

export const AppRouter = () => (
  <HistoryRouter history={history}>
    <Pages />
  </HistoryRouter>
);

configureNavigator({
  driver: {
    push: (url) => history.push(url),
    replace: (url) => history.replace(url),
    go: (delta) => history.go(delta),
    preload: (path) => void preloadPage(path).catch(() => undefined),
  },
  hasToken: () => Boolean(useAuth.getState().token),
});
