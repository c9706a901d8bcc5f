import {
  merchantReviewPayload,
  orderReminderPayload,
  orderStatusPayload,
  orderUnreadPayload,
  Role,
} from '@chatpay/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth.ts';
import { t } from '../../lib/i18n/index.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { onServerEvent, onSocketConnect } from '../../lib/socket.ts';
import { isComposing, playMessageSound } from '../chat/index.ts';
import { orderSoundAllowed } from '../settings/index.ts';
import { c2cKeys } from './keys.ts';
import { orderEventLanding, reminderKey, reminderLanding } from './logic.ts';
import { useOrderBanner } from './order-banner.ts';

let client: QueryClient | null = null;

const isMerchant = () => {
  if (useAuth.getState().payload?.role.includes(Role.Merchant)) return true;
  const info = client?.getQueryData<{ status?: string } | null>(c2cKeys.merchantInfo());
  return info?.status === 'approved';
};

const currentPage = () =>
  typeof window === 'undefined' ? '' : decodeURIComponent(window.location.hash.replace(/^#/, ''));

/** Server events of the market by name (docs/product.md#realtime); payloads are validated before use. */
const handlers = {
  onC2COrderStatus: (raw: unknown) => {
    const parsed = orderStatusPayload.safeParse(raw);
    // The coins it moved show in every balance through the wallet's own listener (features/wallet).
    void client?.invalidateQueries({ queryKey: c2cKeys.all });
    if (!parsed.success) return;
    if (isMerchant() && orderSoundAllowed()) playMessageSound();
    // docs/product.md#navigation: the event names the page to show. Only a member on a page of the same
    // order (and not writing) is moved there; anywhere else a banner offers it.
    const { page } = parsed.data;
    if (!page) return;
    const landing = orderEventLanding(page, currentPage());
    if (landing === 'open' && !isComposing()) navigate(page);
    else if (landing !== 'stay') useOrderBanner.getState().show({ kind: 'status', ...parsed.data });
  },
  /**
   * Pay within N minutes, or the release time is up: said in the app too, not only by Web Push (which reaches
   * only a member whose app is hidden). It never moves the member; the banner offers the order.
   */
  onC2COrderReminder: (raw: unknown) => {
    const parsed = orderReminderPayload.safeParse(raw);
    if (!parsed.success) return;
    const reminder = parsed.data;
    if (reminderLanding(reminder.page, currentPage()) === 'banner') {
      useOrderBanner.getState().show(reminder);
      return;
    }
    const text = t(reminderKey(reminder), { minutes: reminder.minutesLeft });
    // The toast layer pulls in antd-mobile: loaded on first use, so this module stays light (and testable).
    void import('../../lib/toast.ts').then(({ toast }) => toast(text));
  },
  /** Support decided my application (or revoked me): my merchant page turns at once, no reload. */
  onMerchantReview: (raw: unknown) => {
    if (!merchantReviewPayload.safeParse(raw).success) return;
    void client?.invalidateQueries({ queryKey: c2cKeys.merchantInfo() });
    void client?.invalidateQueries({ queryKey: c2cKeys.merchantDetail() });
  },
  onC2COrderUnread: (raw: unknown) => {
    const parsed = orderUnreadPayload.safeParse(raw);
    if (parsed.success) client?.setQueryData(c2cKeys.unread(), parsed.data.count);
  },
} as const;

let started = false;

/**
 * Listens to order events once; a (re)connect reads the unread count again (docs/product.md#realtime socket
 * connect).
 */
export const startC2CRealtime = (queryClient: QueryClient) => {
  client = queryClient;
  if (started) return;
  started = true;
  for (const [event, handler] of Object.entries(handlers)) {
    onServerEvent(event as keyof typeof handlers, handler);
  }
  onSocketConnect(() => void client?.invalidateQueries({ queryKey: c2cKeys.unread() }));
};
